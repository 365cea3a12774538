package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import isocheck.anomaly.CycleWitness;
import isocheck.anomaly.Witness;
import isocheck.history.History;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worked examples of Biswas & Enea and of MTC's anomaly catalogue (docs/DESIGN.md §6) at the
 * exact levels: the paper's verdict for each level, and the witness text. Where a history already
 * violates CC, every stronger level reports CC's witness; the level-specific anomalies (long fork,
 * lost update, write skew, #10, #14) have their own cycles with ww/rw edges and reasons.
 */
class ExactWitnessTest {

    private static void assertWitness(History h, Level level, String text) {
        Verdict v = LevelChecker.of(level).check(h);
        Verdict.Violated vio =
                assertInstanceOf(
                        Verdict.Violated.class, v, () -> level + " should be violated: " + v);
        Witness w = vio.witnesses().get(0);
        assertInstanceOf(CycleWitness.class, w);
        assertEquals(text, w.toText(), level.toString());
    }

    /** The CC witness is the witness at every stronger level. */
    @ParameterizedTest(name = "{0}: stronger levels report the CC witness")
    @MethodSource("ccViolations")
    void ccViolationsKeepTheirWitness(String name, Supplier<History> example) {
        History h = example.get();
        Witness cc = ((Verdict.Violated) LevelChecker.of(Level.CC).check(h)).witnesses().get(0);
        for (Level level : new Level[] {Level.PC, Level.PSI, Level.SI, Level.SER, Level.SSER}) {
            Verdict v = LevelChecker.of(level).check(h);
            assertEquals(
                    cc.toText(),
                    ((Verdict.Violated) v).witnesses().get(0).toText(),
                    name + " " + level);
        }
    }

    static Stream<Arguments> ccViolations() {
        return Stream.of(
                Arguments.of("Biswas–Enea #1", (Supplier<History>) DigestExamples::ex1),
                Arguments.of("Biswas–Enea #2", (Supplier<History>) DigestExamples::ex2),
                Arguments.of("Biswas–Enea #3", (Supplier<History>) DigestExamples::ex3),
                Arguments.of("Biswas–Enea #4", (Supplier<History>) DigestExamples::ex4),
                Arguments.of("Biswas–Enea #5", (Supplier<History>) DigestExamples::ex5),
                Arguments.of("Biswas–Enea #6", (Supplier<History>) DigestExamples::ex6),
                Arguments.of("Biswas–Enea #7", (Supplier<History>) DigestExamples::ex7),
                Arguments.of("Biswas–Enea #8", (Supplier<History>) DigestExamples::ex8),
                Arguments.of("Biswas–Enea #13", (Supplier<History>) DigestExamples::ex13),
                Arguments.of("MTC (a) thin-air read", (Supplier<History>) MtcExamples::thinAirRead),
                Arguments.of("MTC (b) aborted read", (Supplier<History>) MtcExamples::abortedRead),
                Arguments.of("MTC (c) future read", (Supplier<History>) MtcExamples::futureRead),
                Arguments.of(
                        "MTC (d) not-my-last-write",
                        (Supplier<History>) MtcExamples::notMyLastWrite),
                Arguments.of(
                        "MTC (e) not-my-own-write", (Supplier<History>) MtcExamples::notMyOwnWrite),
                Arguments.of(
                        "MTC (f) intermediate read",
                        (Supplier<History>) MtcExamples::intermediateRead),
                Arguments.of(
                        "MTC (g) non-repeatable reads",
                        (Supplier<History>) MtcExamples::nonRepeatableReads),
                Arguments.of(
                        "MTC (h) session guarantee",
                        (Supplier<History>) MtcExamples::sessionGuaranteeViolation),
                Arguments.of(
                        "MTC (i) non-monotonic read",
                        (Supplier<History>) MtcExamples::nonMonotonicRead),
                Arguments.of(
                        "MTC (j) fractured read", (Supplier<History>) MtcExamples::fracturedRead),
                Arguments.of(
                        "MTC (k) causality violation",
                        (Supplier<History>) MtcExamples::causalityViolation));
    }

