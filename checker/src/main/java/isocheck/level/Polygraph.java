package isocheck.level;

import isocheck.vocabulary.CycleClassifier;
import isocheck.anomaly.CycleWitness;
import isocheck.vocabulary.EdgeKind;
import isocheck.anomaly.TxnView;
import isocheck.anomaly.WitnessEdge;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The polygraph of a history for one of PC, PSI, SI, SER, SSER (Cobra, PolySI): known edges, one
 * constraint per pair of transactions that write a common key (coalesced over keys), pruning by
 * reachability to a fixpoint, then a search with conflict-directed backjumping and learned nogoods
 * over what pruning leaves, component by component.
 *
 * <p><b>Levels as graph problems.</b> A history satisfies the level iff some version order ww (one
 * orientation per constraint) makes the graph below acyclic (for PSI: free of the cycles below):
 * <ul>
 *   <li>SER: nodes = transactions; so, wr, ww, rw edges (Adya). SSER adds real time through a
 *       chain of 2n event nodes (t → commit(t) → … → start(u) → u, events sorted by time, starts
 *       before commits on ties), so u is reachable from t by real time iff commit(t) < start(u):
 *       O(n) edges, never the O(n²) rt relation.</li>
 *   <li>PC: the read/write split of Biswas–Enea §4.2 (h_{R|W}, Thm 4.8): nodes R_t, W_t with
 *       R_t → W_t; so and wr as W → R, ww as W → W, rw as R → W. Equivalently ((so ∪ wr);rw? ∪ ww)
 *       acyclic.</li>
 *   <li>SI: the split of §4.3 (h^c_{R|W}, Thm 4.10), where a conflict makes the later transaction
 *       observe the earlier one: ww as W → R. Equivalently (so ∪ wr ∪ ww);rw? acyclic (Cerone–Gotsman).</li>
 *   <li>PSI: ((so ∪ wr ∪ ww)+ ; rw?) irreflexive (Cerone–Gotsman): no cycle of so/wr/ww edges and
 *       no rw edge r → b with b reaching r through so/wr/ww. (With vis = (so ∪ wr ∪ ww)+ this is the
 *       axiom of {@link Level#PSI}.)</li>
 * </ul>
 * Weaker levels' forced edges (the CC saturation t2 → t1) are version-order edges between writers of
 * a key, so they enter as ww edges — in the split graphs W_{t2} → W_{t1}/R_{t1} per docs/DESIGN.md §5
 * (Biswas & Enea §4.2), never W_{t2} → R_{t1} for PC. Pruning derives all of them (the other orientation closes a
 * cycle with the rw edge of the read), so they are not added separately.
 *
 * <p><b>Known edges.</b> so (immediate predecessors; the initial transaction before the first of
 * each session), wr, and ww from: the initial transaction to every writer; consecutive writers of a
 * key in one session; a writer that read the key from another transaction (read-modify-write,
 * MTC §IV-A). rw from the readers of a version to each known or chosen ww successor of its writer;
 * transitive ww/rw edges are implied by paths (MTC Theorems 1–2), so the immediate ones suffice.
 * For SER/SSER/SI/PSI, read-modify-writes chain each key's writers ({@link RmwChains}): constraints
 * order whole chains, and the chain from the initial transaction precedes the others (known edges).
 *
 * <p><b>Costs.</b> Each pruning pass answers its reachability queries from a {@link ReachSummary}
 * (O(1) each) when it fits in {@link #SUMMARY_LIMIT} ints, else by bounded graph searches; the
 * search keeps a topological order so that an edge agreeing with it needs no search.
 */
final class Polygraph {
    static final int SO = 0;
    static final int WR = 1;
    static final int WW = 2;
    static final int RW = 3;
    static final int INTERNAL = 4;
    static final int RT_OUT = 5;
    static final int CHAIN = 6;
    static final int RT_IN = 7;
    /** From the auxiliary node of an initial version to a writer of its key (second half of rw). */
    static final int RW_AUX = 8;
    /** Known-ww reasons (in eRef). A read-modify-write stores the read op (≥ 0). */
    static final int WW_INIT = -2;
    static final int WW_SESSION = -3;
    static final int WW_GUESS = -4;
    /** tail(init chain) → head of another chain: the chain that starts at the initial state comes first. */
    static final int WW_FIRST = -5;

    final Level level;
    final TxnModel m;
    final boolean split;
    final boolean psi;
    final boolean rt;
    final int n;
    int nodeCount;
    /**
     * One auxiliary node per initial version: its readers → aux → every other writer of the key,
     * instead of readers × writers rw edges (the initial transaction precedes every writer).
     */
    private int auxBase;

    // edges
    private final IntList eFrom = new IntList();
    private final IntList eTo = new IntList();
    private final IntList eKind = new IntList();
    private final IntList eKey = new IntList();
    private final IntList eRef = new IntList();
    private final IntList eVar = new IntList();
    /** For rw edges: the ww edge that induces them (-1 for a candidate's). */
    private final IntList eAux = new IntList();
    private IntList[] out;
    private IntList[] in;
    private final IntList rwEdges = new IntList();
    private long[] eventTime;
    private int[] eventTxn;

    // read-modify-write chains (see RmwChains)
    /**
     * Whether chains are used: SER, SSER, SI, PSI; never PC, which allows lost updates. Off when the
     * search runs alone (chains are a pruning rule); set before {@link #buildKnown}.
     */
    boolean chaining;
    private RmwChains chains;

    // constraints
    int varCount;
    /**
     * Variable v orders two writer chains of a key (a single transaction is a chain of one, and
     * such pairs are coalesced over keys): orientation 0 puts chain A (varA head … varAT tail)
     * before chain B (varB … varBT), i.e. the edge varAT → varB; orientation 1 the edge varBT → varA.
     */
    int[] varA;
    int[] varB;
    int[] varAT;
    int[] varBT;
    int[][] varKeys;
    int[] assign;
    boolean[] rootForced;
    /** Why a root-forced variable cannot take the other orientation: the closing path (edge ids). */
    int[][] whyPath;
    /** Edge-count mark of the graph in which the other orientation was refuted (for a lazy path). */
    int[] whyMark;
    int[] whyOrient;
    int[] whyCand;

    // search state
    private int[] mark;
    private int[] parent;
    private int round;
    private final long deadline;
    final List<String> notes = new ArrayList<>();
    String remained;
    long decisions;
    long backjumps;
    int learned;
    int prunedForced;
    int components;
    int searchedVars;
    private Cycle lastConflict;

    Polygraph(TxnModel m, Level level, long deadline) {
        this.m = m;
        this.level = level;
        this.split = level.traits().split();
        this.psi = !level.traits().prefixVisibility();
        this.rt = level.traits().realTime();
        this.chaining = !level.traits().lostUpdatesAllowed();
        this.n = m.n;
        this.deadline = deadline;
        int txnNodes = split ? 2 * n : n;
        int events = 0;
        if (rt) {
            for (int t = 0; t < n; t++) {
                if (m.live[t] && m.hasTimes(t)) {
                    events += 2;
                }
            }
        }
        auxBase = txnNodes + events;
        int initSlots = m.init >= 0 ? m.wStart[m.init + 1] - m.wStart[m.init] : 0;
        nodeCount = auxBase + initSlots;
        out = new IntList[nodeCount];
        in = new IntList[nodeCount];
        mark = new int[nodeCount];
        parent = new int[nodeCount];
    }

    int r(int t) {
        return split ? 2 * t : t;
    }

    int w(int t) {
        return split ? 2 * t + 1 : t;
    }

    int txnOfNode(int v) {
        if (split) {
            return v < 2 * n ? v >> 1 : -1;
        }
        return v < n ? v : -1;
    }

    private boolean timeUp() {
        return deadline != Long.MAX_VALUE && System.nanoTime() > deadline;
    }

    // ---------------------------------------------------------------- edges

    /**
     * Edge attributes are append-only: removing an edge (backtracking) only takes it out of the
     * graph ({@link #live}, adjacency), so cycles recorded during the search keep valid edge ids.
     */
    private final IntList live = new IntList();

    private int addEdge(int from, int to, int kind, int key, int ref, int var) {
        int id = eFrom.size();
        eFrom.add(from);
        eTo.add(to);
        eKind.add(kind);
        eKey.add(key);
        eRef.add(ref);
        eVar.add(var);
        eAux.add(-1);
        live.add(id);
        if (out[from] == null) {
            out[from] = new IntList(4);
        }
        out[from].add(id);
        if (psi) { // incoming lists only serve PSI's backward search
            if (in[to] == null) {
                in[to] = new IntList(4);
            }
            in[to].add(id);
        }
        modCount++;
        if (kind == RW) {
            rwEdges.add(id);
        }
        return id;
    }

    /** Takes the most recently added edges out of the graph until {@code count} remain. */
    private void truncateEdges(int count) {
        while (live.size() > count) {
            int id = live.removeLast();
            out[eFrom.get(id)].removeLast();
            if (psi) {
                in[eTo.get(id)].removeLast();
            }
            modCount++;
            if (eKind.get(id) == RW) {
                rwEdges.removeLast();
            }
        }
    }

    /** The number of edges in the graph (a mark for {@link #truncateEdges}). */
    int edgeCount() {
        return live.size();
    }

    /** Node-level source of a logical edge a → b of the given kind. */
    private int srcNode(int kind, int a) {
        if (!split) {
            return a;
        }
        return kind == RW ? r(a) : w(a);
    }

    private int dstNode(int kind, int b) {
        if (!split) {
            return b;
        }
        if (kind == SO || kind == WR) {
            return r(b);
        }
        if (kind == WW) {
            return level.traits().conflict() ? r(b) : w(b);
        }
        return w(b); // RW
    }

    private void addKnown(int kind, int a, int b, int key, int ref) {
        addEdge(srcNode(kind, a), dstNode(kind, b), kind, key, ref, -1);
    }

    /** Adds the known edges. */
    void buildKnown() {
        TxnModel mm = m;
        if (split) {
            for (int t = 0; t < n; t++) {
                if (mm.live[t]) {
                    addEdge(r(t), w(t), INTERNAL, -1, -1, -1);
                }
            }
        }
        for (int t = 0; t < n; t++) {
            if (mm.live[t] && mm.soPred[t] >= 0) {
                addKnown(SO, mm.soPred[t], t, -1, -1);
            }
        }
        int[] stamp = new int[n];
        Arrays.fill(stamp, -1);
        for (int t = 0; t < n; t++) {
            for (int i = mm.rdStart[t]; i < mm.rdStart[t + 1]; i++) {
                int wt = mm.rdWriter[i];
                if (stamp[wt] != t) {
                    stamp[wt] = t;
                    addKnown(WR, wt, t, mm.rdKey[i], mm.rdOp[i]);
                }
            }
        }
        // known ww: init → every writer; session chains; read-modify-write
        int[] lastInSession = new int[Math.max(1, mm.sessions)];
        for (int x = 0; x < mm.keyCount; x++) {
            Arrays.fill(lastInSession, -1);
            int initSlot = -1;
            for (int j = mm.kwStart[x]; j < mm.kwStart[x + 1]; j++) {
                int slot = mm.kwSlot[j];
                if (mm.slotTxn[slot] == mm.init) {
                    initSlot = slot;
                }
            }
            if (initSlot >= 0) {
                int aux = auxBase + initSlot - mm.wStart[mm.init];
                for (int i = mm.srStart[initSlot]; i < mm.srStart[initSlot + 1]; i++) {
                    int r = mm.slotReaders[i];
                    if (mm.slotOf(r, x) < 0) {
                        addEdge(srcNode(RW, r), aux, RW, x, mm.srOp[i], -1);
                        continue;
                    }
                    // a reader that overwrites the initial version: direct rw edges to the other writers
                    for (int j = mm.kwStart[x]; j < mm.kwStart[x + 1]; j++) {
                        int w2 = mm.slotTxn[mm.kwSlot[j]];
                        if (w2 != r && w2 != mm.init) {
                            addEdge(srcNode(RW, r), dstNode(RW, w2), RW, x, mm.srOp[i], -1);
                        }
                    }
                }
            }
            for (int j = mm.kwStart[x]; j < mm.kwStart[x + 1]; j++) { // slots are in txn order
                int slot = mm.kwSlot[j];
                int t = mm.slotTxn[slot];
                if (t == mm.init) {
                    continue;
                }
                if (initSlot >= 0) {
                    addEdge(srcNode(WW, mm.init), dstNode(WW, t), WW, x, WW_INIT, -1);
                    addEdge(auxBase + initSlot - mm.wStart[mm.init], dstNode(RW, t), RW_AUX, x, -1, -1);
                }
                int s = mm.sessOf[t];
                if (lastInSession[s] >= 0) {
                    int prev = lastInSession[s];
                    addWw(mm.slotTxn[prev], t, x, prev, WW_SESSION, -1);
                }
                lastInSession[s] = slot;
            }
        }
        for (int t = 0; t < n; t++) {
            for (int i = mm.rdStart[t]; i < mm.rdStart[t + 1]; i++) {
                int wt = mm.rdWriter[i];
                int x = mm.rdKey[i];
                if (wt != mm.init && mm.slotOf(t, x) >= 0 && mm.sessOf[wt] != mm.sessOf[t]) {
                    addWw(wt, t, x, mm.rdSlot[i], mm.rdOp[i], -1);
                }
            }
        }
        if (chaining) {
            addChainFirst();
        }
        if (rt) {
            buildRealTime();
        }
    }

    /**
     * Read-modify-write chains ({@link RmwChains}); when a key's initial version has a successor, the
     * chain from the initial transaction precedes every other chain: tail → head ww edges (with rw
     * from the tail version's readers), known before any constraint.
     */
    private void addChainFirst() {
        chains = new RmwChains(m);
        if (m.init < 0) {
            return;
        }
        for (int i = m.wStart[m.init]; i < m.wStart[m.init + 1]; i++) {
            if (chains.next[i] < 0) {
                continue;
            }
            int x = m.slotKey[i];
            int tailSlot = chains.tail[i];
            for (int j = m.kwStart[x]; j < m.kwStart[x + 1]; j++) {
                int s = m.kwSlot[j];
                if (s != i && chains.isHead(s)) {
                    addWw(m.slotTxn[tailSlot], m.slotTxn[s], x, tailSlot, WW_FIRST, -1);
                }
            }
        }
    }

    /** ww a → b on x (a's version in slot) plus rw from the other readers of a's version to b. */
    private void addWw(int a, int b, int x, int slotA, int ref, int var) {
        int ww = addEdge(srcNode(WW, a), dstNode(WW, b), WW, x, ref, var);
        for (int i = m.srStart[slotA]; i < m.srStart[slotA + 1]; i++) {
            int reader = m.slotReaders[i];
            if (reader != b) {
                int rw = addEdge(srcNode(RW, reader), dstNode(RW, b), RW, x, m.srOp[i], var);
                eAux.set(rw, ww);
            }
        }
    }

    private void buildRealTime() {
        int base = split ? 2 * n : n;
        int count = auxBase - base;
        long[] keys = new long[count];
        int[] evTxn = new int[count];
        boolean[] evCommit = new boolean[count];
        int e = 0;
        Integer[] idx = new Integer[count];
        for (int t = 0; t < n; t++) {
            if (m.live[t] && m.hasTimes(t)) {
                keys[e] = m.h.startTime(t);
                evTxn[e] = t;
                evCommit[e] = false;
                idx[e] = e;
                e++;
                keys[e] = m.h.commitTime(t);
                evTxn[e] = t;
                evCommit[e] = true;
                idx[e] = e;
                e++;
            }
        }
        Arrays.sort(idx, (p, q) -> {
            int c = Long.compare(keys[p], keys[q]);
            if (c != 0) {
                return c;
            }
            return Boolean.compare(evCommit[p], evCommit[q]); // starts first on ties: rt is strict
        });
        eventTime = new long[count];
        eventTxn = new int[count];
        for (int i = 0; i < count; i++) {
            int ev = idx[i];
            int node = base + i;
            eventTime[i] = keys[ev];
            eventTxn[i] = evTxn[ev];
            if (evCommit[ev]) {
                addEdge(evTxn[ev], node, RT_OUT, -1, -1, -1);
            } else {
                addEdge(node, evTxn[ev], RT_IN, -1, -1, -1);
            }
            if (i > 0) {
                addEdge(node - 1, node, CHAIN, -1, -1, -1);
            }
        }
    }

    // ---------------------------------------------------------------- guessing the version order

    /**
     * Orders the writers of every key by {@code rank} (commit stamps, or a topological order of the
     * known graph), chains them with ww edges (and rw from each version's readers to the next writer)
     * and keeps the result if the level's graph stays acyclic: then that version order is a
     * certificate, found in O(n log n) without constraints. Otherwise the edges are removed. For
     * PSI, acyclicity of so ∪ wr ∪ ww is only necessary: the caller validates the resulting order.
     */
    int guessedKeys;
    private int guessMark = -1;

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
        for (int x = 0; x < m.keyCount; x++) {
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
                continue;
            }
            Integer[] ws = Arrays.copyOf(slots, c);
            Arrays.sort(ws, (p, q) -> {
                int cmp = Long.compare(rank[m.slotTxn[p]], rank[m.slotTxn[q]]);
                return cmp != 0 ? cmp : Integer.compare(m.slotTxn[p], m.slotTxn[q]);
            });
            for (int i = 0; i + 1 < c; i++) {
                addWw(m.slotTxn[ws[i]], m.slotTxn[ws[i + 1]], x, ws[i], WW_GUESS, -1);
            }
            guessedKeys = x + 1;
            checkTime("guessing the version order");
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

    /** Pairs (a, b, a, b, …) of writers whose guessed order lies on the cycle the guess closed. */
    private int[] suspects = new int[0];

    // ---------------------------------------------------------------- constraints

    /**
     * One variable per unordered pair of single writers (transactions in different sessions writing
     * a common key, coalesced over keys), and, for SER/SSER/SI/PSI, one per pair of read-modify-write
     * chains of a key of which one has more than one writer ({@link RmwChains}).
     */
    private LongIntMap varIndex;
    /** Writer pairs of a key in different sessions, what the constraints would be without chains. */
    long pairsBeforeChaining;
    int chainVars;
    int chainedKeys;
    /** Variables refuted first: pairs of chains whose heads overwrite one version (lost updates). */
    private final IntList priority = new IntList();

    void buildConstraints() {
        LongIntMap index = new LongIntMap(1024);
        varIndex = index;
        LongIntMap chainIndex = new LongIntMap(16);
        IntList a = new IntList();
        IntList b = new IntList();
        IntList at = new IntList();
        IntList bt = new IntList();
        List<IntList> keys = new ArrayList<>();
        int[] perSession = new int[Math.max(1, m.sessions)];
        IntList heads = new IntList();
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
            for (int i = 0; i < heads.size(); i++) {
                int s1 = heads.get(i);
                int t1 = m.slotTxn[s1];
                boolean single1 = chains == null || chains.singleton(s1);
                for (int j = i + 1; j < heads.size(); j++) {
                    int s2 = heads.get(j);
                    int t2 = m.slotTxn[s2];
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
                            keys.add(new IntList(2));
                        }
                        keys.get(v).add(x);
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
                    IntList kk = new IntList(1);
                    kk.add(x);
                    keys.add(kk);
                    chainVars++;
                }
            }
            if (timeUp()) {
                break;
            }
        }
        varCount = a.size();
        varA = a.toArray();
        varB = b.toArray();
        varAT = at.toArray();
        varBT = bt.toArray();
        varKeys = new int[varCount][];
        for (int v = 0; v < varCount; v++) {
            varKeys[v] = keys.get(v).toArray();
        }
        if (chains != null) {
            int[] lu = chains.lostUpdates;
            for (int i = 0; i + 2 < lu.length; i += 3) {
                int s1 = m.slotOf(lu[i], lu[i + 2]);
                int s2 = m.slotOf(lu[i + 1], lu[i + 2]);
                int v = chainIndex.get(TxnPair.pair(s1, s2));
                if (v < 0) {
                    v = index.get(TxnPair.pair(Math.min(lu[i], lu[i + 1]), Math.max(lu[i], lu[i + 1])));
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

    /** Source of orientation o of variable v (the tail of the chain placed first). */
    int src(int v, int o) {
        return o == 0 ? varAT[v] : varBT[v];
    }

    /** Target of orientation o of variable v (the head of the chain placed second). */
    int dst(int v, int o) {
        return o == 0 ? varB[v] : varA[v];
    }

    /** Logical edges of orientation o of v: {kind, from, to, key, slotOfFrom/ref}. */
    private int[][] induced(int v, int o) {
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

    private void applyOrientation(int v, int o) {
        int p = src(v, o);
        int q = dst(v, o);
        for (int x : varKeys[v]) {
            addWw(p, q, x, m.slotOf(p, x), -1, v);
        }
        assign[v] = o;
    }

    // ---------------------------------------------------------------- reachability

    /** Shortest path from → to (edge ids), skipping rw edges if noRw; bounded by topo if given. */
    private IntList path(int from, int to, boolean noRw, int[] topo) {
        return path(from, to, noRw, topo, null, 0);
    }

    private IntList path(int from, int to, boolean noRw, int[] topo, int[] comp, int c) {
        if (from == to) {
            return new IntList(0);
        }
        round++;
        if (round == Integer.MAX_VALUE) {
            Arrays.fill(mark, 0);
            round = 1;
        }
        int limit = topo == null ? Integer.MAX_VALUE : topo[to];
        if (topo != null && topo[from] > limit) {
            return null;
        }
        IntList queue = new IntList();
        queue.add(from);
        mark[from] = round;
        for (int qi = 0; qi < queue.size(); qi++) {
            int u = queue.get(qi);
            checkTime("a reachability query");
            IntList o = out[u];
            if (o == null) {
                continue;
            }
            for (int i = 0; i < o.size(); i++) {
                int e = o.get(i);
                if ((noRw && eKind.get(e) == RW) || e >= edgeBound) {
                    continue;
                }
                int x = eTo.get(e);
                if (mark[x] == round || (topo != null && topo[x] > limit) || (comp != null && comp[x] != c)) {
                    continue;
                }
                mark[x] = round;
                parent[x] = e;
                if (x == to) {
                    IntList p = new IntList();
                    for (int y = to; y != from; y = eFrom.get(parent[y])) {
                        p.add(parent[y]);
                    }
                    int[] arr = p.toArray();
                    IntList res = new IntList(arr.length);
                    for (int k = arr.length - 1; k >= 0; k--) {
                        res.add(arr[k]);
                    }
                    return res;
                }
                queue.add(x);
            }
        }
        return null;
    }

    /** A cycle closed by a candidate edge (not in the graph) or found in the graph (cand == null). */
    static final class Cycle {
        int[] cand; // {kind, from, to, key, ref} logical, with var/orient
        int candVar = -1;
        int candOrient;
        int[] path; // edge ids, starting at the candidate's target
    }

    /** Whether adding node edge u → v of this kind closes a forbidden cycle; the cycle or null. */
    private Cycle closes(int u, int v, int kind, int[] topo) {
        if (!psi) {
            IntList p = path(v, u, false, topo);
            return p == null ? null : cycle(p);
        }
        if (kind == RW) {
            IntList p = path(v, u, true, topo);
            return p == null ? null : cycle(p);
        }
        IntList p = path(v, u, true, topo);
        if (p != null) {
            return cycle(p);
        }
        // a rw edge r → b with v ⇝ r and b ⇝ u (through so/wr/ww): u → v ⇝ r → b ⇝ u.
        // Mark what reaches u (backward, H only), then walk forward from v until a rw edge lands in it.
        int back = ++round;
        IntList reachesU = new IntList();
        searchH(u, false, mark, back, parent, reachesU, null, Integer.MAX_VALUE, 0);
        // the rw edges r → b into that set: only their sources can close the cycle; none, no cycle
        int maxTopo = -1;
        boolean anyRw = false;
        for (int qi = 0; qi < reachesU.size(); qi++) {
            IntList il = in[reachesU.get(qi)];
            if (il == null) {
                continue;
            }
            for (int i = 0; i < il.size(); i++) {
                int e = il.get(i);
                if (eKind.get(e) == RW && e < edgeBound) {
                    anyRw = true;
                    if (topo != null) {
                        maxTopo = Math.max(maxTopo, topo[eFrom.get(e)]);
                    }
                }
            }
        }
        if (!anyRw || (topo != null && topo[v] > maxTopo)) {
            return null;
        }
        if (fmark == null) {
            fmark = new int[nodeCount];
            fparent = new int[nodeCount];
        }
        int landed = searchH(v, true, fmark, ++round, fparent, new IntList(), topo, maxTopo, back);
        if (landed < 0) {
            return null;
        }
        IntList all = new IntList();
        appendTreePath(all, fparent, v, eFrom.get(landed), true);
        all.add(landed);
        appendTreePath(all, parent, u, eTo.get(landed), false);
        return cycle(all);
    }

    /** The forward search's marks and tree edges (the backward one uses {@link #mark}, {@link #parent}). */
    private int[] fmark;
    private int[] fparent;

    /**
     * Breadth-first search over H = so ∪ wr ∪ ww (rw edges are not followed) from start, along
     * out-edges (forward) or in-edges (backward): both halves of PSI's check that (H+ ; rw?) is
     * irreflexive (Cerone–Gotsman; see the class comment). Each node reached is stamped in marks,
     * its tree edge kept in via and appended to reached (start first); nodes whose topo position
     * exceeds topoLimit are not entered (topo null: no bound). With landing &gt; 0, the first rw
     * edge out of a reached node whose target {@link #mark} stamps with landing is returned;
     * otherwise -1 once H is exhausted.
     */
    private int searchH(int start, boolean forward, int[] marks, int stamp, int[] via, IntList reached,
                        int[] topo, int topoLimit, int landing) {
        IntList[] adjacent = forward ? out : in;
        reached.add(start);
        marks[start] = stamp;
        for (int qi = 0; qi < reached.size(); qi++) {
            int y = reached.get(qi);
            IntList edges = adjacent[y];
            if (edges == null) {
                continue;
            }
            for (int i = 0; i < edges.size(); i++) {
                int e = edges.get(i);
                if (e >= edgeBound) {
                    continue;
                }
                int z = forward ? eTo.get(e) : eFrom.get(e);
                if (eKind.get(e) == RW) {
                    if (landing > 0 && mark[z] == landing) {
                        return e;
                    }
                    continue;
                }
                if (marks[z] != stamp && (topo == null || topo[z] <= topoLimit)) {
                    marks[z] = stamp;
                    via[z] = e;
                    reached.add(z);
                }
            }
            checkTime("a PSI cycle check");
        }
        return -1;
    }

    /**
     * Appends the edges of a {@link #searchH} tree between its root and node, in the direction of
     * the graph: root ⇝ node for a forward tree, node ⇝ root for a backward one.
     */
    private void appendTreePath(IntList to, int[] via, int root, int node, boolean forward) {
        if (!forward) {
            for (int a = node; a != root; a = eTo.get(via[a])) {
                to.add(via[a]);
            }
            return;
        }
        int first = to.size();
        for (int a = node; a != root; a = eFrom.get(via[a])) {
            to.add(via[a]);
        }
        for (int i = first, j = to.size() - 1; i < j; i++, j--) {
            int t = to.get(i);
            to.set(i, to.get(j));
            to.set(j, t);
        }
    }

    /** Thrown when the deadline passes in the middle of a graph search; caught by {@link #solve}. */
    static final class TimeUp extends RuntimeException {
        final String where;

        TimeUp(String where) {
            super(where, null, false, false);
            this.where = where;
        }
    }

    private int ticks;

    private void checkTime(String where) {
        if ((++ticks & 4095) == 0 && timeUp()) {
            throw new TimeUp(where);
        }
    }

    private static Cycle cycle(IntList p) {
        Cycle c = new Cycle();
        c.path = p.toArray();
        return c;
    }

    /** Whether orientation o of v is impossible given the current graph: the closing cycle, or null. */
    private Cycle infeasible(int v, int o, int[] topo) {
        int[][] ind = induced(v, o);
        for (int[] le : ind) {
            int u = srcNode(le[0], le[1]);
            int x = dstNode(le[0], le[2]);
            Cycle c = closes(u, x, le[0], topo);
            if (c != null) {
                c.cand = le;
                c.candVar = v;
                c.candOrient = o;
                return c;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- topological order / cycles

    /** Topological positions of all nodes (rw edges ignored for PSI), or null if cyclic. */
    private long modCount;
    private long topoMod = -1;
    private int[] topoCache;

    int[] topo() {
        if (topoMod == modCount) {
            return topoCache;
        }
        topoCache = computeTopo();
        topoMod = modCount;
        return topoCache;
    }

    /** Topological positions over every edge, rw included (even for PSI), or null if cyclic. */
    int[] topoAll() {
        return computeTopo(false);
    }

    private int[] computeTopo() {
        return computeTopo(psi);
    }

    private int[] computeTopo(boolean skipRw) {
        int[] indeg = new int[nodeCount];
        for (int i = 0; i < live.size(); i++) {
            int e = live.get(i);
            if (skipRw && eKind.get(e) == RW) {
                continue;
            }
            indeg[eTo.get(e)]++;
        }
        int[] order = new int[nodeCount];
        int tail = 0;
        for (int v = 0; v < nodeCount; v++) {
            if (indeg[v] == 0) {
                order[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int u = order[head];
            IntList o = out[u];
            if (o == null) {
                continue;
            }
            for (int i = 0; i < o.size(); i++) {
                int e = o.get(i);
                if (skipRw && eKind.get(e) == RW) {
                    continue;
                }
                if (--indeg[eTo.get(e)] == 0) {
                    order[tail++] = eTo.get(e);
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

    /** A shortest forbidden cycle of the current graph, or null if there is none. */
    Cycle findCycle() {
        int[] pos = topo();
        if (pos == null) {
            // a cycle (without rw edges for PSI): strongly connected components, then the shortest
            // cycle through a few members of the smallest non-trivial ones, searched inside them
            int[] comp = new int[nodeCount];
            List<int[]> sccs = stronglyConnected(comp, psi);
            sccs.sort((a, b) -> Integer.compare(a.length, b.length));
            Cycle best = null;
            int tried = 0;
            for (int[] scc : sccs) {
                if (tried >= 64) {
                    break;
                }
                for (int i = 0; i < scc.length && i < 16; i++, tried++) {
                    int root = scc[i];
                    IntList o = out[root];
                    if (o == null) {
                        continue;
                    }
                    for (int j = 0; j < o.size(); j++) {
                        int e = o.get(j);
                        if ((psi && eKind.get(e) == RW) || comp[eTo.get(e)] != comp[root]) {
                            continue;
                        }
                        IntList p = path(eTo.get(e), root, psi, null, comp, comp[root]);
                        if (p != null && (best == null || p.size() + 1 < best.path.length)) {
                            IntList all = new IntList();
                            all.add(e);
                            for (int k = 0; k < p.size(); k++) {
                                all.add(p.get(k));
                            }
                            best = cycle(all);
                        }
                    }
                }
            }
            return best == null ? null : startAtTransaction(best);
        }
        if (psi) {
            Cycle best = null;
            for (int i = 0; i < rwEdges.size(); i++) {
                int e = rwEdges.get(i);
                IntList p = path(eTo.get(e), eFrom.get(e), true, pos);
                if (p != null && (best == null || p.size() + 1 < best.path.length)) {
                    IntList all = new IntList();
                    all.add(e);
                    for (int k = 0; k < p.size(); k++) {
                        all.add(p.get(k));
                    }
                    best = cycle(all);
                }
            }
            return best;
        }
        return null;
    }

    /**
     * Some cycle of the graph (without rw edges for PSI), by one breadth-first search inside the
     * smallest strongly connected component: O(nodes + edges). Null if acyclic.
     */
    private Cycle anyCycle() {
        int[] comp = new int[nodeCount];
        List<int[]> sccs = stronglyConnected(comp, psi);
        if (sccs.isEmpty()) {
            return null;
        }
        int[] smallest = sccs.get(0);
        for (int[] scc : sccs) {
            if (scc.length < smallest.length) {
                smallest = scc;
            }
        }
        int root = smallest[0];
        round++;
        IntList queue = new IntList();
        queue.add(root);
        mark[root] = round;
        for (int qi = 0; qi < queue.size(); qi++) {
            int y = queue.get(qi);
            IntList o = out[y];
            if (o == null) {
                continue;
            }
            for (int i = 0; i < o.size(); i++) {
                int e = o.get(i);
                int z = eTo.get(e);
                if ((psi && eKind.get(e) == RW) || comp[z] != comp[root]) {
                    continue;
                }
                if (z == root) {
                    IntList rev = new IntList();
                    rev.add(e);
                    for (int a = y; a != root; a = eFrom.get(parent[a])) {
                        rev.add(parent[a]);
                    }
                    IntList p = new IntList(rev.size());
                    for (int k = rev.size() - 1; k >= 0; k--) {
                        p.add(rev.get(k));
                    }
                    return cycle(p);
                }
                if (mark[z] != round) {
                    mark[z] = round;
                    parent[z] = e;
                    queue.add(z);
                }
            }
        }
        return null;
    }

    /** Rotates a cycle (no candidate) to start at an edge leaving a transaction node. */
    private Cycle startAtTransaction(Cycle c) {
        int[] p = c.path;
        for (int i = 0; i < p.length; i++) {
            if (txnOfNode(eFrom.get(p[i])) >= 0 && eKind.get(p[i]) != RT_IN) {
                int[] r = new int[p.length];
                for (int j = 0; j < p.length; j++) {
                    r[j] = p[(i + j) % p.length];
                }
                c.path = r;
                return c;
            }
        }
        return c;
    }

    /** Iterative Tarjan; fills comp, returns the components with at least two nodes. */
    private List<int[]> stronglyConnected(int[] comp, boolean skipRw) {
        int nn = nodeCount;
        int[] index = new int[nn];
        int[] low = new int[nn];
        int[] edgeAt = new int[nn];
        boolean[] onStack = new boolean[nn];
        Arrays.fill(index, -1);
        Arrays.fill(comp, -1);
        int[] stack = new int[nn];
        int[] call = new int[nn];
        int sp = 0;
        int counter = 0;
        int compCount = 0;
        List<int[]> res = new ArrayList<>();
        for (int root = 0; root < nn; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int cp = 0;
            call[cp++] = root;
            index[root] = low[root] = counter++;
            edgeAt[root] = 0;
            stack[sp++] = root;
            onStack[root] = true;
            while (cp > 0) {
                int v = call[cp - 1];
                IntList o = out[v];
                if (o != null && edgeAt[v] < o.size()) {
                    int e = o.get(edgeAt[v]++);
                    if (skipRw && eKind.get(e) == RW) {
                        continue;
                    }
                    int w = eTo.get(e);
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        edgeAt[w] = 0;
                        stack[sp++] = w;
                        onStack[w] = true;
                        call[cp++] = w;
                    } else if (onStack[w] && index[w] < low[v]) {
                        low[v] = index[w];
                    }
                    continue;
                }
                cp--;
                if (cp > 0 && low[v] < low[call[cp - 1]]) {
                    low[call[cp - 1]] = low[v];
                }
                if (low[v] == index[v]) {
                    int base = sp;
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        comp[w] = compCount;
                    } while (w != v);
                    if (base - sp > 1) {
                        res.add(Arrays.copyOfRange(stack, sp, base));
                    }
                    compCount++;
                }
            }
        }
        return res;
    }

    // ---------------------------------------------------------------- solving

    /** Outcome of {@link #solve}. */
    enum Outcome { CONSISTENT, VIOLATED, UNKNOWN }

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
            remained = (remained == null ? "" : remained + "; ") + t.where + " (" + open() + " of " + varCount
                    + " writer pairs undecided, " + decisions + " search decisions)";
            return Outcome.UNKNOWN;
        }
    }

    private Outcome solveInner(boolean useVars) {
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
        buildConstraints();
        long t1 = System.nanoTime();
        if (timeUp()) {
            remained = "building the constraints (" + varCount + " writer pairs so far)";
            return Outcome.UNKNOWN;
        }
        if (chains != null) {
            notes.add("read-modify-write chains: " + chains.links + " links on " + chainedKeys + " keys; writer pairs "
                    + pairsBeforeChaining + " before chaining, " + varCount + " constraints after (" + chainVars
                    + " between chains, " + (varCount - chainVars) + " between single writers, coalesced over keys)"
                    + (chains.lostUpdates.length > 0 ? "; " + chains.lostUpdates.length / 3
                            + " versions overwritten by two read-modify-writes (lost updates) tried first" : ""));
        } else {
            notes.add("read-modify-write chains: not for " + level + " (it allows lost updates); "
                    + pairsBeforeChaining + " writer pairs");
        }
        notes.add(varCount + " constraints (pairs of transactions in different sessions writing a common key)"
                + String.format(", built in %.1f ms", (t1 - t0) / 1e6));
        if (!prune) {
            notes.add("pruning disabled");
            return varCount == 0 ? Outcome.CONSISTENT : search();
        }
        // pruning to a fixpoint: each pass tests both orientations of every open constraint against the
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
                    remained = "pruning pass " + passes + ": " + open() + " of " + varCount + " writer pairs undecided";
                    return Outcome.UNKNOWN;
                }
                if (rs != null) {
                    // O(1) per induced edge; a path is searched only to explain (lazily) or to refute
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
                    throw new IllegalStateException("reachability summary and graph search disagree on " + v);
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
            perPass.add(forcedVar.size());
            for (int i = 0; i < forcedVar.size(); i++) {
                int v = forcedVar.get(i);
                checkTime("applying the orientations pruning pass " + passes + " forced");
                applyOrientation(v, forcedOrient.get(i));
                rootForced[v] = true;
                prunedForced++;
            }
        }
        Cycle after = findCycle();
        if (after != null) {
            violation = after;
            return Outcome.VIOLATED;
        }
        notes.add("pruning: " + passes + " passes fixed " + prunedForced + " of " + varCount + " pairs; "
                + open() + " left for the search (" + (summaries > 0 ? summaries + " passes by reachability summary"
                        : "graph searches per pair: the summary would exceed " + SUMMARY_LIMIT + " ints")
                + String.format(", %.1f ms of which %.1f ms building summaries; fixed per pass: %s; %d edges)",
                        (System.nanoTime() - t1) / 1e6, summaryNanos / 1e6, Arrays.toString(perPass.toArray()),
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

    /** Bigger summaries are not built (ints; 2 per cell for PSI): the graph searches answer instead. */
    static final long SUMMARY_LIMIT = 64_000_000L;
    private int[] chainOf;
    private int[] chainPos;
    int summaries;
    private final IntList perPass = new IntList();
    private long summaryNanos;

    /** The reachability summary of the current graph (topological positions pos), or null if too big. */
    private ReachSummary summary(int[] pos) {
        int chainCount = m.sessions + 1;
        if (ReachSummary.cells(nodeCount, chainCount, psi) > SUMMARY_LIMIT) {
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
            start[u + 1] = start[u] + (out[u] == null ? 0 : out[u].size());
        }
        int[] to = new int[start[nodeCount]];
        boolean[] rw = new boolean[start[nodeCount]];
        for (int u = 0; u < nodeCount; u++) {
            IntList o = out[u];
            if (o == null) {
                continue;
            }
            for (int i = 0; i < o.size(); i++) {
                int e = o.get(i);
                to[start[u] + i] = eTo.get(e);
                rw[start[u] + i] = eKind.get(e) == RW;
            }
        }
        checkTime("building a reachability summary");
        summaries++;
        long t = System.nanoTime();
        ReachSummary rs = new ReachSummary(nodeCount, order, start, to, rw, chainOf, chainPos, chainCount, psi);
        summaryNanos += System.nanoTime() - t;
        return rs;
    }

    /** PSI: whether some rw edge r → b has b reaching r through H (a forbidden cycle exists). */
    private boolean psiCycleFlagged(ReachSummary rs) {
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
    private int refutedBy(int v, int o, ReachSummary rs) {
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
    private static boolean closesIn(ReachSummary rs, int u, int v, int kind) {
        return rs.reaches(v, u) || (kind != RW && rs.psi() && rs.reachesThroughRw(v, u));
    }

    /** The closing path of a variable forced by a summarised pass, searched when first needed. */
    private int[] whyPath(int v) {
        if (whyPath[v] == null && whyMark[v] > 0) {
            int[] cand = induced(v, whyOrient[v])[whyCand[v]];
            edgeBound = whyMark[v];
            try {
                Cycle c = closes(srcNode(cand[0], cand[1]), dstNode(cand[0], cand[2]), cand[0], null);
                whyPath[v] = c == null ? null : c.path;
            } finally {
                edgeBound = Integer.MAX_VALUE;
            }
        }
        return whyPath[v];
    }

    /** Graph searches ignore edges with ids from here on (the graph as it was at a pruning pass). */
    private int edgeBound = Integer.MAX_VALUE;

    /** Every variable, those the failed guess points at first (a lone anomaly is found at once). */
    private int[] pruneOrder() {
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

    private int candIndex(int v, int o, int[] cand) {
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

    /** Components of the session communication graph (shared keys; the initial transaction excluded). */
    private int[] sessionComponents() {
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

    private static int link(int[] uf, int prev, int s) {
        if (prev >= 0) {
            int a = find(uf, prev);
            int b = find(uf, s);
            if (a != b) {
                uf[a] = b;
            }
        }
        return s;
    }

    private static int find(int[] uf, int i) {
        while (uf[i] != i) {
            uf[i] = uf[uf[i]];
            i = uf[i];
        }
        return i;
    }

    /**
     * Search over the open constraints, one communication-graph component at a time (cycles never
     * leave a component: every edge joins transactions sharing a session or a key, and the initial
     * transaction only has outgoing edges; real time joins components, so SSER searches them as one).
     * Conflict-directed backjumping: a failed orientation yields a nogood (the decisions whose edges lie
     * on the closing cycle); when both orientations fail their union, minus the variable, is learned
     * and the search jumps back to the latest decision in it.
     */
    private Outcome search() {
        int[] comp = sessionComponents();
        Map<Integer, IntList> byComp = new HashMap<>();
        int[] pos = topo();
        Integer[] order = new Integer[varCount];
        for (int v = 0; v < varCount; v++) {
            order[v] = v;
        }
        Arrays.sort(order, (p, q) -> Integer.compare(Math.min(pos[w(varA[p])], pos[w(varB[p])]),
                Math.min(pos[w(varA[q])], pos[w(varB[q])])));
        for (int v : order) {
            if (assign[v] >= 0) {
                continue;
            }
            int c = rt ? 0 : comp[m.sessOf[varA[v]]];
            byComp.computeIfAbsent(c, z -> new IntList()).add(v);
        }
        components = byComp.size();
        int done = 0;
        for (IntList vars : byComp.values()) {
            searchedVars += vars.size();
            Outcome o = searchComponent(vars.toArray(), pos); // ord stays valid across components
            if (o == Outcome.UNKNOWN) {
                remained = "search of component " + (done + 1) + " of " + components + " (" + vars.size()
                        + " writer pairs open, " + decisions + " decisions, " + backjumps + " backjumps, "
                        + learned + " learned nogoods so far); " + (components - done - 1)
                        + " components not started";
                return o;
            }
            if (o == Outcome.VIOLATED) {
                return o;
            }
            done++;
        }
        notes.add("search: " + components + " independent components, " + searchedVars + " pairs, "
                + decisions + " decisions, " + backjumps + " backjumps, " + learned + " learned nogoods, "
                + orderRepairs + " topological-order repairs");
        return Outcome.CONSISTENT;
    }

    private final Map<Integer, List<int[]>> nogoods = new HashMap<>();

    private static int lit(int v, int o) {
        return 2 * v + o;
    }

    private boolean holds(int lit) {
        return assign[lit >> 1] == (lit & 1);
    }

    /**
     * A topological order of the graph during the search (of H for PSI), kept valid as edges come
     * (removing edges never invalidates it): ord[node] is its position, atPos the inverse. An edge
     * u → x with ord[u] &lt; ord[x] cannot close a cycle, so it needs no search; otherwise the search
     * from x visits only positions up to ord[u] (Marchetti-Spaccamela, Nanni, Rohnert: if it misses
     * u, the visited nodes move right after u, the rest of the window keeping its order).
     */
    private int[] ord;
    private int[] atPos;
    long orderRepairs;

    private void initOrder(int[] pos) {
        ord = Arrays.copyOf(pos, pos.length);
        atPos = new int[pos.length];
        for (int v = 0; v < pos.length; v++) {
            atPos[pos[v]] = v;
        }
    }

    /** After a bounded search from ord-window [lb, ub] missed its target: visited nodes go last. */
    private void repairOrder(int lb, int ub) {
        int[] buf = new int[ub - lb + 1];
        int k = 0;
        for (int p = lb; p <= ub; p++) {
            if (mark[atPos[p]] != round) {
                buf[k++] = atPos[p];
            }
        }
        for (int p = lb; p <= ub; p++) {
            if (mark[atPos[p]] == round) {
                buf[k++] = atPos[p];
            }
        }
        for (int i = 0; i < buf.length; i++) {
            atPos[lb + i] = buf[i];
            ord[buf[i]] = lb + i;
        }
        orderRepairs++;
    }

    private Outcome searchComponent(int[] vars, int[] pos) {
        if (ord == null) {
            initOrder(pos);
        }
        int depth = 0;
        int[] mark0 = new int[vars.length];
        int[] tried = new int[vars.length];
        @SuppressWarnings("unchecked")
        Set<Integer>[] conflict = new Set[vars.length];
        int[] level = new int[varCount];
        Arrays.fill(level, -1);
        boolean resume = false;
        while (true) {
            if (depth == vars.length) {
                return Outcome.CONSISTENT;
            }
            if ((decisions & 63) == 0 && timeUp()) {
                return Outcome.UNKNOWN;
            }
            int v = vars[depth];
            if (!resume) {
                tried[depth] = 0;
                conflict[depth] = new java.util.HashSet<>();
            }
            resume = false;
            int pref = pos[w(varA[v])] <= pos[w(varB[v])] ? 0 : 1;
            boolean placed = false;
            for (int k = 0; k < 2 && !placed; k++) {
                int o = k == 0 ? pref : 1 - pref;
                if ((tried[depth] & (1 << o)) != 0) {
                    continue;
                }
                tried[depth] |= 1 << o;
                decisions++;
                int before = edgeCount();
                int[] ng = attempt(v, o);
                if (ng == null) {
                    mark0[depth] = before;
                    level[v] = depth;
                    placed = true;
                } else {
                    truncateEdges(before);
                    assign[v] = -1;
                    for (int l : ng) {
                        if ((l >> 1) != v) {
                            conflict[depth].add(l);
                        }
                    }
                }
            }
            if (placed) {
                depth++;
                continue;
            }
            // both orientations failed
            Set<Integer> cs = conflict[depth];
            if (cs.isEmpty()) {
                return Outcome.VIOLATED;
            }
            learn(cs);
            int target = -1;
            for (int l : cs) {
                target = Math.max(target, level[l >> 1]);
            }
            if (target < 0) {
                return Outcome.VIOLATED;
            }
            backjumps++;
            while (depth > target) {
                depth--;
                int u = vars[depth];
                truncateEdges(mark0[depth]);
                assign[u] = -1;
                level[u] = -1;
            }
            for (int l : cs) {
                if ((l >> 1) != vars[depth]) {
                    conflict[depth].add(l);
                }
            }
            resume = true;
        }
    }

    private void learn(Set<Integer> cs) {
        if (learned >= 200_000) {
            return;
        }
        int[] ng = cs.stream().mapToInt(Integer::intValue).toArray();
        learned++;
        for (int l : ng) {
            nogoods.computeIfAbsent(l, z -> new ArrayList<>()).add(ng);
        }
    }

    /** Tries orientation o of v: null if it stays acyclic (edges added), else a nogood (edges removed). */
    private int[] attempt(int v, int o) {
        int me = lit(v, o);
        // a learned nogood that this literal would complete (stored under each of its literals)
        List<int[]> cands = nogoods.get(me);
        if (cands != null) {
            for (int[] ng : cands) {
                boolean all = true;
                for (int l : ng) {
                    if (l != me && !holds(l)) {
                        all = false;
                        break;
                    }
                }
                if (all) {
                    return ng;
                }
            }
        }
        // learned nogoods not containing me can also be completed by me only if they contain me; the
        // resolvents learned in searchComponent never contain the variable being decided.
        int before = edgeCount();
        int p = src(v, o);
        int q = dst(v, o);
        assign[v] = o;
        for (int[] le : induced(v, o)) {
            int u = srcNode(le[0], le[1]);
            int x = dstNode(le[0], le[2]);
            Cycle c = null;
            if (ord != null && (!psi || le[0] != RW) && ord[u] > ord[x]) {
                IntList back = path(x, u, psi, ord);
                if (back != null) {
                    c = cycle(back);
                } else {
                    repairOrder(ord[x], ord[u]);
                }
            }
            if (c == null) {
                c = closes(u, x, le[0], ord);
            }
            if (c != null) {
                c.cand = le;
                c.candVar = v;
                c.candOrient = o;
                prevConflict = lastConflict;
                lastConflict = c;
                int[] ng = nogoodOf(c, me);
                truncateEdges(before);
                assign[v] = -1;
                return ng;
            }
            int id = addEdge(u, x, le[0], le[3], le[0] == WW ? -1 : le[4], v);
            if (le[0] == WW) {
                lastWw = id;
            } else {
                eAux.set(id, lastWw);
            }
        }
        if (p < 0 || q < 0) {
            throw new AssertionError();
        }
        return null;
    }

    private int lastWw = -1;

    private int[] nogoodOf(Cycle c, int me) {
        Set<Integer> s = new LinkedHashSet<>();
        s.add(me);
        for (int e : c.path) {
            int v = eVar.get(e);
            if (v >= 0 && !rootForced[v]) {
                s.add(lit(v, assign[v]));
            }
        }
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    Cycle lastConflict() {
        return lastConflict;
    }

    private Cycle prevConflict;

    /** The conflict before the last one (the other orientation of the last variable, usually). */
    Cycle prevConflict() {
        return prevConflict;
    }

    /** A commit order from a topological order of the final graph (write halves for PC/SI). */
    int[] commitOrder() {
        int[] pos = topo();
        int[] nodes = new int[nodeCount];
        for (int v = 0; v < nodeCount; v++) {
            nodes[pos[v]] = v;
        }
        IntList co = new IntList(m.liveCount);
        for (int v : nodes) {
            int t = txnOfNode(v);
            if (t < 0 || !m.live[t]) {
                continue;
            }
            if (split && v != w(t)) {
                continue;
            }
            co.add(t);
        }
        return co.toArray();
    }

    // ---------------------------------------------------------------- witnesses

    /** The witness of a cycle: transaction-level edges with kinds, keys and notes. */
    CycleWitness witness(Cycle c, Views views, String extraNote) {
        List<WitnessEdge> edges = new ArrayList<>();
        if (c.cand != null && c.candVar >= 0) {
            int p = src(c.candVar, c.candOrient);
            int q = dst(c.candVar, c.candOrient);
            String order = m.h.txnLabel(p) + " -ww(" + m.h.keys().name(c.cand[3]) + ")-> " + m.h.txnLabel(q);
            String note = c.cand[0] == WW ? extraNote
                    : "supposing " + order + (extraNote == null ? "" : "; " + extraNote);
            if (c.cand[0] == WW && extraNote == null) {
                note = "supposing this order";
            }
            edges.add(logicalEdge(c.cand[0], c.cand[1], c.cand[2], c.cand[3], c.cand[4], note, views));
        }
        int rtFrom = -1;
        int auxRw = -1;
        int[] path = c.path;
        // a cycle closed by a candidate into an aux node continues with aux → writer
        for (int e : path) {
            int kind = eKind.get(e);
            int a = txnOfNode(eFrom.get(e));
            int b = txnOfNode(eTo.get(e));
            if (kind == RW && b < 0 && eTo.get(e) >= auxBase) {
                auxRw = e;
                continue;
            }
            if (kind == RW_AUX) {
                if (auxRw >= 0) {
                    int r = txnOfNode(eFrom.get(auxRw));
                    edges.add(logicalEdge(RW, r, b, eKey.get(auxRw), eRef.get(auxRw),
                            "init -ww(" + m.h.keys().name(eKey.get(e)) + ")-> " + views.label(b)
                                    + ": the initial state comes first", views));
                    auxRw = -1;
                }
                continue;
            }
            switch (kind) {
                case INTERNAL, CHAIN -> {
                }
                case RT_OUT -> rtFrom = a;
                case RT_IN -> {
                    edges.add(new WitnessEdge(EdgeKind.RT, views.label(rtFrom), views.label(b), null, null, null,
                            "commit " + m.h.commitTime(rtFrom) + " < start " + m.h.startTime(b)));
                    rtFrom = -1;
                }
                default -> {
                    String note = null;
                    int v = eVar.get(e);
                    if (kind == WW) {
                        note = v >= 0 ? varNote(v, assign[v] >= 0 ? assign[v] : 0, null) : knownNote(e, kind, views);
                    } else if (kind == RW) {
                        int ww = eAux.get(e);
                        if (ww < 0 && v < 0 && m.init >= 0 && eRef.get(e) >= 0) {
                            int read = eRef.get(e);
                            int wop = m.h.writeOf(m.h.key(read), m.h.value(read));
                            if (wop >= 0 && m.h.txnOf(wop) == m.init) {
                                note = "init -ww(" + m.h.keys().name(eKey.get(e)) + ")-> " + views.label(b)
                                        + ": the initial state comes first";
                            }
                        }
                        if (ww >= 0) {
                            int wa = txnOfNode(eFrom.get(ww));
                            String why = v >= 0 ? varNote(v, assign[v] >= 0 ? assign[v] : 0, null) : knownNote(ww, WW, views);
                            note = m.h.txnLabel(wa) + " -ww(" + m.h.keys().name(eKey.get(e)) + ")-> " + views.label(b)
                                    + (why == null ? "" : ": " + why);
                        }
                    }
                    edges.add(logicalEdge(kind, a, b, eKey.get(e), eRef.get(e), note, views));
                }
            }
        }
        // merge consecutive so edges
        List<WitnessEdge> merged = new ArrayList<>();
        for (WitnessEdge e : edges) {
            WitnessEdge last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last.kind() == EdgeKind.SO && e.kind() == EdgeKind.SO) {
                merged.set(merged.size() - 1, new WitnessEdge(EdgeKind.SO, last.from(), e.to(), null, null));
            } else {
                merged.add(e);
            }
        }
        if (merged.size() > 1 && merged.get(0).kind() == EdgeKind.SO
                && merged.get(merged.size() - 1).kind() == EdgeKind.SO) {
            WitnessEdge last = merged.remove(merged.size() - 1);
            merged.set(0, new WitnessEdge(EdgeKind.SO, last.from(), merged.get(0).to(), null, null));
        }
        // start at a ww edge if there is one (reads naturally: "T1 overwrites …"), else at the edge
        // leaving the transaction that comes first in the history: the text does not depend on the
        // order in which the search met the cycle
        int start = -1;
        for (int i = 0; i < merged.size(); i++) {
            if (merged.get(i).kind() == EdgeKind.WW) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            start = 0;
            for (int i = 1; i < merged.size(); i++) {
                if (txnIndex(merged.get(i).from()) < txnIndex(merged.get(start).from())) {
                    start = i;
                }
            }
        }
        List<WitnessEdge> rot = new ArrayList<>();
        for (int i = 0; i < merged.size(); i++) {
            rot.add(merged.get((start + i) % merged.size()));
        }
        Set<TxnView> txns = new LinkedHashSet<>();
        for (WitnessEdge e : rot) {
            txns.add(byLabel(views, e.from()));
        }
        return new CycleWitness(CycleClassifier.commonName(rot), CycleClassifier.adya(rot), rot, new ArrayList<>(txns));
    }

    private int txnIndex(String label) {
        for (int t = 0; t < n; t++) {
            if (m.h.txnLabel(t).equals(label)) {
                return t;
            }
        }
        return Integer.MAX_VALUE;
    }

    private TxnView byLabel(Views views, String label) {
        for (int t = 0; t < n; t++) {
            if (m.h.txnLabel(t).equals(label)) {
                return views.txn(t);
            }
        }
        throw new IllegalStateException(label);
    }

    private WitnessEdge logicalEdge(int kind, int a, int b, int key, int ref, String note, Views views) {
        String k = key >= 0 ? m.h.keys().name(key) : null;
        return switch (kind) {
            case SO -> new WitnessEdge(EdgeKind.SO, views.label(a), views.label(b), null, null);
            case WR -> new WitnessEdge(EdgeKind.WR, views.label(a), views.label(b), views.op(ref), null, k, null);
            case WW -> new WitnessEdge(EdgeKind.WW, views.label(a), views.label(b), null, null, k, note);
            case RW -> new WitnessEdge(EdgeKind.RW, views.label(a), views.label(b), views.op(ref), null, k, note);
            default -> throw new IllegalStateException("kind " + kind);
        };
    }

    private String knownNote(int e, int kind, Views views) {
        if (kind == RW) {
            return null;
        }
        int ref = eRef.get(e);
        int a = txnOfNode(eFrom.get(e));
        int b = txnOfNode(eTo.get(e));
        if (ref == WW_INIT) {
            return "the initial state comes first";
        }
        if (ref == WW_FIRST) {
            return "read-modify-writes of " + m.h.keys().name(eKey.get(e)) + " chain " + views.label(a)
                    + " to the initial state, so it precedes every other writer of it";
        }
        if (ref == WW_SESSION) {
            return views.label(a) + " precedes " + views.label(b) + " in their session";
        }
        if (ref >= 0) {
            return views.label(b) + " reads " + views.op(ref) + " from " + views.label(a) + " before overwriting it";
        }
        return null;
    }

    /** Why variable v has orientation o: forced by pruning (the other order closes a cycle), or chosen. */
    private String varNote(int v, int o, String extra) {
        int p = src(v, 1 - o);
        int q = dst(v, 1 - o);
        if (rootForced[v] && whyPath(v) != null) {
            return "forced: " + m.h.txnLabel(p) + " before " + m.h.txnLabel(q) + " would close the cycle "
                    + brief(v, whyOrient[v], whyCand[v], whyPath[v]);
        }
        return extra != null ? extra : "chosen by the search";
    }

    /** "T1 -ww-> T2 -rw-> T1" for a cycle: candidate edge of (v, o) then a path. */
    String brief(int v, int o, int candIdx, int[] path) {
        StringBuilder sb = new StringBuilder();
        int[][] ind = induced(v, o);
        int[] cand = ind[Math.min(candIdx, ind.length - 1)];
        sb.append(m.h.txnLabel(cand[1])).append(" -").append(name(cand[0])).append("-> ").append(m.h.txnLabel(cand[2]));
        steps(path, sb);
        return sb.toString();
    }

    /** The number of transaction-level steps of a node path. */
    private int steps(int[] path) {
        int k = 0;
        for (int e : path) {
            int kind = eKind.get(e);
            if (!(kind == INTERNAL || kind == CHAIN || kind == RT_OUT || (kind == RW && eTo.get(e) >= auxBase))) {
                k++;
            }
        }
        return k;
    }

    /** Appends " -kind-> T" for each transaction-level step of a node path. */
    private void steps(int[] path, StringBuilder sb) {
        for (int e : path) {
            int kind = eKind.get(e);
            if (kind == INTERNAL || kind == CHAIN || kind == RT_OUT || (kind == RW && eTo.get(e) >= auxBase)) {
                continue;
            }
            String k = kind == RT_IN ? "rt" : kind == RW_AUX ? "rw" : name(kind);
            sb.append(" -").append(k).append("-> ").append(m.h.txnLabel(txnOfNode(eTo.get(e))));
        }
    }

    String brief(Cycle c) {
        if (c.cand != null) {
            int idx = candIndex(c.candVar, c.candOrient, c.cand);
            return brief(c.candVar, c.candOrient, idx, c.path);
        }
        StringBuilder body = new StringBuilder();
        steps(c.path, body);
        String text = body.toString();
        int last = text.lastIndexOf("-> ");
        return (last < 0 ? "" : text.substring(last + 3)) + text;
    }

    private static String name(int kind) {
        return switch (kind) {
            case SO -> "so";
            case WR -> "wr";
            case WW -> "ww";
            case RW -> "rw";
            default -> "rt";
        };
    }
}
