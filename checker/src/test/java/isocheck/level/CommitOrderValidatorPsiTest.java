package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CommitOrderValidator}'s PSI check on given commit orders against PSI's axiom evaluated
 * from its definition: vis = (so ∪ wr ∪ ww_co)+ as a transitive closure of a boolean matrix, and
 * every external read of x from t1 in t3 must not see a writer t2 ≠ t1 of x that co puts after t1
 * (Cerone et al.; {@link ExactOracle}). The orders are random linear extensions of so ∪ wr (some
 * PSI-valid, many not) and, one in five, random permutations. The validator skips a join when the
 * clock built so far already shows the joined transaction visible (its clock is then contained): a
 * skip that also drops a transaction not yet visible makes it accept orders the axiom refutes.
 */
class CommitOrderValidatorPsiTest {

    @Test
    void psiCertificatesAsTheAxiomSays() {
        int valid = 0;
        int invalid = 0;
        int histories = 0;
        for (long seed = 0; seed < 1500; seed++) {
            History h = LevelHistories.generate(seed, seed % 2 == 0);
            if (!usable(h)) {
                continue;
            }
            histories++;
            Random r = new Random(seed * 31 + 7);
            for (int k = 0; k < 12; k++) {
                int[] co = r.nextInt(5) == 0 ? permutation(h, r) : linearExtension(h, r);
                boolean expected = psiHolds(h, co);
                boolean got = CommitOrderValidator.check(h, Level.PSI, co).isEmpty();
                assertEquals(
                        expected, got, "seed " + seed + ", co " + java.util.Arrays.toString(co));
                if (expected) {
                    valid++;
                } else {
                    invalid++;
                }
            }
        }
        assertTrue(histories > 500, "histories checked: " + histories);
        assertTrue(valid > 500 && invalid > 500, "valid " + valid + ", invalid " + invalid);
    }

    /**
     * Read-consistent, repeatable reads, no recorded order or predicates: the validator's scope.
     */
    private static boolean usable(History h) {
        return h.hasInitial()
                && ReadConsistency.check(h).isEmpty()
                && ReadConsistency.repeatableReads(h).isEmpty()
                && !h.hasRecordedOrder()
                && h.predicateReads().isEmpty();
    }

    private static List<Integer> committed(History h) {
        List<Integer> c = new ArrayList<>();
        for (int t = 0; t < h.txnCount(); t++) {
            if (h.isCommitted(t)) {
                c.add(t);
            }
        }
        return c;
    }

    /** The initial transaction first, then the others in a random order. */
    private static int[] permutation(History h, Random r) {
        List<Integer> c = committed(h);
        c.remove(Integer.valueOf(0));
        java.util.Collections.shuffle(c, r);
        int[] co = new int[c.size() + 1];
        for (int i = 0; i < c.size(); i++) {
            co[i + 1] = c.get(i);
        }
        return co;
    }

    /** A random topological order of so ∪ wr over the committed transactions, initial first. */
    private static int[] linearExtension(History h, Random r) {
        boolean[][] before = soWr(h);
        List<Integer> left = committed(h);
        left.remove(Integer.valueOf(0));
        int[] co = new int[left.size() + 1];
        boolean[] placed = new boolean[h.txnCount()];
        placed[0] = true;
        for (int i = 1; i < co.length; i++) {
            List<Integer> ready = new ArrayList<>();
            for (int t : left) {
                boolean ok = true;
                for (int u = 0; u < h.txnCount() && ok; u++) {
                    ok = !before[u][t] || placed[u];
                }
                if (ok) {
                    ready.add(t);
                }
            }
            if (ready.isEmpty()) { // so ∪ wr is cyclic: no order passes, any permutation shows it
                return permutation(h, r);
            }
            int t = ready.get(r.nextInt(ready.size()));
            left.remove(Integer.valueOf(t));
            placed[t] = true;
            co[i] = t;
        }
        return co;
    }

    /** so (consecutive committed transactions of a session) ∪ wr (external reads). */
    private static boolean[][] soWr(History h) {
        int n = h.txnCount();
        boolean[][] e = new boolean[n][n];
        for (int s = 0; s < h.sessionCount(); s++) {
            int prev = -1;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (h.isCommitted(t)) {
                    if (prev >= 0) {
                        e[prev][t] = true;
                    }
                    prev = t;
                }
            }
        }
        for (int t = 0; t < n; t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            for (int[] rd : externalReads(h, t)) {
                e[rd[1]][t] = true;
            }
        }
        return e;
    }

    /** The external reads of t: {key, writer transaction}. */
    private static List<int[]> externalReads(History h, int t) {
        List<int[]> out = new ArrayList<>();
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            if (h.isWrite(op)) {
                continue;
            }
            int wt = h.txnOf(h.writeOf(h.key(op), h.value(op)));
            if (wt != t) {
                out.add(new int[] {h.key(op), wt});
            }
        }
        return out;
    }

    private static boolean writes(History h, int t, int key) {
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            if (h.isWrite(op) && h.key(op) == key) {
                return true;
            }
        }
        return false;
    }

    /** PSI's axiom on co, from the definition. */
    private static boolean psiHolds(History h, int[] co) {
        int n = h.txnCount();
        int[] pos = new int[n];
        java.util.Arrays.fill(pos, -1);
        for (int i = 0; i < co.length; i++) {
            pos[co[i]] = i;
        }
        boolean[][] vis = soWr(h);
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (vis[u][v] && pos[u] > pos[v]) {
                    return false; // so ∪ wr ⊆ co
                }
            }
        }
        for (int x = 0; x < h.keys().size(); x++) { // ww_co: every co-ordered pair of writers
            for (int a : co) {
                for (int b : co) {
                    if (pos[a] < pos[b] && writes(h, a, x) && writes(h, b, x)) {
                        vis[a][b] = true;
                    }
                }
            }
        }
        for (int k = 0; k < n; k++) { // transitive closure
            for (int i = 0; i < n; i++) {
                if (vis[i][k]) {
                    for (int j = 0; j < n; j++) {
                        vis[i][j] |= vis[k][j];
                    }
                }
            }
        }
        for (int t3 : co) {
            for (int[] rd : externalReads(h, t3)) {
                int t1 = rd[1];
                for (int t2 : co) {
                    if (t2 != t1 && t2 != t3 && writes(h, t2, rd[0]) && vis[t2][t3]) {
                        if (pos[t2] > pos[t1]) {
                            return false;
                        }
                    }
                }
            }
        }
        return true;
    }
}
