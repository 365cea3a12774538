package isocheck.explore;

import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.encoding.KeyModel;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The soundness oracle of SoundnessOracleTest under SQL's key uniqueness, the CLI's default ({@link
 * KeyModel#SQL}): the explorer aborts an instance whose INSERT finds its key alive in its view or
 * inserted by an earlier instance it does not see; every cycle of a valid execution must be found
 * by the encoder at least as short. Programs with INSERTs: the duplicate-insert litmus, the
 * user-abort litmus, and Courseware (inserts and deletes of one table: the SQL rule is stated only
 * for tables without DELETE), up to 3 instances.
 */
class SqlKeysOracleTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "benchmarks/programs/litmus/duplicate-insert.sql",
                "benchmarks/programs/litmus/user-abort.sql",
                "benchmarks/programs/litmus/on-conflict.sql",
                "benchmarks/programs/courseware.sql"
            })
    void everyCycleUnderSqlKeysIsFoundByTheEncoder(String file) throws Exception {
        Program program = SoundnessOracleTest.load(file);
        List<Spec> specs = new ArrayList<>();
        for (String s : SoundnessOracleTest.SPECS) specs.add(SoundnessOracleTest.spec(s));
        int maxK = 3;
        ExecutionExplorer.Result[] found = new ExecutionExplorer.Result[specs.size()];
        List<String> failures = new ArrayList<>();
        for (int k = 2; k <= maxK; k++) {
            ExecutionExplorer.Domain domain =
                    file.contains("courseware")
                            ? SoundnessOracleTest.ONE_STRING
                            : SoundnessOracleTest.DOMAIN;
            ExecutionExplorer explorer =
                    new ExecutionExplorer(program, domain, java.util.Set.of(), true);
            boolean[] skip = new boolean[specs.size()];
            for (int i = 0; i < specs.size(); i++)
                skip[i] = found[i] != null && found[i].shortestCycle() == 2;
            List<ExecutionExplorer.Result> results = explorer.explore(specs, k, skip);
            for (int i = 0; i < specs.size(); i++) {
                ExecutionExplorer.Result r = results.get(i);
                if (!r.explored()) continue;
                if (r.valid() == 0)
                    failures.add(SoundnessOracleTest.SPECS.get(i) + ": no valid execution of " + k);
                if (r.shortestCycle() > 0
                        && (found[i] == null || r.shortestCycle() < found[i].shortestCycle()))
                    found[i] = r;
            }
        }
        for (int i = 0; i < specs.size(); i++) {
            Analysis.Outcome enc =
                    Analysis.run(
                            program,
                            specs.get(i),
                            Analysis.Options.defaults(maxK).withKeys(KeyModel.SQL));
            int encoderK = enc.anomalies().isEmpty() ? 0 : enc.anomalies().get(0).k();
            String summary =
                    file
                            + " under "
                            + SoundnessOracleTest.SPECS.get(i)
                            + " (SQL keys): explorer "
                            + (found[i] == null ? "none" : "cycle of " + found[i].shortestCycle())
                            + ", encoder "
                            + (encoderK == 0 ? "none" : "cycle of " + encoderK);
            System.out.println(summary);
            if (found[i] != null && (encoderK == 0 || encoderK > found[i].shortestCycle())) {
                failures.add(summary + "\n  missed: " + found[i].example());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }
}
