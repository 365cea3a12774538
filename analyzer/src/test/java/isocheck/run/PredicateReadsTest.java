package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.PredicateRead;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The recorder's predicate reads ({@link PredicateReads#derive}) for rows a statement did not see
 * (issue 15): what fits what the statement says of such rows ({@link TxnLog.Unseen}) is recorded
 * exactly when one state fits and as a range when several do; no row that could add an edge is
 * dropped.
 */
class PredicateReadsTest {

    private static final Map<String, Object> ALIVE = Map.of("id", 1L, "bal", 10L);

    private static TxnLog log(String name, long start, long end) {
        TxnLog l = new TxnLog(name);
        l.committed = true;
        l.start = start;
        l.end = end;
        return l;
    }

    /** The reader's scan of {@code account} (WHERE id = 1, or bal > 5 for UNMATCHED reads). */
    private static void scan(TxnLog reader, Map<String, Long> seen, TxnLog.Unseen unseen) {
        reader.predicateScans.add(
                new TxnLog.PredicateScan(
                        0,
                        "account",
                        "id = 1",
                        row -> ((Long) row.get("bal")) > 5,
                        seen,
                        "account/1",
                        Map.of(),
                        unseen));
    }

    private static PredicateRead.Row onlyRow(List<List<TxnLog>> sessions, TxnLog reader) {
        PredicateReads.Result r = PredicateReads.derive(sessions);
        List<PredicateReads.Derived> ds = r.reads().get(reader);
        assertEquals(1, ds.size(), String.valueOf(ds));
        assertEquals(1, ds.get(0).rows().size(), String.valueOf(ds.get(0).rows()));
        return ds.get(0).rows().get(0);
    }

    /**
     * Issue 15's double delete: T1's DELETE by key finds the populated row T2 deleted gone. The
     * only absent state is after T2's delete: exact, observed 1 (T1 read-depends on T2). Before:
     * the row was dropped (T1 had no edge to T2) and the history checked SER-consistent.
     */
    @Test
    void aKeyProbeThatFindsAPopulatedRowGoneSawItsDelete() {
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        t2.rowWrites.add(new TxnLog.RowWrite("account/1", 1, 0, ALIVE, null, "account/1/@alive"));
        scan(t1, new HashMap<>(), TxnLog.Unseen.ABSENT);
        PredicateRead.Row row = onlyRow(List.of(List.of(t1), List.of(t2)), t1);
        assertEquals("account/1", row.row());
        assertEquals(1, row.observed());
        assertTrue(!row.uncertain());
        assertEquals(PredicateRead.Effect.DELETED, row.changes().get(0).effect());
    }

