package isocheck.level;

import isocheck.anomaly.CycleWitness;
import isocheck.anomaly.Justification;
import isocheck.anomaly.Pattern;
import isocheck.anomaly.TxnView;
import isocheck.anomaly.Witness;
import isocheck.anomaly.WitnessEdge;
import isocheck.history.History;
import isocheck.primitive.BreadthFirst;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import isocheck.primitive.StronglyConnected;
import isocheck.primitive.TopologicalOrder;
import isocheck.vocabulary.EdgeKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The partial commit relation co' = so ∪ wr ∪ inferred edges over committed transactions (AWDIT
 * §3), with cycle detection (iterative Tarjan, no recursion) and witness extraction: one shortest
 * cycle per non-trivial strongly connected component (AWDIT §3.4).
 */
final class CommitGraph {
    private static final byte SO = 0;
    private static final byte WR = 1;
    private static final byte CO = 2;
    private static final byte WW = 3; // recorded version order (RecordedOrder), with the inferred
    private static final Pattern[] PATTERNS = Pattern.values();

    private final HistoryIndex idx;

    // Inferred edges t2 → t1 with their justification (reader t3, read of x from t1, read from t2).
    // (Not final: absorb() adopts a part's lists whole when this graph has none yet.)
    private IntList coSrc = new IntList();
    private IntList coDst = new IntList();
    private IntList coPattern = new IntList();
    private IntList coReader = new IntList();
    private IntList coReadX = new IntList();
    private IntList coReadY = new IntList();
    private LongIntMap coIndex = new LongIntMap(1024);

    // Adjacency (CSR) of the graph last built.
    private int[] adjStart;
    private int[] adjTo;
    private byte[] adjKind;
    private int[] adjRef;

    CommitGraph(HistoryIndex idx) {
        this.idx = idx;
    }

    int inferredCount() {
        return coSrc.size();
    }

    /**
     * Adds the forced edge t2 → t1 (unless t1 = t2 or so ∪ wr already implies it through the
     * initial transaction or session order). A repeated edge keeps its weakest pattern.
     */
    void infer(int t2, int t1, Pattern pattern, int reader, int readX, int readY) {
        if (t2 == t1 || t2 == idx.init) {
            return;
        }
        int s = idx.session(t2);
        if (s >= 0 && s == idx.session(t1) && idx.pos[t2] < idx.pos[t1]) {
            return;
        }
        addInferred(t2, t1, pattern, reader, readX, readY);
    }

    /** Adds t2 → t1 without the implied-edge filter (callers that already checked). */
    void addInferred(int t2, int t1, Pattern pattern, int reader, int readX, int readY) {
        long k = HistoryIndex.pair(t2, t1);
        int e = coIndex.get(k);
        if (e >= 0) {
            if (pattern.ordinal() < coPattern.get(e)) {
                coPattern.set(e, pattern.ordinal());
                coReader.set(e, reader);
                coReadX.set(e, readX);
                coReadY.set(e, readY);
            }
            return;
        }
        coIndex.put(k, coSrc.size());
        coSrc.add(t2);
        coDst.add(t1);
        coPattern.add(pattern.ordinal());
        coReader.add(reader);
        coReadX.add(readX);
        coReadY.add(readY);
    }

    /**
     * Adds the inferred edges of {@code parts} (graphs over the same index that saturated disjoint
     * parts of the history on other threads), in order. The result is the one a single saturation
     * over the parts in that order makes: per edge the weakest pattern, and among equals the first
     * justification found (each part already keeps its own first).
     */
    void absorb(CommitGraph... parts) {
        for (CommitGraph p : parts) {
            if (coSrc.isEmpty()) { // nothing to merge with: take the part's edges as they are
                coSrc = p.coSrc;
                coDst = p.coDst;
                coPattern = p.coPattern;
                coReader = p.coReader;
                coReadX = p.coReadX;
                coReadY = p.coReadY;
                coIndex = p.coIndex;
                continue;
            }
            for (int e = 0; e < p.coSrc.size(); e++) {
                addInferred(
                        p.coSrc.get(e),
                        p.coDst.get(e),
                        PATTERNS[p.coPattern.get(e)],
                        p.coReader.get(e),
                        p.coReadX.get(e),
                        p.coReadY.get(e));
            }
        }
    }

