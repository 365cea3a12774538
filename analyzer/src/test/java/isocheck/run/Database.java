package isocheck.run;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;

/**
 * One database the contract suites ({@link DatabaseContractTest}) run on: its engine and how a test
 * gets a {@link Db} on it. H2 and SQLite are embedded and always there. PostgreSQL and MariaDB are
 * the servers named by ISOCHECK_TEST_PG and ISOCHECK_TEST_MARIADB (scripts/test starts private
 * ones): unset, their cases are generated and reported as skipped, one by one (never as passed);
 * set but unreachable, every case FAILS (a broken CI set-up must not look green).
 */
record Database(String name, Engine engine, String env, Function<Isolation, Db> factory) {

    static final Database H2 = new Database("H2", Engines.H2, null, Db::embedded);
    static final Database POSTGRESQL =
            new Database(
                    "PostgreSQL",
                    Engines.POSTGRESQL,
                    "ISOCHECK_TEST_PG",
                    iso -> Db.of(System.getenv("ISOCHECK_TEST_PG"), null, null, iso));
    static final Database MARIADB =
            new Database(
                    "MariaDB",
                    Engines.MARIADB,
                    "ISOCHECK_TEST_MARIADB",
                    iso -> Db.of(System.getenv("ISOCHECK_TEST_MARIADB"), null, null, iso));

    /**
     * Each run's database file goes to a directory of its own, deleted by the JVM's temp-dir
     * hygiene of the build; one per test JVM, since LeftoverSchemasContract's --drop-leftovers case
     * removes every isocheck_*.sqlite file of it and the test forks run side by side
     * (analyzer/pom.xml).
     */
    static final Database SQLITE =
            new Database(
                    "SQLite",
                    Engines.SQLITE,
                    null,
                    iso -> Db.of("jdbc:sqlite:" + sqliteDir(), null, null, iso));

    static List<Database> all() {
        return List.of(H2, POSTGRESQL, MARIADB, SQLITE);
    }

    private static Path sqliteDir;

    static synchronized Path sqliteDir() {
        if (sqliteDir == null) {
            try {
                sqliteDir =
                        Files.createTempDirectory(
                                        Files.createDirectories(Path.of("target", "sqlite-runs")),
                                        "jvm")
                                .toAbsolutePath();
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return sqliteDir;
    }

    /**
     * Whether the database offers every one of {@code levels} ({@link Engine#offers}): which cases
     * apply.
     */
    boolean offers(Isolation... levels) {
        return Arrays.stream(levels).allMatch(engine::offers);
    }

    /** A fresh run's database at {@code iso} (call {@link #require} first). */
    Db db(Isolation iso) {
        return factory.apply(iso);
    }

    String url() {
        return env == null ? null : System.getenv(env);
    }

    private static final Map<String, String> REACHABLE = new ConcurrentHashMap<>();

    /**
     * A server database: skipped (JUnit's assumption) when its variable is unset; FAILS when it is
     * set and the server does not answer (checked once per JVM).
     */
    void require() {
        if (env == null) {
            return;
        }
        String url = url();
        Assumptions.assumeTrue(
                url != null && !url.isBlank(),
                env
                        + " is not set: "
                        + name
                        + " tests skipped (scripts/test runs them against a private server)");
        String problem =
                REACHABLE.computeIfAbsent(
                        url,
                        u -> {
                            try (Connection c = DriverManager.getConnection(u)) {
                                c.isValid(5);
                                return "";
                            } catch (SQLException e) {
                                return env
                                        + " is set but the server is unreachable: "
                                        + Db.redact(u)
                                        + ": "
                                        + e.getMessage();
                            }
                        });
        if (!problem.isEmpty()) {
            fail(problem);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
