package isocheck.level;

import isocheck.primitive.IntList;
import java.util.Arrays;

/**
 * Pruning of a {@link Polygraph} to a fixpoint: an orientation that closes a cycle with the known
 * edges is refuted and the other one forced, reachability answered from a {@link ReachSummary}
 * where it fits; then the search ({@link PolygraphSearch}) over what is left.
 */
abstract class PolygraphPruning extends PolygraphReachability {
    PolygraphPruning(TxnModel m, Level level, long deadline) {
        super(m, level, deadline);
    }

    // ---------------------------------------------------------------- solving

    /** Outcome of {@link #solve}. */
    enum Outcome {
        CONSISTENT,
        VIOLATED,
        UNKNOWN
    }

    Cycle violation;

    /** Whether to prune before searching (off only to test the search). */
    boolean prune = true;

    /**
     * Prunes to a fixpoint and searches what is left. {@code useVars} false: the known edges decide
     * (the mini-transaction fast path).
     */
    Outcome solve(boolean useVars) {
        try {
            return solveInner(useVars);
        } catch (TimeUp t) {
            remained =
                    (remained == null ? "" : remained + "; ")
                            + t.where
                            + " ("
                            + open()
                            + " of "
                            + varCount
                            + " writer pairs undecided, "
                            + decisions
                            + " search decisions)";
            return Outcome.UNKNOWN;
        }
    }