    /** The inferred edges in insertion order, one "src>dst pattern reader readX readY" a line. */
    String edgeText() {
        StringBuilder sb = new StringBuilder();
        for (int e = 0; e < coSrc.size(); e++) {
            sb.append(coSrc.get(e)).append('>').append(coDst.get(e)).append(' ');
            sb.append(PATTERNS[coPattern.get(e)]).append(' ').append(coReader.get(e)).append(' ');
            sb.append(coReadX.get(e)).append(' ').append(coReadY.get(e)).append('\n');
        }
        return sb.toString();
    }

    // ---- adjacency ----

    private void build(boolean withInferred) {
        int n = idx.txnCount;
        History h = idx.h;
        int[] deg = new int[n + 1];
        for (int t = 0; t < n; t++) {
            if (!h.isCommitted(t)) {
                continue;
            }
            if (idx.soPred[t] >= 0) {
                deg[idx.soPred[t]]++;
            }
            for (int i = idx.wrStart[t]; i < idx.wrStart[t + 1]; i++) {
                deg[idx.wrTxn[i]]++;
            }
        }
        RecordedOrder rec = idx.recorded;
        if (withInferred) {
            for (int e = 0; e < coSrc.size(); e++) {
                deg[coSrc.get(e)]++;
            }
            for (int e = 0; e < rec.size(); e++) {
                deg[rec.from[e]]++;
            }
        }
        adjStart = new int[n + 1];
        for (int t = 0; t < n; t++) {
            adjStart[t + 1] = adjStart[t] + deg[t];
        }
        int m = adjStart[n];
        adjTo = new int[m];
        adjKind = new byte[m];
        adjRef = new int[m];
        int[] fill = Arrays.copyOf(adjStart, n);
        for (int t = 0; t < n; t++) {
            for (int i = idx.wrStart[t]; i < idx.wrStart[t + 1]; i++) {
                put(fill, idx.wrTxn[i], t, WR, idx.wrOp[i]);
            }
        }
        for (int t = 0; t < n; t++) {
            if (h.isCommitted(t) && idx.soPred[t] >= 0) {
                put(fill, idx.soPred[t], t, SO, -1);
            }
        }
        if (withInferred) {
            for (int e = 0; e < coSrc.size(); e++) {
                put(fill, coSrc.get(e), coDst.get(e), CO, e);
            }
            for (int e = 0; e < rec.size(); e++) {
                put(fill, rec.from[e], rec.to[e], WW, e);
            }
        }
    }

    private void put(int[] fill, int from, int to, byte kind, int ref) {
        int i = fill[from]++;
        adjTo[i] = to;
        adjKind[i] = kind;
        adjRef[i] = ref;
    }

