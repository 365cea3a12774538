package isocheck.level;

import isocheck.history.History;
import java.util.ArrayList;
import java.util.List;

/**
 * The axioms of PC, PSI, SI, SER and SSER, executable (Biswas & Enea, OOPSLA 2019, §2.2; Cerone et
 * al. for PSI): read consistency ({@link BruteForceOracle#readConsistent}), then a depth-first
 * enumeration of the total orders co of the committed transactions that contain so ∪ wr (and rt for
 * SSER), checking the axiom instances on each prefix:
 *
 * <pre>
 *   ∀x, t1 ≠ t2, t3:  t1 →wr_x t3 ∧ t2 writes x ∧ φ(t2, t3) ⇒ t2 →co t1
 *   SER:  φ = t2 →co t3
 *   PC:   φ = ∃t4. t2 →co* t4 ∧ t4 →(wr ∪ so) t3                                    (Prefix)
 *   SI:   Prefix, and φ = ∃t4, y. t2 →co* t4 →co t3 ∧ t3, t4 write y              (Conflict)
 *   PSI:  φ = t2 →vis t3, vis = (so ∪ wr ∪ ww_co)+, ww_co = co on writers of a common key
 *   SSER: SER, and commit(t) &lt; start(u) ⇒ t →co u
 * </pre>
 *
 * PSI (Cerone, Bernardi, Gotsman 2015) asks for visibility vis and arbitration ar = co with so ⊆
 * vis (Session), vis transitive, writers of a common key related by vis (NoConflict), vis ⊆ co, and
 * every read returning the co-last visible write (Ext). Given co, the least such vis is (so ∪ wr ∪
 * ww_co)+ (wr ⊆ vis since the read's writer must be visible; NoConflict with vis ⊆ co forces
 * ww_co), and a larger vis only makes more writers visible, so PSI holds iff some co satisfies the
 * axiom with that vis.
 *
 * <p>Pruning on prefixes is exact: every participant of an instance is co-before or equal to t3 (t4
 * and the writers by wr ∪ so ⊆ co, vis paths go forward in co), so an instance is decided once t3
 * is placed, and checking the instances whose t3 is the newly placed transaction suffices.
 * Exponential on purpose; histories of up to ~10 transactions.
 */
final class ExactOracle {
    private final History h;
    private final Level level;
    private final List<Integer> txns = new ArrayList<>();
    private final int[] pos;
    private final int[] order;
    private int placedCount;
    private int[] result;

    private final PredicateEdges predicates;

    private ExactOracle(History h, Level level) {
        this.h = h;
        this.predicates = PredicateEdges.of(h);
        this.level = level;
        pos = new int[h.txnCount()];
        order = new int[h.txnCount()];
    }

    static boolean holds(History h, Level level) {
        return commitOrder(h, level) != null;
    }

    /** A commit order satisfying the level, or null if there is none. */
    static int[] commitOrder(History h, Level level) {
        if (!BruteForceOracle.readConsistent(h)) {
            return null;
        }
        ExactOracle o = new ExactOracle(h, level);
        return o.search() ? o.result : null;
    }

    private boolean search() {
        for (int t = 0; t < h.txnCount(); t++) {
            if (h.isCommitted(t)) {
                txns.add(t);
            }
            pos[t] = -1;
        }
        return extend();
    }

    private boolean extend() {
        if (placedCount == txns.size()) {
            result = java.util.Arrays.copyOf(order, placedCount);
            return true;
        }
        for (int t : txns) {
            if (pos[t] >= 0 || !mayPlace(t)) {
                continue;
            }
            pos[t] = placedCount;
            order[placedCount++] = t;
            if (instancesHold(t) && extend()) {
                return true;
            }
            placedCount--;
            pos[t] = -1;
        }
        return false;
    }

    /** so ∪ wr (∪ rt) predecessors and recorded ww predecessors of t are placed. */
    private boolean mayPlace(int t) {
        for (int u : txns) {
            if (u == t || pos[u] >= 0) {
                continue;
            }
            if (so(u, t) || wr(u, t) || recorded(u, t) || (level == Level.SSER && rt(u, t))) {
                return false;
            }
        }
        return true;
    }

    private boolean so(int a, int b) {
        if (a == b) {
            return false;
        }
        if (h.isInitial(a)) {
            return true;
        }
        return !h.isInitial(b) && h.session(a) == h.session(b) && a < b;
    }

