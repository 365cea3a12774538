package isocheck.level;

import isocheck.anomaly.Pattern;
import isocheck.history.History;
import isocheck.primitive.IntList;
import java.util.Arrays;

/**
 * Causal Consistency in O(n·k): AWDIT Algorithm 3 (§3.3) with the correction to line 24 of
 * docs/DESIGN.md §5 (the happens-before join includes the direct wr predecessor itself, {@code
 * HB_t'[t'.sess ↦ t']}).
 *
 * <p>Vector clocks hold, per session, the position of the so-latest transaction that happens before
 * t (−1 for none), computed in a topological order of so ∪ wr. Per outer session, a monotone
 * pointer into each Writes_{s'}[x] array finds the so-latest writer of x in s' that happens before
 * t3 (lines 9–15). Edges already implied by happens-before (t2 →hb t1) and edges out of the initial
 * transaction are not materialised.
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
        SourceClocks clocks = SourceClocks.compute(idx, order, k);

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
        // Segment sessions and writer positions in flat arrays, so that the walk below reads memory
        // sequentially instead of chasing writers[] into the per-transaction tables.
        // seg[3g] = first writer index, seg[3g+1] = session, seg[3g+2] = pointer
        // (lastWrite_{s'}[x]:
        // index into writers, -1 = ⊥); seg[3g+3] is the segment's end. Interleaved: one cache line.
        int[] seg = new int[3 * segCount + 1];
        for (int g = 0; g < segCount; g++) {
            seg[3 * g] = segStart[g];
            seg[3 * g + 1] = idx.session(writers[segStart[g]]);
            seg[3 * g + 2] = -1;
        }
        seg[3 * segCount] = writers.length;
        int[] writerPos = new int[writers.length];
        for (int i = 0; i < writers.length; i++) {
            writerPos[i] = idx.pos[writers[i]];
        }
        IntList touched = new IntList();
        int[] lastRead = new int[idx.keyCount]; // last external read of x by t3
        Arrays.fill(lastRead, -1);
        IntList keysRd = new IntList();
        int[] seenBy = new int[idx.txnCount];
        int[] firstRead = new int[idx.txnCount];
        Arrays.fill(seenBy, -1);

        int[] clock3 = new int[k];
        for (int s = 0; s < k; s++) {
            Arrays.fill(clock3, -1);
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
                clocks.advance(
                        t3, clock3); // HB_t3, from HB_pred and the stored clocks of t3's writers
                int base3 = 0;
                for (int j = 0; j < keysRd.size(); j++) {
                    int x = keysRd.get(j);
                    int rx = lastRead[x];
                    int t1 = idx.writerTxn(rx);
                    boolean fromInit = t1 == idx.init;
                    int s1 = fromInit ? -1 : idx.session(t1);
                    int pos1 = fromInit ? -1 : idx.pos[t1];
                    int row1 =
                            fromInit
                                    ? -1
                                    : clocks.rowOf[t1]; // t1 is read from: its clock is stored
                    for (int g = segOfKey[x]; g < segOfKey[x + 1]; g++) {
                        int s2 = seg[3 * g + 1];
                        int bound = clock3[base3 + s2];
                        int known = -1; // HB_t1[s2], counting t1 itself in its own session
                        if (!fromInit) {
                            known = clocks.get(row1, s2);
                            if (s2 == s1 && pos1 > known) {
                                known = pos1;
                            }
                            if (bound <= known) {
                                // Every writer of s2 that t3 sees, t1 sees too (or is t1): no edge.
                                // Skipping leaves the pointer behind, which the next walk catches
                                // up.
                                continue;
                            }
                        }
                        int begin = seg[3 * g];
                        int end = seg[3 * g + 3];
                        int p = seg[3 * g + 2];
                        if (p < 0) {
                            p = begin - 1;
                        }
                        if (p + 1 < end && writerPos[p + 1] <= bound) { // lines 10–13
                            p = advance(writerPos, p + 1, end, bound);
                        }
                        if (p >= begin) {
                            if (seg[3 * g + 2] < 0) {
                                touched.add(g);
                            }
                            seg[3 * g + 2] = p;
                            int t2 = writers[p];
                            // lines 14–15: t2 ≠ t1 and not t2 →hb t1 (t2 is never the initial
                            // transaction)
                            if (t2 != t1 && writerPos[p] > known) {
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
                seg[3 * touched.get(j) + 2] = -1;
            }
            touched.clear();
        }
    }

    /**
     * The last index i in [from, end) with a[i] ≤ bound, given a[from] ≤ bound and a increasing:
     * galloping then binary search, O(log distance) rather than a walk of the whole distance.
     */
    private static int advance(int[] a, int from, int end, int bound) {
        int lo = from; // a[lo] ≤ bound
        int step = 1;
        int hi = from + 1;
        while (hi < end && a[hi] <= bound) {
            lo = hi;
            step <<= 1;
            hi = lo + step;
        }
        if (hi > end) {
            hi = end;
        }
        // a[lo] ≤ bound, and hi == end or a[hi] > bound
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= bound) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * ComputeHB (Algorithm 3, lines 17–26, corrected): HB_t = HB_pred[s ↦ pred] ⊔ ⨆_{t' →wr t}
     * HB_t'[t'.sess ↦ t'], as positions within sessions (−1: none); the initial transaction is
     * implicit. Sparse: a clock is stored only for the transactions that others read from (the only
     * ones whose clocks are joined or queried), in 16 bits per entry when every session is shorter
     * than 65,535 transactions; other clocks are recomputed on the fly, one running clock per
     * session, by {@link #advance}. Memory: (#read-from transactions + k) · k entries, instead of
     * the dense #transactions · k.
     */
    static final class SourceClocks {
        /** Tests turn this off to run the 32-bit representation on small histories. */
        static volatile boolean narrowAllowed = true;

        final int k;

        /** Transaction → row of its stored clock, or −1. */
        final int[] rowOf;

        private final char[] c16; // entry + 1 (0 = none)
        private final int[] c32;
        private final HistoryIndex idx;

        private SourceClocks(HistoryIndex idx, int k, int[] rowOf, int rows, boolean narrow) {
            this.idx = idx;
            this.k = k;
            this.rowOf = rowOf;
            long size = (long) rows * k;
            if (size > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException(
                        "too many vector clock entries: "
                                + rows
                                + " read-from transactions × "
                                + k
                                + " sessions");
            }
            c16 = narrow ? new char[(int) size] : null;
            c32 = narrow ? null : new int[(int) size];
        }

        int get(int row, int s) {
            int i = row * k + s;
            return c16 != null ? c16[i] - 1 : c32[i];
        }

        private void store(int row, int[] clock) {
            int base = row * k;
            if (c16 != null) {
                for (int i = 0; i < k; i++) {
                    c16[base + i] = (char) (clock[i] + 1);
                }
            } else {
                System.arraycopy(clock, 0, c32, base, k);
            }
        }

        /**
         * Turns {@code clock}, which holds HB of t's committed so-predecessor (all −1 for the first
         * transaction of a session), into HB_t.
         */
        void advance(int t, int[] clock) {
            int pred = idx.soPred[t];
            int s = idx.session(t);
            if (pred >= 0 && pred != idx.init && idx.pos[pred] > clock[s]) {
                clock[s] = idx.pos[pred];
            }
            for (int e = idx.wrStart[t]; e < idx.wrStart[t + 1]; e++) {
                int w = idx.wrTxn[e];
                if (w == idx.init) {
                    continue;
                }
                int base = rowOf[w] * k;
                if (c16 != null) {
                    for (int i = 0; i < k; i++) {
                        int v = c16[base + i] - 1;
                        if (v > clock[i]) {
                            clock[i] = v;
                        }
                    }
                } else {
                    for (int i = 0; i < k; i++) {
                        if (c32[base + i] > clock[i]) {
                            clock[i] = c32[base + i];
                        }
                    }
                }
                int sw = idx.session(w);
                if (idx.pos[w] > clock[sw]) {
                    clock[sw] = idx.pos[w];
                }
            }
        }

        /**
         * Computes and stores the clocks of all read-from transactions, in a topological order of
         * so ∪ wr.
         */
        static SourceClocks compute(HistoryIndex idx, int[] order, int k) {
            int n = idx.txnCount;
            int[] rowOf = new int[n];
            Arrays.fill(rowOf, -1);
            int rows = 0;
            for (int w : idx.wrTxn) {
                if (w != idx.init && rowOf[w] < 0) {
                    rowOf[w] = rows++;
                }
            }
            int longest = 0;
            for (int s = 0; s < k; s++) {
                longest = Math.max(longest, idx.commStart[s + 1] - idx.commStart[s]);
            }
            SourceClocks sc =
                    new SourceClocks(
                            idx,
                            k,
                            rowOf,
                            rows,
                            narrowAllowed && longest < Character.MAX_VALUE - 1);
            // One running clock per session: in a topological order, a session's transactions come
            // in
            // so order, so its running clock is always HB of the so-predecessor of the next one.
            int[][] running = new int[k][];
            for (int t : order) {
                if (t == idx.init) {
                    continue;
                }
                int s = idx.session(t);
                if (running[s] == null) {
                    running[s] = new int[k];
                    Arrays.fill(running[s], -1);
                }
                sc.advance(t, running[s]);
                if (rowOf[t] >= 0) {
                    sc.store(rowOf[t], running[s]);
                }
            }
            return sc;
        }
    }
}
