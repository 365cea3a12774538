package isocheck.level;

import isocheck.anomaly.Pattern;
import isocheck.history.History;
import isocheck.primitive.IntList;
import isocheck.primitive.Parallel;
import java.util.Arrays;

/**
 * Read Committed in O(n^{3/2}): AWDIT Algorithm 1 (§3.1), with the corrections of docs/DESIGN.md §5
 * — the two-slot stack keeps its repeated-writer guard (line 19), the intersection runs before the
 * push (lines 14–18 then 19–21), internal reads take no part, and the intersection iterates over
 * the smaller of KeysWt(t2) and readKeys.
 */
final class ReadCommittedChecker implements LevelChecker {
    private final CheckOptions options;

    ReadCommittedChecker(CheckOptions options) {
        this.options = options;
    }

    @Override
    public Level level() {
        return Level.RC;
    }

    @Override
    public Verdict check(History history) {
        return CheckPipeline.run(Level.RC, history, options, ReadCommittedChecker::saturate, false);
    }

    /**
     * Each reader t3 infers its edges from its own reads alone (the stack is reset per t3), so the
     * committed transactions split into contiguous ranges of about equal operation counts,
     * saturated on all cores into graphs of their own and merged in order: the same edges, patterns
     * and justifications as one pass.
     */
    /**
     * Readers with at most this many external reads find each writer's first read by comparing with
     * the earlier reads; larger ones stamp per-transaction arrays (a cache miss per read). Tests
     * set it to 0 to check both ways agree.
     */
    static int scanLimit = 24;

    static void saturate(HistoryIndex idx, CommitGraph graph) {
        History h = idx.h;
        int n = idx.committedTxns.length;
        int parts = Math.min(Parallel.parts(h.opCount()), Math.max(1, n));
        if (parts == 1) {
            saturate(idx, graph, 0, n);
            return;
        }
        int[] bounds =
                Parallel.split(
                        n, parts, c -> c < n ? h.opStart(idx.committedTxns[c]) : h.opCount());
        CommitGraph[] local = new CommitGraph[parts];
        Parallel.run(
                parts,
                p -> {
                    local[p] = new CommitGraph(idx);
                    saturate(idx, local[p], bounds[p], bounds[p + 1]);
                });
        graph.absorb(local);
    }

    /** Algorithm 1 for the readers committedTxns[from .. to). */
    private static void saturate(HistoryIndex idx, CommitGraph graph, int from, int to) {
        History h = idx.h;
        int[] top = new int[idx.keyCount]; // earliestWts[x][1]: writer of the po-next read of x
        int[] topOp = new int[idx.keyCount];
        int[] second = new int[idx.keyCount]; // earliestWts[x][0]
        int[] secondOp = new int[idx.keyCount];
        Arrays.fill(top, -1);
        Arrays.fill(second, -1);
        int[] seenBy = new int[idx.txnCount]; // readTxns as a stamp: seenBy[t2] == t3
        Arrays.fill(seenBy, -1);
        IntList ext = new IntList();
        IntList extWriter = new IntList();
        boolean[] first = new boolean[16]; // ext read i is its writer's po-first read by t3
        IntList readKeys = new IntList();
        for (int c = from; c < to; c++) {
            int t3 = idx.committedTxns[c];
            ext.clear();
            extWriter.clear();
            for (int op = h.opStart(t3); op < h.opEnd(t3); op++) {
                if (!h.isWrite(op) && idx.isExternalRead(op)) {
                    ext.add(op);
                    extWriter.add(idx.writerTxn(op));
                }
            }
            int m = ext.size();
            if (first.length < m) {
                first = new boolean[Math.max(m, 2 * first.length)];
            }
            if (m <= scanLimit) { // few reads: compare with the earlier ones (no random access)
                for (int i = 0; i < m; i++) {
                    int t2 = extWriter.get(i);
                    boolean f = true;
                    for (int j = 0; j < i && f; j++) {
                        f = extWriter.get(j) != t2;
                    }
                    first[i] = f;
                }
            } else {
                for (int i = 0; i < m; i++) {
                    int t2 = extWriter.get(i);
                    first[i] = seenBy[t2] != t3; // firstTxnReads: po-first read of t2 by t3
                    seenBy[t2] = t3;
                }
            }
            for (int i = m - 1; i >= 0; i--) {
                int r = ext.get(i);
                int y = h.key(r);
                int t2 = extWriter.get(i);
                if (first[i]) {
                    // x ∈ KeysWt(t2) ∩ readKeys, iterating over the smaller set (line 15)
                    if (idx.writeSetSize(t2) <= readKeys.size()) {
                        for (int j = idx.wkStart[t2]; j < idx.wkStart[t2 + 1]; j++) {
                            int x = idx.wkKey[j];
                            if (top[x] >= 0) {
                                edge(graph, t2, x, top, topOp, second, secondOp, t3, r);
                            }
                        }
                    } else {
                        for (int j = 0; j < readKeys.size(); j++) {
                            int x = readKeys.get(j);
                            if (idx.writes(t2, x)) {
                                edge(graph, t2, x, top, topOp, second, secondOp, t3, r);
                            }
                        }
                    }
                }
                if (top[y] != t2) { // line 19: the repeated-writer guard
                    if (top[y] < 0) {
                        readKeys.add(y);
                    }
                    second[y] = top[y];
                    secondOp[y] = topOp[y];
                    top[y] = t2;
                }
                topOp[y] = r;
            }
            for (int j = 0; j < readKeys.size(); j++) {
                top[readKeys.get(j)] = -1;
                second[readKeys.get(j)] = -1;
            }
            readKeys.clear();
        }
    }

    private static void edge(
            CommitGraph graph,
            int t2,
            int x,
            int[] top,
            int[] topOp,
            int[] second,
            int[] secondOp,
            int t3,
            int r) {
        int t1 = top[x];
        int rx = topOp[x];
        if (t1 == t2) { // line 17
            t1 = second[x];
            rx = secondOp[x];
        }
        if (t1 >= 0) {
            graph.infer(t2, t1, Pattern.NON_MONOTONIC, t3, rx, r);
        }
    }
}
