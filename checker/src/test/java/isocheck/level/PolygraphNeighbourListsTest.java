package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.primitive.IntList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The per-node edge lists ({@link PolygraphGraph#out}, PSI's {@link PolygraphGraph#in}): after the
 * pruning and a search with backjumps (edges added and taken out many times), they hold exactly the
 * live edges, far ends beside the ids (~node for an rw edge); and the searches written out over
 * them ({@link PolygraphReachability#path}, {@link PolygraphReachability#searchH}) answer as plain
 * breadth-first searches over the edge attributes, rebuilt here.
 */
class PolygraphNeighbourListsTest {

    @Test
    void neighbourListsMirrorTheAdjacencyAndTheSearchesAnswerAsPlainOnes() {
        Random r = new Random(1021);
        int searched = 0;
        int pathsFound = 0;
        int pathsNone = 0;
        for (int i = 0; i < 60; i++) {
            History h = HardHistories.generate(PolygraphPsiOrderTest.hard(r));
            Polygraph g = new Polygraph(new TxnModel(h), Level.PSI, Long.MAX_VALUE);
            g.buildKnown();
            Polygraph.Outcome o = g.solve(true);
            searched += g.decisions > 0 ? 1 : 0;
            assertMirrors(g);
            if (o != Polygraph.Outcome.CONSISTENT) {
                continue;
            }
            int[] topo = g.topo();
            assertNotNull(topo, "a consistent PSI graph has an acyclic H");
            for (int q = 0; q < 40; q++) {
                int from = r.nextInt(g.nodeCount);
                int to = r.nextInt(g.nodeCount);
                boolean noRw = r.nextBoolean();
                int[] bound = r.nextBoolean() ? topo : null;
                IntList p = g.path(from, to, noRw, bound);
                int expected = shortest(g, from, to, noRw, bound);
                if (expected < 0) {
                    assertEquals(null, p, "path " + from + " -> " + to);
                    pathsNone++;
                } else {
                    assertNotNull(p, "path " + from + " -> " + to);
                    assertEquals(expected, p.size(), "length of " + from + " -> " + to);
                    int at = from;
                    for (int k = 0; k < p.size(); k++) {
                        int e = p.get(k);
                        assertEquals(at, g.eFrom.get(e));
                        assertTrue(!noRw || g.eKind.get(e) != PolygraphGraph.RW);
                        at = g.eTo.get(e);
                    }
                    assertEquals(to, at);
                    pathsFound += from == to ? 0 : 1;
                }
                boolean forward = r.nextBoolean();
                int low = r.nextInt(g.nodeCount);
                int high = low + r.nextInt(g.nodeCount);
                IntList reached = new IntList();
                int stamp = ++g.round;
                g.searchH(
                        from,
                        forward,
                        g.mark,
                        stamp,
                        g.parent,
                        reached,
                        topo,
                        high,
                        0,
                        Math.min(low, topo[from]),
                        g.mark);
                boolean[] plain = sweep(g, from, forward, topo, Math.min(low, topo[from]), high);
                int count = 0;
                for (int x = 0; x < g.nodeCount; x++) {
                    assertEquals(plain[x], g.mark[x] == stamp, "reached " + x + " from " + from);
                    count += plain[x] ? 1 : 0;
                }
                assertEquals(count, reached.size());
            }
        }
        assertTrue(searched >= 20, "histories searched: " + searched);
        assertTrue(pathsFound >= 100 && pathsNone >= 100, pathsFound + " / " + pathsNone);
    }

    /**
     * The per-node lists hold exactly the live edges, each at its source (out) and, for PSI, its
     * target (in), in id order (the order of appends, which bulk linking keeps), with the far end
     * beside the id (~node for rw).
     */
    static void assertMirrors(Polygraph g) {
        List<List<Integer>> outs = new ArrayList<>();
        List<List<Integer>> ins = new ArrayList<>();
        for (int x = 0; x < g.nodeCount; x++) {
            outs.add(new ArrayList<>());
            ins.add(new ArrayList<>());
        }
        for (int k = 0; k < g.live.size(); k++) {
            int e = g.live.get(k);
            outs.get(g.eFrom.get(e)).add(e);
            ins.get(g.eTo.get(e)).add(e);
        }
        for (int x = 0; x < g.nodeCount; x++) {
            mirrors(g, x, g.out, outs.get(x), true);
            if (g.psi) {
                mirrors(g, x, g.in, ins.get(x), false);
            } else {
                assertNull(g.in, "incoming lists only for PSI");
            }
        }
    }

    private static void mirrors(
            Polygraph g, int x, EdgeLists lists, List<Integer> expected, boolean out) {
        assertEquals(expected.size(), lists.degree(x), "edges at " + x);
        for (int i = 0; i < expected.size(); i++) {
            int e = expected.get(i);
            assertEquals(e, lists.edge(x, i), "edge " + i + " at " + x);
            int far = out ? g.eTo.get(e) : g.eFrom.get(e);
            assertEquals(g.eKind.get(e) == PolygraphGraph.RW ? ~far : far, lists.far(x, i));
        }
    }

    /**
     * Every level's graph, after the known edges (linked in bulk), a guess kept or undone and a
     * solve (constraints with the reduction's edges linked in bulk, search edges added and taken
     * out one by one), has lists that hold exactly its live edges.
     */
    @Test
    void listsHoldTheLiveEdgesAtEveryLevel() {
        Random r = new Random(2081);
        long saved = PolygraphConstraints.reductionMinPairs;
        PolygraphConstraints.reductionMinPairs = 0; // the reduction's bulk-linked edges
        try {
            int reduced = 0;
            for (int i = 0; i < 40; i++) {
                History h = HardHistories.generate(PolygraphPsiOrderTest.hard(r));
                for (Level level : new Level[] {Level.PSI, Level.SI, Level.SER}) {
                    Polygraph g = new Polygraph(new TxnModel(h), level, Long.MAX_VALUE);
                    g.buildKnown();
                    assertMirrors(g);
                    long[] rank = new long[g.n];
                    for (int t = 0; t < g.n; t++) {
                        rank[t] = r.nextInt(g.n);
                    }
                    if (g.guess(rank)) {
                        assertMirrors(g);
                        g.undoGuess();
                    }
                    assertMirrors(g);
                    g.solve(true);
                    reduced += g.reducedEdges > 0 ? 1 : 0;
                    assertMirrors(g);
                }
            }
            assertTrue(reduced >= 10, "graphs with reduction edges: " + reduced);
        } finally {
            PolygraphConstraints.reductionMinPairs = saved;
        }
    }

    /** Edges cannot be taken out while their links wait: the lists would lose other edges. */
    @Test
    void takingEdgesOutWhileLinksAreDeferredThrows() {
        History h = HardHistories.generate(PolygraphPsiOrderTest.hard(new Random(7)));
        Polygraph g = new Polygraph(new TxnModel(h), Level.PSI, Long.MAX_VALUE);
        g.buildKnown();
        int mark = g.edgeCount();
        g.deferLinks();
        g.addEdge(0, 1, PolygraphGraph.WW, 0, PolygraphGraph.WW_GUESS, -1);
        assertThrows(IllegalStateException.class, () -> g.truncateEdges(mark));
        g.linkDeferred();
        g.truncateEdges(mark);
        assertMirrors(g);
    }

    /**
     * Edges on a shortest path from → to over the live edges, or -1; nodes above topo[to] left out.
     */
    private static int shortest(Polygraph g, int from, int to, boolean noRw, int[] topo) {
        if (from == to) {
            return 0;
        }
        int limit = topo == null ? Integer.MAX_VALUE : topo[to];
        if (topo != null && topo[from] > limit) {
            return -1;
        }
        int[] dist = new int[g.nodeCount];
        java.util.Arrays.fill(dist, -1);
        dist[from] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            int[] o = g.out.edges(v);
            for (int i = 0; i < o.length; i++) {
                int e = o[i];
                int x = g.eTo.get(e);
                if ((noRw && g.eKind.get(e) == PolygraphGraph.RW)
                        || (topo != null && topo[x] > limit)
                        || dist[x] >= 0) {
                    continue;
                }
                dist[x] = dist[v] + 1;
                if (x == to) {
                    return dist[x];
                }
                queue.add(x);
            }
        }
        return -1;
    }

    /** Nodes reached from start over H (rw edges not followed), inside positions [low, high]. */
    private static boolean[] sweep(
            Polygraph g, int start, boolean forward, int[] topo, int low, int high) {
        boolean[] seen = new boolean[g.nodeCount];
        seen[start] = true;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            int[] l = forward ? g.out.edges(v) : g.in.edges(v);
            for (int i = 0; i < l.length; i++) {
                int e = l[i];
                int x = forward ? g.eTo.get(e) : g.eFrom.get(e);
                if (g.eKind.get(e) == PolygraphGraph.RW
                        || seen[x]
                        || topo[x] < low
                        || topo[x] > high) {
                    continue;
                }
                seen[x] = true;
                queue.add(x);
            }
        }
        return seen;
    }
}
