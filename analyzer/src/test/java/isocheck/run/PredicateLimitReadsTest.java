package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.history.PredicateRead;
import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the recorder makes of TPC-C's repaired Delivery read, {@code SELECT no_o_id … WHERE no_w_id
 * = :w AND no_d_id = :d ORDER BY no_o_id LIMIT 1 FOR UPDATE} ({@link PredicateScans#selectScan}):
 * the WHERE clause fixes the key columns the ORDER BY leaves out, so the order decides ties and the
 * rows the read skipped are exactly those ordered before the returned one that it saw absent or not
 * matching. A row inserted before the returned one by a concurrent transaction is an exact
 * predicate anti-dependency; a row inserted behind it is no part of what the read depends on. (The
 * read used to be recorded with any version for every row it did not return, so the first case was
 * a range and the load run of the repaired TPC-C checked unknown, not consistent.)
 */
class PredicateLimitReadsTest {

    private static final String PROGRAM =
            """
            CREATE TABLE new_order (
              no_w_id INT NOT NULL,
              no_d_id INT NOT NULL,
              no_o_id INT NOT NULL,
              PRIMARY KEY (no_w_id, no_d_id, no_o_id)
            );
            TRANSACTION Delivery(w_id INT, d_id INT)
            BEGIN
              SELECT no_o_id INTO oldest FROM new_order
                WHERE no_w_id = :w_id AND no_d_id = :d_id ORDER BY no_o_id LIMIT 1 FOR UPDATE;
            END;
            """;

    private static TxnLog log(String name, long start, long end) {
        TxnLog l = new TxnLog(name);
        l.committed = true;
        l.start = start;
        l.end = end;
        return l;
    }

    private static Map<String, Object> row(long o) {
        return Map.of("no_w_id", 1L, "no_d_id", 1L, "no_o_id", o);
    }

    /**
     * The Delivery T1 (0..100) returned order 5 of district (1, 1) (populated, version 0) while T2
     * (10..20) inserted order {@code inserted}: the predicate reads T1's scan derives.
     */
    private static List<PredicateReads.Derived> deliveryAgainstInsertOf(long inserted) {
        Program p = ProgramLoader.parse("delivery.sql", PROGRAM);
        Table t = p.schema().table("new_order").orElseThrow();
        Stmt.Select sel = (Stmt.Select) p.transactions().get(0).body().get(0);
        TxnLog t1 = log("T1", 0, 100);
        TxnLog t2 = log("T2", 10, 20);
        t2.rowWrites.add(
                new TxnLog.RowWrite(
                        "new_order/1,1," + inserted,
                        7,
                        TxnLog.ABSENT,
                        null,
                        row(inserted),
                        "new_order/1,1," + inserted + "/@alive"));
        Map<String, Object> env = new HashMap<>(Map.of("w_id", 1L, "d_id", 1L));
        Map<String, Long> seen = new HashMap<>(Map.of("new_order/1,1,5", 0L));
        PredicateScans.selectScan(
                t1, 0, t, sel, env, seen, List.of(Map.of("no_o_id", 5L)), TxnLog.Unseen.UNMATCHED);
        PredicateReads.Result r = PredicateReads.derive(List.of(List.of(t1), List.of(t2)));
        assertEquals(0, r.unresolved(), "every row pinned down");
        return r.reads().get(t1);
    }

    @Test
    void anOlderOrderInsertedConcurrentlyIsAnExactAntiDependency() {
        List<PredicateReads.Derived> ds = deliveryAgainstInsertOf(4);
        assertEquals(1, ds.size(), String.valueOf(ds));
        assertEquals(1, ds.get(0).rows().size(), String.valueOf(ds.get(0).rows()));
        PredicateRead.Row row = ds.get(0).rows().get(0);
        assertEquals("new_order/1,1,4", row.row());
        assertEquals(0, row.observed(), "T1 saw the row absent: before T2's insert");
        assertFalse(row.uncertain());
        assertEquals(PredicateRead.Effect.INSERTED, row.changes().get(0).effect());
        assertTrue(ds.get(0).predicate().contains("no later than"), ds.get(0).predicate());
    }

    @Test
    void aNewerOrderInsertedConcurrentlyIsNoPartOfTheRead() {
        List<PredicateReads.Derived> ds = deliveryAgainstInsertOf(6);
        assertEquals(1, ds.size(), String.valueOf(ds));
        assertTrue(
                ds.get(0).rows().stream().noneMatch(x -> x.row().equals("new_order/1,1,6")),
                String.valueOf(ds.get(0).rows()));
    }
}
