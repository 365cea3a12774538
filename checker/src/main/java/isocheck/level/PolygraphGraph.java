package isocheck.level;

import isocheck.primitive.IntList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The graph of a {@link Polygraph}: its nodes (transactions, or their read and write halves,
 * real-time events, auxiliary nodes of initial versions), its append-only edge store with the live
 * adjacency, and the known edges (so, wr, ww from sessions, the initial transaction and
 * read-modify-writes; real time). The layers above add constraints, reachability, pruning, search
 * and explanations.
 */
abstract class PolygraphGraph {
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

    /**
     * tail(init chain) → head of another chain: the chain that starts at the initial state comes
     * first.
     */
    static final int WW_FIRST = -5;

    /**
     * Ordered by the known graph when the constraints were built: the other order closes a cycle
     * (see PolygraphConstraints#forcedOrder).
     */
    static final int WW_REACH = -6;

    /** Recorded in the history: the later writer's version replaced the earlier's. */
    static final int WW_RECORDED = -7;

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
    int auxBase;

    // edges
    final IntList eFrom = new IntList();
    final IntList eTo = new IntList();
    final IntList eKind = new IntList();
    final IntList eKey = new IntList();
    final IntList eRef = new IntList();
    final IntList eVar = new IntList();

    /** For rw edges: the ww edge that induces them (-1 for a candidate's). */
    final IntList eAux = new IntList();

    /** The edges out of each node, with their targets ({@link EdgeLists}). */
    final EdgeLists out;

    /**
     * PSI only (null otherwise): the edges into each node, with their sources. PSI's cycle checks
     * sweep H forward and backward over most of a window per decision ({@link
     * PolygraphReachability#searchH}): reading the far end and the kind (~node for rw) here, in
     * sequence with the edge ids, replaces two reads at random (eKind, eTo / eFrom by edge id) per
     * edge looked at.
     */
    final EdgeLists in;

    final IntList rwEdges = new IntList();
    long[] eventTime;
    int[] eventTxn;

    // read-modify-write chains (see RmwChains)
    /**
     * Whether chains are used: SER, SSER, SI, PSI; never PC, which allows lost updates. Off when
     * the search runs alone (chains are a pruning rule); set before {@link #buildKnown}.
     */
    boolean chaining;

    RmwChains chains;

    // constraints
    int varCount;

    /**
     * Variable v orders two writer chains of a key (a single transaction is a chain of one, and
     * such pairs are coalesced over keys): orientation 0 puts chain A (varA head … varAT tail)
     * before chain B (varB … varBT), i.e. the edge varAT → varB; orientation 1 the edge varBT →
     * varA.
     */
    int[] varA;

    int[] varB;
    int[] varAT;
    int[] varBT;
    int[][] varKeys;
    int[] assign;
    boolean[] rootForced;

    /**
     * Why a root-forced variable cannot take the other orientation: the closing path (edge ids).
     */
    int[][] whyPath;

    /**
     * Edge-count mark of the graph in which the other orientation was refuted (for a lazy path).
     */
    int[] whyMark;

    int[] whyOrient;
    int[] whyCand;

    // search state
    int[] mark;
    int[] parent;
    int round;
    final long deadline;
    final List<String> notes = new ArrayList<>();
    String remained;
    long decisions;
    long backjumps;
    int learned;
    int prunedForced;
    int components;
    int searchedVars;
    Cycle lastConflict;

