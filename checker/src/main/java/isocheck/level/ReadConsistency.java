package isocheck.level;

import isocheck.anomaly.ReadAnomalyKind;
import isocheck.anomaly.ReadWitness;
import isocheck.history.History;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Read consistency (AWDIT Def. 2.3, Algorithm 4, with the line-15 correction of docs/DESIGN.md §5),
 * O(n): every read of a committed transaction must observe an existing (not thin-air), committed
 * (not aborted) write that is not later in its own transaction (not a future read); after writing a
 * key a transaction must read its own (not-my-own-write) latest (not-my-last-write) write; another
 * transaction's write must be its final one to that key (not an intermediate read). {@link
 * #repeatableReads} adds AWDIT's CheckRepeatableReads (Algorithm 2), needed by RA and CC.
 */
public final class ReadConsistency {
    private ReadConsistency() {}

    /**
     * All read-consistency anomalies of the history (reads of aborted transactions are not
     * checked).
     */
    public static List<ReadWitness> check(History history) {
        HistoryIndex idx = new HistoryIndex(history);
        return anomalies(idx, new Views(idx), Integer.MAX_VALUE);
    }

    /**
     * All non-repeatable reads: a committed transaction reading one key from two other
     * transactions.
     */
    public static List<ReadWitness> repeatableReads(History history) {
        HistoryIndex idx = new HistoryIndex(history);
        return repeatableReads(idx, new Views(idx), Integer.MAX_VALUE);
    }

    static List<ReadWitness> anomalies(HistoryIndex idx, Views views, int max) {
        History h = idx.h;
        List<ReadWitness> out = new ArrayList<>();
        int[] latest = new int[idx.keyCount]; // latest own write per key, -1 = none
        Arrays.fill(latest, -1);
        for (int t = 0; t < idx.txnCount && out.size() < max; t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            int start = h.opStart(t);
            int end = h.opEnd(t);
            for (int op = start; op < end && out.size() < max; op++) {
                int x = h.key(op);
                if (h.isWrite(op)) {
                    latest[x] = op;
                    continue;
                }
                int w = idx.readFrom[op];
                if (w < 0) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.THIN_AIR_READ, views.op(op), null, null, null));
                    continue;
                }
                int wt = idx.readFromTxn[op];
                if (!h.isCommitted(wt)) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.ABORTED_READ,
                                    views.op(op),
                                    views.op(w),
                                    null,
                                    null));
                } else if (wt == t && w > op) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.FUTURE_READ,
                                    views.op(op),
                                    views.op(w),
                                    null,
                                    null));
                } else if (latest[x] >= 0 && wt != t) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.NOT_MY_OWN_WRITE,
                                    views.op(op),
                                    views.op(w),
                                    views.op(latest[x]),
                                    null));
                } else if (latest[x] >= 0 && w != latest[x]) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.NOT_MY_LAST_WRITE,
                                    views.op(op),
                                    views.op(w),
                                    views.op(latest[x]),
                                    null));
                } else if (wt != t && !idx.isFinalWrite[w]) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.INTERMEDIATE_READ,
                                    views.op(op),
                                    views.op(w),
                                    views.op(idx.finalWrite(wt, x)),
                                    null));
                }
            }
            for (int op = start; op < end; op++) {
                latest[h.key(op)] = -1;
            }
        }
        return out;
    }

    /** CheckRepeatableReads (AWDIT Algorithm 2, lines 21–27) over external reads. */
    static List<ReadWitness> repeatableReads(HistoryIndex idx, Views views, int max) {
        History h = idx.h;
        List<ReadWitness> out = new ArrayList<>();
        int[] firstRead = new int[idx.keyCount]; // first external read of the key in this txn
        Arrays.fill(firstRead, -1);
        for (int t = 0; t < idx.txnCount && out.size() < max; t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            int start = h.opStart(t);
            int end = h.opEnd(t);
            for (int op = start; op < end; op++) {
                if (h.isWrite(op) || !idx.isExternalRead(op)) {
                    continue;
                }
                int x = h.key(op);
                int first = firstRead[x];
                if (first < 0) {
                    firstRead[x] = op;
                } else if (idx.writerTxn(first) != idx.writerTxn(op) && out.size() < max) {
                    out.add(
                            new ReadWitness(
                                    ReadAnomalyKind.NON_REPEATABLE_READ,
                                    views.op(op),
                                    views.op(idx.readFrom[op]),
                                    views.op(first),
                                    views.op(idx.readFrom[first])));
                    firstRead[x] = op; // report each change of writer once
                }
            }
            for (int op = start; op < end; op++) {
                firstRead[h.key(op)] = -1;
            }
        }
        return out;
    }
}
