package isocheck.level;

import isocheck.history.History;
import isocheck.history.PredicateRead;
import java.util.ArrayList;
import java.util.List;

/**
 * Adya's predicate edges of a history, straight from its {@link PredicateRead}s (not from the item
 * keys that stand for them), for the oracles: a change the read observed is a predicate
 * read-dependency (changer → reader), a later one a predicate anti-dependency (reader → changer).
 * Edges from the reader to itself, and from the initial state, are left out (Adya's DSG has
 * neither). {@code order} places the predicate read among the reader's operations: real operation
 * {@code o} has order {@code o * 1000 + 999}; the k-th predicate read before it {@code o * 1000 +
 * k}.
 */
record PredicateEdges(List<int[]> dependencies, List<int[]> antiDependencies) {

    /** {@code {changer, reader, order}} and {@code {reader, changer, order}}. */
    static PredicateEdges of(History h) {
        List<int[]> dep = new ArrayList<>();
        List<int[]> anti = new ArrayList<>();
        int lastTxn = -1;
        int lastPos = -1;
        int k = 0;
        for (PredicateRead pr : h.predicateReads()) {
            int t = pr.txn();
            k = t == lastTxn && pr.position() == lastPos ? k + 1 : 0;
            lastTxn = t;
            lastPos = pr.position();
            int order = realOp(h, t, pr.position()) * 1000 + k;
            for (PredicateRead.Row row : pr.rows()) {
                for (int j = 0; j < row.changes().size(); j++) {
                    PredicateRead.Change c = row.changes().get(j);
                    int w = BruteForceOracle.findWrite(h, h.keys().find(c.key()), c.value());
                    int changer = BruteForceOracle.txnOf(h, w);
                    if (changer == t || h.isInitial(changer)) {
                        continue;
                    }
                    if (j < row.observed()) {
                        dep.add(new int[] {changer, t, order});
                    } else {
                        anti.add(new int[] {t, changer, order});
                    }
                }
            }
        }
        return new PredicateEdges(dep, anti);
    }

    /**
     * The global index of the {@code position}-th real (non-predicate-key) operation of t, or its
     * end.
     */
    private static int realOp(History h, int t, int position) {
        int seen = 0;
        for (int o = h.opStart(t); o < h.opEnd(t); o++) {
            if (h.isPredicateKey(h.key(o))) {
                continue;
            }
            if (seen == position) {
                return o;
            }
            seen++;
        }
        return h.opEnd(t);
    }

    /** The order of real operation {@code o} among predicate reads. */
    static int orderOf(int o) {
        return o * 1000 + 999;
    }
}
