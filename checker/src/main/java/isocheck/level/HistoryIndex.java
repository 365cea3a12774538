package isocheck.level;

import isocheck.history.History;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import java.util.Arrays;

/**
 * Derived lookup tables shared by the checkers, all built in O(n): the transaction of each
 * operation, the write each read observes (values identify writes), committed session order, the
 * final write of each (transaction, key) and each transaction's write set KeysWt(t) (AWDIT §3).
 */
final class HistoryIndex {
    final History h;
    final int txnCount;
    final int keyCount;
    final int sessionCount;
    final int init; // 0 if the history has an initial transaction, else -1
    final int[] opTxn;
    /** For a read, the write operation with the same (key, value), or -1 (thin air); -1 for writes. */
    final int[] readFrom;
    /** Committed transaction → previous committed transaction of its session (or init), else -1. */
    final int[] soPred;
    /** Committed transaction → position among the committed transactions of its session. */
    final int[] pos;
    /** Committed transactions of session s: committed[commStart[s] .. commStart[s+1]). */
    final int[] commStart;
    final int[] committedTxns;
    /** KeysWt(t): keys wkKey[wkStart[t] .. wkStart[t+1]) with their final writes wkOp[…]. */
    final int[] wkStart;
    final int[] wkKey;
    final int[] wkOp;
    /** Whether a write is the final write of its key in its transaction (AWDIT §7.2). */
    final boolean[] isFinalWrite;
    /** (txn, key) → final write, only for transactions with more than SMALL keys written. */
    private final LongIntMap finalWrite;
    private static final int SMALL = 8;

    HistoryIndex(History h) {
        this.h = h;
        txnCount = h.txnCount();
        keyCount = h.keys().size();
        sessionCount = h.sessionCount();
        init = h.hasInitial() ? 0 : -1;
        int n = h.opCount();
        opTxn = new int[n];
        readFrom = new int[n];
        for (int t = 0; t < txnCount; t++) {
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                opTxn[op] = t;
                readFrom[op] = h.isWrite(op) ? -1 : h.writeOf(h.key(op), h.value(op));
            }
        }

        soPred = new int[txnCount];
        pos = new int[txnCount];
        Arrays.fill(soPred, -1);
        commStart = new int[sessionCount + 1];
        IntList comm = new IntList(txnCount);
        for (int s = 0; s < sessionCount; s++) {
            commStart[s] = comm.size();
            int prev = init;
            int p = 0;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (h.isCommitted(t)) {
                    soPred[t] = prev;
                    pos[t] = p++;
                    prev = t;
                    comm.add(t);
                }
            }
        }
        commStart[sessionCount] = comm.size();
        committedTxns = comm.toArray();

        // Final write per (txn, key): scan each transaction backwards, first sighting wins.
        wkStart = new int[txnCount + 1];
        IntList keysW = new IntList(Math.max(16, n / 2));
        IntList opsW = new IntList(Math.max(16, n / 2));
        int[] stamp = new int[keyCount];
        Arrays.fill(stamp, -1);
        for (int t = 0; t < txnCount; t++) {
            wkStart[t] = keysW.size();
            for (int op = h.opEnd(t) - 1; op >= h.opStart(t); op--) {
                if (h.isWrite(op) && stamp[h.key(op)] != t) {
                    stamp[h.key(op)] = t;
                    keysW.add(h.key(op));
                    opsW.add(op);
                }
            }
        }
        wkStart[txnCount] = keysW.size();
        wkKey = keysW.toArray();
        wkOp = opsW.toArray();
        isFinalWrite = new boolean[n];
        int big = 0;
        for (int t = 0; t < txnCount; t++) {
            if (writeSetSize(t) > SMALL) {
                big += writeSetSize(t);
            }
        }
        finalWrite = new LongIntMap(big);
        for (int t = 0; t < txnCount; t++) {
            for (int i = wkStart[t]; i < wkStart[t + 1]; i++) {
                isFinalWrite[wkOp[i]] = true;
                if (writeSetSize(t) > SMALL) {
                    finalWrite.put(pair(t, wkKey[i]), wkOp[i]);
                }
            }
        }
    }

    static long pair(int a, int b) {
        return (long) a << 32 | (b & 0xffffffffL);
    }

    boolean committed(int t) {
        return h.isCommitted(t);
    }

    /** The final write of {@code key} in transaction {@code t}, or -1 if t does not write key. */
    int finalWrite(int t, int key) {
        if (writeSetSize(t) > SMALL) {
            return finalWrite.get(pair(t, key));
        }
        for (int i = wkStart[t]; i < wkStart[t + 1]; i++) {
            if (wkKey[i] == key) {
                return wkOp[i];
            }
        }
        return -1;
    }

    /** Whether t writes key: O(1) (a scan of at most SMALL keys, or a hash lookup). */
    boolean writes(int t, int key) {
        return finalWrite(t, key) >= 0;
    }

    int writeSetSize(int t) {
        return wkStart[t + 1] - wkStart[t];
    }

    /** The transaction a read observes, or -1 if it reads thin air. */
    int writerTxn(int readOp) {
        int w = readFrom[readOp];
        return w < 0 ? -1 : opTxn[w];
    }

    /**
     * Whether read {@code op} is external: it observes a committed transaction other than its own.
     * Only external reads make wr edges and take part in inference (AWDIT §2, digest §7.1).
     */
    boolean isExternalRead(int op) {
        int w = readFrom[op];
        if (w < 0) {
            return false;
        }
        int wt = opTxn[w];
        return wt != opTxn[op] && h.isCommitted(wt);
    }

    int session(int t) {
        return h.session(t);
    }
}
