package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.anomaly.Witness;
import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import isocheck.history.PredicateRead.Change;
import isocheck.history.PredicateRead.Effect;
import isocheck.history.PredicateRead.Row;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A recorded version order ({@link History#replaced}) is part of the history: the checkers take it
 * as known ww edges instead of choosing the order (checker/FORMAT.md "Recorded version order").
 */
class RecordedOrderTest {
    /**
     * Doctors on call at PostgreSQL READ COMMITTED, both taking doctor 4 off call: T1 and T2 count
     * doctors 3 and 4 on call; T1's UPDATE takes doctor 4 off call (the row leaves the predicate);
     * T2's UPDATE waits for T1, then writes on_call = 0 over T1's version (no change of the match).
     * In the database's version order T2 -rw-> T1 (T2 missed T1's change) -ww-> T2: a lost update
     * through a predicate read. With {@code recorded} false the blind writes carry no order and a
     * search may put T2's first.
     */
    static History doctorsOffCallTwice(boolean recorded) {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("doctors/3/on_call", 0).w("doctors/4/on_call", 0);
        String on = PredicateReadTest.ON_CALL;
        List<Change> four = List.of(new Change("doctors/4/on_call", 1, Effect.LEFT));
        HistoryBuilder.Txn t1 = b.txn("c1").p("doctors", on, new Row("doctors/4", 0, four));
        HistoryBuilder.Txn t2 = b.txn("c2").p("doctors", on, new Row("doctors/4", 0, four));
        if (recorded) {
            t1.w("doctors/4/on_call", 1, 0);
            t2.w("doctors/4/on_call", 2, 1);
        } else {
            t1.w("doctors/4/on_call", 1);
            t2.w("doctors/4/on_call", 2);
        }
        return b.build();
    }

    @Test
    void theRecordedOrderDecidesTheDoctorsLostUpdate() {
        History free = doctorsOffCallTwice(false);
        History recorded = doctorsOffCallTwice(true);
        for (Level level : Level.values()) {
            assertEquals(
                    BruteForceOracle.holds(recorded, level),
                    LevelChecker.of(level).check(recorded) instanceof Verdict.Consistent,
                    level.toString());
            assertEquals(
                    BruteForceOracle.holds(free, level),
                    LevelChecker.of(level).check(free) instanceof Verdict.Consistent,
                    level.toString());
        }
        // the free order is consistent (T2's write first), the recorded one is not
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.SER).check(free));
        for (Level level : List.of(Level.SI, Level.SER)) {
            Witness w =
                    assertInstanceOf(Verdict.Violated.class, LevelChecker.of(level).check(recorded))
                            .witnesses()
                            .get(0);
            String text = w.toText();
            assertTrue(text.contains("recorded"), text);
            assertTrue(text.contains("predicate anti-dependency"), text);
        }
        // RC, RA, CC: no cycle of so, wr, inferred and recorded ww edges
        for (Level level : List.of(Level.RC, Level.RA, Level.CC)) {
            assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(level).check(recorded));
        }
    }

    /**
     * T1 writes x and y, T2 writes x over T1's version, T3 reads y from T1 after its session
     * predecessor read x from T2... The recorded order contradicts what a reader forces at CC: T3
     * reads x from T1 after seeing T2, so CC puts T2 before T1, against the recorded T1 → T2.
     */
    @Test
    void aRecordedOrderAgainstCausalityViolatesCausalConsistency() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0).w("y", 0);
        b.txn("s1").w("x", 1, 0);
        b.txn("s2").w("x", 2, 1).w("y", 2);
        b.txn("s3").r("y", 2).r("x", 1);
        History h = b.build();
        Verdict v = LevelChecker.of(Level.CC).check(h);
        Witness w = assertInstanceOf(Verdict.Violated.class, v).witnesses().get(0);
        assertTrue(w.toText().contains("recorded"), w.toText());
        assertEquals(false, BruteForceOracle.holds(h, Level.CC));
        // without the record, T2's write may come first: consistent
        HistoryBuilder f = new HistoryBuilder();
        f.init().w("x", 0).w("y", 0);
        f.txn("s1").w("x", 1);
        f.txn("s2").w("x", 2).w("y", 2);
        f.txn("s3").r("y", 2).r("x", 1);
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.CC).check(f.build()));
    }

    @Test
    void aCertificateMustFollowTheRecordedOrder() {
        History h = doctorsOffCallTwice(true);
        Optional<String> why = CommitOrderValidator.check(h, Level.PC, new int[] {0, 2, 1});
        assertTrue(why.isPresent() && why.get().contains("recorded"), why.toString());
    }

    @Test
    void aReplacedVersionNobodyWroteIsRejected() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0);
        b.txn("s1").w("x", 1, 7);
        InvalidHistoryException e = assertThrows(InvalidHistoryException.class, b::build);
        assertTrue(
                e.getMessage().contains("replaced version 7, which no transaction wrote"),
                e.getMessage());
    }
}