    Outcome solveInner(boolean useVars) {
        Cycle c = findCycle();
        if (c != null) {
            violation = c;
            return Outcome.VIOLATED;
        }
        if (!useVars) {
            varCount = 0;
            assign = new int[0];
            return Outcome.CONSISTENT;
        }
        long t0 = System.nanoTime();
        reduce &= prune;
        buildConstraints();
        long t1 = System.nanoTime();
        if (overBudget != null) {
            remained = overBudget;
            return Outcome.UNKNOWN;
        }
        if (timeUp()) {
            remained = "building the constraints (" + varCount + " writer pairs so far)";
            return Outcome.UNKNOWN;
        }
        if (chains != null) {
            notes.add(
                    "read-modify-write chains: "
                            + chains.links
                            + " links on "
                            + chainedKeys
                            + " keys; writer pairs "
                            + pairsBeforeChaining
                            + " before chaining, "
                            + varCount
                            + " constraints after ("
                            + chainVars
                            + " between chains, "
                            + (varCount - chainVars)
                            + " between single writers, coalesced over keys)"
                            + (chains.lostUpdates.length > 0
                                    ? "; "
                                            + chains.lostUpdates.length / 3
                                            + " versions overwritten by two read-modify-writes (lost updates) tried first"
                                    : ""));
        } else {
            notes.add(
                    "read-modify-write chains: not for "
                            + level
                            + " (it allows lost updates); "
                            + pairsBeforeChaining
                            + " writer pairs");
        }
        notes.add(
                varCount
                        + " constraints (pairs of transactions in different sessions writing a common key)"
                        + String.format(", built in %.1f ms", (t1 - t0) / 1e6));
        if (reductionTried) {
            notes.add(
                    reductionNanos < 0
                            ? "reduction: off (the known graph's reachability summary would exceed"
                                    + " a quarter of the heap)"
                            : "reduction: "
                                    + reducedPairs
                                    + " writer pairs (per key) ordered by the known graph left out,"
                                    + " "
                                    + reducedEdges
                                    + " ww edges added for their covering pairs, "
                                    + unreducedKeys
                                    + " keys not reduced"
                                    + String.format(" (summary %.1f ms)", reductionNanos / 1e6));
        }
        if (!prune) {
            notes.add("pruning disabled");
            return varCount == 0 ? Outcome.CONSISTENT : search();
        }
        // pruning to a fixpoint: each pass tests both orientations of every open constraint against
        // the
        // graph at the start of the pass (reachability bounded by its topological order)
        int passes = 0;
        while (true) {
            passes++;
            int[] pos = topo();
            if (pos == null && !psi) {
                violation = findCycle();
                return Outcome.VIOLATED;
            }
            ReachSummary rs = pos == null ? null : summary(pos);
            if (psi && (rs == null || psiCycleFlagged(rs)) && (violation = findCycle()) != null) {
                return Outcome.VIOLATED;
            }
            int passMark = edgeCount();
            IntList forcedVar = new IntList();
            IntList forcedOrient = new IntList();
            int[] order = pruneOrder();
            for (int k = 0; k < order.length; k++) {
                int v = order[k];
                if (assign[v] >= 0) {
                    continue;
                }
                if ((k & 255) == 0 && timeUp()) {
                    remained =
                            "pruning pass "
                                    + passes
                                    + ": "
                                    + open()
                                    + " of "
                                    + varCount
                                    + " writer pairs undecided";
                    return Outcome.UNKNOWN;
                }
                if (rs != null) {
                    // O(1) per induced edge; a path is searched only to explain (lazily) or to
                    // refute
                    int i0 = refutedBy(v, 0, rs);
                    int i1 = refutedBy(v, 1, rs);
                    if (i0 >= 0 && i1 < 0 || i1 >= 0 && i0 < 0) {
                        int bad = i0 >= 0 ? 0 : 1;
                        whyMark[v] = passMark;
                        whyOrient[v] = bad;
                        whyCand[v] = i0 >= 0 ? i0 : i1;
                        forcedVar.add(v);
                        forcedOrient.add(1 - bad);
                        continue;
                    }
                    if (i0 < 0) {
                        continue;
                    }
                }
                Cycle c0 = infeasible(v, 0, pos);
                Cycle c1 = infeasible(v, 1, pos);
                if (rs != null && (c0 == null || c1 == null)) {
                    throw new IllegalStateException(
                            "reachability summary and graph search disagree on " + v);
                }
                if (c0 != null && c1 != null) {
                    // show the shorter cycle, preferring one that starts with the supposed ww edge
                    int l0 = steps(c0.path);
                    int l1 = steps(c1.path);
                    boolean swap = l1 < l0 || (l1 == l0 && c1.cand[0] == WW && c0.cand[0] != WW);
                    violation = swap ? c1 : c0;
                    otherOrder = swap ? c0 : c1;
                    return Outcome.VIOLATED;
                }
                if (c0 != null || c1 != null) {
                    Cycle why = c0 != null ? c0 : c1;
                    int o = c0 != null ? 1 : 0;
                    whyPath[v] = why.path;
                    whyOrient[v] = 1 - o;
                    whyCand[v] = candIndex(v, 1 - o, why.cand);
                    forcedVar.add(v);
                    forcedOrient.add(o);
                }
            }
            if (forcedVar.isEmpty()) {
                break;
            }
            // On large instances a pass that fixes under 1 % of the open pairs costs a topological
            // order and a summary (seconds at 10^6) for little: the search, which is complete,
            // decides the rest (10^6 hard SI: passes 3–6 fixed 1,531, 96, 3, 0 of 279,000).
            boolean lastPass =
                    varCount >= LARGE_PRUNING
                            && forcedVar.size() * 100L < open() - forcedVar.size();
            perPass.add(forcedVar.size());
            for (int i = 0; i < forcedVar.size(); i++) {
                int v = forcedVar.get(i);
                checkTime("applying the orientations pruning pass " + passes + " forced");
                applyOrientation(v, forcedOrient.get(i));
                rootForced[v] = true;
                prunedForced++;
            }
            if (lastPass) {
                notes.add(
                        "pruning stopped after pass "
                                + passes
                                + ": it fixed under 1 % of the open pairs");
                break;
            }
        }
        Cycle after = findCycle();
        if (after != null) {
            violation = after;
            return Outcome.VIOLATED;
        }
        notes.add(
                "pruning: "
                        + passes
                        + " passes fixed "
                        + prunedForced
                        + " of "
                        + varCount
                        + " pairs; "
                        + open()
                        + " left for the search ("
                        + (summaries > 0
                                ? summaries + " passes by reachability summary"
                                : "graph searches per pair: the summary would exceed "
                                        + SUMMARY_LIMIT
                                        + " ints")
                        + String.format(
                                ", %.1f ms of which %.1f ms building summaries; fixed per pass: %s; %d edges)",
                                (System.nanoTime() - t1) / 1e6,
                                summaryNanos / 1e6,
                                Arrays.toString(perPass.toArray()),
                                edgeCount()));
        long t2 = System.nanoTime();
        if (open() > 0) {
            Outcome o = search();
            notes.add(String.format("search time: %.1f ms", (System.nanoTime() - t2) / 1e6));
            return o;
        }
        if (open() == 0) {
            return Outcome.CONSISTENT;
        }
        return search();
    }

    Cycle otherOrder;

