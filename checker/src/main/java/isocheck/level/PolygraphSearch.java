package isocheck.level;

import isocheck.primitive.IntList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The search of a {@link Polygraph} over the constraints pruning left open, one component at a
 * time, with conflict-directed backjumping and learned nogoods.
 */
abstract class PolygraphSearch extends PolygraphPruning {
    PolygraphSearch(TxnModel m, Level level, long deadline) {
        super(m, level, deadline);
    }

    /**
     * Search over the open constraints, one communication-graph component at a time (cycles never
     * leave a component: every edge joins transactions sharing a session or a key, and the initial
     * transaction only has outgoing edges; real time joins components, so SSER searches them as
     * one). Conflict-directed backjumping: a failed orientation yields a nogood (the decisions
     * whose edges lie on the closing cycle); when both orientations fail their union, minus the
     * variable, is learned and the search jumps back to the latest decision in it.
     */
    Outcome search() {
        int[] comp = sessionComponents();
        Map<Integer, IntList> byComp = new HashMap<>();
        int[] pos = psi && lateInitVersions ? initVersionsLate(topo()) : topo();
        Integer[] order = new Integer[varCount];
        for (int v = 0; v < varCount; v++) {
            order[v] = v;
        }
        Arrays.sort(
                order,
                (p, q) ->
                        Integer.compare(
                                Math.min(pos[w(varA[p])], pos[w(varB[p])]),
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
                remained =
                        "search of component "
                                + (done + 1)
                                + " of "
                                + components
                                + " ("
                                + vars.size()
                                + " writer pairs open, "
                                + decisions
                                + " decisions, "
                                + backjumps
                                + " backjumps, "
                                + learned
                                + " learned nogoods so far); "
                                + (components - done - 1)
                                + " components not started";
                return o;
            }
            if (o == Outcome.VIOLATED) {
                return o;
            }
            done++;
        }
        notes.add(
                "search: "
                        + components
                        + " independent components, "
                        + searchedVars
                        + " pairs, "
                        + decisions
                        + " decisions, "
                        + backjumps
                        + " backjumps, "
                        + learned
                        + " learned nogoods, "
                        + orderRepairs
                        + " topological-order repairs");
        return Outcome.CONSISTENT;
    }

    /**
     * Off (or -Disocheck.earlyInitVersions=true, for timing comparisons): PSI's search starts from
     * Kahn's order of H as it is, its initial-version nodes first.
     */
    static volatile boolean lateInitVersions = !Boolean.getBoolean("isocheck.earlyInitVersions");

    /**
     * PSI: Kahn's topological order of H (hPos) with each initial-version node (auxBase and up: the
     * readers of a key's initial version reach it by rw, it reaches the key's writers) moved to
     * just before its first successor. Kahn's order puts those nodes first (no H edge enters them),
     * so every reader of an initial version had an rw edge running against the order: all of them
     * stood in {@link #backRw} from the start and widened every PSI cycle check's window to most of
     * the graph (with the execution's own commit order as the search's order, 34,172 decisions and
     * no backjump on the long-fork family at 10^4: 12.5 s of search with these nodes first, 0.25 s
     * with them late). Only rw edges enter these nodes, so the result is still a topological order
     * of H and the checks stay exact; the variables are decided in the same order and first
     * oriented the same way (the transactions keep their relative order). O(nodes + edges).
     */
    int[] initVersionsLate(int[] hPos) {
        if (hPos == null || auxBase >= nodeCount) {
            return hPos;
        }
        int[] atPos = new int[nodeCount];
        for (int v = 0; v < nodeCount; v++) {
            atPos[hPos[v]] = v;
        }
        int[] before = new int[nodeCount]; // the init-version nodes to place before each node
        Arrays.fill(before, -1);
        int[] nextBefore = new int[nodeCount];
        boolean[] moved = new boolean[nodeCount];
        for (int a = nodeCount - 1; a >= auxBase; a--) { // lists in node order
            if (hasHIn(a)) {
                continue;
            }
            int first = -1;
            int[] ps = out.pairs(a);
            for (int i = 0, d = out.degree(a); i < d; i++) {
                int x = ps[2 * i + 1];
                x = x >= 0 ? x : ~x;
                if (first < 0 || hPos[x] < hPos[first]) {
                    first = x;
                }
            }
            if (first >= 0 && hPos[first] > hPos[a]) {
                moved[a] = true;
                nextBefore[a] = before[first];
                before[first] = a;
            }
        }
        int[] pos = new int[nodeCount];
        int k = 0;
        for (int p = 0; p < nodeCount; p++) {
            int v = atPos[p];
            for (int a = before[v]; a >= 0; a = nextBefore[a]) {
                pos[a] = k++;
            }
            if (!moved[v]) {
                pos[v] = k++;
            }
        }
        return pos;
    }

