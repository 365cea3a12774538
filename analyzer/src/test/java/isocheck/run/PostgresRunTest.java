package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract on a real PostgreSQL server: the JDBC URL in ISOCHECK_TEST_PG (scripts/test starts a
 * private server and sets it). Unset: skipped (surefire reports the tests as skipped, never as
 * passed). Set but unreachable: every test FAILS.
 */
// serial (analyzer/pom.xml): its --drop-leftovers case removes every marked isocheck_* schema on
// the build's one PostgreSQL server, a run of a test beside it included
@Tag("serial")
@ExtendWith(PostgresConfigured.class)
class PostgresRunTest extends RunContract {

    {
        database = Database.POSTGRESQL;
    }

    static final String ENV = "ISOCHECK_TEST_PG";

    static String url() {
        return System.getenv(ENV);
    }

    /**
     * PostgreSQL's SERIALIZABLE (SSI) aborts one transaction of the TPC-C read-only anomaly; the
     * rest is serializable.
     */
    @Test
    void serializableAbortsTheTpccReadOnlyAnomaly() throws Exception {
        StringWriter trace = new StringWriter();
        History h = tpccReadOnlyAnomaly(Isolation.SERIALIZABLE, trace);
        assertEquals(3, Oracle.committed(h).size(), trace.toString());
        assertTrue(trace.toString().contains("could not serialize access"), trace.toString());
        assertTrue(Oracle.check(h, Level.parse("ser")) instanceof Verdict.Consistent);
    }

    /**
     * PostgreSQL's SERIALIZABLE (SSI) aborts one transaction of each predicate litmus schedule; the
     * rest is serializable.
     */
    @Test
    void serializableAbortsThePredicateAnomalies() throws Exception {
        for (String[] c : PREDICATE_LITMUS) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(litmusProgram(c), c[0] + ".schedule", Isolation.SERIALIZABLE, trace);
            assertEquals(1, Oracle.committed(h).size(), c[0] + "\n" + trace);
            assertTrue(trace.toString().contains("could not serialize access"), trace.toString());
            assertTrue(Oracle.check(h, Level.SER) instanceof Verdict.Consistent, c[0]);
        }
    }

    /**
     * --drop-leftovers drops the schemas isocheck made (marked) and leaves a look-alike a user
     * made.
     */
    @Test
    void dropLeftoversRemovesOnlyIsochecksOwnSchemas() throws Exception {
        Runs.Outcome kept =
                Runs.keyValue(
                        db(Isolation.READ_COMMITTED),
                        true,
                        4,
                        0,
                        new Runner.Options(1, 10, 7, false, 0, true, true));
        String schema = kept.result().schema();
        try (Connection c = DriverManager.getConnection(url());
                java.sql.Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS isocheck_usermade CASCADE");
            s.execute("CREATE SCHEMA isocheck_usermade");
        }
        java.util.List<String> dropped = db(Isolation.READ_COMMITTED).dropLeftovers();
        assertTrue(dropped.contains(schema), dropped + " should hold " + schema);
        assertTrue(!dropped.contains("isocheck_usermade"), dropped.toString());
        try (Connection c = DriverManager.getConnection(url());
                java.sql.Statement s = c.createStatement();
                java.sql.ResultSet rs =
                        s.executeQuery(
                                "SELECT nspname FROM pg_namespace WHERE nspname IN ('"
                                        + schema
                                        + "', 'isocheck_usermade')")) {
            assertTrue(rs.next());
            assertEquals("isocheck_usermade", rs.getString(1));
            assertTrue(!rs.next(), "the kept schema is gone");
            s.execute("DROP SCHEMA isocheck_usermade");
        }
    }

    /** The names of the schemas isocheck marked as its own on the test server. */
    private static java.util.Set<String> isochecksSchemas() throws SQLException {
        java.util.Set<String> out = new java.util.HashSet<>();
        try (Connection c = DriverManager.getConnection(url());
                java.sql.PreparedStatement ps =
                        c.prepareStatement(new PostgresEngine().leftoverQuery())) {
            ps.setString(1, Db.MARKER);
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /**
     * Issue 15, "Also": a run ended by SIGTERM (Process.destroy on Linux) in the middle of its
     * transactions drops its private schema (Runner.dropOnExit's shutdown hook), in a separate
     * process as a user's would be.
     */
    @Test
    void aRunEndedBySigtermDropsItsSchema() throws Exception {
        java.util.Set<String> before = isochecksSchemas();
        java.io.File log = java.io.File.createTempFile("isocheck-sigterm", ".txt");
        Process p =
                new ProcessBuilder(
                                java.nio.file.Path.of(
                                                System.getProperty("java.home"), "bin", "java")
                                        .toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                "isocheck.cli.Main",
                                "run",
                                "--workload",
                                "kv",
                                "--db",
                                url(),
                                "--clients",
                                "2",
                                "--transactions",
                                "10000000")
                        .redirectErrorStream(true)
                        .redirectOutput(log)
                        .start();
        try {
            String schema = null;
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (schema == null && p.isAlive() && System.nanoTime() < deadline) {
                java.util.Set<String> now = isochecksSchemas();
                now.removeAll(before);
                if (now.isEmpty()) {
                    Thread.sleep(100);
                } else {
                    schema = now.iterator().next();
                }
            }
            String out = java.nio.file.Files.readString(log.toPath());
            assertTrue(schema != null, "the run made no schema of its own: " + out);
            Thread.sleep(1_000); // into its transactions
            assertTrue(p.isAlive(), "the run ended before the signal: " + out);
            p.destroy();
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "still running");
            assertTrue(
                    !isochecksSchemas().contains(schema),
                    schema
                            + " is left after SIGTERM: "
                            + java.nio.file.Files.readString(log.toPath()));
        } finally {
            p.destroyForcibly();
            log.delete();
        }
    }
}