    /**
     * A topological order of the committed transactions under so ∪ wr (and the inferred edges if
     * {@code withInferred}), or null if that graph has a cycle. A depth-first search over
     * predecessor lists (so-predecessor, wr-predecessors, sources of inferred edges into t), which
     * are laid out in transaction order: far fewer cache misses than building forward adjacency,
     * which is only needed ({@link #cycles}) to explain a cycle once one is known to exist.
     */
    int[] order(boolean withInferred) {
        int n = idx.txnCount;
        History h = idx.h;
        // Inferred (and recorded ww) edges grouped by destination (counting sort).
        RecordedOrder rec = idx.recorded;
        int mc = withInferred ? coSrc.size() : 0;
        int m = mc + (withInferred ? rec.size() : 0);
        int[] inStart = new int[n + 1];
        int[] inSrc = new int[m];
        if (m > 0) {
            for (int e = 0; e < m; e++) {
                inStart[(e < mc ? coDst.get(e) : rec.to[e - mc]) + 1]++;
            }
            for (int t = 0; t < n; t++) {
                inStart[t + 1] += inStart[t];
            }
            int[] fill = Arrays.copyOf(inStart, n);
            for (int e = 0; e < m; e++) {
                int to = e < mc ? coDst.get(e) : rec.to[e - mc];
                inSrc[fill[to]++] = e < mc ? coSrc.get(e) : rec.from[e - mc];
            }
        }
        byte[] state = new byte[n]; // 0 new, 1 on the DFS stack, 2 done
        int[] stack = new int[n];
        int[] next = new int[n]; // next predecessor slot of a node on the stack
        int[] order = new int[n];
        int size = 0;
        for (int root = 0; root < n; root++) {
            if (state[root] != 0 || !h.isCommitted(root)) {
                continue;
            }
            int sp = 0;
            stack[sp++] = root;
            state[root] = 1;
            next[root] = -1;
            while (sp > 0) {
                int v = stack[sp - 1];
                int slot = next[v]++;
                int u;
                int wr = idx.wrStart[v + 1] - idx.wrStart[v];
                if (slot < 0) {
                    u = idx.soPred[v];
                } else if (slot < wr) {
                    u = idx.wrTxn[idx.wrStart[v] + slot];
                } else if (slot - wr < inStart[v + 1] - inStart[v]) {
                    u = inSrc[inStart[v] + slot - wr];
                } else {
                    state[v] = 2;
                    order[size++] = v;
                    sp--;
                    continue;
                }
                if (u < 0) {
                    continue;
                }
                if (state[u] == 1) {
                    return null; // a back edge: cycle
                }
                if (state[u] == 0) {
                    state[u] = 1;
                    next[u] = -1;
                    stack[sp++] = u;
                }
            }
        }
        return Arrays.copyOf(order, size);
    }

    /**
     * A topological order of the committed transactions under so ∪ wr (Kahn), or null if so ∪ wr
     * has a cycle.
     */
    int[] topologicalOrder() {
        build(false);
        return TopologicalOrder.order(adjacency());
    }

    // ---- cycles ----

    /**
     * Up to {@code max} witness cycles, one per non-trivial SCC of so ∪ wr (and of the inferred
     * edges if {@code withInferred}); empty if the graph is acyclic.
     */
    List<Witness> cycles(boolean withInferred, int max, Views views) {
        build(withInferred);
        int n = idx.txnCount;
        int[] comp = new int[n];
        List<int[]> sccs = stronglyConnected(comp);
        List<Witness> out = new ArrayList<>();
        if (sccs.isEmpty()) {
            return out;
        }
        int[] parentEdge = new int[n];
        int[] visit = new int[n];
        Arrays.fill(visit, -1);
        int[] queue = new int[n];
        int round = 0;
        for (int[] scc : sccs) {
            if (out.size() >= max) {
                break;
            }
            int c = comp[scc[0]];
            int[] best = null;
            int tries = Math.min(scc.length, 32);
            for (int i = 0; i < tries; i++) {
                int[] cyc =
                        shortestCycleThrough(scc[i], c, comp, parentEdge, visit, queue, round++);
                if (cyc != null && (best == null || better(cyc, best))) {
                    best = cyc;
                }
            }
            out.add(witness(best, views));
        }
        return out;
    }

    private boolean better(int[] a, int[] b) {
        if (a.length != b.length) {
            return a.length < b.length;
        }
        return countCo(a) < countCo(b);
    }

    private int countCo(int[] cyc) {
        int k = 0;
        for (int e : cyc) {
            if (adjKind[e] == CO) {
                k++;
            }
        }
        return k;
    }

