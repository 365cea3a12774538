package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.primitive.IntList;
import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * PSI's topological orders and reachability summaries read each edge's far end from the neighbour
 * lists ({@link PolygraphGraph#out}, far ends beside the ids) instead of the edge attributes by id:
 * after pruning and a search (edges added and taken out), the orders equal Kahn's algorithm over
 * the attributes (eKind, eTo) node by node, and the summary answers as breadth-first searches over
 * them (H, and H* ; rw ; H*).
 */
class PsiNeighbourReadsTest {

    @Test
    void ordersAndSummaryAnswerAsOverTheEdgeAttributes() {
        Random r = new Random(2203);
        int queries = 0;
        int reachable = 0;
        int viaRw = 0;
        for (int i = 0; i < 40; i++) {
            History h = HardHistories.generate(PolygraphPsiOrderTest.hard(r));
            Polygraph g = new Polygraph(new TxnModel(h), Level.PSI, Long.MAX_VALUE);
            g.buildKnown();
            g.solve(true);
            for (boolean skipRw : new boolean[] {true, false}) {
                int[] expected = kahn(g, skipRw);
                int[] actual = g.computeTopo(skipRw);
                if (expected == null) {
                    assertEquals(null, actual, "history " + i);
                } else {
                    assertArrayEquals(expected, actual, "history " + i + " skipRw " + skipRw);
                }
            }
            int[] pos = g.topo();
            if (pos == null) {
                continue;
            }
            ReachSummary rs = g.summary(pos, Long.MAX_VALUE);
            for (int q = 0; q < 200; q++) {
                int u = r.nextInt(g.nodeCount);
                int v = r.nextInt(g.n);
                if (!rs.onChain(v)) {
                    continue;
                }
                boolean[][] reach = reach(g, u);
                assertEquals(reach[0][v], rs.reaches(u, v), "history " + i + ": " + u + " H " + v);
                assertEquals(
                        reach[1][v],
                        rs.reachesThroughRw(u, v),
                        "history " + i + ": " + u + " H*;rw;H* " + v);
                queries++;
                reachable += reach[0][v] && u != v ? 1 : 0;
                viaRw += reach[1][v] && !reach[0][v] ? 1 : 0;
            }
        }
        assertTrue(
                queries > 1000 && reachable > 100 && viaRw > 100,
                queries + " queries, " + reachable + " reachable, " + viaRw + " only via rw");
    }

    /**
     * Kahn's positions over the live out-edges, read by edge id (sources first, as the library).
     */
    private static int[] kahn(Polygraph g, boolean skipRw) {
        int n = g.nodeCount;
        int[] indeg = new int[n];
        for (int v = 0; v < n; v++) {
            int[] o = g.out.edges(v);
            for (int i = 0; i < o.length; i++) {
                int e = o[i];
                if (!(skipRw && g.eKind.get(e) == PolygraphGraph.RW)) {
                    indeg[g.eTo.get(e)]++;
                }
            }
        }
        int[] order = new int[n];
        int tail = 0;
        for (int v = 0; v < n; v++) {
            if (indeg[v] == 0) {
                order[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int v = order[head];
            int[] o = g.out.edges(v);
            for (int i = 0; i < o.length; i++) {
                int e = o[i];
                if (!(skipRw && g.eKind.get(e) == PolygraphGraph.RW)
                        && --indeg[g.eTo.get(e)] == 0) {
                    order[tail++] = g.eTo.get(e);
                }
            }
        }
        if (tail < n) {
            return null;
        }
        int[] pos = new int[n];
        for (int i = 0; i < n; i++) {
            pos[order[i]] = i;
        }
        return pos;
    }

    /** {what u reaches through H, what it reaches through H* ; rw ; H*}, by edge attributes. */
    private static boolean[][] reach(Polygraph g, int u) {
        boolean[] h = closure(g, new int[] {u});
        IntList rwTargets = new IntList();
        for (int x = 0; x < g.nodeCount; x++) {
            int[] o = g.out.edges(x);
            for (int i = 0; h[x] && i < o.length; i++) {
                int e = o[i];
                if (g.eKind.get(e) == PolygraphGraph.RW) {
                    rwTargets.add(g.eTo.get(e));
                }
            }
        }
        return new boolean[][] {h, closure(g, rwTargets.toArray())};
    }

    private static boolean[] closure(Polygraph g, int[] from) {
        boolean[] seen = new boolean[g.nodeCount];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int f : from) {
            if (!seen[f]) {
                seen[f] = true;
                queue.add(f);
            }
        }
        while (!queue.isEmpty()) {
            int x = queue.poll();
            int[] o = g.out.edges(x);
            for (int i = 0; i < o.length; i++) {
                int e = o[i];
                int y = g.eTo.get(e);
                if (g.eKind.get(e) != PolygraphGraph.RW && !seen[y]) {
                    seen[y] = true;
                    queue.add(y);
                }
            }
        }
        return seen;
    }
}
