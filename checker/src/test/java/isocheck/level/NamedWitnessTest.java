package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.anomaly.CycleWitness;
import isocheck.anomaly.Pattern;
import isocheck.anomaly.ReadAnomalyKind;
import isocheck.anomaly.ReadWitness;
import isocheck.anomaly.Witness;
import isocheck.history.History;
import isocheck.vocabulary.EdgeKind;
import org.junit.jupiter.api.Test;

/**
 * Each read-consistency anomaly and each level's characteristic violation, with its exact witness
 * text. Histories are Biswas & Enea's worked examples (numbered as in docs/DESIGN.md §6) and AWDIT
 * Def. 2.3 patterns.
 */
class NamedWitnessTest {

    private static Witness witness(History h, Level level) {
        Verdict v = LevelChecker.of(level).check(h);
        Verdict.Violated vio =
                assertInstanceOf(Verdict.Violated.class, v, () -> level + " should be violated");
        return vio.witnesses().get(0);
    }

    private static void assertRead(History h, ReadAnomalyKind kind, String text) {
        for (Level level : Level.values()) {
            Witness w = witness(h, level);
            assertEquals(kind, assertInstanceOf(ReadWitness.class, w).kind());
            assertEquals(text, w.toText(), level.toString());
        }
        assertEquals(kind, ReadConsistency.check(h).get(0).kind());
    }

    @Test
    void thinAirRead() {
        assertRead(
                DigestExamples.thinAir(),
                ReadAnomalyKind.THIN_AIR_READ,
                """
                thin-air read (Plume TAP-a): T1 reads r(x,5), a value no transaction writes
                  T1 (session S1, #1): r(x,5)
                """);
    }

    @Test
    void abortedRead() {
        assertRead(
                DigestExamples.abortedRead(),
                ReadAnomalyKind.ABORTED_READ,
                """
                aborted read (Adya G1a, Plume TAP-b): T2 reads r(x,1) written by T1, which aborted
                  T2 (session S2, #1): r(x,1)
                  T1 (session S1, #1, aborted): w(x,1)
                """);
    }

    @Test
    void futureRead() {
        assertRead(
                DigestExamples.futureRead(),
                ReadAnomalyKind.FUTURE_READ,
                """
                future read (Plume TAP-c): T1 reads r(x,1) before it writes w(x,1) itself
                  T1 (session S1, #1): r(x,1) w(x,1)
                """);
    }

    @Test
    void notMyOwnWrite() {
        assertRead(
                DigestExamples.notMyOwnWrite(),
                ReadAnomalyKind.NOT_MY_OWN_WRITE,
                """
                not-my-own-write (Plume TAP-d): T2 reads r(x,1) from T1 after writing w(x,2) itself
                  T2 (session S2, #1): w(x,2) r(x,1)
                  T1 (session S1, #1): w(x,1)
                """);
    }

    @Test
    void notMyLastWrite() {
        assertRead(
                DigestExamples.notMyLastWrite(),
                ReadAnomalyKind.NOT_MY_LAST_WRITE,
                """
                not-my-last-write (Plume TAP-e): T1 reads r(x,1), its own write, after overwriting it with w(x,2)
                  T1 (session S1, #1): w(x,1) w(x,2) r(x,1)
                """);
    }

    @Test
    void intermediateRead() {
        assertRead(
                DigestExamples.intermediateRead(),
                ReadAnomalyKind.INTERMEDIATE_READ,
                """
                intermediate read (Adya G1b, Plume TAP-f): T2 reads r(x,1) from T1, which overwrites it with w(x,2)
                  T2 (session S2, #1): r(x,1)
                  T1 (session S1, #1): w(x,1) w(x,2)
                """);
    }

