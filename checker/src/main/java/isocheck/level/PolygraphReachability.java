package isocheck.level;

import isocheck.primitive.BreadthFirst;
import isocheck.primitive.IntList;
import isocheck.primitive.StronglyConnected;
import isocheck.primitive.TopologicalOrder;
import java.util.Arrays;
import java.util.List;

/**
 * Reachability in a {@link Polygraph}: bounded paths, the cycle an edge would close, topological
 * orders and strongly connected components.
 */
abstract class PolygraphReachability extends PolygraphConstraints {
    PolygraphReachability(TxnModel m, Level level, long deadline) {
        super(m, level, deadline);
    }

    // ---------------------------------------------------------------- reachability

    /** Shortest path from → to (edge ids), skipping rw edges if noRw; bounded by topo if given. */
    IntList path(int from, int to, boolean noRw, int[] topo) {
        return path(from, to, noRw, topo, null, 0);
    }

    IntList path(int from, int to, boolean noRw, int[] topo, int[] comp, int c) {
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
        int last =
                psi && comp == null
                        ? shortestPathPsi(from, to, noRw, topo, limit)
                        : BreadthFirst.shortestPath(
                                new LiveEdges(noRw, edgeBound, comp, c) {
                                    @Override
                                    public boolean enter(int x) {
                                        return (topo == null || topo[x] <= limit) && super.enter(x);
                                    }

                                    @Override
                                    public void visiting(int v) {
                                        checkTime("a reachability query");
                                    }
                                },
                                from,
                                to,
                                mark,
                                round,
                                parent,
                                queue());
        if (last < 0) {
            return null;
        }
        mark[to] = round; // as entered: a later look at this round's marks sees the whole search
        parent[to] = last;
        IntList p = new IntList();
        p.add(last);
        for (int y = eFrom.get(last); y != from; y = eFrom.get(parent[y])) {
            p.add(parent[y]);
        }
        int[] arr = p.toArray();
        IntList res = new IntList(arr.length);
        for (int k = arr.length - 1; k >= 0; k--) {
            res.add(arr[k]);
        }
        return res;
    }

    /**
     * {@link BreadthFirst#shortestPath} over LiveEdges(noRw, edgeBound, null, 0) entering nodes up
     * to topo position limit (topo null: all), written out over the PSI neighbour lists ({@link
     * #out}, far ends beside the ids): the same search, edge for edge, for PSI's checks during the
     * search.
     */
    private int shortestPathPsi(int from, int to, boolean noRw, int[] topo, int limit) {
        int[] queue = queue();
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        mark[from] = round;
        int bound = edgeBound;
        while (head < tail) {
            int v = queue[head++];
            checkTime("a reachability query");
            int[] ps = out.pairs(v);
            for (int i = 0, d = out.degree(v); i < d; i++) {
                int x = ps[2 * i + 1];
                if (x < 0) { // rw
                    if (noRw) {
                        continue;
                    }
                    x = ~x;
                }
                int e = ps[2 * i];
                if (e >= bound || (topo != null && topo[x] > limit)) {
                    continue;
                }
                if (x == to) {
                    return e;
                }
                if (mark[x] != round) {
                    mark[x] = round;
                    parent[x] = e;
                    queue[tail++] = x;
                }
            }
        }
        return -1;
    }

    /** The breadth-first queue of the searches here, kept between queries. */
    private int[] bfsQueue;

    private int[] queue() {
        if (bfsQueue == null || bfsQueue.length < nodeCount) {
            bfsQueue = new int[nodeCount];
        }
        return bfsQueue;
    }

    /**
     * The live edges below edge id bound (rw skipped if skipRw), out of each node (forward) or into
     * it (backward), inside component c of comp (comp null: everywhere), for a breadth-first
     * search.
     */
    private class LiveEdges implements BreadthFirst.Graph {
        private final boolean skipRw;
        private final int bound;
        private final int[] comp;
        private final int c;
        private final boolean forward;

        LiveEdges(boolean skipRw, int bound, int[] comp, int c) {
            this(skipRw, bound, comp, c, true);
        }

