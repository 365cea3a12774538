package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The contract on embedded H2, plus what H2's own levels do (the README's H2 table). */
class H2RunTest extends RunContract {

    {
        database = Database.H2;
    }

    /** Measured: H2 2.3's SERIALIZABLE lets the write-skew schedule commit both transactions. */
    @Test
    void h2SerializableAllowsWriteSkew() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                        "litmus/write-skew.sql",
                        "write-skew.schedule",
                        Isolation.SERIALIZABLE,
                        trace);
        assertEquals(2, Oracle.committed(h).size(), trace.toString());
        assertFalse(Oracle.serializable(h));
    }

    /**
     * Measured: H2's REPEATABLE READ aborts the second writer of the lost update, like SNAPSHOT.
     */
    @Test
    void h2RepeatableReadPreventsTheLostUpdate() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                        "litmus/lost-update.sql",
                        "lost-update.schedule",
                        Isolation.REPEATABLE_READ,
                        trace);
        assertEquals(1, Oracle.committed(h).size(), trace.toString());
    }

    /**
     * Measured: H2's REPEATABLE READ is not snapshot isolation from the first statement: the
     * Delivery's first read of new_order, after the NewOrders committed, sees their rows, so it
     * delivers T4's order and the TPC-C read-only anomaly does not happen (SER holds).
     */
    @Test
    void h2RepeatableReadSeesRowsCommittedAfterTheFirstStatement() throws Exception {
        StringWriter trace = new StringWriter();
        History h = tpccReadOnlyAnomaly(Isolation.REPEATABLE_READ, trace);
        assertEquals(4, Oracle.committed(h).size(), trace.toString());
        assertTrue(trace.toString().contains("→ oldest = 2"), trace.toString());
        assertTrue(Oracle.check(h, Level.parse("ser")) instanceof Verdict.Consistent);
    }

    /**
     * Measured: H2's SERIALIZABLE lets the TPC-C read-only anomaly commit, as its SNAPSHOT does.
     */
    @Test
    void h2SerializableAllowsTheTpccReadOnlyAnomaly() throws Exception {
        StringWriter trace = new StringWriter();
        History h = tpccReadOnlyAnomaly(Isolation.SERIALIZABLE, trace);
        assertEquals(4, Oracle.committed(h).size(), trace.toString());
        assertTrue(Oracle.check(h, Level.parse("ser")) instanceof Verdict.Violated);
    }

    /**
     * Measured: H2 2.3's SERIALIZABLE commits both transactions of each predicate litmus schedule
     * (as it does the write skew above), and the recorded histories are SER violations.
     */
    @Test
    void h2SerializableAllowsThePredicateAnomalies() throws Exception {
        for (String[] c : PREDICATE_LITMUS) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(litmusProgram(c), c[0] + ".schedule", Isolation.SERIALIZABLE, trace);
            assertEquals(2, Oracle.committed(h).size(), c[0] + "\n" + trace);
            assertTrue(Oracle.check(h, Level.SER) instanceof Verdict.Violated, c[0]);
        }
    }
}
