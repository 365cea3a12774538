package isocheck.level;

import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The constraints of a {@link Polygraph}: one variable per pair of writer chains of a key
 * (coalesced over keys), its two orientations and the edges each induces, and the guessed version
 * order.
 */
abstract class PolygraphConstraints extends PolygraphGraph {
    PolygraphConstraints(TxnModel m, Level level, long deadline) {
        super(m, level, deadline);
    }

    // ---------------------------------------------------------------- guessing the version order

    /**
     * Orders the writers of every key by {@code rank} (commit stamps, or a topological order of the
     * known graph), chains them with ww edges (and rw from each version's readers to the next
     * writer) and keeps the result if the level's graph stays acyclic: then that version order is a
     * certificate, found in O(n log n) without constraints. Otherwise the edges are removed. For
     * PSI, acyclicity of so ∪ wr ∪ ww is only necessary: the caller validates the resulting order.
     */
    int guessedKeys;

    int guessMark = -1;

    /** Removes the edges of a guess that {@link #guess} kept (PSI: the validator refused it). */
    void undoGuess() {
        if (guessMark >= 0) {
            truncateEdges(guessMark);
            guessMark = -1;
        }
    }

    boolean guess(long[] rank) {
        guessMark = edgeCount();
        int mark = guessMark;
        deferLinks(); // nothing reads the lists until the chains are in: linked in bulk
        try {
            for (int x = 0; x < m.keyCount; x++) {
                int[] ws = guessedChain(x, rank);
                if (ws == null) {
                    continue;
                }
                for (int i = 0; i + 1 < ws.length; i++) {
                    addWw(m.slotTxn[ws[i]], m.slotTxn[ws[i + 1]], x, ws[i], WW_GUESS, -1);
                }
                guessedKeys = x + 1;
                checkTime("guessing the version order");
            }
        } finally {
            linkDeferred();
        }
        if (topo() != null) {
            return true;
        }
        // remember which guessed pairs a cycle runs through: pruning looks at them first (any cycle
        // will do: the shortest one, as findCycle searches it, costs minutes on large histories)
        Cycle c = anyCycle();
        if (c != null) {
            LongIntMap seen = new LongIntMap(16);
            IntList sus = new IntList();
            for (int e : c.path) {
                int ww = eKind.get(e) == WW ? e : eKind.get(e) == RW ? eAux.get(e) : -1;
                if (ww >= 0 && eRef.get(ww) == WW_GUESS) {
                    int a = txnOfNode(eFrom.get(ww));
                    int b = txnOfNode(eTo.get(ww));
                    long k = TxnPair.pair(Math.min(a, b), Math.max(a, b));
                    if (seen.get(k) < 0) {
                        seen.put(k, 1);
                        sus.add(Math.min(a, b));
                        sus.add(Math.max(a, b));
                    }
                }
            }
            suspects = sus.toArray();
        }
        truncateEdges(mark);
        guessMark = -1;
        return false;
    }

