package isocheck.run;

import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test oracles that need no checker: serializability decided by replaying committed transactions in
 * an order (the obviously-correct definition), and the levels the checker offers today (PC, PSI, SI
 * and SER arrive on another branch with the same API; tests use them when Level.parse knows them).
 */
final class Oracle {
    private Oracle() {}

    /** The level named {@code id} if the checker implements it on this branch. */
    static Optional<Level> level(String id) {
        try {
            return Optional.of(Level.parse(id));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static Verdict check(History h, Level l) {
        return LevelChecker.of(l).check(h);
    }

    static boolean consistent(History h, Level l) {
        return check(h, l) instanceof Verdict.Consistent;
    }

    /**
     * Whether replaying the committed transactions in {@code order} gives every read the value it
     * returned.
     */
    static boolean replays(History h, List<Integer> order) {
        Map<Integer, Long> state = new HashMap<>();
        if (h.hasInitial()) {
            for (int op = h.opStart(0); op < h.opEnd(0); op++) {
                state.put(h.key(op), h.value(op));
            }
        }
        for (int t : order) {
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                if (h.isWrite(op)) {
                    state.put(h.key(op), h.value(op));
                } else {
                    Long v = state.get(h.key(op));
                    if (v == null || v != h.value(op)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The committed non-initial transactions, in history order (session by session). */
    static List<Integer> committed(History h) {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < h.txnCount(); t++) {
            if (!h.isInitial(t) && h.isCommitted(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * Serializability by brute force over every order of the committed transactions (at most 8).
     */
    static boolean serializable(History h) {
        List<Integer> txns = committed(h);
        if (txns.size() > 8) {
            throw new IllegalArgumentException("brute force is for at most 8 transactions");
        }
        return permute(h, txns, new ArrayList<>(), new boolean[txns.size()]);
    }

    private static boolean permute(
            History h, List<Integer> txns, List<Integer> prefix, boolean[] used) {
        if (prefix.size() == txns.size()) {
            return replays(h, prefix);
        }
        for (int i = 0; i < txns.size(); i++) {
            if (!used[i]) {
                used[i] = true;
                prefix.add(txns.get(i));
                boolean ok = permute(h, txns, prefix, used);
                prefix.remove(prefix.size() - 1);
                used[i] = false;
                if (ok) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The operations of transaction {@code t} as text, e.g. "r(counter/1/cnt,0)
     * w(counter/1/cnt,1)".
     */
    /**
     * A transaction's item operations: {@link #ops} without the reads and writes that stand for
     * predicate edges ({@link isocheck.history.PredicateKey}), which the predicate-read tests
     * check.
     */
    static String itemOps(History h, int t) {
        StringBuilder sb = new StringBuilder();
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            if (isocheck.history.PredicateKey.parse(h.keys().name(h.key(op))).isEmpty()) {
                sb.append(sb.length() == 0 ? "" : " ").append(h.opText(op));
            }
        }
        return sb.toString();
    }

    static String ops(History h, int t) {
        StringBuilder sb = new StringBuilder();
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            sb.append(sb.length() == 0 ? "" : " ").append(h.opText(op));
        }
        return sb.toString();
    }
}
