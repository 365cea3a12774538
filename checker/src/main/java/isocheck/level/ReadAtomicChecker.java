package isocheck.level;

import isocheck.anomaly.Pattern;
import isocheck.history.History;
import isocheck.primitive.IntList;
import isocheck.primitive.Parallel;
import java.util.Arrays;

/**
 * Read Atomic in O(n^{3/2}): AWDIT Algorithm 2 (§3.2). Repeatable reads are checked first (so each
 * key read by t3 has one writer t1); then, per session in so order, the "so" case against the
 * so-latest writer of each key and the "wr" case over KeysWt(t2) ∩ KeysRd(t3) for every distinct
 * writer t2 of t3, iterating over the smaller set. KeysRd ranges over external reads only.
 */
final class ReadAtomicChecker implements LevelChecker {
    private final CheckOptions options;

    ReadAtomicChecker(CheckOptions options) {
        this.options = options;
    }

    @Override
    public Level level() {
        return Level.RA;
    }

    @Override
    public Verdict check(History history) {
        return CheckPipeline.run(Level.RA, history, options, ReadAtomicChecker::saturate, false);
    }

    /**
     * Each session is saturated on its own (the so-latest writers are reset per session), so the
     * sessions split into contiguous ranges of about equal operation counts, saturated on all cores
     * into graphs of their own and merged in order: the same edges, patterns and justifications as
     * one pass.
     */
    static void saturate(HistoryIndex idx, CommitGraph graph) {
        History h = idx.h;
        int n = idx.sessionCount;
        int parts = Math.min(Parallel.parts(h.opCount()), Math.max(1, n));
        if (parts == 1) {
            saturate(idx, graph, 0, n);
            return;
        }
        int[] bounds =
                Parallel.split(n, parts, s -> s < n ? h.opStart(h.sessionStart(s)) : h.opCount());
        CommitGraph[] local = new CommitGraph[parts];
        Parallel.run(
                parts,
                p -> {
                    local[p] = new CommitGraph(idx);
                    saturate(idx, local[p], bounds[p], bounds[p + 1]);
                });
        graph.absorb(local);
    }

    /** Algorithm 2's saturation for the sessions from .. to-1. */
    private static void saturate(HistoryIndex idx, CommitGraph graph, int from, int to) {
        History h = idx.h;
        int[] lastWrite = new int[idx.keyCount]; // so-latest writer of x in this session before t3
        Arrays.fill(lastWrite, -1);
        int[] readT1 = new int[idx.keyCount]; // x ↦ t1 with t1 →wr_x t3
        int[] readOp = new int[idx.keyCount]; // the last read of x in t3
        Arrays.fill(readT1, -1);
        int[] seenBy = new int[idx.txnCount];
        int[] firstRead = new int[idx.txnCount];
        Arrays.fill(seenBy, -1);
        IntList keysRd = new IntList();
        IntList writers = new IntList();
        IntList written = new IntList();
        for (int s = from; s < to; s++) {
            for (int c = idx.commStart[s]; c < idx.commStart[s + 1]; c++) {
                int t3 = idx.committedTxns[c];
                for (int op = h.opStart(t3); op < h.opEnd(t3); op++) {
                    if (h.isWrite(op) || !idx.isExternalRead(op)) {
                        continue;
                    }
                    int x = h.key(op);
                    int t1 = idx.writerTxn(op);
                    if (readT1[x] < 0) {
                        readT1[x] = t1;
                        keysRd.add(x);
                    }
                    readOp[x] = op;
                    if (seenBy[t1] != t3) {
                        seenBy[t1] = t3;
                        firstRead[t1] = op;
                        writers.add(t1);
                    }
                }
                // so case (lines 8–11)
                for (int j = 0; j < keysRd.size(); j++) {
                    int x = keysRd.get(j);
                    int t2 = lastWrite[x];
                    if (t2 >= 0 && t2 != readT1[x]) {
                        graph.infer(t2, readT1[x], Pattern.FRACTURED_SO, t3, readOp[x], -1);
                    }
                }
                // wr case (lines 12–16)
                for (int j = 0; j < writers.size(); j++) {
                    int t2 = writers.get(j);
                    if (idx.writeSetSize(t2) <= keysRd.size()) {
                        for (int i = idx.wkStart[t2]; i < idx.wkStart[t2 + 1]; i++) {
                            int x = idx.wkKey[i];
                            if (readT1[x] >= 0) {
                                wrCase(graph, t2, x, readT1, readOp, firstRead, t3);
                            }
                        }
                    } else {
                        for (int i = 0; i < keysRd.size(); i++) {
                            int x = keysRd.get(i);
                            if (idx.writes(t2, x)) {
                                wrCase(graph, t2, x, readT1, readOp, firstRead, t3);
                            }
                        }
                    }
                }
                for (int i = idx.wkStart[t3]; i < idx.wkStart[t3 + 1]; i++) {
                    int x = idx.wkKey[i];
                    if (lastWrite[x] < 0) {
                        written.add(x);
                    }
                    lastWrite[x] = t3;
                }
                for (int j = 0; j < keysRd.size(); j++) {
                    readT1[keysRd.get(j)] = -1;
                }
                keysRd.clear();
                writers.clear();
            }
            for (int j = 0; j < written.size(); j++) {
                lastWrite[written.get(j)] = -1;
            }
            written.clear();
        }
    }

    private static void wrCase(
            CommitGraph graph, int t2, int x, int[] readT1, int[] readOp, int[] firstRead, int t3) {
        int t1 = readT1[x];
        if (t1 != t2) {
            // Reading from t2 po-before a read of x from t1 is already the RC pattern.
            Pattern p = firstRead[t2] < readOp[x] ? Pattern.NON_MONOTONIC : Pattern.FRACTURED_WR;
            graph.infer(t2, t1, p, t3, readOp[x], firstRead[t2]);
        }
    }
}