        LiveEdges(boolean skipRw, int bound, int[] comp, int c, boolean forward) {
            this.skipRw = skipRw;
            this.bound = bound;
            this.comp = comp;
            this.c = c;
            this.forward = forward;
        }

        @Override
        public int degree(int v) {
            return (forward ? out : in).degree(v);
        }

        @Override
        public int edge(int v, int i) {
            int e = (forward ? out : in).edge(v, i);
            return (skipRw && eKind.get(e) == RW) || e >= bound ? -1 : e;
        }

        @Override
        public int target(int e) {
            return forward ? eTo.get(e) : eFrom.get(e);
        }

        @Override
        public boolean enter(int x) {
            return comp == null || comp[x] == c;
        }
    }

    /** Whether adding node edge u → v of this kind closes a forbidden cycle; the cycle or null. */
    Cycle closes(int u, int v, int kind, int[] topo) {
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
        // Mark what reaches u (backward, H only), then walk forward from v until a rw edge lands in
        // it.
        // During the search (topo = its order of H), only rw edges r → b that run against the
        // order can close it (ord[v] <= ord[r], ord[b] <= ord[u] < ord[v]): rwWindow bounds the
        // backward half to positions from the lowest such b up; none, no cycle.
        int[] window = rwWindow(u, v, topo);
        if (window == NO_RW_WINDOW) {
            return null;
        }
        if (fmark == null) {
            fmark = new int[nodeCount];
            fparent = new int[nodeCount];
        }
        if (window != null && window[1] - topo[v] < topo[u] - window[0]) {
            return closesForwardFirst(u, v, topo, window[1]);
        }
        int back = ++round;
        IntList reachesU = reachesU();
        if (window == null) {
            searchH(u, false, mark, back, parent, reachesU, null, Integer.MAX_VALUE, 0);
        } else {
            searchH(
                    u,
                    false,
                    mark,
                    back,
                    parent,
                    reachesU,
                    topo,
                    Integer.MAX_VALUE,
                    0,
                    window[0],
                    mark);
        }
        // the rw edges r → b into that set: only their sources can close the cycle; none, no cycle
        int maxTopo = -1;
        boolean anyRw = false;
        for (int qi = 0; qi < reachesU.size(); qi++) {
            int x = reachesU.get(qi);
            int[] ps = in.pairs(x); // ~source for an rw edge
            for (int i = 0, d = in.degree(x); i < d; i++) {
                int y = ps[2 * i + 1];
                if (y < 0 && ps[2 * i] < edgeBound) {
                    anyRw = true;
                    if (topo != null) {
                        maxTopo = Math.max(maxTopo, topo[~y]);
                    }
                }
            }
        }
        if (!anyRw || (topo != null && topo[v] > maxTopo)) {
            return null;
        }
        if (window != null) {
            maxTopo = Math.min(maxTopo, window[1]);
        }
        IntList reached = forwardReached();
        int landed = searchH(v, true, fmark, ++round, fparent, reached, topo, maxTopo, back);
        if (landed < 0) {
            return null;
        }
        IntList all = new IntList();
        appendTreePath(all, fparent, v, eFrom.get(landed), true);
        all.add(landed);
        appendTreePath(all, parent, u, eTo.get(landed), false);
        return cycle(all);
    }

    /**
     * {@link #closes} for a PSI H edge u → v when the forward window (v up to the highest rw source
     * high) is the narrower one: what v reaches first, then the rw edges r → b from it ({@link
     * #rwCandidates}) give the lowest b, and the backward search from u, bounded by it, lands on
     * one of them or finds no cycle.
     */
    private Cycle closesForwardFirst(int u, int v, int[] topo, int high) {
        int fwd = ++round;
        searchH(v, true, fmark, fwd, fparent, forwardReached(), topo, high, 0);
        int low = Integer.MAX_VALUE;
        for (int i = 0; i < rwCandidates.size(); i++) {
            int e = rwCandidates.get(i);
            if (fmark[eFrom.get(e)] == fwd) {
                low = Math.min(low, topo[eTo.get(e)]);
            }
        }
        if (low == Integer.MAX_VALUE) {
            return null;
        }
        int landed =
                searchH(
                        u,
                        false,
                        mark,
                        ++round,
                        parent,
                        reachesU(),
                        topo,
                        Integer.MAX_VALUE,
                        fwd,
                        low,
                        fmark);
        if (landed < 0) {
            return null;
        }
        IntList all = new IntList();
        appendTreePath(all, fparent, v, eFrom.get(landed), true);
        all.add(landed);
        appendTreePath(all, parent, u, eTo.get(landed), false);
        return cycle(all);
    }

