package isocheck.level;

import isocheck.history.History;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The specification, executable: Read Consistency (AWDIT Def. 2.3) checked operation by operation,
 * then a search for a commit order co — a total order of the committed transactions — that contains
 * so ∪ wr and satisfies the level's axiom (Biswas & Enea, OOPSLA 2019, §2.2):
 *
 * <pre>
 *   ∀x, t1 ≠ t2, t3:  t1 →wr_x t3 ∧ t2 writes x ∧ φ(t2, t3) ⇒ t2 →co t1
 *   RC: t2 →wr β →po α where α is the read of x from t1 (reads of t3)
 *   RA: t2 →(so ∪ wr) t3        CC: t2 →(so ∪ wr)+ t3
 * </pre>
 *
 * Premises do not mention co, so they are evaluated once; orders are enumerated by placing one
 * transaction at a time, pruning a prefix as soon as it breaks a constraint, and remembering prefix
 * sets that cannot be completed (the set, not the order, decides completion). Quadratic-and-worse
 * everywhere on purpose: it must be obviously right, not fast. Histories up to ~16 transactions.
 */
final class BruteForceOracle {
    private final History h;
    private final List<Integer> txns = new ArrayList<>(); // committed transactions
    private final List<int[]> readsFrom = new ArrayList<>(); // {t1, t3, readOp} external, committed
    private final Set<Long> before = new HashSet<>(); // required "a before b" pairs

    /**
     * readsFrom's {t1, t3, order} ({@link PredicateEdges#orderOf}), predicate read-dependencies
     * included.
     */
    private final List<int[]> dependsOn = new ArrayList<>();

    private BruteForceOracle(History h) {
        this.h = h;
    }

    static boolean holds(History h, Level level) {
        if (level.exact()) {
            return ExactOracle.holds(h, level); // premises mention co: see ExactOracle
        }
        return new BruteForceOracle(h).decide(level);
    }

    /** Read Consistency (AWDIT Def. 2.3 (a)–(e)), straight from the formulas. */
    static boolean readConsistent(History h) {
        for (int t = 0; t < h.txnCount(); t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            for (int r = h.opStart(t); r < h.opEnd(t); r++) {
                if (h.isWrite(r)) {
                    continue;
                }
                int w = findWrite(h, h.key(r), h.value(r));
                if (w < 0) {
                    return false; // (a) thin-air
                }
                int wt = txnOf(h, w);
                if (!h.isCommitted(wt)) {
                    return false; // (b) aborted read
                }
                if (wt == t && r < w) {
                    return false; // (c) future read
                }
                if (wt != t) {
                    for (int o = h.opStart(t); o < r; o++) {
                        if (h.isWrite(o) && h.key(o) == h.key(r)) {
                            return false; // (d) observe own writes
                        }
                    }
                }
                for (int o = w + 1; o < h.opEnd(wt); o++) {
                    if (h.isWrite(o) && h.key(o) == h.key(r) && !(wt == t && r < o)) {
                        return false; // (e) observe latest write: w →po w' ⇒ r →po w'
                    }
                }
            }
        }
        return true;
    }

    static int findWrite(History h, int key, long value) {
        int found = -1;
        for (int o = 0; o < h.opCount(); o++) {
            if (h.isWrite(o) && h.key(o) == key && h.value(o) == value) {
                found = o;
            }
        }
        return found;
    }

    static int txnOf(History h, int op) {
        for (int t = 0; t < h.txnCount(); t++) {
            if (h.opStart(t) <= op && op < h.opEnd(t)) {
                return t;
            }
        }
        throw new IllegalStateException();
    }

    private boolean writes(int t, int key) {
        for (int o = h.opStart(t); o < h.opEnd(t); o++) {
            if (h.isWrite(o) && h.key(o) == key) {
                return true;
            }
        }
        return false;
    }

    /** so: same session and earlier; the initial transaction precedes every transaction. */
    private boolean so(int a, int b) {
        if (a == b) {
            return false;
        }
        if (h.isInitial(a)) {
            return true;
        }
        return !h.isInitial(b) && h.session(a) == h.session(b) && a < b;
    }

    private boolean wr(int a, int b) {
        for (int[] e : dependsOn) {
            if (e[0] == a && e[1] == b) {
                return true;
            }
        }
        return false;
    }