    /** a →wr b: b has a read observing a write of a (a ≠ b). */
    private boolean wr(int a, int b) {
        if (a == b) {
            return false;
        }
        for (int r = h.opStart(b); r < h.opEnd(b); r++) {
            if (!h.isWrite(r) && !h.isPredicateKey(h.key(r)) && writerOf(r) == a) {
                return true;
            }
        }
        for (int[] d : predicates.dependencies()) { // Adya's predicate read-dependency
            if (d[0] == a && d[1] == b) {
                return true;
            }
        }
        return false;
    }

    private boolean rt(int a, int b) {
        if (h.isInitial(a) || h.isInitial(b)) {
            return false;
        }
        long c = h.commitTime(a);
        long s = h.startTime(b);
        return c != History.NO_TIME && s != History.NO_TIME && c < s;
    }

    private int writerOf(int read) {
        return BruteForceOracle.txnOf(h, BruteForceOracle.findWrite(h, h.key(read), h.value(read)));
    }

    private boolean writes(int t, int key) {
        if (h.isPredicateKey(key)) {
            return false; // predicate edges come from the predicate reads themselves
        }
        for (int o = h.opStart(t); o < h.opEnd(t); o++) {
            if (h.isWrite(o) && h.key(o) == key) {
                return true;
            }
        }
        return false;
    }

    private boolean conflict(int a, int b) {
        for (int o = h.opStart(a); o < h.opEnd(a); o++) {
            if (h.isWrite(o) && writes(b, h.key(o))) {
                return true;
            }
        }
        return false;
    }

    private boolean coStar(int a, int b) {
        return pos[a] <= pos[b];
    }

    private boolean co(int a, int b) {
        return pos[a] < pos[b];
    }

    /** The axiom instances whose t3 is the transaction just placed. */
    private boolean instancesHold(int t3) {
        boolean[][] vis = level == Level.PSI ? visibility() : null;
        for (int r = h.opStart(t3); r < h.opEnd(t3); r++) {
            if (h.isWrite(r) || h.isPredicateKey(h.key(r))) {
                continue;
            }
            int t1 = writerOf(r);
            if (t1 == t3) {
                continue;
            }
            int x = h.key(r);
            for (int i = 0; i < placedCount; i++) {
                int t2 = order[i];
                if (t2 == t1 || t2 == t3 || !writes(t2, x)) {
                    continue;
                }
                if (premise(t2, t3, vis) && !co(t2, t1)) {
                    return false;
                }
            }
        }
        // Adya's predicate anti-dependency t3 -> t2: t2's change must not be visible to t3.
        for (int[] a : predicates.antiDependencies()) {
            if (a[0] == t3 && h.isCommitted(a[1]) && pos[a[1]] >= 0 && premise(a[1], t3, vis)) {
                return false;
            }
        }
        return true;
    }

    private boolean premise(int t2, int t3, boolean[][] vis) {
        switch (level) {
            case SER, SSER:
                return co(t2, t3);
            case PSI:
                return vis[t2][t3];
            default:
                for (int i = 0; i < placedCount; i++) {
                    int t4 = order[i];
                    if (coStar(t2, t4) && (wr(t4, t3) || so(t4, t3))) {
                        return true; // Prefix
                    }
                    if (level == Level.SI && coStar(t2, t4) && co(t4, t3) && conflict(t3, t4)) {
                        return true; // Conflict
                    }
                }
                return false;
        }
    }

    /** (so ∪ wr ∪ ww_co)+ over the placed transactions. */
    private boolean[][] visibility() {
        int n = h.txnCount();
        boolean[][] v = new boolean[n][n];
        for (int i = 0; i < placedCount; i++) {
            for (int j = 0; j < placedCount; j++) {
                int a = order[i];
                int b = order[j];
                if (a != b && (so(a, b) || wr(a, b) || (co(a, b) && conflict(a, b)))) {
                    v[a][b] = true;
                }
            }
        }
        for (int kk = 0; kk < placedCount; kk++) {
            int c = order[kk];
            for (int i = 0; i < placedCount; i++) {
                int a = order[i];
                if (!v[a][c]) {
                    continue;
                }
                for (int j = 0; j < placedCount; j++) {
                    if (v[c][order[j]]) {
                        v[a][order[j]] = true;
                    }
                }
            }
        }
        return v;
    }

    /**
     * a's version was recorded to be replaced by a write of b ({@link History#replaced}): the
     * version order, and so co, puts a first.
     */
    private boolean recorded(int a, int b) {
        if (a == b) {
            return false;
        }
        for (int w = h.opStart(b); w < h.opEnd(b); w++) {
            int r = h.isWrite(w) ? h.replaced(w) : -1;
            if (r >= h.opStart(a) && r < h.opEnd(a)) {
                return true;
            }
        }
        return false;
    }
}