    /**
     * MTC's anomaly catalogue (Table I): verdicts per level (RC RA CC PC PSI SI SER SSER), oracle
     * and checkers.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("mtcTable")
    void mtcCatalogueVerdicts(String name, Supplier<History> example, String verdicts) {
        History h = example.get();
        StringBuilder got = new StringBuilder();
        StringBuilder oracle = new StringBuilder();
        for (Level level : Level.values()) {
            got.append(
                    LevelChecker.of(level).check(h) instanceof Verdict.Consistent ? "ok " : "V ");
            oracle.append(BruteForceOracle.holds(h, level) ? "ok " : "V ");
        }
        assertEquals(verdicts, got.toString().trim(), name);
        assertEquals(verdicts, oracle.toString().trim(), name + " (oracle)");
    }

    static Stream<Arguments> mtcTable() {
        return Stream.of(
                Arguments.of(
                        "(a) ThinAirRead",
                        (Supplier<History>) MtcExamples::thinAirRead,
                        "V V V V V V V V"),
                Arguments.of(
                        "(b) AbortedRead",
                        (Supplier<History>) MtcExamples::abortedRead,
                        "V V V V V V V V"),
                Arguments.of(
                        "(c) FutureRead",
                        (Supplier<History>) MtcExamples::futureRead,
                        "V V V V V V V V"),
                Arguments.of(
                        "(d) NotMyLastWrite",
                        (Supplier<History>) MtcExamples::notMyLastWrite,
                        "V V V V V V V V"),
                Arguments.of(
                        "(e) NotMyOwnWrite",
                        (Supplier<History>) MtcExamples::notMyOwnWrite,
                        "V V V V V V V V"),
                Arguments.of(
                        "(f) IntermediateRead",
                        (Supplier<History>) MtcExamples::intermediateRead,
                        "V V V V V V V V"),
                Arguments.of(
                        "(g) NonRepeatableReads",
                        (Supplier<History>) MtcExamples::nonRepeatableReads,
                        "ok V V V V V V V"),
                Arguments.of(
                        "(h) SessionGuaranteeViolation",
                        (Supplier<History>) MtcExamples::sessionGuaranteeViolation,
                        "ok V V V V V V V"),
                Arguments.of(
                        "(i) NonMonotonicRead",
                        (Supplier<History>) MtcExamples::nonMonotonicRead,
                        "V V V V V V V V"),
                Arguments.of(
                        "(j) FracturedRead",
                        (Supplier<History>) MtcExamples::fracturedRead,
                        "V V V V V V V V"),
                Arguments.of(
                        "(k) CausalityViolation",
                        (Supplier<History>) MtcExamples::causalityViolation,
                        "ok ok V V V V V V"),
                Arguments.of(
                        "(l) LongFork",
                        (Supplier<History>) MtcExamples::longFork,
                        "ok ok ok V ok V V V"),
                Arguments.of(
                        "(m) LostUpdate",
                        (Supplier<History>) MtcExamples::lostUpdate,
                        "ok ok ok ok V V V V"),
                Arguments.of(
                        "(n) WriteSkew",
                        (Supplier<History>) MtcExamples::writeSkew,
                        "ok ok ok ok ok ok V V"));
    }

    @Test
    void mtcFastPathDecidesMiniTransactionHistories() {
        for (Supplier<History> ex :
                java.util.List.<Supplier<History>>of(
                        MtcExamples::longFork, MtcExamples::writeSkew)) {
            Verdict v = LevelChecker.of(Level.SER).check(ex.get());
            assertEquals(
                    true,
                    v.explain().stream()
                            .anyMatch(s -> s.startsWith("strategy: mini-transaction fast path")),
                    v.explain().toString());
        }
        Verdict lu = LevelChecker.of(Level.SI).check(MtcExamples.lostUpdate());
        assertEquals(
                true,
                lu.explain().stream().anyMatch(s -> s.contains("divergence")),
                lu.explain().toString());
    }

    /** Biswas–Enea #9 (Fig. 7a): PC, SI, SER violated; CC and PSI hold. */
    @Test
    void digest9LongFork() {
        assertWitness(
                DigestExamples.ex9(),
                Level.PC,
                """
                long fork (Adya G2-item, Coo RAT/MDA): cycle T1 -> T3 -> T2 -> T4 -> T1
                  T1 (session S1, #1): w(x,1)
                  T3 (session S3, #1): r(x,1) r(y,0)
                  T2 (session S2, #1): w(y,1)
                  T4 (session S4, #1): r(x,0) r(y,1)
                  T1 -wr-> T3: T3 reads r(x,1) from T1
                  T3 -rw-> T2: T3 reads r(y,0), a version of y that T2 overwrites [init -ww(y)-> T2: the initial state comes first]
                  T2 -wr-> T4: T4 reads r(y,1) from T2
                  T4 -rw-> T1: T4 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """);
    }