    private boolean decide(Level level) {
        if (!readConsistent(h)) {
            return false;
        }
        for (int t = 0; t < h.txnCount(); t++) {
            if (h.isCommitted(t)) {
                txns.add(t);
            }
        }
        for (int t3 : txns) {
            for (int r = h.opStart(t3); r < h.opEnd(t3); r++) {
                if (!h.isWrite(r)
                        && !h.isPredicateKey(
                                h.key(r))) { // predicate edges: from the predicate reads
                    int t1 = txnOf(h, findWrite(h, h.key(r), h.value(r)));
                    if (t1 != t3) {
                        readsFrom.add(new int[] {t1, t3, r});
                        dependsOn.add(new int[] {t1, t3, PredicateEdges.orderOf(r)});
                    }
                }
            }
        }
        PredicateEdges predicates = PredicateEdges.of(h);
        for (int[] d :
                predicates.dependencies()) { // Adya: a predicate read-dependency orders like wr
            if (h.isCommitted(d[0]) && h.isCommitted(d[1])) {
                dependsOn.add(d);
            }
        }
        // co ⊇ so ∪ wr
        for (int a : txns) {
            for (int b : txns) {
                if (so(a, b) || wr(a, b) || recorded(a, b)) { // and the recorded version order
                    before.add(pair(a, b));
                }
            }
        }
        boolean[][] hb = level == Level.CC ? closure() : null;
        // A predicate anti-dependency t3 -> t2: t2's change must not be visible to t3 (φ(t2, t3)
        // false).
        for (int[] a : predicates.antiDependencies()) {
            int t3 = a[0];
            int t2 = a[1];
            if (!h.isCommitted(t3) || !h.isCommitted(t2)) {
                continue;
            }
            boolean premise =
                    switch (level) {
                        case RC -> readBefore(t2, t3, a[2]);
                        case RA -> so(t2, t3) || wr(t2, t3);
                        case CC -> hb[t2][t3];
                        default ->
                                throw new IllegalArgumentException(
                                        level + " is checked by ExactOracle");
                    };
            if (premise) {
                return false;
            }
        }
        // the axiom: t1 →wr_x t3 ∧ t2 writes x ∧ φ(t2, t3) ⇒ t2 →co t1
        for (int[] alpha : readsFrom) {
            int t1 = alpha[0];
            int t3 = alpha[1];
            int x = h.key(alpha[2]);
            for (int t2 : txns) {
                if (t2 == t1 || !writes(t2, x)) {
                    continue;
                }
                boolean premise =
                        switch (level) {
                            case RC -> readBefore(t2, t3, PredicateEdges.orderOf(alpha[2]));
                            case RA -> so(t2, t3) || wr(t2, t3);
                            case CC -> hb[t2][t3];
                            default ->
                                    throw new IllegalArgumentException(
                                            level + " is checked by ExactOracle");
                        };
                if (premise) {
                    before.add(pair(t2, t1));
                }
            }
        }
        return search(new boolean[h.txnCount()], 0, new HashSet<>());
    }

    /** RC's φ: t3 has a read β, po-before α, that reads from t2. */
    private boolean readBefore(int t2, int t3, int alpha) {
        for (int[] beta : dependsOn) {
            if (beta[0] == t2 && beta[1] == t3 && beta[2] < alpha) {
                return true;
            }
        }
        return false;
    }

    private boolean[][] closure() {
        int n = h.txnCount();
        boolean[][] r = new boolean[n][n];
        for (int a : txns) {
            for (int b : txns) {
                r[a][b] = so(a, b) || wr(a, b);
            }
        }
        for (int k : txns) {
            for (int a : txns) {
                for (int b : txns) {
                    if (r[a][k] && r[k][b]) {
                        r[a][b] = true;
                    }
                }
            }
        }
        return r;
    }

    /**
     * Extends the placed prefix one transaction at a time; true iff some total order completes it.
     */
    private boolean search(boolean[] placed, int count, Set<String> failed) {
        if (count == txns.size()) {
            return true;
        }
        String key = java.util.Arrays.toString(placed);
        if (failed.contains(key)) {
            return false;
        }
        for (int t : txns) {
            if (placed[t]) {
                continue;
            }
            boolean ok = true;
            for (int a : txns) {
                if (!placed[a] && a != t && before.contains(pair(a, t))) {
                    ok = false; // some a that must precede t is not placed yet
                    break;
                }
            }
            if (before.contains(pair(t, t))) {
                ok = false;
            }
            if (ok) {
                placed[t] = true;
                boolean done = search(placed, count + 1, failed);
                placed[t] = false;
                if (done) {
                    return true;
                }
            }
        }
        failed.add(key);
        return false;
    }

    private static long pair(int a, int b) {
        return (long) a << 32 | b;
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