    /**
     * A row T2 inserted and T3 deleted, absent for a statement of T1 that overlaps both: not yet
     * inserted, or already deleted? A range over both (before: dropped). Where real time decides
     * (T1 began after T3 committed), exact.
     */
    @Test
    void anInsertedThenDeletedRowIsARangeUnlessRealTimeDecides() {
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        TxnLog t3 = log("T3", 30, 40);
        t2.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 1, TxnLog.ABSENT, null, ALIVE, "account/1/@alive"));
        t3.rowWrites.add(new TxnLog.RowWrite("account/1", 2, 1, ALIVE, null, "account/1/@alive"));
        scan(t1, new HashMap<>(), TxnLog.Unseen.ABSENT);
        List<List<TxnLog>> sessions = List.of(List.of(t1), List.of(t2), List.of(t3));
        PredicateRead.Row row = onlyRow(sessions, t1);
        assertEquals(0, row.observed());
        assertEquals(2, row.observedMax());
        assertTrue(row.uncertain());

        TxnLog late = log("T4", 50, 60); // began after T3 committed: saw the delete
        scan(late, new HashMap<>(), TxnLog.Unseen.ABSENT);
        row = onlyRow(List.of(List.of(late), List.of(t2), List.of(t3)), late);
        assertEquals(2, row.observed());
        assertTrue(!row.uncertain());
        TxnLog early = log("T0", 0, 5); // ended before T2 began: saw no insert
        scan(early, new HashMap<>(), TxnLog.Unseen.ABSENT);
        row = onlyRow(List.of(List.of(early), List.of(t2), List.of(t3)), early);
        assertEquals(0, row.observed());
        assertTrue(!row.uncertain());
    }

    /**
     * BenchBase TPC-C's Delivery given one district twice: its first iteration's SELECT missed the
     * new order T2 inserted, its second deleted that order. Absent before the insert and after its
     * own delete; the delete came from a later statement of the reader (op 3, the scan began at op
     * 0), so only the state before the insert fits: exact, observed 0 (an anti-dependency on T2).
     * Without the reader's program order it was the range [0, 2], and the replay "unknown".
     */
    @Test
    void aScanSeesNoVersionItsOwnLaterStatementInstalls() {
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        t2.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 1, TxnLog.ABSENT, null, ALIVE, "account/1/@alive"));
        t1.rowWrites.add(
                new TxnLog.RowWrite("account/1", 2, 1, ALIVE, null, "account/1/@alive", 3));
        scan(t1, new HashMap<>(), TxnLog.Unseen.ABSENT);
        PredicateRead.Row row = onlyRow(List.of(List.of(t1), List.of(t2)), t1);
        assertEquals(0, row.observed());
        assertTrue(!row.uncertain(), row.toString());
        // the same delete made before the scan's statement (op -1: unknown, read as earlier) is
        // still a state the scan may have seen: the range stays
        t1.rowWrites.set(
                0, new TxnLog.RowWrite("account/1", 2, 1, ALIVE, null, "account/1/@alive"));
        row = onlyRow(List.of(List.of(t1), List.of(t2)), t1);
        assertEquals(0, row.observed());
        assertEquals(2, row.observedMax());
    }

    /**
     * A locking read returns only the rows it matched ({@link TxnLog.Unseen#UNMATCHED}): T2 moved
     * the row into the predicate (bal 3 to 10) and T1 did not return it: it saw the version before
     * (exact, observed 0: a predicate anti-dependency). Before: no predicate read at all.
     */
    @Test
    void aLockingReadThatDidNotReturnARowSawItNotMatching() {
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        t2.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 1, 0, Map.of("id", 1L, "bal", 3L), ALIVE, "account/1/bal"));
        scan(t1, new HashMap<>(), TxnLog.Unseen.UNMATCHED);
        PredicateRead.Row row = onlyRow(List.of(List.of(t1), List.of(t2)), t1);
        assertEquals(0, row.observed());
        assertTrue(!row.uncertain());
        assertEquals(PredicateRead.Effect.ENTERED, row.changes().get(0).effect());
    }

    /**
     * A LIMIT read without an order that decides ties ({@link TxnLog.Unseen#ANY}): a row it did not
     * return may have matched and been cut: a range over every state.
     */
    @Test
    void aRowALimitMayHaveCutIsARange() {
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        t2.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 1, 0, Map.of("id", 1L, "bal", 3L), ALIVE, "account/1/bal"));
        scan(t1, new HashMap<>(), TxnLog.Unseen.ANY);
        PredicateRead.Row row = onlyRow(List.of(List.of(t1), List.of(t2)), t1);
        assertEquals(0, row.observed());
        assertEquals(1, row.observedMax());
    }

    /**
     * A row whose versions form no single chain (two writes that both replaced version 0) and a
     * version written by a transaction that did not commit: ranges over every change (before: both
     * dropped).
     */
    @Test
    void rowsWithoutAKnownPlaceAreRangesNotDropped() {
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        TxnLog t3 = log("T3", 30, 40);
        t2.rowWrites.add(new TxnLog.RowWrite("account/1", 1, 0, ALIVE, null, "account/1/@alive"));
        t3.rowWrites.add(new TxnLog.RowWrite("account/1", 2, 0, ALIVE, null, "account/1/@alive"));
        scan(t1, new HashMap<>(), TxnLog.Unseen.ABSENT);
        PredicateRead.Row row = onlyRow(List.of(List.of(t1), List.of(t2), List.of(t3)), t1);
        assertEquals(0, row.observed());
        assertEquals(2, row.observedMax());

        TxnLog t4 = log("T4", 0, 100);
        TxnLog t5 = log("T5", 10, 20);
        t5.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 5, 0, Map.of("id", 1L, "bal", 3L), ALIVE, "account/1/bal"));
        scan(t4, new HashMap<>(Map.of("account/1", 99L)), TxnLog.Unseen.ABSENT); // uncommitted
        row = onlyRow(List.of(List.of(t4), List.of(t5)), t4);
        assertEquals(0, row.observed());
        assertEquals(1, row.observedMax());
    }

    /**
     * A statement cannot have seen a version whose COMMIT was sent after it returned (stop 41):
     * T1's probe returned at 15, T2 inserted the row and sent COMMIT at 18, T3 deleted it at 35.
     * Only "not yet inserted" fits: exact, observed 0, though T1 overlaps both. At READ UNCOMMITTED
     * the probe may have read T3's uncommitted delete: the range stays.
     */
    @Test
    void aStatementSeesNoCommitSentAfterItReturned() {
        for (boolean dirty : new boolean[] {false, true}) {
            TxnLog t1 = log("T1", 0, 100);
            t1.dirtyReads = dirty;
            TxnLog t2 = log("T2", 10, 20);
            t2.commitSent = 18;
            TxnLog t3 = log("T3", 30, 40);
            t3.commitSent = 35;
            t2.rowWrites.add(
                    new TxnLog.RowWrite(
                            "account/1", 1, TxnLog.ABSENT, null, ALIVE, "account/1/@alive"));
            t3.rowWrites.add(
                    new TxnLog.RowWrite("account/1", 2, 1, ALIVE, null, "account/1/@alive"));
            t1.scanned(
                    new TxnLog.PredicateScan(
                            0,
                            "account",
                            "id = 1",
                            row -> true,
                            new HashMap<>(),
                            "account/1",
                            Map.of(),
                            TxnLog.Unseen.ABSENT));
            t1.scanEnds.set(0, 15L);
            PredicateRead.Row row = onlyRow(List.of(List.of(t1), List.of(t2), List.of(t3)), t1);
            assertEquals(0, row.observed(), "dirty " + dirty);
            assertEquals(dirty ? 2 : 0, row.observedMax(), "dirty " + dirty);
        }
    }

    /**
     * Two lives of one key from nothing, the first deleted (T2 inserts, T3 deletes, T4 inserts
     * again): lives never overlap, so the one without a delete is the last, and the chain has one
     * order (stop 41; before, no order and every probe of the row a range). Two lives that both end
     * in a delete stay without an order.
     */
    @Test
    void twoLivesFromNothingOneDeletedHaveOneOrder() {
        TxnLog t1 = log("T1", 0, 5); // ended before every writer began: saw no insert
        TxnLog t2 = log("T2", 10, 20);
        TxnLog t3 = log("T3", 30, 40);
        TxnLog t4 = log("T4", 50, 60);
        t4.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 3, TxnLog.ABSENT, null, ALIVE, "account/1/@alive"));
        t2.rowWrites.add(
                new TxnLog.RowWrite(
                        "account/1", 1, TxnLog.ABSENT, null, ALIVE, "account/1/@alive"));
        t3.rowWrites.add(new TxnLog.RowWrite("account/1", 2, 1, ALIVE, null, "account/1/@alive"));
        scan(t1, new HashMap<>(), TxnLog.Unseen.ABSENT);
        List<List<TxnLog>> sessions = List.of(List.of(t1), List.of(t4), List.of(t2), List.of(t3));
        PredicateRead.Row row = onlyRow(sessions, t1);
        assertEquals(3, row.changes().size(), String.valueOf(row.changes()));
        assertEquals(PredicateRead.Effect.INSERTED, row.changes().get(0).effect());
        assertEquals(1, row.changes().get(0).value());
        assertEquals(3, row.changes().get(2).value());
        assertEquals(0, row.observed());
        assertTrue(!row.uncertain());

        TxnLog t5 = log("T5", 70, 80);
        t5.rowWrites.add(new TxnLog.RowWrite("account/1", 4, 3, ALIVE, null, "account/1/@alive"));
        TxnLog t6 = log("T6", 0, 5);
        scan(t6, new HashMap<>(), TxnLog.Unseen.ABSENT);
        row = onlyRow(List.of(List.of(t6), List.of(t4), List.of(t2), List.of(t3), List.of(t5)), t6);
        assertTrue(row.uncertain(), "two deleted lives: no order");
    }
}