    /** Whether an edge other than rw enters node v. */
    private boolean hasHIn(int v) {
        if (in == null) {
            return false; // no incoming lists: not PSI
        }
        int[] ps = in.pairs(v);
        for (int i = 0, d = in.degree(v); i < d; i++) {
            if (ps[2 * i + 1] >= 0) { // ~source for an rw edge
                return true;
            }
        }
        return false;
    }

    /**
     * Off (or -Disocheck.scanNogoods=true, for timing and verdict comparisons): each attempt scans
     * every learned nogood containing its literal, as before the watched literals. Verdicts must
     * not change; tests compare both settings.
     */
    static volatile boolean watchedNogoods = !Boolean.getBoolean("isocheck.scanNogoods");

    /** The scan's index: every learned nogood under each of its literals. */
    final Map<Integer, List<int[]>> nogoods = new HashMap<>();

    /**
     * Two watched literals per learned nogood (Moskewicz et al., "Chaff", DAC 2001, §2.2, for
     * clauses; a nogood is a clause of negated literals): watches[l] holds the nogoods whose
     * position 0 or 1 is l. Invariant: if one watch holds and the other does not, every unwatched
     * literal holds and was assigned no later than the holding watch. So a nogood that literal me
     * would complete (every other literal holds) watches me, and its other watch holds: an attempt
     * looks at the nogoods watching me only, and a watch moves only when its literal becomes true.
     * Backjumps undo a suffix of the decisions, which keeps the invariant, so they touch no watch.
     */
    ArrayList<int[]>[] watches;

    /**
     * Phase saving (Pipatsrisawat and Darwiche, SAT 2007): a variable re-decided after a backjump
     * first tries the orientation it last held, which the jump did not refute. Off with
     * -Disocheck.noPhaseSaving=true.
     */
    static volatile boolean phaseSaving = !Boolean.getBoolean("isocheck.noPhaseSaving");

    private int[] saved;

    static int lit(int v, int o) {
        return 2 * v + o;
    }

    boolean holds(int lit) {
        return assign[lit >> 1] == (lit & 1);
    }

    /**
     * A topological order of the graph during the search (of H for PSI), kept valid as edges come
     * (removing edges never invalidates it): ord[node] is its position, atPos the inverse. An edge
     * u → x with ord[u] &lt; ord[x] cannot close a cycle, so it needs no search; otherwise the
     * search from x visits only positions up to ord[u] (Marchetti-Spaccamela, Nanni, Rohnert: if it
     * misses u, the visited nodes move right after u, the rest of the window keeping its order).
     */
    int[] ord;

    int[] atPos;
    long orderRepairs;

    void initOrder(int[] pos) {
        ord = Arrays.copyOf(pos, pos.length);
        atPos = new int[pos.length];
        for (int v = 0; v < pos.length; v++) {
            atPos[pos[v]] = v;
        }
        if (psi) {
            for (int i = 0; i < rwEdges.size(); i++) {
                noteRw(rwEdges.get(i));
            }
        }
    }

    /**
     * Off (or -Disocheck.unboundedPsiChecks=true, for timing comparisons): PSI's cycle checks
     * during the search run unbounded backward searches. The verdicts must not change; tests
     * compare both settings.
     */
    static volatile boolean boundedPsiChecks = !Boolean.getBoolean("isocheck.unboundedPsiChecks");

