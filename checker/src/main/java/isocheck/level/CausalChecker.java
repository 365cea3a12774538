package isocheck.level;

import isocheck.anomaly.Pattern;
import isocheck.history.History;
import isocheck.primitive.IntList;
import java.util.Arrays;

/**
 * Causal Consistency in O(n·k): AWDIT Algorithm 3 (§3.3) with the digest's correction to line 24
 * (the happens-before join includes the direct wr predecessor itself, {@code HB_t'[t'.sess ↦ t']}).
 *
 * <p>Vector clocks hold, per session, the position of the so-latest transaction that happens
 * before t (−1 for none), computed in a topological order of so ∪ wr. Per outer session, a
 * monotone pointer into each Writes_{s'}[x] array finds the so-latest writer of x in s' that
 * happens before t3 (lines 9–15). Edges already implied by happens-before (t2 →hb t1) and edges
 * out of the initial transaction are not materialised.
 */
final class CausalChecker implements LevelChecker {
    private final CheckOptions options;

    CausalChecker(CheckOptions options) {
        this.options = options;
    }

    @Override
    public Level level() {
        return Level.CC;
    }

    @Override
    public Verdict check(History history) {
        return CheckPipeline.run(Level.CC, history, options, CausalChecker::saturate);
    }

    static void saturate(HistoryIndex idx, CommitGraph graph) {
        History h = idx.h;
        int k = idx.sessionCount;
        int[] order = graph.order(false); // so ∪ wr is acyclic here (checked before)
        int[][] clocks = computeClocks(idx, order, k);

        // Writes_{s'}[x]: committed writers of x, grouped by key, then session, in so order.
        int[] perKey = new int[idx.keyCount + 1];
        for (int t : idx.committedTxns) {
            for (int i = idx.wkStart[t]; i < idx.wkStart[t + 1]; i++) {
                perKey[idx.wkKey[i] + 1]++;
            }
        }
        for (int x = 0; x < idx.keyCount; x++) {
            perKey[x + 1] += perKey[x];
        }
        int[] writers = new int[perKey[idx.keyCount]];
        int[] fill = Arrays.copyOf(perKey, idx.keyCount);
        for (int t : idx.committedTxns) { // increasing txn index = session-major so order
            for (int i = idx.wkStart[t]; i < idx.wkStart[t + 1]; i++) {
                writers[fill[idx.wkKey[i]]++] = t;
            }
        }
        // Segments: one per (key, session) run in writers.
        int[] segOfKey = new int[idx.keyCount + 1];
        IntList segBegin = new IntList();
        for (int x = 0; x < idx.keyCount; x++) {
            segOfKey[x] = segBegin.size();
            int prevSession = -1;
            for (int i = perKey[x]; i < perKey[x + 1]; i++) {
                int s = idx.session(writers[i]);
                if (s != prevSession) {
                    segBegin.add(i);
                    prevSession = s;
                }
            }
        }
        segOfKey[idx.keyCount] = segBegin.size();
        int segCount = segBegin.size();
        int[] segStart = new int[segCount + 1];
        for (int g = 0; g < segCount; g++) {
            segStart[g] = segBegin.get(g);
        }
        segStart[segCount] = writers.length;
        int[] pointer = new int[segCount]; // lastWrite_{s'}[x]: index into writers, -1 = ⊥
        Arrays.fill(pointer, -1);
        IntList touched = new IntList();
        int[] lastRead = new int[idx.keyCount]; // last external read of x by t3
        Arrays.fill(lastRead, -1);
        IntList keysRd = new IntList();
        int[] seenBy = new int[idx.txnCount];
        int[] firstRead = new int[idx.txnCount];
        Arrays.fill(seenBy, -1);

        for (int s = 0; s < k; s++) {
            for (int c = idx.commStart[s]; c < idx.commStart[s + 1]; c++) {
                int t3 = idx.committedTxns[c];
                for (int op = h.opStart(t3); op < h.opEnd(t3); op++) {
                    if (h.isWrite(op) || !idx.isExternalRead(op)) {
                        continue;
                    }
                    int x = h.key(op);
                    if (lastRead[x] < 0) {
                        keysRd.add(x);
                    }
                    lastRead[x] = op;
                    int w = idx.writerTxn(op);
                    if (seenBy[w] != t3) {
                        seenBy[w] = t3;
                        firstRead[w] = op;
                    }
                }
                int[] clock3 = clocks[s];
                int base3 = idx.pos[t3] * k;
                for (int j = 0; j < keysRd.size(); j++) {
                    int x = keysRd.get(j);
                    int rx = lastRead[x];
                    int t1 = idx.writerTxn(rx);
                    for (int g = segOfKey[x]; g < segOfKey[x + 1]; g++) {
                        int begin = segStart[g];
                        int end = segEnd(segStart, segOfKey, x, g, perKey);
                        int s2 = idx.session(writers[begin]);
                        int bound = clock3[base3 + s2];
                        int p = pointer[g];
                        if (p < 0) {
                            p = begin - 1;
                        }
                        while (p + 1 < end && idx.pos[writers[p + 1]] <= bound) { // lines 10–13
                            p++;
                        }
                        if (p >= begin) {
                            if (pointer[g] < 0) {
                                touched.add(g);
                            }
                            pointer[g] = p;
                            int t2 = writers[p];
                            if (t2 != t1 && !happensBefore(idx, clocks, k, t2, t1)) { // lines 14–15
                                Pattern pat;
                                int readY = -1;
                                if (seenBy[t2] == t3) {
                                    readY = firstRead[t2];
                                    pat = readY < rx ? Pattern.NON_MONOTONIC : Pattern.FRACTURED_WR;
                                } else if (s2 == s) {
                                    pat = Pattern.FRACTURED_SO;
                                } else {
                                    pat = Pattern.CAUSAL;
                                }
                                graph.addInferred(t2, t1, pat, t3, rx, readY);
                            }
                        }
                    }
                }
                for (int j = 0; j < keysRd.size(); j++) {
                    lastRead[keysRd.get(j)] = -1;
                }
                keysRd.clear();
            }
            for (int j = 0; j < touched.size(); j++) { // line 6: reset per outer session
                pointer[touched.get(j)] = -1;
            }
            touched.clear();
        }
    }