    /**
     * Biswas–Enea #10: PC violated through two ww orders that pruning forces (each with its
     * reason).
     */
    @Test
    void digest10ThreeWritersTwoReaders() {
        assertWitness(
                DigestExamples.ex10(),
                Level.PC,
                """
                long fork (Adya G2-item, Coo RAT/MDA): cycle T2 -> T5 -> T3 -> T4 -> T2
                  T2 (session S2, #1): w(x,2)
                  T5 (session S5, #1): r(x,2) r(y,1)
                  T3 (session S3, #1): w(y,2)
                  T4 (session S4, #1): r(x,1) r(y,2)
                  T2 -wr-> T5: T5 reads r(x,2) from T2
                  T5 -rw-> T3: T5 reads r(y,1), a version of y that T3 overwrites [T1 -ww(y)-> T3: forced: T3 before T1 would close the cycle T4 -rw-> T1 -wr-> T4]
                  T3 -wr-> T4: T4 reads r(y,2) from T3
                  T4 -rw-> T2: T4 reads r(x,1), a version of x that T2 overwrites [T1 -ww(x)-> T2: forced: T2 before T1 would close the cycle T5 -rw-> T1 -wr-> T5]
                """);
    }

    /**
     * Biswas–Enea #11 (Figs 7c, 11a): PC holds, SI violated; either order of the two writers closes
     * a cycle.
     */
    @Test
    void digest11LostUpdateUnderSi() {
        assertWitness(
                DigestExamples.ex11(),
                Level.SI,
                """
                lost update (Adya G-single, Coo WAT/SDA): cycle T1 -> T2 -> T1
                  T1 (session S1, #1): r(x,0) w(x,1)
                  T2 (session S2, #1): r(x,0) w(x,2)
                  T1 -ww-> T2: T1's write of x precedes T2's [either order: the other one closes T2 -ww-> T1 -rw-> T2]
                  T2 -rw-> T1: T2 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """);
    }

    /** Biswas–Enea #11 under PSI (no concurrent conflicting writers). */
    @Test
    void digest11LostUpdateUnderPsi() {
        assertWitness(
                DigestExamples.ex11(),
                Level.PSI,
                """
                lost update (Adya G-single, Coo WAT/SDA): cycle T1 -> T2 -> T1
                  T1 (session S1, #1): r(x,0) w(x,1)
                  T2 (session S2, #1): r(x,0) w(x,2)
                  T1 -ww-> T2: T1's write of x precedes T2's [either order: the other one closes T2 -ww-> T1 -rw-> T2]
                  T2 -rw-> T1: T2 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """);
    }

