package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code run --timeout T} (issue 16): the clients stop at the deadline, the private schema is
 * dropped and the answer is unknown (exit 3) with what was left, within T + 2 s. In-process, so the
 * run answers for itself (the watchdog's answer, for a process still starting at T, is
 * CommandDeadlineTest's).
 */
// serial (analyzer/pom.xml): uses the one PostgreSQL/MariaDB server of the build, whose
// isocheck_* schemas --drop-leftovers removes server-wide
@Tag("serial")
class RunTimeoutTest {

    private static final String TPCC = "../benchmarks/programs/tpcc.sql";
    private static final int T = 3;

    /**
     * A short run first: a cold JVM on a loaded machine can spend T in class loading and JIT before
     * the clients start, and then the watchdog answers (CommandDeadlineTest covers that path).
     */
    @org.junit.jupiter.api.BeforeAll
    static void warmUp() {
        assertEquals(
                ExitCode.OK,
                CliRun.of("run", TPCC, "--transactions", "50", "--clients", "2").exitCode());
    }

    private static CliRun timed(String... args) {
        long start = System.nanoTime();
        CliRun run = CliRun.of(args);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(ExitCode.UNKNOWN, run.exitCode(), run.out() + run.err());
        assertTrue(seconds <= T + 2, "took " + seconds + " s under --timeout " + T);
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(
                run.err()
                        .startsWith("unknown: the time limit (--timeout " + T + ") ran out after "),
                run.err());
        return run;
    }

    @Test
    void aLongRunOnH2StopsAtTheDeadline() {
        CliRun run = timed("run", TPCC, "--transactions", "100000000", "--timeout", "" + T);
        assertTrue(run.err().contains("left unfinished: running the transactions ("), run.err());
        assertTrue(
                run.err().contains(" of 100000000 attempted) (the private schema was dropped)"),
                run.err());
    }

    @Test
    void aLongRunOnPostgresDropsItsSchema() throws SQLException {
        String url = System.getenv("ISOCHECK_TEST_PG");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                url != null && !url.isBlank(),
                "ISOCHECK_TEST_PG is not set: PostgreSQL tests skipped (scripts/test runs them against a private server)");
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        } catch (SQLException e) {
            fail("ISOCHECK_TEST_PG is set but the server is unreachable: " + e.getMessage());
        }
        timed(
                "run",
                TPCC,
                "--db",
                url,
                "--clients",
                "8",
                "--transactions",
                "100000000",
                "--timeout",
                "" + T);
        try (Connection c = DriverManager.getConnection(url);
                var rs =
                        c.createStatement()
                                .executeQuery(
                                        "SELECT count(*) FROM information_schema.schemata WHERE schema_name LIKE 'isocheck_%'")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "a private schema was left behind");
        }
    }
}