    private static int segEnd(int[] segStart, int[] segOfKey, int x, int g, int[] perKey) {
        return g + 1 < segOfKey[x + 1] ? segStart[g + 1] : perKey[x + 1];
    }

    /** Whether t2 →(so ∪ wr)+ t1 (or t2 is the initial transaction, which precedes everything). */
    private static boolean happensBefore(HistoryIndex idx, int[][] clocks, int k, int t2, int t1) {
        if (t2 == idx.init) {
            return true;
        }
        if (t1 == idx.init) {
            return false;
        }
        int s1 = idx.session(t1);
        return clocks[s1][idx.pos[t1] * k + idx.session(t2)] >= idx.pos[t2];
    }

    /**
     * ComputeHB (Algorithm 3, lines 17–26, corrected): HB_t = HB_pred[s ↦ pred] ⊔ ⨆_{t' →wr t}
     * HB_t'[t'.sess ↦ t'], as positions within sessions; the initial transaction is implicit.
     */
    static int[][] computeClocks(HistoryIndex idx, int[] order, int k) {
        History h = idx.h;
        int[][] clocks = new int[k][];
        for (int s = 0; s < k; s++) {
            clocks[s] = new int[(idx.commStart[s + 1] - idx.commStart[s]) * k];
        }
        for (int t : order) {
            if (t == idx.init) {
                continue;
            }
            int s = idx.session(t);
            int[] cl = clocks[s];
            int base = idx.pos[t] * k;
            int pred = idx.soPred[t];
            if (pred >= 0 && pred != idx.init) {
                System.arraycopy(cl, base - k, cl, base, k);
                cl[base + s] = Math.max(cl[base + s], idx.pos[pred]);
            } else {
                Arrays.fill(cl, base, base + k, -1);
            }
            for (int e = idx.wrStart[t]; e < idx.wrStart[t + 1]; e++) {
                int w = idx.wrTxn[e];
                if (w == idx.init) {
                    continue;
                }
                int sw = idx.session(w);
                int[] wc = clocks[sw];
                int wb = idx.pos[w] * k;
                for (int i = 0; i < k; i++) {
                    if (wc[wb + i] > cl[base + i]) {
                        cl[base + i] = wc[wb + i];
                    }
                }
                if (idx.pos[w] > cl[base + sw]) {
                    cl[base + sw] = idx.pos[w];
                }
            }
        }
        return clocks;
    }
}
