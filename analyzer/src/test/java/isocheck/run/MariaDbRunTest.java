package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.anomaly.CycleWitness;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What MariaDB's own levels do (InnoDB, the server of ISOCHECK_TEST_MARIADB: skipped when unset,
 * failing when set but unreachable). Its REPEATABLE READ is no snapshot isolation (no
 * first-updater-wins), so the contract's snapshot cases do not apply; these are measured here.
 */
class MariaDbRunTest extends RunContract {

    {
        database = Database.MARIADB;
    }

    @BeforeEach
    void configured() {
        database.require();
    }

    /**
     * Issue 15: the three predicate litmus schedules at REPEATABLE READ commit both transactions
     * (plain SELECTs read the snapshot and lock nothing, the writes touch different rows or gaps no
     * one locked), and the recorded histories violate SER by G2 with the predicate edge named.
     */
    @Test
    void repeatableReadAdmitsThePredicateAnomaliesWithPredicateEdges() throws Exception {
        for (String[] c : PREDICATE_LITMUS) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(
                            litmusProgram(c), c[0] + ".schedule", Isolation.REPEATABLE_READ, trace);
            assertEquals(2, Oracle.committed(h).size(), c[0] + "\n" + trace);
            assertTrue(Oracle.check(h, Level.RC) instanceof Verdict.Consistent, c[0] + " RC");
            Verdict ser = Oracle.check(h, Level.SER);
            assertTrue(ser instanceof Verdict.Violated, c[0] + ": " + ser);
            CycleWitness w = (CycleWitness) ((Verdict.Violated) ser).witnesses().get(0);
            assertEquals("G2", w.adya(), w.toText());
            assertTrue(
                    w.toText().contains(c[1]), c[0] + " names the predicate edge:\n" + w.toText());
        }
    }

    /**
     * At SERIALIZABLE InnoDB makes every plain SELECT a shared-locking read (next-key locks): both
     * transactions hold shared locks on what they counted, each write waits for the other's, and
     * InnoDB's deadlock detection aborts one (error 1213); the other commits, SER holds.
     */
    @Test
    void serializableAbortsOneTransactionOfEachPredicateAnomaly() throws Exception {
        for (String[] c : PREDICATE_LITMUS) {
            StringWriter trace = new StringWriter();
            History h =
                    schedule(litmusProgram(c), c[0] + ".schedule", Isolation.SERIALIZABLE, trace);
            assertEquals(1, Oracle.committed(h).size(), c[0] + "\n" + trace);
            assertTrue(trace.toString().contains("Deadlock found"), trace.toString());
            assertTrue(Oracle.check(h, Level.SER) instanceof Verdict.Consistent, c[0]);
        }
    }

    /**
     * InnoDB's REPEATABLE READ lets the lost update happen (Hermitage's mysql.md, P4): the second
     * UPDATE waits for the first's row lock, then overwrites the committed increment it never read;
     * both commit, and the recorded history is the lost update (PostgreSQL and H2 abort it there).
     */
    @Test
    void repeatableReadAdmitsTheLostUpdate() throws Exception {
        StringWriter trace = new StringWriter();
        History h =
                schedule(
                        "litmus/lost-update.sql",
                        "lost-update.schedule",
                        Isolation.REPEATABLE_READ,
                        trace);
        assertEquals(2, Oracle.committed(h).size(), trace.toString());
        Verdict ser = Oracle.check(h, Level.SER);
        assertTrue(ser instanceof Verdict.Violated, ser.toString());
        assertEquals(
                "lost update", ((Verdict.Violated) ser).witnesses().get(0).name(), ser.toString());
    }

    /**
     * Write skew on two rows: REPEATABLE READ commits both (SER violated), SERIALIZABLE aborts one.
     */
    @Test
    void writeSkewCommitsAtRepeatableReadAndNotAtSerializable() throws Exception {
        StringWriter rr = new StringWriter();
        History h =
                schedule(
                        "litmus/write-skew.sql",
                        "write-skew.schedule",
                        Isolation.REPEATABLE_READ,
                        rr);
        assertEquals(2, Oracle.committed(h).size(), rr.toString());
        assertTrue(Oracle.check(h, Level.SER) instanceof Verdict.Violated);
        StringWriter ser = new StringWriter();
        History s =
                schedule(
                        "litmus/write-skew.sql",
                        "write-skew.schedule",
                        Isolation.SERIALIZABLE,
                        ser);
        assertEquals(1, Oracle.committed(s).size(), ser.toString());
        assertTrue(Oracle.check(s, Level.SER) instanceof Verdict.Consistent);
    }

    /** Levels: the four of SQL, and no snapshot. */
    @Test
    void levelsAreTheFourOfSql() {
        assertEquals(
                List.of(
                        Isolation.READ_UNCOMMITTED,
                        Isolation.READ_COMMITTED,
                        Isolation.REPEATABLE_READ,
                        Isolation.SERIALIZABLE),
                Engines.MARIADB.levels());
        RunError e =
                org.junit.jupiter.api.Assertions.assertThrows(
                        RunError.class, () -> db(Isolation.SNAPSHOT));
        assertEquals(
                "--isolation snapshot: MariaDB has no such level (its levels: read-uncommitted, read-committed, "
                        + "repeatable-read, serializable)",
                e.getMessage());
    }
}