    /**
     * PSI: every live rw edge r → b that runs against the order (ord[r] &gt; ord[b]), plus stale
     * entries (removed, or forward again after a repair) dropped every {@link #COMPACT_EVERY}
     * queries. An H edge u → v with ord[u] &lt; ord[v] closes a cycle u → v ⇝ r → b ⇝ u only
     * through such an edge (ord[v] &le; ord[r] and ord[b] &le; ord[u]): where the order agrees with
     * most rw edges, this short list replaces a backward search of all of u's ancestors (the hot
     * spot of PSI searches, 89 % of samples) by one over a window. Each entry keeps its edge's two
     * nodes beside its id (edge ids are never reused), so a query reads three arrays in sequence
     * and only the order at random: the list holds ≈ 1,500 entries per query on the long fork at
     * 10^4, of which ≈ 13 are candidates.
     */
    private final IntList backRw = new IntList();

    private final IntList backRwFrom = new IntList();
    private final IntList backRwTo = new IntList();

    /**
     * ord[r] and ord[b] of each {@link #backRw} entry, kept equal to the order: a query then scans
     * these two lists in sequence and reads ord at random only for its candidates (at 10^6 the scan
     * with ord read by node at random was 12 % of a PSI run's samples, the list holding tens of
     * thousands of entries per query). The order changes only in {@link #repairOrder}, which
     * refreshes the entries its window touched.
     */
    private final IntList backRwFromPos = new IntList();

    private final IntList backRwToPos = new IntList();

    private final java.util.BitSet inBackRw = new java.util.BitSet();

    /** Queries between two compactions of {@link #backRw}. */
    private static final int COMPACT_EVERY = 64;

    private int queriesSinceCompaction;

    /** Adds rw edge e to {@link #backRw} if it runs against the order. */
    private void noteRw(int e) {
        noteRw(e, eFrom.get(e), eTo.get(e));
    }

    /** {@link #noteRw(int)} for rw edge e = r → b, its nodes known to the caller. */
    private void noteRw(int e, int r, int b) {
        if (ord[r] > ord[b] && !inBackRw.get(e) && !removed.get(e)) {
            inBackRw.set(e);
            backRw.add(e);
            backRwFrom.add(r);
            backRwTo.add(b);
            backRwFromPos.add(ord[r]);
            backRwToPos.add(ord[b]);
        }
    }

    /**
     * Drops the entries of {@link #backRw} that are removed or run forward (a repair moving one
     * backward again re-adds it: inBackRw is cleared here).
     */
    private void compactBackRw() {
        // the cached positions are the order's (refreshBackRwPositions keeps them so): read in
        // sequence beside the entries instead of ord[r] and ord[b] at random (at 10^6 a compaction
        // walks ~8,000 entries, every 64 queries; RESULTS stop 27)
        int k = 0;
        int n = backRw.size();
        int[] es = backRw.elements();
        int[] fs = backRwFrom.elements();
        int[] ts = backRwTo.elements();
        int[] fp = backRwFromPos.elements();
        int[] tp = backRwToPos.elements();
        for (int i = 0; i < n; i++) {
            int e = es[i];
            if (removed.get(e) || fp[i] <= tp[i]) {
                inBackRw.clear(e);
                continue;
            }
            es[k] = e;
            fs[k] = fs[i];
            ts[k] = ts[i];
            fp[k] = fp[i];
            tp[k] = tp[i];
            k++;
        }
        while (backRw.size() > k) {
            backRw.removeLast();
            backRwFrom.removeLast();
            backRwTo.removeLast();
            backRwFromPos.removeLast();
            backRwToPos.removeLast();
        }
    }

    /**
     * After the nodes at order positions [lb, ub] were permuted among those positions: the cached
     * positions in that range are refreshed (a node outside it kept its position; one inside it had
     * its cached position inside it, the cache being exact before).
     */
    private void refreshBackRwPositions(int lb, int ub) {
        int n = backRw.size();
        int[] fp = backRwFromPos.elements();
        int[] tp = backRwToPos.elements();
        int[] fs = backRwFrom.elements();
        int[] ts = backRwTo.elements();
        for (int i = 0; i < n; i++) {
            if (fp[i] >= lb && fp[i] <= ub) {
                fp[i] = ord[fs[i]];
            }
            if (tp[i] >= lb && tp[i] <= ub) {
                tp[i] = ord[ts[i]];
            }
        }
    }