    @Test
    void nonRepeatableReadViolatesRaNotRc() {
        History h = DigestExamples.ex2();
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.RC).check(h));
        Witness w = witness(h, Level.RA);
        assertEquals(ReadAnomalyKind.NON_REPEATABLE_READ, ((ReadWitness) w).kind());
        assertEquals(
                """
                non-repeatable read (Plume TAP-j): T3 reads x from T1 (r(x,1)) and then from T2 (r(x,2))
                  T3 (session S3, #1): r(x,1) r(x,2)
                  T1 (session S1, #1): w(x,1)
                  T2 (session S2, #1): w(x,2)
                """,
                w.toText());
        assertEquals(w.toText(), witness(h, Level.CC).toText());
    }

    @Test
    void causalityCycleIsG1cAtEveryLevel() {
        for (Level level : Level.values()) {
            assertEquals(
                    """
                    causality cycle (Adya G1c-process, Coo RAT/MDA): cycle T1 -> T2 -> T3 -> T4 -> T1
                      T1 (session 0, #1): r(1,1)
                      T2 (session 0, #2): w(0,0)
                      T3 (session 1, #1): r(0,0)
                      T4 (session 1, #2): w(1,1)
                      T1 -so-> T2: T1 precedes T2 in their session
                      T2 -wr-> T3: T3 reads r(0,0) from T2
                      T3 -so-> T4: T3 precedes T4 in their session
                      T4 -wr-> T1: T1 reads r(1,1) from T4
                    """,
                    witness(DigestExamples.hbCycle(), level).toText());
        }
    }

    @Test
    void readCommittedViolationIsNonMonotonicRead() {
        Witness w = witness(DigestExamples.ex1(), Level.RC);
        assertEquals(
                """
                non-monotonic read (Coo WAT/SDA): cycle T2 -> T1 -> T2
                  T2 (session S1, #2): w(x,2) w(y,1)
                  T1 (session S1, #1): w(x,1)
                  T3 (session S2, #1): r(y,1) r(x,1)
                  T2 -co-> T1: T3 reads x from T1 (r(x,1)) after reading from T2 (r(y,1)), which also writes x [non-monotonic]
                  T1 -so-> T2: T1 precedes T2 in their session
                """,
                w.toText());
        CycleWitness c = (CycleWitness) w;
        assertEquals(Pattern.NON_MONOTONIC, c.edges().get(0).justification().pattern());
        assertEquals(EdgeKind.SO, c.edges().get(1).kind());
    }

    @Test
    void readAtomicViolationIsFracturedRead() {
        History h = DigestExamples.ex4();
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.RC).check(h));
        assertEquals(
                """
                fractured read (Coo WAT/DDA): cycle T1 -> T2 -> T1
                  T1 (session S1, #1): w(x,1) w(y,1)
                  T2 (session S2, #1): w(x,2) w(y,2)
                  T3 (session S3, #1): r(x,1) r(y,2)
                  T1 -co-> T2: T3 reads y from T2 (r(y,2)) after reading from T1 (r(x,1)), which also writes y [non-monotonic]
                  T2 -co-> T1: T3 reads x from T1 (r(x,1)) and also reads from T2 (r(y,2)), which writes x too [fractured-wr]
                """,
                witness(h, Level.RA).toText());
    }

    @Test
    void readAtomicSessionCaseIsFracturedReadThroughSessionOrder() {
        History h = DigestExamples.ex3b(); // stale read in own session
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.RC).check(h));
        assertEquals(
                """
                fractured read (Coo WAT/SDA): cycle T1 -> init -> T1
                  T1 (session S1, #1): w(x,1)
                  init (initial state): w(x,0)
                  T2 (session S1, #2): r(x,0)
                  T1 -co-> init: T2 reads x from init (r(x,0)), but T1, which also writes x, precedes T2 in its session [fractured-so]
                  init -so-> T1: the initial state precedes every transaction
                """,
                witness(h, Level.RA).toText());
    }

    @Test
    void causalViolationIsCausalityViolation() {
        History h = DigestExamples.ex5();
        assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(Level.RA).check(h));
        assertEquals(
                """
                causality violation (Coo RAT/SDA): cycle T2 -> T1 -> T2
                  T2 (session S2, #1): r(x,1) w(x,2)
                  T1 (session S1, #1): w(x,1)
                  T4 (session S4, #1): r(y,1) r(x,1)
                  T2 -co-> T1: T4 reads x from T1 (r(x,1)), but T2, which also writes x, happens before T4 (T2 -> T3 -> T4) [causal]
                  T1 -wr-> T2: T2 reads r(x,1) from T1
                """,
                witness(h, Level.CC).toText());
    }

    @Test
    void witnessJsonAndDot() {
        Witness w = witness(DigestExamples.ex1(), Level.RC);
        assertEquals(
                "{\"anomaly\":\"non-monotonic read\",\"kind\":\"cycle\",\"coo\":\"WAT/SDA\",\"cycle\":[\"T2\",\"T1\"],"
                        + "\"text\":\"cycle T2 -> T1 -> T2\",\"transactions\":["
                        + "{\"id\":\"T2\",\"session\":\"S1\",\"position\":2,\"committed\":true,\"ops\":[\"w(x,2)\",\"w(y,1)\"]},"
                        + "{\"id\":\"T1\",\"session\":\"S1\",\"position\":1,\"committed\":true,\"ops\":[\"w(x,1)\"]},"
                        + "{\"id\":\"T3\",\"session\":\"S2\",\"position\":1,\"committed\":true,\"ops\":[\"r(y,1)\",\"r(x,1)\"]}],"
                        + "\"edges\":[{\"from\":\"T2\",\"to\":\"T1\",\"kind\":\"co\",\"key\":\"x\",\"justification\":{\"pattern\":\"non-monotonic\","
                        + "\"reader\":\"T3\",\"key\":\"x\",\"readFromTo\":{\"txn\":\"T3\",\"index\":1,\"op\":\"r(x,1)\"},"
                        + "\"readFromFrom\":{\"txn\":\"T3\",\"index\":0,\"op\":\"r(y,1)\"}},"
                        + "\"text\":\"T3 reads x from T1 (r(x,1)) after reading from T2 (r(y,1)), which also writes x [non-monotonic]\"},"
                        + "{\"from\":\"T1\",\"to\":\"T2\",\"kind\":\"so\",\"text\":\"T1 precedes T2 in their session\"}]}",
                w.toJson());
        String dot = w.toDot();
        assertTrue(dot.startsWith("digraph witness {\n"), dot);
        assertTrue(
                dot.contains(
                        "\"T2\" -> \"T1\" [color=red, style=dashed, label=\"co: T3 reads x from T1"),
                dot);
        assertTrue(
                dot.contains(
                        "\"T1\" -> \"T2\" [color=black, label=\"so: T1 precedes T2 in their session\"]"),
                dot);
        assertTrue(dot.endsWith("}\n"), dot);
    }
}
