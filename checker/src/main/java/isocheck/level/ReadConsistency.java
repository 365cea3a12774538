package isocheck.level;

import isocheck.anomaly.ReadAnomalyKind;
import isocheck.anomaly.ReadWitness;
import isocheck.history.History;
import isocheck.primitive.IntList;
import isocheck.primitive.Parallel;
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

    private static final ReadAnomalyKind[] KINDS = ReadAnomalyKind.values();

    /**
     * The first {@code max} anomalies in transaction and operation order. Each transaction is
     * checked on its own (the latest-own-write array is reset per transaction), so a large history
     * splits into contiguous ranges of transactions checked on all cores; each range keeps its own
     * first {@code max} anomalies as numbers, and the witnesses are made here, in order (Views is
     * not thread-safe): the same list as one pass.
     */
    static List<ReadWitness> anomalies(HistoryIndex idx, Views views, int max) {
        History h = idx.h;
        int n = idx.txnCount;
        int parts = Math.min(Parallel.parts(h.opCount()), Math.max(1, n));
        IntList[] found = new IntList[parts];
        if (parts == 1) {
            found[0] = anomalies(idx, 0, n, max);
        } else {
            int[] bounds = Parallel.split(n, parts, c -> c < n ? h.opStart(c) : h.opCount());
            Parallel.run(parts, p -> found[p] = anomalies(idx, bounds[p], bounds[p + 1], max));
        }
        List<ReadWitness> out = new ArrayList<>();
        for (IntList f : found) {
            for (int i = 0; i < f.size() && out.size() < max; i += 4) {
                out.add(
                        new ReadWitness(
                                KINDS[f.get(i)],
                                views.op(f.get(i + 1)),
                                views.op(f.get(i + 2)),
                                views.op(f.get(i + 3)),
                                null));
            }
        }
        return out;
    }

    /**
     * The first {@code max} anomalies of transactions [from, to), four numbers each: the kind's
     * ordinal, the read, the write it observed and the write it should have observed (-1: none).
     */
    private static IntList anomalies(HistoryIndex idx, int from, int to, int max) {
        History h = idx.h;
        IntList out = new IntList();
        long limit = 4L * max; // (max may be Integer.MAX_VALUE)
        int[] latest = new int[idx.keyCount]; // latest own write per key, -1 = none
        Arrays.fill(latest, -1);
        for (int t = from; t < to && out.size() < limit; t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            int start = h.opStart(t);
            int end = h.opEnd(t);
            for (int op = start; op < end && out.size() < limit; op++) {
                int x = h.key(op);
                if (h.isWrite(op)) {
                    latest[x] = op;
                    continue;
                }
                int w = idx.readFrom[op];
                if (w < 0) {
                    add(out, ReadAnomalyKind.THIN_AIR_READ, op, -1, -1);
                    continue;
                }
                int wt = idx.readFromTxn[op];
                if (!h.isCommitted(wt)) {
                    add(out, ReadAnomalyKind.ABORTED_READ, op, w, -1);
                } else if (wt == t && w > op) {
                    add(out, ReadAnomalyKind.FUTURE_READ, op, w, -1);
                } else if (latest[x] >= 0 && wt != t) {
                    add(out, ReadAnomalyKind.NOT_MY_OWN_WRITE, op, w, latest[x]);
                } else if (latest[x] >= 0 && w != latest[x]) {
                    add(out, ReadAnomalyKind.NOT_MY_LAST_WRITE, op, w, latest[x]);
                } else if (wt != t && !idx.isFinalWrite[w]) {
                    add(out, ReadAnomalyKind.INTERMEDIATE_READ, op, w, idx.finalWrite(wt, x));
                }
            }
            for (int op = start; op < end; op++) {
                latest[h.key(op)] = -1;
            }
        }
        return out;
    }

    private static void add(IntList out, ReadAnomalyKind kind, int read, int observed, int due) {
        out.add(kind.ordinal());
        out.add(read);
        out.add(observed);
        out.add(due);
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