    /** Constraint sets from this size on stop pruning when a pass gains little (see there). */
    static final int LARGE_PRUNING = 100_000;

    /**
     * Bigger summaries are not built (ints; 2 per cell for PSI): the graph searches answer instead.
     */
    static final long SUMMARY_LIMIT = 64_000_000L;

    int[] chainOf;
    int[] chainPos;
    int summaries;
    final IntList perPass = new IntList();
    long summaryNanos;

    /**
     * The reachability summary of the current graph (topological positions pos), or null if too
     * big.
     */
    /** Time to build the reduction's summary, or -1 if it did not fit. */
    long reductionNanos = -1;

    @Override
    ReachSummary reductionSummary() {
        int[] pos = topo();
        if (pos == null) {
            return null;
        }
        long t = System.nanoTime();
        ReachSummary rs = summary(pos, heapSummaryLimit());
        if (rs != null) {
            reductionNanos = System.nanoTime() - t;
            summaries--; // counted as a pruning pass's below
        }
        return rs;
    }

    /**
     * The largest summary built: {@link #SUMMARY_LIMIT} ints, or up to a third of the heap where
     * that is more (10^6 hard transactions in 100 sessions need 2.2 × 10^8 ints for SI, twice that
     * for PSI; per-pair graph searches instead took minutes). One summary is alive at a time: each
     * pass refills the previous one's arrays ({@link #lastSummary}).
     */
    static long heapSummaryLimit() {
        return Math.max(SUMMARY_LIMIT, Runtime.getRuntime().maxMemory() / 3 / Integer.BYTES);
    }

    /** The last summary built, whose arrays the next one reuses. */
    private ReachSummary lastSummary;

    ReachSummary summary(int[] pos) {
        return summary(pos, heapSummaryLimit());
    }

    ReachSummary summary(int[] pos, long limit) {
        int chainCount = m.sessions + 1;
        if (ReachSummary.cells(nodeCount, chainCount, psi) > limit) {
            return null;
        }
        if (chainOf == null) {
            chainOf = new int[nodeCount];
            chainPos = new int[nodeCount];
            Arrays.fill(chainOf, -1);
            for (int t = 0; t < n; t++) {
                if (!m.live[t]) {
                    continue;
                }
                int c = t == m.init ? m.sessions : m.sessOf[t];
                int p = t == m.init ? 0 : m.posOf[t];
                if (c < 0) {
                    continue;
                }
                chainOf[r(t)] = c;
                chainOf[w(t)] = c;
                chainPos[r(t)] = split ? 2 * p : p;
                chainPos[w(t)] = split ? 2 * p + 1 : p;
            }
        }
        int[] order = new int[nodeCount];
        for (int v = 0; v < nodeCount; v++) {
            order[pos[v]] = v;
        }
        int[] start = new int[nodeCount + 1];
        for (int u = 0; u < nodeCount; u++) {
            start[u + 1] = start[u] + out.degree(u);
        }
        int[] to = new int[start[nodeCount]];
        boolean[] rw = new boolean[start[nodeCount]];
        for (int u = 0; u < nodeCount; u++) {
            // the far ends beside the ids (~node for rw): no reads by edge id at random
            int[] ps = out.pairs(u);
            for (int i = 0, d = out.degree(u); i < d; i++) {
                int x = ps[2 * i + 1];
                to[start[u] + i] = x >= 0 ? x : ~x;
                rw[start[u] + i] = x < 0;
            }
        }
        checkTime("building a reachability summary");
        summaries++;
        long t = System.nanoTime();
        ReachSummary rs =
                new ReachSummary(
                        nodeCount,
                        order,
                        start,
                        to,
                        rw,
                        chainOf,
                        chainPos,
                        chainCount,
                        psi,
                        lastSummary);
        lastSummary = rs;
        summaryNanos += System.nanoTime() - t;
        return rs;
    }

