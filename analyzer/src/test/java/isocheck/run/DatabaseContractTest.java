package isocheck.run;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The database contracts, one suite parameterised over the databases ({@link Database#all}: H2,
 * PostgreSQL, MariaDB, SQLite): each {@link Case} of each contract becomes one test per database
 * that offers the levels it runs at. What a database does beyond the contract (its own levels'
 * anomalies) is in its own test class (H2RunTest, PostgresRunTest, MariaDbRunTest, SqliteRunTest).
 */
class DatabaseContractTest {

    @TestFactory
    Stream<DynamicNode> run() {
        return cases(RunContract.class, RunContract::new);
    }

    @TestFactory
    Stream<DynamicNode> sqlConstructs() {
        return cases(SqlConstructsRunContract.class, SqlConstructsRunContract::new);
    }

    @TestFactory
    Stream<DynamicNode> updateReads() {
        return cases(UpdateReadsContract.class, UpdateReadsContract::new);
    }

    @TestFactory
    Stream<DynamicNode> witnessReplay() {
        return cases(WitnessReplayContract.class, WitnessReplayContract::new);
    }

    static <C extends Contract> Stream<DynamicNode> cases(Class<C> contract, Supplier<C> make) {
        List<Method> methods =
                Arrays.stream(contract.getDeclaredMethods())
                        .filter(m -> m.isAnnotationPresent(Case.class))
                        .sorted(Comparator.comparing(Method::getName))
                        .toList();
        List<DynamicNode> perDatabase = new ArrayList<>();
        for (Database d : Database.all()) {
            List<DynamicTest> tests = new ArrayList<>();
            for (Method m : methods) {
                if (d.offers(m.getAnnotation(Case.class).value())) {
                    tests.add(DynamicTest.dynamicTest(m.getName(), () -> invoke(d, make.get(), m)));
                }
            }
            perDatabase.add(DynamicContainer.dynamicContainer(d.name(), tests));
        }
        return perDatabase.stream();
    }

    private static void invoke(Database d, Contract c, Method m) throws Throwable {
        d.require();
        c.database = d;
        c.dir = Files.createTempDirectory("isocheck-contract");
        try {
            m.setAccessible(true);
            m.invoke(c);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            deleteTree(c.dir);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(x);
            }
        }
    }
}
