package isocheck.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.level.Level;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a cell is decided, on hand-built histories (no database): the anomaly's level violated is
 * "admits" whatever else happened; otherwise the database's abort (its kind from the SQLSTATE), a
 * lock timeout or wait is "blocks", and the schedule's own ROLLBACK is no prevention.
 */
class CellJudgeTest {

    private static final Anomaly LOST_UPDATE = new Anomaly("P4", "lost update", Level.PSI);

    /** Two increments of x that both read the initial version: a lost update when both commit. */
    private static History twoIncrements(boolean secondCommits) {
        HistoryBuilder b = new HistoryBuilder();
        int x = b.keys().intern("test/1/val");
        int t1 = b.begin(b.session("T1"));
        b.read(t1, x, 0);
        b.write(t1, x, 1);
        int t2 = b.begin(b.session("T2"));
        b.read(t2, x, 0);
        b.write(t2, x, 2);
        if (!secondCommits) {
            b.abort(t2);
        }
        b.write(b.initial(), x, 0);
        return b.build();
    }

    private static CatalogueDatabase.Execution run(
            History h, String trace, CatalogueDatabase.Txn... txns) {
        return new CatalogueDatabase.Execution(h, List.of(txns), trace);
    }

    private static final CatalogueDatabase.Txn T1 = new CatalogueDatabase.Txn("T1", true, "", "");

    @Test
    void theLevelViolatedIsAdmittedAndNamed() {
        Cell c =
                CellJudge.judge(
                        "db",
                        "read-committed",
                        LOST_UPDATE,
                        run(
                                twoIncrements(true),
                                "",
                                T1,
                                new CatalogueDatabase.Txn("T2", true, "", "")));
        assertEquals(Cell.Outcome.ADMITTED, c.outcome());
        assertTrue(c.how().startsWith("lost update"), c.how());
        assertTrue(c.evidence().startsWith("PSI violated: "), c.evidence());
        assertEquals(List.of("psi", "si", "ser", "sser"), c.violated());
    }

    @Test
    void anAbortIsClassifiedBySqlState() {
        History h = twoIncrements(false);
        assertEquals(
                "aborts (serialization failure)",
                CellJudge.judge(
                                "db",
                                "rr",
                                LOST_UPDATE,
                                run(
                                        h,
                                        "",
                                        T1,
                                        new CatalogueDatabase.Txn(
                                                "T2",
                                                false,
                                                "40001",
                                                "ERROR: could not serialize access due to concurrent update")))
                        .shortText());
        assertEquals(
                "deadlock",
                CellJudge.judge(
                                "db",
                                "rr",
                                LOST_UPDATE,
                                run(
                                        h,
                                        "",
                                        T1,
                                        new CatalogueDatabase.Txn(
                                                "T2",
                                                false,
                                                "40001",
                                                "Deadlock detected. The current transaction was rolled back.")))
                        .how());
        assertEquals(
                "deadlock",
                CellJudge.judge(
                                "db",
                                "rr",
                                LOST_UPDATE,
                                run(
                                        h,
                                        "",
                                        T1,
                                        new CatalogueDatabase.Txn(
                                                "T2", false, "40P01", "ERROR: deadlock detected")))
                        .how());
        Cell timeout =
                CellJudge.judge(
                        "db",
                        "rr",
                        LOST_UPDATE,
                        run(
                                h,
                                "",
                                T1,
                                new CatalogueDatabase.Txn(
                                        "T2",
                                        false,
                                        "55P03",
                                        "ERROR: canceling statement due to lock timeout")));
        assertEquals(Cell.Outcome.BLOCKED, timeout.outcome());
        assertEquals(
                "T2 aborted: ERROR: canceling statement due to lock timeout", timeout.evidence());
    }

    @Test
    void theSchedulesOwnRollbackIsNoPreventionAndAWaitIsABlock() {
        History h = twoIncrements(false);
        CatalogueDatabase.Txn rolledBack =
                new CatalogueDatabase.Txn("T2", false, "P0001", "user abort at 26:3");
        assertEquals(
                Cell.Outcome.NOT_SEEN,
                CellJudge.judge("db", "rc", LOST_UPDATE, run(h, "", T1, rolledBack)).outcome());
        Cell waited =
                CellJudge.judge(
                        "db",
                        "rc",
                        LOST_UPDATE,
                        run(
                                h,
                                "  4  T2   UPDATE test SET val = :cur + 1 WHERE id = :k  … blocked\n",
                                T1,
                                rolledBack));
        assertEquals(Cell.Outcome.BLOCKED, waited.outcome());
        assertEquals(
                "step 4 T2 UPDATE test SET val = :cur + 1 WHERE id = :k waited for a lock",
                waited.evidence());
    }

    @Test
    void aScheduleThatCannotRunIsBlockedAndAFailedRunUndecided() {
        assertEquals(
                Cell.Outcome.BLOCKED,
                CellJudge.failed(
                                "db",
                                "rc",
                                LOST_UPDATE,
                                "P4.schedule: step 5: T2 is still blocked after 30 s (UPDATE …): the schedule deadlocks")
                        .outcome());
        assertEquals(
                Cell.Outcome.UNDECIDED,
                CellJudge.failed("db", "rc", LOST_UPDATE, "P4.schedule: T2 failed: syntax error")
                        .outcome());
    }
}