    /** Entries of {@link #backRw} whose cached positions differ from the order: none. For tests. */
    int backRwStalePositions() {
        int stale = 0;
        for (int i = 0; i < backRw.size(); i++) {
            if (backRwFromPos.get(i) != ord[backRwFrom.get(i)]
                    || backRwToPos.get(i) != ord[backRwTo.get(i)]) {
                stale++;
            }
        }
        return stale;
    }

    @Override
    int[] rwWindow(int u, int v, int[] topo) {
        if (!boundedPsiChecks || topo == null || topo != ord || ord[u] >= ord[v]) {
            return null;
        }
        if (++queriesSinceCompaction >= COMPACT_EVERY) {
            queriesSinceCompaction = 0;
            compactBackRw();
        }
        int low = Integer.MAX_VALUE;
        int high = Integer.MIN_VALUE;
        int ou = ord[u];
        int ov = ord[v];
        rwCandidates.clear();
        int n = backRw.size();
        int[] tp = backRwToPos.elements();
        int[] fp = backRwFromPos.elements();
        int[] es = backRw.elements();
        for (int i = 0; i < n; i++) {
            // a stale entry that runs forward fails ob <= ou < ov <= or; a removed one is skipped
            int ob = tp[i];
            if (ob > ou) {
                continue;
            }
            int or = fp[i];
            if (or < ov) {
                continue;
            }
            int e = es[i];
            if (e < edgeBound && !removed.get(e)) {
                low = Math.min(low, ob);
                high = Math.max(high, or);
                rwCandidates.add(e);
            }
        }
        return low == Integer.MAX_VALUE ? NO_RW_WINDOW : new int[] {low, high};
    }

    /** After a bounded search from ord-window [lb, ub] missed its target: visited nodes go last. */
    void repairOrder(int lb, int ub) {
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
        if (psi) {
            refreshBackRwPositions(lb, ub);
            // rw edges between moved nodes may now run against the order. Only edges with both
            // ends in the window change direction (every node of [lb, ub] is in buf and stays in
            // the window; the nodes outside keep their positions), so each such edge is an
            // out-edge of a node in buf: the in-edges need no look
            for (int x : buf) {
                noteRwEdges(x);
            }
        }
        orderRepairs++;
    }

    /**
     * Notes the rw edges out of x, in list order. They are found by their ~node entries in the
     * out-list ({@link #out}, beside the edge ids), which also gives the far end: no read of eKind,
     * eFrom, eTo by edge id at random for each edge of a moved node (a repair moves its whole
     * window; at 10^6 this loop, then over out- and in-edges, was 18 % of the search's samples).
     */
    private void noteRwEdges(int x) {
        int[] ps = out.pairs(x);
        for (int i = 0, d = out.degree(x); i < d; i++) {
            int y = ps[2 * i + 1];
            if (y < 0) {
                noteRw(ps[2 * i], x, ~y);
            }
        }
    }

    /**
     * Live rw edges that run against the order but are not in {@link #backRw}: none while the
     * search keeps its invariant (the bounded PSI checks rely on it). For tests.
     */
    int backwardRwMissing() {
        int missing = 0;
        for (int i = 0; ord != null && i < rwEdges.size(); i++) {
            int e = rwEdges.get(i);
            if (ord[eFrom.get(e)] > ord[eTo.get(e)] && !inBackRw.get(e)) {
                missing++;
            }
        }
        return missing;
    }