    /** The rw edges behind {@link #rwWindow}'s last answer (filled by the search's override). */
    final IntList rwCandidates = new IntList();

    /** rwWindow's answer when no rw edge can close the cycle. */
    static final int[] NO_RW_WINDOW = new int[0];

    /**
     * For a PSI check of the H edge u → v against the order topo: {lowest position of an rw target
     * b, highest position of an rw source r} over the rw edges r → b that could lie on a cycle u →
     * v ⇝ r → b ⇝ u, {@link #NO_RW_WINDOW} if there is none, or null if unknown (the unbounded
     * search then runs). The search overrides it with the rw edges it keeps.
     */
    int[] rwWindow(int u, int v, int[] topo) {
        return null;
    }

    private final IntList reachesU = new IntList();
    private final IntList forwardReached = new IntList();

    private IntList reachesU() {
        reachesU.clear();
        return reachesU;
    }

    private IntList forwardReached() {
        forwardReached.clear();
        return forwardReached;
    }

    /**
     * The forward search's marks and tree edges (the backward one uses {@link #mark}, {@link
     * #parent}).
     */
    int[] fmark;

    int[] fparent;

    /**
     * Breadth-first search ({@link BreadthFirst#sweep}) over H = so ∪ wr ∪ ww (rw edges are not
     * followed) from start, along out-edges (forward) or in-edges (backward): both halves of PSI's
     * check that (H+ ; rw?) is irreflexive (Cerone–Gotsman; see the class comment). Each node
     * reached is stamped in marks, its tree edge kept in via and appended to reached (start first);
     * nodes whose topo position exceeds topoLimit are not entered (topo null: no bound). With
     * landing &gt; 0, the first rw edge out of a reached node whose target {@link #mark} stamps
     * with landing is returned; otherwise -1 once H is exhausted.
     */
    int searchH(
            int start,
            boolean forward,
            int[] marks,
            int stamp,
            int[] via,
            IntList reached,
            int[] topo,
            int topoLimit,
            int landing) {
        return searchH(
                start, forward, marks, stamp, via, reached, topo, topoLimit, landing, 0, mark);
    }

    /**
     * {@link #searchH} that also leaves out nodes whose topo position is below topoLow and lands on
     * rw edges whose far end (target of the walk) landMarks stamps with landing.
     */
    int searchH(
            int start,
            boolean forward,
            int[] marks,
            int stamp,
            int[] via,
            IntList reached,
            int[] topo,
            int topoLimit,
            int landing,
            int topoLow,
            int[] landMarks) {
        // BreadthFirst.sweep over LiveEdges(false, edgeBound, null, 0, forward) with rw edges seen
        // (to land on) but not followed, written out over the neighbour lists: the same nodes in
        // the same order, the same tree edges and landing edge, without reading eKind and the far
        // end by edge id (the hot loop of PSI's search)
        EdgeLists lists = forward ? out : in;
        int bound = edgeBound;
        reached.add(start);
        marks[start] = stamp;
        for (int head = 0; head < reached.size(); head++) {
            int v = reached.get(head);
            int[] ps = lists.pairs(v);
            for (int i = 0, d = lists.degree(v); i < d; i++) {
                int x = ps[2 * i + 1];
                if (x < 0) { // rw: lands if its far end is stamped, never followed
                    if (landing > 0 && landMarks[~x] == landing && ps[2 * i] < bound) {
                        return ps[2 * i];
                    }
                    continue;
                }
                if (marks[x] == stamp
                        || (topo != null && (topo[x] > topoLimit || topo[x] < topoLow))) {
                    continue;
                }
                int e = ps[2 * i];
                if (e >= bound) {
                    continue;
                }
                marks[x] = stamp;
                via[x] = e;
                reached.add(x);
            }
            checkTime("a PSI cycle check");
        }
        return -1;
    }