    /**
     * PSI: the topological positions {@link #topo} would give after {@link #guess}{@code (rank)}
     * added its ww edges, or null if they would make H cyclic; computed without adding them. The
     * guess's rw edges do not count for PSI's order, and its ww edges leave each writer in key
     * order after the writer's own out-edges, so Kahn's algorithm here reads out[v], then v's
     * successors in the guessed chains by key, exactly as {@link
     * isocheck.primitive.TopologicalOrder} reads the grown lists: the same order, hence the same
     * commit order. Why: at 10^6 transactions the guess added 4 million edges to validate one
     * commit order, and took them out again when the validator refused it (benchmarks/RESULTS.md,
     * stop 25).
     */
    int[] guessedPositions(long[] rank) {
        if (!psi || split) {
            throw new IllegalStateException("the guess without edges is PSI's");
        }
        int[][] chains = new int[m.keyCount][];
        int[] succCount = new int[n + 1];
        for (int x = 0; x < m.keyCount; x++) {
            int[] ws = guessedChain(x, rank);
            chains[x] = ws;
            for (int i = 0; ws != null && i + 1 < ws.length; i++) {
                succCount[m.slotTxn[ws[i]] + 1]++;
            }
            guessedKeys = x + 1;
            checkTime("guessing the version order");
        }
        for (int t = 0; t < n; t++) {
            succCount[t + 1] += succCount[t];
        }
        int[] succ = new int[succCount[n]];
        int[] fill = Arrays.copyOf(succCount, n);
        for (int x = 0; x < m.keyCount; x++) { // keys ascending: the order guess appends them
            int[] ws = chains[x];
            for (int i = 0; ws != null && i + 1 < ws.length; i++) {
                succ[fill[m.slotTxn[ws[i]]]++] = m.slotTxn[ws[i + 1]];
            }
        }
        int[] indeg = new int[nodeCount];
        for (int v = 0; v < nodeCount; v++) {
            int[] ps = out.pairs(v); // far ends, ~node for rw (not in PSI's order)
            for (int i = 0, d = out.degree(v); i < d; i++) {
                if (ps[2 * i + 1] >= 0) {
                    indeg[ps[2 * i + 1]]++;
                }
            }
        }
        for (int q : succ) {
            indeg[q]++;
        }
        int[] order = new int[nodeCount];
        int tail = 0;
        for (int v = 0; v < nodeCount; v++) {
            if (indeg[v] == 0) {
                order[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int v = order[head];
            int[] ps = out.pairs(v);
            for (int i = 0, d = out.degree(v); i < d; i++) {
                int x = ps[2 * i + 1];
                if (x >= 0 && --indeg[x] == 0) {
                    order[tail++] = x;
                }
            }
            if (v < n) {
                for (int i = succCount[v]; i < succCount[v + 1]; i++) {
                    if (--indeg[succ[i]] == 0) {
                        order[tail++] = succ[i];
                    }
                }
            }
        }
        if (tail < nodeCount) {
            return null;
        }
        int[] pos = new int[nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            pos[order[i]] = i;
        }
        return pos;
    }

    /** The writer slots of key x (the initial transaction's left out) in the guessed order. */
    private int[] guessedChain(int x, long[] rank) {
        int lo = m.kwStart[x];
        int hi = m.kwStart[x + 1];
        Integer[] slots = new Integer[hi - lo];
        int c = 0;
        for (int j = lo; j < hi; j++) {
            if (m.slotTxn[m.kwSlot[j]] != m.init) {
                slots[c++] = m.kwSlot[j];
            }
        }
        if (c < 2) {
            return null;
        }
        Integer[] ws = Arrays.copyOf(slots, c);
        Arrays.sort(
                ws,
                (p, q) -> {
                    int cmp = Long.compare(rank[m.slotTxn[p]], rank[m.slotTxn[q]]);
                    return cmp != 0 ? cmp : Integer.compare(m.slotTxn[p], m.slotTxn[q]);
                });
        int[] out = new int[c];
        for (int i = 0; i < c; i++) {
            out[i] = ws[i];
        }
        return out;
    }

    /** Pairs (a, b, a, b, …) of writers whose guessed order lies on the cycle the guess closed. */
    int[] suspects = new int[0];

    // ---------------------------------------------------------------- constraints

    /**
     * One variable per unordered pair of single writers (transactions in different sessions writing
     * a common key, coalesced over keys), and, for SER/SSER/SI/PSI, one per pair of
     * read-modify-write chains of a key of which one has more than one writer ({@link RmwChains}).
     */
    LongIntMap varIndex;

    /**
     * Writer pairs of a key in different sessions, what the constraints would be without chains.
     */
    long pairsBeforeChaining;

    int chainVars;
    int chainedKeys;

    /**
     * Variables refuted first: pairs of chains whose heads overwrite one version (lost updates).
     */
    final IntList priority = new IntList();

    /**
     * Whether {@link #buildConstraints} leaves out the writer pairs whose order the known graph
     * forces (off with -Disocheck.noReduction=true, for A/B runs and the tests that compare both;
     * and off when pruning is, since it is a pruning rule).
     */
    static volatile boolean reduction = !Boolean.getBoolean("isocheck.noReduction");

    boolean reduce = true;

    /**
     * The reduction runs from this many writer pairs on (tests set 0): below, pruning's first pass
     * does the same work cheaply, and it explains a violation better (it shows both orders' cycles,
     * where a reduced pair's edge only says that the other order closes one).
     */
    static volatile long reductionMinPairs = 100_000;

    /** Whether buildConstraints tried the reduction (it is off when the summary does not fit). */
    boolean reductionTried;

    /** Writer pairs (per key) the reduction found ordered by the known graph: no variable. */
    long reducedPairs;

    /** ww edges the reduction added (the covering pairs of each key's forced order). */
    long reducedEdges;

    /** Keys the reduction left alone (a forced order with a cycle, or more than 64 writers). */
    int unreducedKeys;

    /**
     * The constraint set would not fit {@link #maxVars}: the check answers unknown at once with
     * this reason rather than thrash in the collector.
     */
    String overBudget;

    /**
     * Variables allowed: about 250 bytes each with their edges and search state (measured: 22
     * million pairs took 5.9 GiB at the second stop), within half the heap.
     */
    long maxVars = Runtime.getRuntime().maxMemory() / 2 / 250;

    /**
     * The reachability summary of the known graph the reduction uses, or null (does not fit the
     * memory budget, or the graph is cyclic: pruning reports that).
     */
    abstract ReachSummary reductionSummary();

    void buildConstraints() {
        reductionTried = reduce && reduction && writerPairs() >= reductionMinPairs;
        ReachSummary known = reductionTried ? reductionSummary() : null;
        long[] forced = new long[64];
        int[] elemHead = new int[64];
        int[] elemTail = new int[64];
        LongIntMap index = new LongIntMap(1024);
        varIndex = index;
        LongIntMap chainIndex = new LongIntMap(16);
        IntList a = new IntList();
        IntList b = new IntList();
        IntList at = new IntList();
        IntList bt = new IntList();
        // the keys of each variable as linked entries in flat lists (most pairs share one key: at
        // 10^6 hard transactions, 22 million pairs, an IntList each cost ~1 GiB and 44 million
        // objects); head/tail: a variable's first/last entry
        IntList keyHead = new IntList();
        IntList keyTail = new IntList();
        IntList entryKey = new IntList();
        IntList entryNext = new IntList();
        int[] perSession = new int[Math.max(1, m.sessions)];
        IntList heads = new IntList();
        // the reduction's edges: the loop reads the summary, never the lists, so they are linked
        // in bulk after it
        deferLinks();
        try {
            for (int x = 0; x < m.keyCount; x++) {
                int lo = m.kwStart[x];
                int hi = m.kwStart[x + 1];
                heads.clear();
                long writers = 0;
                long same = 0;
                boolean chained = false;
                for (int i = lo; i < hi; i++) {
                    int slot = m.kwSlot[i];
                    int t1 = m.slotTxn[slot];
                    if (t1 == m.init) {
                        continue;
                    }
                    writers++;
                    same += perSession[m.sessOf[t1]]++;
                    if (chains == null || chains.isHead(slot)) {
                        heads.add(slot);
                    }
                    if (chains != null && !chains.singleton(slot)) {
                        chained = true;
                    }
                }
                for (int i = lo; i < hi; i++) {
                    int t1 = m.slotTxn[m.kwSlot[i]];
                    if (t1 != m.init) {
                        perSession[m.sessOf[t1]] = 0;
                    }
                }
                pairsBeforeChaining += writers * (writers - 1) / 2 - same;
                if (chained) {
                    chainedKeys++;
                }
                boolean reduced =
                        known != null && forcedOrder(known, heads, forced, elemHead, elemTail);
                if (known != null && !reduced && heads.size() > 1) {
                    unreducedKeys++;
                }
                for (int i = 0; i < heads.size(); i++) {
                    int s1 = heads.get(i);
                    int t1 = m.slotTxn[s1];
                    boolean single1 = chains == null || chains.singleton(s1);
                    for (int j = i + 1; j < heads.size(); j++) {
                        int s2 = heads.get(j);
                        int t2 = m.slotTxn[s2];
                        if (reduced && ordered(forced, i, j)) {
                            reducedPairs++;
                            int before = (forced[i] >>> j & 1) != 0 ? i : j;
                            int after = before == i ? j : i;
                            if (covers(forced, before, after)
                                    && !(single1
                                            && (chains == null || chains.singleton(s2))
                                            && m.sessOf[t1] == m.sessOf[t2])) {
                                int tailSlot =
                                        chains == null
                                                ? heads.get(before)
                                                : chains.tail[heads.get(before)];
                                addWw(elemTail[before], elemHead[after], x, tailSlot, WW_REACH, -1);
                                reducedEdges++;
                            }
                            continue;
                        }
                        if (single1 && (chains == null || chains.singleton(s2))) {
                            if (m.sessOf[t1] == m.sessOf[t2]) {
                                continue;
                            }
                            int p = Math.min(t1, t2);
                            int q = Math.max(t1, t2);
                            long k = TxnPair.pair(p, q);
                            int v = index.get(k);
                            if (v < 0) {
                                v = a.size();
                                index.put(k, v);
                                a.add(p);
                                b.add(q);
                                at.add(p);
                                bt.add(q);
                                keyHead.add(-1);
                                keyTail.add(-1);
                            }
                            addKey(v, x, keyHead, keyTail, entryKey, entryNext);
                            continue;
                        }
                        // two chains of x: orientation 0 = chain of s1 first (tail(s1) → s2)
                        int v = a.size();
                        chainIndex.put(TxnPair.pair(s1, s2), v);
                        chainIndex.put(TxnPair.pair(s2, s1), v);
                        a.add(t1);
                        b.add(t2);
                        at.add(m.slotTxn[chains.tail[s1]]);
                        bt.add(m.slotTxn[chains.tail[s2]]);
                        keyHead.add(-1);
                        keyTail.add(-1);
                        addKey(v, x, keyHead, keyTail, entryKey, entryNext);
                        chainVars++;
                    }
                }
                if (timeUp()) {
                    break;
                }
                if (a.size() > maxVars) {
                    overBudget =
                            "memory budget: building the constraints, more than "
                                    + maxVars
                                    + " writer pairs after "
                                    + (x + 1)
                                    + " of "
                                    + m.keyCount
                                    + " keys ("
                                    + reducedPairs
                                    + " left out as ordered by the known graph), over the memory budget"
                                    + " of half the heap ("
                                    + Runtime.getRuntime().maxMemory() / (1 << 20)
                                    + " MiB; -Xmx raises it)";
                    break;
                }
            }
        } finally {
            linkDeferred();
        }
        varCount = a.size();
        varA = a.toArray();
        varB = b.toArray();
        varAT = at.toArray();
        varBT = bt.toArray();
        varKeys = new int[varCount][];
        for (int v = 0; v < varCount; v++) {
            int c = 0;
            for (int e = keyHead.get(v); e >= 0; e = entryNext.get(e)) {
                c++;
            }
            int[] ks = new int[c];
            c = 0;
            for (int e = keyHead.get(v); e >= 0; e = entryNext.get(e)) {
                ks[c++] = entryKey.get(e);
            }
            varKeys[v] = ks;
        }
        if (chains != null) {
            int[] lu = chains.lostUpdates;
            for (int i = 0; i + 2 < lu.length; i += 3) {
                int s1 = m.slotOf(lu[i], lu[i + 2]);
                int s2 = m.slotOf(lu[i + 1], lu[i + 2]);
                int v = chainIndex.get(TxnPair.pair(s1, s2));
                if (v < 0) {
                    v =
                            index.get(
                                    TxnPair.pair(
                                            Math.min(lu[i], lu[i + 1]),
                                            Math.max(lu[i], lu[i + 1])));
                }
                if (v >= 0) {
                    priority.add(v);
                }
            }
        }
        assign = new int[varCount];
        Arrays.fill(assign, -1);
        rootForced = new boolean[varCount];
        whyPath = new int[varCount][];
        whyMark = new int[varCount];
        whyOrient = new int[varCount];
        whyCand = new int[varCount];
    }

    /**
     * The reduction of one key (PolySI, Huang et al., VLDB 2023, §4 "pruning" applied before any
     * constraint exists; Biswas and Enea, OOPSLA 2019, use the same forced orders when they
     * saturate): forced[i] gets bit j when element i (a writer, or a read-modify-write chain, of
     * the key: {@code heads}) must precede element j because the ww edge tail(j) → head(i) alone
     * closes a forbidden cycle with the known edges — exactly the test pruning applies to that
     * orientation ({@link PolygraphPruning#closesIn}), so the same orientation would be forced by
     * the first pruning pass. Then the transitive closure: i before k and k before j force i before
     * j on this key's total version order. False (no reduction of this key) when the forced order
     * has a cycle (pruning finds the violation and explains it) or the key has more than 64
     * elements.
     *
     * <p>Why only the covering pairs need edges (exactness): for i before k before j the ww edges
     * tail(i) → head(k) and tail(k) → head(j) give a path tail(i) ⇝ head(j), and the rw edges from
     * the readers of tail(i)'s version to head(k) continue to head(j); so the edges of i before j
     * close a cycle only where those of the covering pairs close one (for PSI with the same single
     * rw edge, since ww is an H edge): the immediate ww/rw edges suffice (MTC Theorems 1–2, as for
     * the known edges). A pair ordered here is left out for this key only; if the two writers share
     * another key on which the order is not forced, that key's variable still orders them (its
     * other orientation closes a cycle with this key's path).
     */
    private boolean forcedOrder(
            ReachSummary rs, IntList heads, long[] forced, int[] elemHead, int[] elemTail) {
        int k = heads.size();
        if (k < 2 || k > 64) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            int s = heads.get(i);
            elemHead[i] = m.slotTxn[s];
            elemTail[i] = chains == null ? elemHead[i] : m.slotTxn[chains.tail[s]];
            if (!rs.onChain(srcNode(WW, elemTail[i]))) {
                return false;
            }
        }
        for (int i = 0; i < k; i++) {
            long f = 0;
            int head = dstNode(WW, elemHead[i]);
            for (int j = 0; j < k; j++) {
                if (j != i && PolygraphPruning.closesIn(rs, srcNode(WW, elemTail[j]), head, WW)) {
                    f |= 1L << j;
                }
            }
            forced[i] = f;
        }
        for (int via = 0; via < k; via++) { // Warshall on bit rows
            long bit = 1L << via;
            for (int i = 0; i < k; i++) {
                if ((forced[i] & bit) != 0) {
                    forced[i] |= forced[via];
                }
            }
        }
        for (int i = 0; i < k; i++) {
            if ((forced[i] >>> i & 1) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the forced order (closed) relates elements i and j. */
    private static boolean ordered(long[] forced, int i, int j) {
        return (forced[i] >>> j & 1) != 0 || (forced[j] >>> i & 1) != 0;
    }

    /**
     * Whether before → after is a covering pair of the closed forced order (no element between).
     */
    private static boolean covers(long[] forced, int before, int after) {
        long between = forced[before];
        for (long rest = between; rest != 0; rest &= rest - 1) {
            int mid = Long.numberOfTrailingZeros(rest);
            if ((forced[mid] >>> after & 1) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Pairs of writers of a common key, summed over keys (the initial transaction included). */
    long writerPairs() {
        long pairs = 0;
        for (int x = 0; x < m.keyCount; x++) {
            long k = m.kwStart[x + 1] - m.kwStart[x];
            pairs += k * (k - 1) / 2;
        }
        return pairs;
    }

    /** Appends key x to variable v's entries (see buildConstraints). */
    private static void addKey(
            int v, int x, IntList head, IntList tail, IntList entryKey, IntList entryNext) {
        int e = entryKey.size();
        entryKey.add(x);
        entryNext.add(-1);
        if (head.get(v) < 0) {
            head.set(v, e);
        } else {
            entryNext.set(tail.get(v), e);
        }
        tail.set(v, e);
    }

    /** Source of orientation o of variable v (the tail of the chain placed first). */
    int src(int v, int o) {
        return o == 0 ? varAT[v] : varBT[v];
    }

    /** Target of orientation o of variable v (the head of the chain placed second). */
    int dst(int v, int o) {
        return o == 0 ? varB[v] : varA[v];
    }

    /** Logical edges of orientation o of v: {kind, from, to, key, slotOfFrom/ref}. */
    int[][] induced(int v, int o) {
        int p = src(v, o);
        int q = dst(v, o);
        List<int[]> out = new ArrayList<>();
        for (int x : varKeys[v]) {
            int slot = m.slotOf(p, x);
            out.add(new int[] {WW, p, q, x, slot});
            for (int i = m.srStart[slot]; i < m.srStart[slot + 1]; i++) {
                int reader = m.slotReaders[i];
                if (reader != q) {
                    out.add(new int[] {RW, reader, q, x, m.srOp[i]});
                }
            }
        }
        return out.toArray(new int[0][]);
    }

    void applyOrientation(int v, int o) {
        int p = src(v, o);
        int q = dst(v, o);
        for (int x : varKeys[v]) {
            addWw(p, q, x, m.slotOf(p, x), -1, v);
        }
        assign[v] = o;
    }

    /** Topological positions of all nodes, or null if cyclic ({@link PolygraphReachability}). */
    abstract int[] topo();

    /** Some cycle of the graph, or null ({@link PolygraphReachability}). */
    abstract Cycle anyCycle();
}