    /**
     * The built adjacency for {@link BreadthFirst}, edges named by their adjacency position; with
     * {@code co} false the inferred commit-order edges are left out (so ∪ wr: happens-before).
     */
    private class Edges implements BreadthFirst.Graph {
        private final boolean co;

        Edges(boolean co) {
            this.co = co;
        }

        @Override
        public int degree(int v) {
            return adjStart[v + 1] - adjStart[v];
        }

        @Override
        public int edge(int v, int i) {
            int e = adjStart[v] + i;
            return co || (adjKind[e] != CO && adjKind[e] != WW) ? e : -1;
        }

        @Override
        public int target(int e) {
            return adjTo[e];
        }
    }

    /** BFS from root inside its SCC; returns the cycle's adjacency positions in order, or null. */
    private int[] shortestCycleThrough(
            int root, int c, int[] comp, int[] parentEdge, int[] visit, int[] queue, int round) {
        int last =
                BreadthFirst.shortestPath(
                        new Edges(true) {
                            @Override
                            public boolean enter(int x) {
                                return comp[x] == c;
                            }
                        },
                        root,
                        root,
                        visit,
                        round,
                        parentEdge,
                        queue);
        if (last < 0) {
            return null;
        }
        IntList path = new IntList();
        path.add(last);
        int u = sourceOf(last);
        while (u != root) {
            int e = parentEdge[u];
            path.add(e);
            u = sourceOf(e);
        }
        int[] cyc = new int[path.size()];
        for (int j = 0; j < cyc.length; j++) {
            cyc[j] = path.get(cyc.length - 1 - j);
        }
        return cyc;
    }

    private int sourceOf(int adjPos) {
        int lo = 0;
        int hi = adjStart.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (adjStart[mid] <= adjPos) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        while (adjStart[lo + 1] <= adjPos) {
            lo++;
        }
        return lo;
    }

    /** The built adjacency over the committed transactions, for the shared graph algorithms. */
    private StronglyConnected.Graph adjacency() {
        return new StronglyConnected.Graph() {
            @Override
            public int nodeCount() {
                return idx.txnCount;
            }

            @Override
            public boolean root(int v) {
                return idx.h.isCommitted(v);
            }

            @Override
            public int degree(int v) {
                return adjStart[v + 1] - adjStart[v];
            }

            @Override
            public int target(int v, int i) {
                return adjTo[adjStart[v] + i];
            }
        };
    }

    /**
     * Tarjan (the shared copy); fills comp and returns the SCCs with at least two members, sorted.
     */
    private List<int[]> stronglyConnected(int[] comp) {
        List<int[]> out = StronglyConnected.components(adjacency(), comp);
        for (int[] members : out) {
            Arrays.sort(members);
        }
        return out;
    }

    // ---- witnesses ----