    /** Biswas–Enea #12 (Figs 3h, 11c): SI and PSI hold, SER violated. */
    @Test
    void digest12WriteSkew() {
        assertWitness(
                DigestExamples.ex12(),
                Level.SER,
                """
                write skew (Adya G2-item, Coo IAT/DDA): cycle T1 -> T2 -> T1
                  T1 (session S1, #1): r(x,0) w(y,1)
                  T2 (session S2, #1): r(y,0) w(x,1)
                  T1 -rw-> T2: T1 reads r(x,0), a version of x that T2 overwrites [init -ww(x)-> T2: the initial state comes first]
                  T2 -rw-> T1: T2 reads r(y,0), a version of y that T1 overwrites [init -ww(y)-> T1: the initial state comes first]
                """);
    }

    /**
     * Biswas–Enea #14: PC holds, SI violated (the CC-forced order T2 before T1 is a write-half
     * edge).
     */
    @Test
    void digest14PcButNotSi() {
        assertWitness(
                DigestExamples.ex14(),
                Level.SI,
                """
                read-write skew (Adya G-single, Coo WAT/DDA): cycle T2 -> T1 -> T2
                  T2 (session S2, #1): w(x,2) w(y,2)
                  T1 (session S1, #1): r(y,0) w(x,1)
                  T2 -ww-> T1: T2's write of x precedes T1's [either order: the other one closes T3 -rw-> T2 -so-> T3]
                  T1 -rw-> T2: T1 reads r(y,0), a version of y that T2 overwrites [init -ww(y)-> T2: the initial state comes first]
                """);
    }

    /** MTC (l): long fork, decided by the mini-transaction fast path. */
    @Test
    void mtcLongForkViaFastPath() {
        assertWitness(
                MtcExamples.longFork(),
                Level.SI,
                """
                long fork (Adya G2-item, Coo RAT/MDA): cycle T1 -> T3 -> T2 -> T4 -> T1
                  T1 (session S1, #1): r(x,0) w(x,1)
                  T3 (session S3, #1): r(x,1) r(y,0)
                  T2 (session S2, #1): r(y,0) w(y,1)
                  T4 (session S4, #1): r(y,1) r(x,0)
                  T1 -wr-> T3: T3 reads r(x,1) from T1
                  T3 -rw-> T2: T3 reads r(y,0), a version of y that T2 overwrites [init -ww(y)-> T2: the initial state comes first]
                  T2 -wr-> T4: T4 reads r(y,1) from T2
                  T4 -rw-> T1: T4 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """);
    }

    /** MTC (m): lost update (divergence) under SER: the known rw edges already form the cycle. */
    @Test
    void mtcLostUpdateUnderSer() {
        assertWitness(
                MtcExamples.lostUpdate(),
                Level.SER,
                """
                lost update (Adya G-single, Coo IAT/SDA): cycle T1 -> T2 -> T1
                  T1 (session S1, #1): r(x,0) w(x,1)
                  T2 (session S2, #1): r(x,0) w(x,2)
                  T1 -rw-> T2: T1 reads r(x,0), a version of x that T2 overwrites [init -ww(x)-> T2: the initial state comes first]
                  T2 -rw-> T1: T2 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """);
    }

    /** MTC (n): write skew, two adjacent rw edges: SI holds, SER violated. */
    @Test
    void mtcWriteSkewViaFastPath() {
        assertWitness(
                MtcExamples.writeSkew(),
                Level.SER,
                """
                write skew (Adya G2-item, Coo IAT/DDA): cycle T1 -> T2 -> T1
                  T1 (session S1, #1): r(x,0) r(y,0) w(x,1)
                  T2 (session S2, #1): r(x,0) r(y,0) w(y,1)
                  T1 -rw-> T2: T1 reads r(y,0), a version of y that T2 overwrites [init -ww(y)-> T2: the initial state comes first]
                  T2 -rw-> T1: T2 reads r(x,0), a version of x that T1 overwrites [init -ww(x)-> T1: the initial state comes first]
                """);
    }
}
