package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Timeouts, strict SER's real time, the validator's refusals, strategies on larger histories. */
class ExactCheckerTest {

    @Test
    void timeoutGivesUnknownWithWhatRemained() {
        History h =
                SyntheticHistories.serializableUnstamped(
                        20_000, 20, 10_000, SyntheticHistories.Keys.UNIFORM, 7);
        for (Level level : new Level[] {Level.PC, Level.PSI, Level.SI, Level.SER}) {
            Verdict v =
                    LevelChecker.of(level, new CheckOptions(1).withTimeout(Duration.ofMillis(1)))
                            .check(h);
            Verdict.Unknown u = assertInstanceOf(Verdict.Unknown.class, v, level::toString);
            assertTrue(u.reason().startsWith("time limit reached during "), u.reason());
            assertTrue(u.reason().matches(".*\\d+.*"), "says how much remained: " + u.reason());
        }
    }

    @Test
    void strictSerializabilityNeedsRealTimeOrder() {
        // T2 reads x from init, T1 overwrote it: SER puts T2 first; but T1 committed before T2
        // started
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0);
        b.txn("A").w("x", 1).times(0, 10);
        b.txn("B").r("x", 0).times(20, 30);
        History h = b.build();
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.SER).check(h));
        Verdict v = LevelChecker.of(Level.SSER).check(h);
        Verdict.Violated vio = assertInstanceOf(Verdict.Violated.class, v);
        assertEquals(
                """
                real-time violation (Adya G-single-realtime, Coo IAT/SDA): cycle T1 -> T2 -> T1
                  T1 (session A, #1): w(x,1)
                  T2 (session B, #1): r(x,0)
                  T1 -rt-> T2: T1 commits before T2 starts (commit 10 < start 20)
                  T2 -rw-> T1: T2 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """,
                vio.witnesses().get(0).toText());
        // overlapping: no real-time order, strict SER holds
        HistoryBuilder c = new HistoryBuilder();
        c.init().w("x", 0);
        c.txn("A").w("x", 1).times(0, 25);
        c.txn("B").r("x", 0).times(20, 30);
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.SSER).check(c.build()));
    }

    @Test
    void validatorRefusesWrongOrders() {
        History ws = DigestExamples.ex12(); // write skew: t1 = 1, t2 = 2
        int[] co = {0, 1, 2};
        assertTrue(CommitOrderValidator.check(ws, Level.SER, co).isPresent());
        assertEquals(Optional.empty(), CommitOrderValidator.check(ws, Level.SI, co));
        assertEquals(Optional.empty(), CommitOrderValidator.check(ws, Level.PSI, co));
        assertTrue(
                CommitOrderValidator.check(ws, Level.SER, new int[] {1, 0, 2}).isPresent(),
                "init first");
        assertTrue(
                CommitOrderValidator.check(ws, Level.SER, new int[] {0, 1}).isPresent(),
                "every transaction");
        History lu = DigestExamples.ex11(); // lost update: PC yes, SI and PSI no
        assertEquals(Optional.empty(), CommitOrderValidator.check(lu, Level.PC, co));
        assertTrue(CommitOrderValidator.check(lu, Level.SI, co).isPresent());
        assertTrue(CommitOrderValidator.check(lu, Level.PSI, co).isPresent());
        History lf = DigestExamples.ex9(); // long fork: PSI yes, PC no (any order)
        assertEquals(
                Optional.empty(),
                CommitOrderValidator.check(lf, Level.PSI, new int[] {0, 1, 2, 3, 4}));
        assertTrue(CommitOrderValidator.check(lf, Level.PC, new int[] {0, 1, 2, 3, 4}).isPresent());
    }

    @Test
    void strategiesAgreeOnLargerGeneratedHistories() {
        for (int sessions : new int[] {2, 3, 6}) {
            History h =
                    SyntheticHistories.serializable(
                            300, sessions, 100, SyntheticHistories.Keys.ZIPF, sessions);
            for (Level level : new Level[] {Level.PC, Level.SI, Level.SER, Level.SSER}) {
                for (CheckOptions.Strategy s : CheckOptions.Strategy.values()) {
                    if (s == CheckOptions.Strategy.PREFIX_SEARCH && sessions > 3) {
                        continue;
                    }
                    Verdict v =
                            LevelChecker.of(level, new CheckOptions(1).withStrategy(s)).check(h);
                    assertInstanceOf(
                            Verdict.Consistent.class, v, () -> level + " " + s + " " + v.explain());
                }
            }
            assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.PSI).check(h));
        }
    }

    @Test
    void miniTransactionHistoriesTakeTheFastPath() {
        History h =
                SyntheticHistories.miniTransactions(
                        20_000, 20, 2_000, SyntheticHistories.Keys.ZIPF, 3);
        for (Level level : new Level[] {Level.PC, Level.PSI, Level.SI, Level.SER, Level.SSER}) {
            Verdict v = LevelChecker.of(level).check(h);
            assertInstanceOf(Verdict.Consistent.class, v, level::toString);
            assertTrue(
                    v.explain().stream()
                            .anyMatch(s -> s.startsWith("strategy: mini-transaction fast path")),
                    v.explain().toString());
        }
    }
}
