package isocheck.primitive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Kahn's order: sources first in node order, ignored edges and non-root nodes, cycles; against SCCs
 * on random graphs.
 */
class TopologicalOrderTest {

    /** Adjacency lists; a negative target is an ignored edge; roots as given. */
    private static StronglyConnected.Graph graph(int[][] adj, boolean[] roots) {
        return new StronglyConnected.Graph() {
            public int nodeCount() {
                return adj.length;
            }

            public boolean root(int v) {
                return roots == null || roots[v];
            }

            public int degree(int v) {
                return adj[v].length;
            }

            public int target(int v, int i) {
                return adj[v][i];
            }
        };
    }

    @Test
    void ordersSourcesFirstByNodeNumber() {
        // 2 → 0, 2 → 1, 1 → 0; 3 isolated
        int[][] adj = {{}, {0}, {1, 0}, {}};
        assertArrayEquals(new int[] {2, 3, 1, 0}, TopologicalOrder.order(graph(adj, null)));
        assertArrayEquals(new int[] {3, 2, 0, 1}, TopologicalOrder.positions(graph(adj, null)));
    }

    @Test
    void cycleGivesNullUnlessItsEdgeIsIgnored() {
        assertNull(TopologicalOrder.order(graph(new int[][] {{1}, {0}}, null)));
        assertArrayEquals(
                new int[] {1, 0}, TopologicalOrder.order(graph(new int[][] {{-1}, {0}}, null)));
    }

    @Test
    void nonRootsAreLeftOutButTheirEdgesCount() {
        // node 1 is not a root: left out of the order; its edge 1 → 2 keeps 2 unordered
        assertArrayEquals(
                new int[] {0},
                TopologicalOrder.order(
                        graph(new int[][] {{}, {}, {}}, new boolean[] {true, false, false})));
        assertNull(
                TopologicalOrder.order(
                        graph(new int[][] {{}, {2}, {}}, new boolean[] {true, false, true})));
    }

    @Test
    void agreesWithStronglyConnectedOnRandomGraphs() {
        Random rnd = new Random(17);
        for (int round = 0; round < 2000; round++) {
            int n = 1 + rnd.nextInt(9);
            int[][] adj = new int[n][];
            for (int v = 0; v < n; v++) {
                adj[v] = new int[rnd.nextInt(3)];
                for (int i = 0; i < adj[v].length; i++) {
                    adj[v][i] = rnd.nextInt(n + 1) - 1; // -1: ignored
                }
            }
            StronglyConnected.Graph g = graph(adj, null);
            boolean selfLoop = false;
            for (int v = 0; v < n; v++) {
                for (int w : adj[v]) {
                    selfLoop |= w == v;
                }
            }
            List<int[]> sccs = StronglyConnected.components(g, new int[n]);
            int[] pos = TopologicalOrder.positions(g);
            assertEquals(sccs.isEmpty() && !selfLoop, pos != null, "round " + round);
            if (pos != null) {
                for (int v = 0; v < n; v++) {
                    for (int w : adj[v]) {
                        assertTrue(w < 0 || pos[v] < pos[w], "round " + round);
                    }
                }
            }
        }
    }
}