    Outcome searchComponent(int[] vars, int[] pos) {
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
        if (saved == null) {
            saved = new int[varCount];
            Arrays.fill(saved, -1);
        }
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
            int pref =
                    phaseSaving && saved[v] >= 0
                            ? saved[v]
                            : pos[w(varA[v])] <= pos[w(varB[v])] ? 0 : 1;
            if (psi
                    && psiLookahead > 0
                    && !(phaseSaving && saved[v] >= 0)
                    && serCloses(v, pref)
                    && !serCloses(v, 1 - pref)) {
                pref = 1 - pref;
            }
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
                    assigned(lit(v, o));
                    saved[v] = o;
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
            learn(cs, level);
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

    /**
     * Learns nogood cs, all of whose literals hold now (the backjump that follows undoes the one at
     * the highest level). level[v]: v's decision depth in this component, -1 if it is fixed.
     */
    void learn(Set<Integer> cs, int[] level) {
        if (learned >= 200_000) {
            return;
        }
        int[] ng = cs.stream().mapToInt(Integer::intValue).toArray();
        learned++;
        if (!watchedNogoods) {
            for (int l : ng) {
                nogoods.computeIfAbsent(l, z -> new ArrayList<>()).add(ng);
            }
            return;
        }
        // watches: the literal at the highest level (undone by the backjump) and the next highest
        // (the last one to be undone of those that stay), so the invariant holds after the jump
        for (int w = 0; w < Math.min(2, ng.length); w++) {
            int best = w;
            for (int i = w + 1; i < ng.length; i++) {
                if (level[ng[i] >> 1] > level[ng[best] >> 1]) {
                    best = i;
                }
            }
            int t = ng[w];
            ng[w] = ng[best];
            ng[best] = t;
        }
        if (watches == null) {
            @SuppressWarnings("unchecked")
            ArrayList<int[]>[] ws = new ArrayList[2 * varCount];
            watches = ws;
        }
        watch(ng[0], ng);
        if (ng.length > 1) {
            watch(ng[1], ng);
        }
    }

    private void watch(int l, int[] ng) {
        if (watches[l] == null) {
            watches[l] = new ArrayList<>(4);
        }
        watches[l].add(ng);
    }

    /**
     * Literal l has just become true: each nogood watching l moves that watch to a literal that
     * does not hold, if it has one; if not, it stays (every unwatched literal holds, so the other
     * watch alone is left: the nogood forbids it, which {@link #attempt} sees).
     */
    void assigned(int l) {
        if (watches == null || watches[l] == null) {
            return;
        }
        ArrayList<int[]> list = watches[l];
        int k = 0;
        for (int i = 0; i < list.size(); i++) {
            int[] ng = list.get(i);
            if (ng.length > 1) {
                if (ng[0] != l) {
                    ng[1] = ng[0];
                    ng[0] = l;
                }
                int moved = -1;
                for (int j = 2; j < ng.length; j++) {
                    if (!holds(ng[j])) {
                        moved = j;
                        break;
                    }
                }
                if (moved >= 0) {
                    ng[0] = ng[moved];
                    ng[moved] = l;
                    watch(ng[0], ng);
                    continue;
                }
            }
            list.set(k++, ng);
        }
        for (int i = list.size() - 1; i >= k; i--) {
            list.remove(i);
        }
    }

    /** A learned nogood that literal me would complete (every other literal holds), or null. */
    private int[] completedNogood(int me) {
        if (!watchedNogoods) {
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
            return null;
        }
        if (watches == null || watches[me] == null) {
            return null;
        }
        for (int[] ng : watches[me]) {
            if (ng.length == 1 || holds(ng[0] == me ? ng[1] : ng[0])) {
                return ng;
            }
        }
        return null;
    }

    /**
     * Tries orientation o of v: null if it stays acyclic (edges added), else a nogood (edges
     * removed).
     */
    int[] attempt(int v, int o) {
        int me = lit(v, o);
        // a learned nogood that this literal would complete (the resolvents learned in
        // searchComponent never contain the variable being decided, so only those with me count)
        int[] learnedNg = completedNogood(me);
        if (learnedNg != null) {
            return learnedNg;
        }
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
            if (psi && le[0] == RW && ord != null) {
                noteRw(id);
            }
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

    int lastWw = -1;

    /**
     * PSI: how many nodes the phase's lookahead ({@link #serCloses}) may visit per destination of
     * the induced edges; 0, the default since stop 20, turns it off (-Disocheck.psiLookahead=1000
     * restores stop 5's). It saves decisions but not time: on the long fork at 10^5 it took 172,206
     * decisions instead of 186,542 for 50.9 s of CPU instead of 29.9 s, and at 10^6 its searches
     * were 73 % of the search's samples (≈ 1.2 ms per pair, cache misses over 12.9 million edges).
     */
    static volatile int psiLookahead = Integer.getInteger("isocheck.psiLookahead", 0);

    private int[] lookMark;
    private int lookRound;
    private int[] lookQueue;

    /**
     * PSI's phase, the first time a variable is decided: whether orientation o would close a cycle
     * of H ∪ rw, i.e. one serializability forbids (Adya), found within {@link #psiLookahead} nodes
     * of breadth-first search per induced edge. PSI allows such cycles, so this never refutes
     * anything: when one orientation closes one and the other does not, the other is tried first.
     * Where a history's versions follow one serial order, an orientation that contradicts it (a
     * writer B placed between the version A it overwrites and a reader r of A: r →rw B with B
     * reaching r through rw edges already) closes such a cycle at once, while PSI's own cycle (B
     * reaching r through H alone) appears only after further decisions: the search then made the
     * choice and backjumped over everything after it (PSI's own search, 10^3 transactions, the
     * long-fork and plant-free families, seeds 1-4: 491,738 decisions and 2,701 backjumps without
     * it, 335,108 and 1,566 with it, the same CPU time; the lookahead's searches cost what the
     * backjumps saved there).
     */
    boolean serCloses(int v, int o) {
        int[][] ind = induced(v, o);
        if (lookMark == null) {
            lookMark = new int[nodeCount];
            lookQueue = new int[nodeCount];
            lookTarget = new int[nodeCount];
        }
        // the induced edges share few destinations (one, unsplit: the later writer): one search
        // per destination toward all their sources visits what a search per edge would, in the
        // same order, so it answers the same, for one search's cost instead of one per edge
        for (int i = 0; i < ind.length; i++) {
            int from = dstNode(ind[i][0], ind[i][2]);
            boolean first = true;
            for (int j = 0; j < i && first; j++) {
                first = dstNode(ind[j][0], ind[j][2]) != from;
            }
            if (!first) {
                continue;
            }
            int goal = ++targetRound;
            for (int j = i; j < ind.length; j++) {
                if (dstNode(ind[j][0], ind[j][2]) == from) {
                    lookTarget[srcNode(ind[j][0], ind[j][1])] = goal;
                }
            }
            if (reachesWithin(from, goal, psiLookahead)) {
                return true;
            }
        }
        return false;
    }

    private int[] lookTarget;
    private int targetRound;

    /**
     * Whether from reaches a node that {@link #lookTarget} stamps with goal, over live edges of any
     * kind, visiting at most budget nodes.
     */
    private boolean reachesWithin(int from, int goal, int budget) {
        if (lookTarget[from] == goal) {
            return true;
        }
        int stamp = ++lookRound;
        int head = 0;
        int tail = 0;
        lookQueue[tail++] = from;
        lookMark[from] = stamp;
        while (head < tail && head < budget) {
            int u = lookQueue[head++];
            int[] ps = out.pairs(u);
            for (int i = 0, d = out.degree(u); i < d; i++) {
                int e = ps[2 * i];
                if (e >= edgeBound) {
                    continue;
                }
                int y = ps[2 * i + 1];
                y = y >= 0 ? y : ~y;
                if (lookTarget[y] == goal) {
                    return true;
                }
                if (lookMark[y] != stamp) {
                    lookMark[y] = stamp;
                    lookQueue[tail++] = y;
                }
            }
        }
        return false;
    }

    int[] nogoodOf(Cycle c, int me) {
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

    Cycle prevConflict;

    /** The conflict before the last one (the other orientation of the last variable, usually). */
    Cycle prevConflict() {
        return prevConflict;
    }

    /** A commit order from a topological order of the final graph (write halves for PC/SI). */
    int[] commitOrder() {
        return commitOrder(topo());
    }

    /** The transactions in the order of the topological positions pos. */
    int[] commitOrder(int[] pos) {
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
}