    /**
     * Appends the edges of a {@link #searchH} tree between its root and node, in the direction of
     * the graph: root ⇝ node for a forward tree, node ⇝ root for a backward one.
     */
    void appendTreePath(IntList to, int[] via, int root, int node, boolean forward) {
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

    static Cycle cycle(IntList p) {
        Cycle c = new Cycle();
        c.path = p.toArray();
        return c;
    }

    /**
     * Whether orientation o of v is impossible given the current graph: the closing cycle, or null.
     */
    Cycle infeasible(int v, int o, int[] topo) {
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
    long topoMod = -1;

    int[] topoCache;

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

    int[] computeTopo() {
        return computeTopo(psi);
    }

    int[] computeTopo(boolean skipRw) {
        return TopologicalOrder.positions(liveGraph(skipRw));
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
                    for (int j = 0; j < out.degree(root); j++) {
                        int e = out.edge(root, j);
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
    Cycle anyCycle() {
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
        int e =
                BreadthFirst.shortestPath(
                        new LiveEdges(psi, Integer.MAX_VALUE, comp, comp[root]),
                        root,
                        root,
                        mark,
                        round,
                        parent,
                        queue());
        if (e < 0) {
            return null;
        }
        IntList rev = new IntList();
        rev.add(e);
        for (int a = eFrom.get(e); a != root; a = eFrom.get(parent[a])) {
            rev.add(parent[a]);
        }
        IntList p = new IntList(rev.size());
        for (int k = rev.size() - 1; k >= 0; k--) {
            p.add(rev.get(k));
        }
        return cycle(p);
    }

    /** Rotates a cycle (no candidate) to start at an edge leaving a transaction node. */
    Cycle startAtTransaction(Cycle c) {
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

    /**
     * Tarjan over the live edges (rw edges skipped if asked); fills comp, returns the components
     * with at least two nodes.
     */
    List<int[]> stronglyConnected(int[] comp, boolean skipRw) {
        return StronglyConnected.components(liveGraph(skipRw), comp);
    }

    /** The live edges as a graph for the shared algorithms, rw edges ignored if skipRw. */
    private StronglyConnected.Graph liveGraph(boolean skipRw) {
        return new StronglyConnected.Graph() {
            @Override
            public int nodeCount() {
                return PolygraphReachability.this.nodeCount;
            }

            @Override
            public boolean root(int v) {
                return true;
            }

            @Override
            public int degree(int v) {
                return out.degree(v);
            }

            @Override
            public int target(int v, int i) {
                // the far end beside the edge id (~node for rw), read in sequence instead of
                // eKind and eTo by edge id at random (the same targets in the same order)
                int x = out.far(v, i);
                return x >= 0 ? x : skipRw ? -1 : ~x;
            }
        };
    }

    /** The number of transaction-level steps of a node path. */
    int steps(int[] path) {
        int k = 0;
        for (int e : path) {
            int kind = eKind.get(e);
            if (!(kind == INTERNAL
                    || kind == CHAIN
                    || kind == RT_OUT
                    || (kind == RW && eTo.get(e) >= auxBase))) {
                k++;
            }
        }
        return k;
    }

    /** Appends " -kind-> T" for each transaction-level step of a node path. */
    void steps(int[] path, StringBuilder sb) {
        for (int e : path) {
            int kind = eKind.get(e);
            if (kind == INTERNAL
                    || kind == CHAIN
                    || kind == RT_OUT
                    || (kind == RW && eTo.get(e) >= auxBase)) {
                continue;
            }
            String k = kind == RT_IN ? "rt" : kind == RW_AUX ? "rw" : name(kind);
            sb.append(" -").append(k).append("-> ").append(m.h.txnLabel(txnOfNode(eTo.get(e))));
        }
    }
}
