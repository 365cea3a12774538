package isocheck.explore;

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
        PostgresLevelsOracleTest.encoderFindsEveryExplorerCycle(
                file, "mysql-repeatable-read", true);
    }
}
