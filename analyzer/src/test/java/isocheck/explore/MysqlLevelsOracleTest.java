package isocheck.explore;

import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.witness.Witness;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The soundness contract for InnoDB's REPEATABLE READ (docs/mysql-levels.md §4): whenever the
 * brute-force explorer with InnoDB's semantics ({@link ReadCommittedExplorer} with {@code
 * firstRead}: the non-locking SELECTs of an instance share the first one's snapshot, UPDATE and
 * DELETE act on the newest version under row locks, no first-updater-wins, unique keys) finds a
 * dependency cycle of length L among k instances, {@code analyze --db mysql --level
 * repeatable-read} must find one of length ≤ L. InnoDB's READ COMMITTED has PostgreSQL's encoding
 * (same spec body, same write-time rules), covered by {@link PostgresLevelsOracleTest}; its
 * SERIALIZABLE is ser. Rows: bank.sql and the litmus programs, as there.
 */
class MysqlLevelsOracleTest {

    static Stream<String> programs() throws Exception {
        return PostgresLevelsOracleTest.programs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void everyRepeatableReadCycleIsFoundByTheEncoder(String file) throws Exception {
        Program program = SoundnessOracleTest.load(file);
        ReadCommittedExplorer.Result found = null;
        int maxK = PostgresLevelsOracleTest.MAX_K;
        for (int k = 2; k <= maxK && (found == null || found.shortestCycle() > 2); k++) {
            ReadCommittedExplorer.Result r =
                    new ReadCommittedExplorer(program, PostgresLevelsOracleTest.domain(file), true)
                            .explore(k);
            assertTrue(r.executions() > 0, "the explorer explores nothing");
            if (r.shortestCycle() > 0
                    && (found == null || r.shortestCycle() < found.shortestCycle())) found = r;
        }
        Analysis.Outcome encoder =
                Analysis.run(
                        program,
                        SoundnessOracleTest.spec("mysql-repeatable-read"),
                        Analysis.Options.defaults(maxK));
        int encoderK = encoder.anomalies().isEmpty() ? 0 : encoder.anomalies().get(0).k();
        String summary =
                file
                        + " under mysql-repeatable-read: explorer "
                        + (found == null
                                ? "no cycle up to " + maxK
                                : "cycle of " + found.shortestCycle())
                        + "; encoder "
                        + (encoderK == 0 ? "none up to " + maxK : "cycle of " + encoderK);
        System.out.println(summary);
        if (found != null) {
            assertTrue(
                    encoderK > 0 && encoderK <= found.shortestCycle(),
                    summary + "\n  missed: " + found.example());
        }
        if (encoderK > 0 && (found == null || encoderK < found.shortestCycle())) {
            Witness w = encoder.anomalies().get(0);
            System.out.println(
                    "  precision: the encoder's "
                            + w.anomaly()
                            + " "
                            + w.signature()
                            + " has no counterpart as short among the explored executions");
        }
    }
}