    private Witness witness(int[] cyc, Views views) {
        History h = idx.h;
        List<WitnessEdge> edges = new ArrayList<>();
        Set<TxnView> txns = new LinkedHashSet<>();
        Set<TxnView> readers = new LinkedHashSet<>();
        int maxPattern = -1;
        boolean hasSo = false;
        boolean hasWw = false;
        // Start the cycle at an inferred edge if there is one (reads more naturally), else as
        // found.
        int startAt = 0;
        for (int i = 0; i < cyc.length; i++) {
            if (adjKind[cyc[i]] == CO) {
                startAt = i;
                break;
            }
        }
        for (int j = 0; j < cyc.length; j++) {
            int e = cyc[(startAt + j) % cyc.length];
            int from = sourceOf(e);
            int to = adjTo[e];
            txns.add(views.txn(from));
            switch (adjKind[e]) {
                case SO -> {
                    hasSo = true;
                    WitnessEdge last = edges.isEmpty() ? null : edges.get(edges.size() - 1);
                    if (last != null && last.kind() == EdgeKind.SO) {
                        edges.set(
                                edges.size() - 1,
                                new WitnessEdge(
                                        EdgeKind.SO, last.from(), views.label(to), null, null));
                    } else {
                        edges.add(
                                new WitnessEdge(
                                        EdgeKind.SO,
                                        views.label(from),
                                        views.label(to),
                                        null,
                                        null));
                    }
                }
                case WR ->
                        edges.add(
                                new WitnessEdge(
                                        EdgeKind.WR,
                                        views.label(from),
                                        views.label(to),
                                        views.op(adjRef[e]),
                                        null));
                case WW -> {
                    hasWw = true;
                    int op = idx.recorded.op[adjRef[e]];
                    edges.add(
                            new WitnessEdge(
                                    EdgeKind.WW,
                                    views.label(from),
                                    views.label(to),
                                    null,
                                    null,
                                    h.keys().name(h.key(op)),
                                    RecordedOrder.note(h, op, views.label(from))));
                }
                default -> {
                    int ce = adjRef[e];
                    Pattern p = PATTERNS[coPattern.get(ce)];
                    maxPattern = Math.max(maxPattern, p.ordinal());
                    int reader = coReader.get(ce);
                    readers.add(views.txn(reader));
                    int readX = coReadX.get(ce);
                    List<String> hb = p == Pattern.CAUSAL ? hbPath(from, reader, views) : List.of();
                    Justification just =
                            new Justification(
                                    p,
                                    views.label(reader),
                                    h.keys().name(h.key(readX)),
                                    views.op(readX),
                                    views.op(coReadY.get(ce)),
                                    hb);
                    edges.add(
                            new WitnessEdge(
                                    EdgeKind.CO, views.label(from), views.label(to), null, just));
                }
            }
        }
        // Compaction may merge the last so edge into the first one when the cycle starts with so.
        if (edges.size() > 1
                && edges.get(0).kind() == EdgeKind.SO
                && edges.get(edges.size() - 1).kind() == EdgeKind.SO) {
            WitnessEdge last = edges.remove(edges.size() - 1);
            WitnessEdge first = edges.get(0);
            edges.set(0, new WitnessEdge(EdgeKind.SO, last.from(), first.to(), null, null));
        }
        List<TxnView> involved = new ArrayList<>();
        for (WitnessEdge e : edges) {
            involved.add(findView(txns, e.from()));
        }
        for (TxnView r : readers) {
            if (!involved.contains(r)) {
                involved.add(r);
            }
        }
        String name;
        String adya = null;
        if (maxPattern < 0 && hasWw) { // so, wr and recorded ww: Adya's G0 or G1c
            name = isocheck.vocabulary.CycleClassifier.commonName(edges);
            adya = isocheck.vocabulary.CycleClassifier.adya(edges);
        } else if (maxPattern < 0) {
            name = "causality cycle";
            adya = hasSo ? "G1c-process" : "G1c";
        } else {
            name = PATTERNS[maxPattern].anomaly();
        }
        return new CycleWitness(name, adya, edges, involved);
    }

    private static TxnView findView(Set<TxnView> views, String label) {
        for (TxnView v : views) {
            if (v.label().equals(label)) {
                return v;
            }
        }
        throw new IllegalStateException("no view for " + label);
    }

    /** A shortest so ∪ wr path from a to b (a happens before b), as labels; empty if none. */
    private List<String> hbPath(int a, int b, Views views) {
        if (a == b) {
            return List.of(views.label(a));
        }
        int n = idx.txnCount;
        int[] via = new int[n];
        int last =
                BreadthFirst.shortestPath(new Edges(false), a, b, new int[n], 1, via, new int[n]);
        if (last < 0) {
            return List.of();
        }
        List<String> path = new ArrayList<>();
        path.add(views.label(b));
        for (int v = sourceOf(last); v != a; v = sourceOf(via[v])) {
            path.add(0, views.label(v));
        }
        path.add(0, views.label(a));
        return path;
    }
}
