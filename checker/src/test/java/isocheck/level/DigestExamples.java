package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;

/**
 * Histories from Biswas & Enea's examples (OOPSLA 2019, §2–§4; docs/DESIGN.md §6) and AWDIT §2
 * (Defs. 2.3–2.8), built with the builder (t0 writes 0 everywhere).
 */
final class DigestExamples {
    private DigestExamples() {}

    private static HistoryBuilder withInit(String... keys) {
        HistoryBuilder b = new HistoryBuilder();
        for (String k : keys) {
            b.init().w(k, 0);
        }
        return b;
    }

    /** #1: RC violation — t3 reads y from t2, then the older x from t1, and t1 →so t2. */
    static History ex1() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1);
        b.txn("S1").w("x", 2).w("y", 1);
        b.txn("S2").r("y", 1).r("x", 1);
        return b.build();
    }

    /** #1': the same with t1 and t2 in different sessions: consistent everywhere. */
    static History ex1b() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1);
        b.txn("S2").w("x", 2).w("y", 1);
        b.txn("S3").r("y", 1).r("x", 1);
        return b.build();
    }

    /** #2: non-repeatable read. */
    static History ex2() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1);
        b.txn("S2").w("x", 2);
        b.txn("S3").r("x", 1).r("x", 2);
        return b.build();
    }

    /** #2': reads going backwards in co. */
    static History ex2b() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1);
        b.txn("S1").w("x", 2);
        b.txn("S2").r("x", 2).r("x", 1);
        return b.build();
    }

    /** #3: read-my-writes violation. */
    static History ex3() {
        HistoryBuilder b = withInit("y");
        b.txn("S1").w("y", 1);
        b.txn("S2").r("y", 1).w("y", 2);
        b.txn("S2").r("y", 1);
        return b.build();
    }

    /** #3': stale read in own session. */
    static History ex3b() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1);
        b.txn("S1").r("x", 0);
        return b.build();
    }

    /** #4: fractured read. */
    static History ex4() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1).w("y", 1);
        b.txn("S2").w("x", 2).w("y", 2);
        b.txn("S3").r("x", 1).r("y", 2);
        return b.build();
    }

    /** #5: causality violation (Fig. 3e). */
    static History ex5() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1);
        b.txn("S2").r("x", 1).w("x", 2);
        b.txn("S3").r("x", 2).w("y", 1);
        b.txn("S4").r("y", 1).r("x", 1);
        return b.build();
    }

    /** #6: CC via wr_x;wr_y. */
    static History ex6() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1);
        b.txn("S1").w("x", 2);
        b.txn("S2").r("x", 2).w("y", 1);
        b.txn("S3").r("y", 1).r("x", 1);
        return b.build();
    }

    /** #7: classic causality violation. */
    static History ex7() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1);
        b.txn("S2").r("x", 1).w("y", 1);
        b.txn("S3").r("y", 1).r("x", 0);
        return b.build();
    }

    /** #8: non-monotonic reads across transactions of a session. */
    static History ex8() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1);
        b.txn("S2").r("x", 1);
        b.txn("S2").r("x", 0);
        return b.build();
    }

    /** #9: long fork. */
    static History ex9() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1);
        b.txn("S2").w("y", 1);
        b.txn("S3").r("x", 1).r("y", 0);
        b.txn("S4").r("x", 0).r("y", 1);
        return b.build();
    }

    /** #10: PC violation with three writers and two readers. */
    static History ex10() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").w("x", 1).w("y", 1);
        b.txn("S2").w("x", 2);
        b.txn("S3").w("y", 2);
        b.txn("S4").r("x", 1).r("y", 2);
        b.txn("S5").r("x", 2).r("y", 1);
        return b.build();
    }

    /** #11: lost update. */
    static History ex11() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 0).w("x", 2);
        return b.build();
    }

    /** #12: write skew. */
    static History ex12() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").r("x", 0).w("y", 1);
        b.txn("S2").r("y", 0).w("x", 1);
        return b.build();
    }

    /** #13: AntidoteDB bug. */
    static History ex13() {
        HistoryBuilder b = withInit("x1", "x2");
        b.txn("S1").w("x1", 1).w("x2", 1);
        b.txn("S2").w("x1", 2).w("x2", 2);
        b.txn("S1").r("x1", 1).r("x2", 2);
        return b.build();
    }

    /** #14: PC ok, SI violated. */
    static History ex14() {
        HistoryBuilder b = withInit("x", "y");
        b.txn("S1").r("y", 0).w("x", 1);
        b.txn("S2").w("x", 2).w("y", 2);
        b.txn("S2").r("x", 1);
        return b.build();
    }

    // ---- read-consistency anomalies (AWDIT Def. 2.3) ----

    static History thinAir() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").r("x", 5);
        return b.build();
    }

    static History abortedRead() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1).aborted();
        b.txn("S2").r("x", 1);
        return b.build();
    }

    static History futureRead() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").r("x", 1).w("x", 1);
        return b.build();
    }

    static History notMyOwnWrite() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1);
        b.txn("S2").w("x", 2).r("x", 1);
        return b.build();
    }

    static History notMyLastWrite() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1).w("x", 2).r("x", 1);
        return b.build();
    }

    static History intermediateRead() {
        HistoryBuilder b = withInit("x");
        b.txn("S1").w("x", 1).w("x", 2);
        b.txn("S2").r("x", 1);
        return b.build();
    }

    /** AWDIT's none/hb-cycle.txt: a so ∪ wr cycle, no initial state. */
    static History hbCycle() {
        HistoryBuilder b = new HistoryBuilder();
        b.txn("0").r("1", 1);
        HistoryBuilder.Txn w00 = b.txn("0").w("0", 0);
        b.txn("1").r("0", 0);
        b.txn("1").w("1", 1);
        return w00 == null ? null : b.build();
    }
}
