package isocheck.level;

import isocheck.history.History;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import isocheck.primitive.Parallel;
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

    /**
     * For a read, the write operation with the same (key, value), or -1 (thin air); -1 for writes.
     */
    final int[] readFrom;

    /**
     * For a read, the transaction of readFrom (-1 for thin air or a write): looked up once here,
     * where the lookups run on all cores, instead of a random access per use in every pass.
     */
    final int[] readFromTxn;

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

    /**
     * Distinct writers of each committed transaction's external reads (its wr predecessors), in the
     * order of their first read: wrTxn[wrStart[t] .. wrStart[t+1]), with that first read in wrOp.
     */
    final int[] wrStart;

    final int[] wrTxn;
    final int[] wrOp;

    /** The version order the history records ({@link RecordedOrder}): known ww edges. */
    final RecordedOrder recorded;

    /** (txn, key) → final write, only for transactions with more than HUGE keys written. */
    private final LongIntMap finalWrite;

    /**
     * Write sets up to SMALL keys are scanned; up to HUGE binary-searched (sorted by key); above,
     * hashed.
     */
    private static final int SMALL = 8;

    private static final int HUGE = 256;

    /**
     * Transactions with at most this many operations find their distinct wr predecessors by
     * scanning the ones found so far, larger ones by stamping an array indexed by transaction (a
     * cache miss per read at 10^6 transactions). Tests set it to 0 to check both ways agree.
     */
    static int scanLimit = 24;

    HistoryIndex(History h) {
        this.h = h;
        txnCount = h.txnCount();
        keyCount = h.keys().size();
        sessionCount = h.sessionCount();
        init = h.hasInitial() ? 0 : -1;
        int n = h.opCount();
        recorded = RecordedOrder.of(h);
        opTxn = new int[n];
        for (int t = 0; t < txnCount; t++) {
            Arrays.fill(opTxn, h.opStart(t), h.opEnd(t), t);
        }
        readFrom = new int[n];
        readFromTxn = new int[n];
        // A hash lookup and a random access per read, the index's largest cost: ranges of
        // transactions on all cores.
        int parts = Math.min(Parallel.parts(n), Math.max(1, txnCount));
        int[] bounds = Parallel.split(txnCount, parts, h::opStart);
        Parallel.run(parts, p -> readsFrom(bounds[p], bounds[p + 1]));

        // The final writes and the wr predecessors are independent: the latter on a second core.
        int[][] wr = new int[3][];
        Parallel.Task wrTask = Parallel.start(parts > 1, () -> wrPredecessors(wr));

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
            int size = writeSetSize(t);
            if (size > SMALL) {
                sortByKey(wkStart[t], wkStart[t + 1]);
            }
            if (size > HUGE) {
                big += size;
            }
        }
        finalWrite = new LongIntMap(big);
        for (int t = 0; t < txnCount; t++) {
            for (int i = wkStart[t]; i < wkStart[t + 1]; i++) {
                isFinalWrite[wkOp[i]] = true;
                if (writeSetSize(t) > HUGE) {
                    finalWrite.put(pair(t, wkKey[i]), wkOp[i]);
                }
            }
        }
        wrTask.join();
        wrStart = wr[0];
        wrTxn = wr[1];
        wrOp = wr[2];
    }

    private void readsFrom(int fromTxn, int toTxn) {
        for (int op = h.opStart(fromTxn); op < h.opStart(toTxn); op++) {
            int w = h.isWrite(op) ? -1 : h.writeOf(h.key(op), h.value(op));
            readFrom[op] = w;
            readFromTxn[op] = w < 0 ? -1 : opTxn[w];
        }
    }

    /** wr predecessors: distinct writers of external reads, per committed transaction. */
    private void wrPredecessors(int[][] out) {
        int n = h.opCount();
        int[] wrStart = new int[txnCount + 1];
        IntList wt = new IntList(Math.max(16, n / 4));
        IntList wo = new IntList(Math.max(16, n / 4));
        int[] seen = new int[txnCount];
        Arrays.fill(seen, -1);
        for (int t = 0; t < txnCount; t++) {
            wrStart[t] = wt.size();
            if (!h.isCommitted(t)) {
                continue;
            }
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                int writer = readFromTxn[op];
                if (writer < 0) {
                    continue;
                }
                if (writer == t || !h.isCommitted(writer)) {
                    continue;
                }
                boolean fresh;
                if (h.opEnd(t) - h.opStart(t) <= scanLimit) { // scan the writers found so far
                    fresh = true;
                    for (int i = wrStart[t]; i < wt.size() && fresh; i++) {
                        fresh = wt.get(i) != writer;
                    }
                } else {
                    fresh = seen[writer] != t;
                    seen[writer] = t;
                }
                if (fresh) {
                    wt.add(writer);
                    wo.add(op);
                }
            }
        }
        wrStart[txnCount] = wt.size();
        out[0] = wrStart;
        out[1] = wt.toArray();
        out[2] = wo.toArray();
    }

    /** Sorts wkKey/wkOp[from, to) by key (write sets are searched by key). */
    private void sortByKey(int from, int to) {
        if (to - from <= 32) {
            for (int i = from + 1; i < to; i++) {
                int k = wkKey[i];
                int o = wkOp[i];
                int j = i - 1;
                while (j >= from && wkKey[j] > k) {
                    wkKey[j + 1] = wkKey[j];
                    wkOp[j + 1] = wkOp[j];
                    j--;
                }
                wkKey[j + 1] = k;
                wkOp[j + 1] = o;
            }
            return;
        }
        long[] packed = new long[to - from];
        for (int i = from; i < to; i++) {
            packed[i - from] = (long) wkKey[i] << 32 | (wkOp[i] & 0xffffffffL);
        }
        Arrays.sort(packed);
        for (int i = from; i < to; i++) {
            wkKey[i] = (int) (packed[i - from] >>> 32);
            wkOp[i] = (int) packed[i - from];
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
        int size = writeSetSize(t);
        if (size > HUGE) {
            return finalWrite.get(pair(t, key));
        }
        if (size > SMALL) { // sorted by key: binary search
            int lo = wkStart[t];
            int hi = wkStart[t + 1] - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int k = wkKey[mid];
                if (k < key) {
                    lo = mid + 1;
                } else if (k > key) {
                    hi = mid - 1;
                } else {
                    return wkOp[mid];
                }
            }
            return -1;
        }
        for (int i = wkStart[t]; i < wkStart[t + 1]; i++) {
            if (wkKey[i] == key) {
                return wkOp[i];
            }
        }
        return -1;
    }

    /**
     * Whether t writes key: O(1) (a scan of at most SMALL keys, a binary search of at most HUGE, or
     * a hash lookup).
     */
    boolean writes(int t, int key) {
        return finalWrite(t, key) >= 0;
    }

    int writeSetSize(int t) {
        return wkStart[t + 1] - wkStart[t];
    }

    /** The transaction a read observes, or -1 if it reads thin air. */
    int writerTxn(int readOp) {
        return readFromTxn[readOp];
    }

    /**
     * Whether read {@code op} is external: it observes a committed transaction other than its own.
     * Only external reads make wr edges and take part in inference (AWDIT §2; docs/DESIGN.md §5).
     */
    boolean isExternalRead(int op) {
        int wt = readFromTxn[op];
        return wt >= 0 && wt != opTxn[op] && h.isCommitted(wt);
    }

    int session(int t) {
        return h.session(t);
    }
}