    /** PSI: whether some rw edge r → b has b reaching r through H (a forbidden cycle exists). */
    boolean psiCycleFlagged(ReachSummary rs) {
        for (int i = 0; i < rwEdges.size(); i++) {
            int e = rwEdges.get(i);
            int from = eFrom.get(e);
            if (!rs.onChain(from) || rs.reaches(eTo.get(e), from)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The index (in {@link #induced} order) of the first edge of orientation o of v that closes a
     * forbidden cycle in the summarised graph, or -1. Allocates nothing.
     */
    int refutedBy(int v, int o, ReachSummary rs) {
        int p = src(v, o);
        int q = dst(v, o);
        int idx = 0;
        for (int x : varKeys[v]) {
            int slot = m.slotOf(p, x);
            if (closesIn(rs, srcNode(WW, p), dstNode(WW, q), WW)) {
                return idx;
            }
            idx++;
            for (int i = m.srStart[slot]; i < m.srStart[slot + 1]; i++) {
                int reader = m.slotReaders[i];
                if (reader == q) {
                    continue;
                }
                if (closesIn(rs, srcNode(RW, reader), dstNode(RW, q), RW)) {
                    return idx;
                }
                idx++;
            }
        }
        return -1;
    }

    /** Whether a new edge u → v of this kind closes a forbidden cycle (u a transaction node). */
    static boolean closesIn(ReachSummary rs, int u, int v, int kind) {
        return rs.reaches(v, u) || (kind != RW && rs.psi() && rs.reachesThroughRw(v, u));
    }

    /** The closing path of a variable forced by a summarised pass, searched when first needed. */
    int[] whyPath(int v) {
        if (whyPath[v] == null && whyMark[v] > 0) {
            int[] cand = induced(v, whyOrient[v])[whyCand[v]];
            edgeBound = whyMark[v];
            try {
                Cycle c =
                        closes(srcNode(cand[0], cand[1]), dstNode(cand[0], cand[2]), cand[0], null);
                whyPath[v] = c == null ? null : c.path;
            } finally {
                edgeBound = Integer.MAX_VALUE;
            }
        }
        return whyPath[v];
    }

    /** Every variable, those the failed guess points at first (a lone anomaly is found at once). */
    int[] pruneOrder() {
        IntList first = new IntList();
        boolean[] taken = new boolean[varCount];
        for (int i = 0; i < priority.size(); i++) {
            int v = priority.get(i);
            if (!taken[v]) {
                taken[v] = true;
                first.add(v);
            }
        }
        for (int i = 0; i + 1 < suspects.length; i += 2) {
            int v = varIndex.get(TxnPair.pair(suspects[i], suspects[i + 1]));
            if (v >= 0 && !taken[v]) {
                taken[v] = true;
                first.add(v);
            }
        }
        int[] order = new int[varCount];
        int k = 0;
        for (int i = 0; i < first.size(); i++) {
            order[k++] = first.get(i);
        }
        for (int v = 0; v < varCount; v++) {
            if (!taken[v]) {
                order[k++] = v;
            }
        }
        return order;
    }

    int candIndex(int v, int o, int[] cand) {
        int[][] ind = induced(v, o);
        for (int i = 0; i < ind.length; i++) {
            if (Arrays.equals(ind[i], cand)) {
                return i;
            }
        }
        return 0;
    }

    int open() {
        if (assign == null) {
            return 0;
        }
        int k = 0;
        for (int v = 0; v < varCount; v++) {
            if (assign[v] < 0) {
                k++;
            }
        }
        return k;
    }

    /**
     * Components of the session communication graph (shared keys; the initial transaction
     * excluded).
     */
    int[] sessionComponents() {
        int k = m.sessions;
        int[] uf = new int[k];
        for (int i = 0; i < k; i++) {
            uf[i] = i;
        }
        int[] first = new int[m.keyCount];
        Arrays.fill(first, -1);
        for (int t = 0; t < n; t++) {
            if (!m.live[t] || t == m.init) {
                continue;
            }
            int s = m.sessOf[t];
            for (int i = m.rdStart[t]; i < m.rdStart[t + 1]; i++) {
                first[m.rdKey[i]] = link(uf, first[m.rdKey[i]], s);
            }
            for (int i = m.wStart[t]; i < m.wStart[t + 1]; i++) {
                first[m.slotKey[i]] = link(uf, first[m.slotKey[i]], s);
            }
        }
        int[] comp = new int[k];
        for (int i = 0; i < k; i++) {
            comp[i] = find(uf, i);
        }
        return comp;
    }

    static int link(int[] uf, int prev, int s) {
        if (prev >= 0) {
            int a = find(uf, prev);
            int b = find(uf, s);
            if (a != b) {
                uf[a] = b;
            }
        }
        return s;
    }

    static int find(int[] uf, int i) {
        while (uf[i] != i) {
            uf[i] = uf[uf[i]];
            i = uf[i];
        }
        return i;
    }

    /** The search over what pruning left open ({@link PolygraphSearch}). */
    abstract Outcome search();
}
