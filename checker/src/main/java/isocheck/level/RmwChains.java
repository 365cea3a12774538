package isocheck.level;

import isocheck.primitive.IntList;
import java.util.Arrays;

/**
 * Read-modify-write chains of each key's versions, for SER, strict SER, SI and PSI (not PC).
 *
 * <p><b>Claim.</b> If T reads x from W (an external read) and T writes x, then under SER, SI and
 * PSI no writer of x lies between W and T in the version order: W and T are adjacent. <i>Proof</i>,
 * for a commit order co whose restriction to the writers of x is the version order, and a writer U
 * of x with W &lt;co U &lt;co T:
 *
 * <ul>
 *   <li>SER (Biswas–Enea's Serialization axiom, OOPSLA 2019, §2.2): t1 = W, t3 = T, t2 = U gives
 *       ⟨W,T⟩ ∈ wr_x, U writes x, ⟨U,T⟩ ∈ co ⇒ ⟨U,W⟩ ∈ co, contradicting W &lt;co U. Strict SER
 *       only adds to co.
 *   <li>SI (Conflict, §3.2 (e)): t1 = W, t3 = T, t2 = t4 = U, y = x: ⟨U,U⟩ ∈ co*, ⟨U,T⟩ ∈ co, T and
 *       U both write x ⇒ ⟨U,W⟩ ∈ co, the same contradiction.
 *   <li>PSI (Cerone et al., {@link Level#PSI}): U and T write x and U &lt;co T, so U is visible to
 *       T (ww ⊆ vis); T's read of x must return the co-last visible x-writer, which is U or later,
 *       not W.
 *   <li>PC allows it (lost update: Prefix constrains only what T observes, and T may observe a
 *       prefix that ends before U), so PC never uses chains.
 * </ul>
 *
 * Hence each version has at most one such successor — two (T1, T2 both read W's version and both
 * overwrite it) are a lost update, which every order refutes — and following the unique successors
 * splits each key's writers into chains, each contiguous in the version order. Two chains are
 * ordered as wholes: the tail of the earlier one precedes the head of the later one. The chain that
 * starts at the initial transaction comes first. So the writer pairs of a key collapse to pairs of
 * chains (TPC-C's counters, recorded as read-modify-writes, become one chain each).
 *
 * <p>A version with two or more read-modify-write successors gets none: its successors head chains
 * of their own, each pair of which pruning refutes at once (they are listed in {@link #lostUpdates}
 * to be tried first). Fewer links only mean shorter chains, which is still sound.
 */
final class RmwChains {
    /** Slot → the slot of its unique read-modify-write successor (same key), or -1. */
    final int[] next;

    /** Slot → its predecessor in a chain, or -1 (a head). */
    final int[] prev;

    /** Head slot → tail slot (valid for heads only). */
    final int[] tail;

    /**
     * Pairs (t1, t2, key) of transactions that read the same version of key and both overwrite it.
     */
    final int[] lostUpdates;

    /** Number of successor links (each removes at least one writer pair from the constraints). */
    final int links;

    RmwChains(TxnModel m) {
        int slots = m.slotKey.length;
        next = new int[slots];
        prev = new int[slots];
        tail = new int[slots];
        Arrays.fill(next, -1);
        Arrays.fill(prev, -1);
        IntList lost = new IntList();
        int count = 0;
        for (int s = 0; s < slots; s++) {
            int x = m.slotKey[s];
            int succ = -1;
            int first = -1;
            int k = 0;
            for (int i = m.srStart[s]; i < m.srStart[s + 1]; i++) {
                int r = m.slotReaders[i];
                int rs = m.slotOf(r, x);
                if (rs < 0) {
                    continue;
                }
                if (k == 0) {
                    succ = rs;
                    first = r;
                } else {
                    lost.add(first);
                    lost.add(r);
                    lost.add(x);
                }
                k++;
            }
            if (k == 1) {
                next[s] = succ;
                prev[succ] = s;
                count++;
            }
        }
        links = count;
        lostUpdates = lost.toArray();
        for (int s = 0; s < slots; s++) {
            if (prev[s] < 0) {
                int t = s;
                while (next[t] >= 0) {
                    t = next[t];
                }
                tail[s] = t;
            }
        }
    }

    boolean isHead(int slot) {
        return prev[slot] < 0;
    }

    boolean singleton(int slot) {
        return prev[slot] < 0 && next[slot] < 0;
    }
}