    PolygraphGraph(TxnModel m, Level level, long deadline) {
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
        out = new EdgeLists(nodeCount);
        in =
                psi
                        ? new EdgeLists(nodeCount)
                        : null; // incoming edges only serve PSI's backward search
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

    boolean timeUp() {
        return deadline != Long.MAX_VALUE && System.nanoTime() > deadline;
    }

    // ---------------------------------------------------------------- edges

    /**
     * Edge attributes are append-only: removing an edge (backtracking) only takes it out of the
     * graph ({@link #live}, adjacency), so cycles recorded during the search keep valid edge ids.
     */
    final IntList live = new IntList();

    /** The ids of the edges taken out (ids are never reused, so an edge once removed stays so). */
    final java.util.BitSet removed = new java.util.BitSet();

    int addEdge(int from, int to, int kind, int key, int ref, int var) {
        int id = eFrom.size();
        eFrom.add(from);
        eTo.add(to);
        eKind.add(kind);
        eKey.add(key);
        eRef.add(ref);
        eVar.add(var);
        eAux.add(-1);
        live.add(id);
        if (deferredFrom < 0) {
            int far = kind == RW ? ~to : to;
            out.add(from, id, far);
            if (in != null) {
                in.add(to, id, kind == RW ? ~from : from);
            }
        }
        modCount++;
        if (kind == RW) {
            rwEdges.add(id);
        }
        return id;
    }

    /** Takes the most recently added edges out of the graph until {@code count} remain. */
    void truncateEdges(int count) {
        if (deferredFrom >= 0 && live.size() > count) {
            throw new IllegalStateException("edges taken out while their links are deferred");
        }
        while (live.size() > count) {
            int id = live.removeLast();
            out.removeLast(eFrom.get(id));
            if (in != null) {
                in.removeLast(eTo.get(id));
            }
            modCount++;
            removed.set(id);
            if (eKind.get(id) == RW) {
                rwEdges.removeLast();
            }
        }
    }

    /**
     * While ≥ 0, {@link #addEdge} stores only the attributes of the edges from this id on; {@link
     * #linkDeferred} then appends them to the per-node lists all at once.
     */
    private int deferredFrom = -1;

    /**
     * Edges added from now until {@link #linkDeferred} are linked into the per-node lists in bulk
     * (nothing may read the lists or take edges out in between).
     */
    void deferLinks() {
        if (deferredFrom < 0) {
            deferredFrom = eFrom.size();
        }
    }

    /**
     * Appends the deferred edges to the per-node lists, in id order at each node, as {@link
     * #addEdge} would have one by one: a count per node, one growth per list ({@link
     * EdgeLists#reserve}), then the appends, instead of growth copies at random nodes as lists fill
     * (benchmarks/RESULTS.md, stop 26).
     */
    void linkDeferred() {
        int first = deferredFrom;
        if (first < 0) {
            return;
        }
        deferredFrom = -1;
        int end = eFrom.size();
        int[] from = eFrom.elements();
        int[] to = eTo.elements();
        int[] kind = eKind.elements();
        int[] count = new int[nodeCount];
        for (int e = first; e < end; e++) {
            count[from[e]]++;
        }
        for (int v = 0; v < nodeCount; v++) {
            if (count[v] > 0) {
                out.reserve(v, count[v]);
            }
        }
        if (in != null) {
            Arrays.fill(count, 0);
            for (int e = first; e < end; e++) {
                count[to[e]]++;
            }
            for (int v = 0; v < nodeCount; v++) {
                if (count[v] > 0) {
                    in.reserve(v, count[v]);
                }
            }
        }
        for (int e = first; e < end; e++) {
            boolean rw = kind[e] == RW;
            out.add(from[e], e, rw ? ~to[e] : to[e]);
            if (in != null) {
                in.add(to[e], e, rw ? ~from[e] : from[e]);
            }
        }
    }

    /** The number of edges in the graph (a mark for {@link #truncateEdges}). */
    int edgeCount() {
        return live.size();
    }

    /** Node-level source of a logical edge a → b of the given kind. */
    int srcNode(int kind, int a) {
        if (!split) {
            return a;
        }
        return kind == RW ? r(a) : w(a);
    }

    int dstNode(int kind, int b) {
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

    void addKnown(int kind, int a, int b, int key, int ref) {
        addEdge(srcNode(kind, a), dstNode(kind, b), kind, key, ref, -1);
    }

    /** Adds the known edges. */
    void buildKnown() {
        deferLinks();
        try {
            addKnownEdges();
        } finally {
            linkDeferred();
        }
    }

    private void addKnownEdges() {
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
                    // a reader that overwrites the initial version: direct rw edges to the other
                    // writers
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
                    addEdge(
                            auxBase + initSlot - mm.wStart[mm.init],
                            dstNode(RW, t),
                            RW_AUX,
                            x,
                            -1,
                            -1);
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
        addRecorded();
        if (chaining) {
            addChainFirst();
        }
        if (rt) {
            buildRealTime();
        }
    }

    /**
     * The recorded version order ({@link RecordedOrder}): ww from the writer of the replaced
     * version to the replacing writer, with rw from the replaced version's readers when it is its
     * writer's final version of the key (the version the others read).
     */
    void addRecorded() {
        RecordedOrder rec = m.recorded;
        for (int e = 0; e < rec.size(); e++) {
            int a = rec.from[e];
            int b = rec.to[e];
            int x = rec.key[e];
            int slotA = m.slotOf(a, x);
            if (slotA >= 0 && finalWrite(a, x) == m.h.replaced(rec.op[e])) {
                addWw(a, b, x, slotA, WW_RECORDED, -1);
            } else {
                addEdge(srcNode(WW, a), dstNode(WW, b), WW, x, WW_RECORDED, -1);
            }
        }
    }

    private int finalWrite(int t, int x) {
        for (int op = m.h.opEnd(t) - 1; op >= m.h.opStart(t); op--) {
            if (m.h.isWrite(op) && m.h.key(op) == x) {
                return op;
            }
        }
        return -1;
    }

    /**
     * Read-modify-write chains ({@link RmwChains}); when a key's initial version has a successor,
     * the chain from the initial transaction precedes every other chain: tail → head ww edges (with
     * rw from the tail version's readers), known before any constraint.
     */
    void addChainFirst() {
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
    void addWw(int a, int b, int x, int slotA, int ref, int var) {
        int ww = addEdge(srcNode(WW, a), dstNode(WW, b), WW, x, ref, var);
        for (int i = m.srStart[slotA]; i < m.srStart[slotA + 1]; i++) {
            int reader = m.slotReaders[i];
            if (reader != b) {
                int rw = addEdge(srcNode(RW, reader), dstNode(RW, b), RW, x, m.srOp[i], var);
                eAux.set(rw, ww);
            }
        }
    }

    void buildRealTime() {
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
        Arrays.sort(
                idx,
                (p, q) -> {
                    int c = Long.compare(keys[p], keys[q]);
                    if (c != 0) {
                        return c;
                    }
                    return Boolean.compare(
                            evCommit[p], evCommit[q]); // starts first on ties: rt is strict
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

    /**
     * A cycle closed by a candidate edge (not in the graph) or found in the graph (cand == null).
     */
    static final class Cycle {
        int[] cand; // {kind, from, to, key, ref} logical, with var/orient
        int candVar = -1;
        int candOrient;
        int[] path; // edge ids, starting at the candidate's target
    }

    /**
     * Thrown when the deadline passes in the middle of a graph search; caught by {@link
     * PolygraphPruning#solve}.
     */
    static final class TimeUp extends RuntimeException {
        final String where;

        TimeUp(String where) {
            super(where, null, false, false);
            this.where = where;
        }
    }

    int ticks;

    void checkTime(String where) {
        if ((++ticks & 4095) == 0 && timeUp()) {
            throw new TimeUp(where);
        }
    }

    /** Bumped by every change of the edge set: the key of the cached topological order. */
    long modCount;

    /**
     * Graph searches ignore edges with ids from here on (the graph as it was at a pruning pass).
     */
    int edgeBound = Integer.MAX_VALUE;

    static String name(int kind) {
        return switch (kind) {
            case SO -> "so";
            case WR -> "wr";
            case WW -> "ww";
            case RW -> "rw";
            default -> "rt";
        };
    }
}
