package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;

/**
 * The anomaly catalogue of the MTC paper (Wei et al., Table I / Fig. 5; docs/DESIGN.md §6), rebuilt
 * from its prose: each a mini-transaction history with unique values; ⊥T writes x = 0 and y = 0.
 * Each transaction in its own session unless the example has session order.
 */
final class MtcExamples {
    private MtcExamples() {}

    private static HistoryBuilder init() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0).w("y", 0);
        return b;
    }

    /** (a) ThinAirRead. */
    static History thinAirRead() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 7);
        return b.build();
    }

    /** (b) AbortedRead (G1a). */
    static History abortedRead() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1).aborted();
        b.txn("S2").r("x", 1);
        return b.build();
    }

    /** (c) FutureRead. */
    static History futureRead() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 1).w("x", 1);
        return b.build();
    }

    /** (d) NotMyLastWrite. */
    static History notMyLastWrite() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1).w("x", 2).r("x", 1);
        return b.build();
    }

    /** (e) NotMyOwnWrite. */
    static History notMyOwnWrite() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1).r("x", 0);
        return b.build();
    }

    /** (f) IntermediateRead (G1b). */
    static History intermediateRead() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1).w("x", 2);
        b.txn("S2").r("x", 1);
        return b.build();
    }

    /** (g) NonRepeatableReads. */
    static History nonRepeatableReads() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 0).r("x", 1);
        return b.build();
    }

    /** (h) SessionGuaranteeViolation: T2 →so T3, T3 misses T2's write. */
    static History sessionGuaranteeViolation() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 1).w("x", 2);
        b.txn("S2").r("x", 1);
        return b.build();
    }

    /** (i) NonMonotonicRead. */
    static History nonMonotonicRead() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 1).w("x", 2).r("y", 0).w("y", 1);
        b.txn("S3").r("y", 1).r("x", 1);
        return b.build();
    }

    /** (j) FracturedRead. */
    static History fracturedRead() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1).r("y", 0).w("y", 1);
        b.txn("S2").r("x", 1).r("y", 0);
        return b.build();
    }

    /** (k) CausalityViolation. */
    static History causalityViolation() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 1).r("y", 0).w("y", 1);
        b.txn("S3").r("y", 1).r("x", 0);
        return b.build();
    }

    /** (l) LongFork. */
    static History longFork() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("y", 0).w("y", 1);
        b.txn("S3").r("x", 1).r("y", 0);
        b.txn("S4").r("y", 1).r("x", 0);
        return b.build();
    }

    /** (m) LostUpdate. */
    static History lostUpdate() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).w("x", 1);
        b.txn("S2").r("x", 0).w("x", 2);
        return b.build();
    }

    /** (n) WriteSkew. */
    static History writeSkew() {
        HistoryBuilder b = init();
        b.txn("S1").r("x", 0).r("y", 0).w("x", 1);
        b.txn("S2").r("x", 0).r("y", 0).w("y", 1);
        return b.build();
    }
}
