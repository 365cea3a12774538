package isocheck.primitive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Shortest paths and shortest cycles through a node, against a plain distance BFS on random graphs.
 */
class BreadthFirstTest {

    /** Edge ids: v * 4 + i for v's i-th target (targets[v][i], -1 for no edge). */
    private static BreadthFirst.Graph graph(int[][] targets, boolean[] allowed) {
        return new BreadthFirst.Graph() {
            public int degree(int v) {
                return targets[v].length;
            }

            public int edge(int v, int i) {
                return targets[v][i] < 0 ? -1 : v * 4 + i;
            }

            public int target(int e) {
                return targets[e / 4][e % 4];
            }

            public boolean enter(int x) {
                return allowed[x];
            }
        };
    }

    /** Fewest edges from a to b through allowed nodes (a itself need not be allowed), or -1. */
    private static int distance(int[][] t, boolean[] allowed, int a, int b) {
        int[] dist = new int[t.length];
        Arrays.fill(dist, -1);
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(a);
        dist[a] = 0;
        int best = -1;
        while (!q.isEmpty()) {
            int v = q.poll();
            for (int w : t[v]) {
                if (w < 0 || !allowed[w]) {
                    continue;
                }
                if (w == b && best < 0) {
                    best = dist[v] + 1;
                }
                if (dist[w] < 0) {
                    dist[w] = dist[v] + 1;
                    q.add(w);
                }
            }
        }
        return best;
    }

    @Test
    void findsShortestPathsAndCycles() {
        Random rnd = new Random(5);
        int[] marks = new int[10];
        int[] via = new int[10];
        int[] queue = new int[10];
        for (int stamp = 1; stamp <= 3000; stamp++) {
            int n = 1 + rnd.nextInt(10);
            int[][] t = new int[n][];
            boolean[] allowed = new boolean[n];
            for (int v = 0; v < n; v++) {
                t[v] = new int[rnd.nextInt(4)];
                for (int i = 0; i < t[v].length; i++) {
                    t[v][i] = rnd.nextInt(n + 1) - 1;
                }
                allowed[v] = rnd.nextInt(5) > 0;
            }
            int a = rnd.nextInt(n);
            int b = rnd.nextInt(3) == 0 ? a : rnd.nextInt(n); // a == b: a shortest cycle through a
            int last = BreadthFirst.shortestPath(graph(t, allowed), a, b, marks, stamp, via, queue);
            int expected = distance(t, allowed, a, b);
            if (last < 0) {
                assertEquals(-1, expected, "stamp " + stamp);
                continue;
            }
            // walk back by via: every edge leads where the next starts, the length is the shortest
            assertEquals(b, t[last / 4][last % 4]);
            int len = 1;
            for (int v = last / 4; v != a; v = via[v] / 4) {
                assertEquals(stamp, marks[v]);
                assertEquals(v, t[via[v] / 4][via[v] % 4]);
                len++;
            }
            assertEquals(expected, len, "stamp " + stamp);
        }
    }

    /**
     * The sweep visits exactly what a plain search reaches through allowed nodes along followed
     * edges (edges to odd nodes are not followed, as the PSI check does not follow rw edges), in
     * breadth-first order, and stops at the first edge that lands (here: one into the landing
     * node).
     */
    @Test
    void sweepsWhatIsReachableAlongFollowedEdgesAndStopsWhereAnEdgeLands() {
        Random rnd = new Random(7);
        int[] marks = new int[10];
        int[] via = new int[10];
        for (int stamp = 1; stamp <= 3000; stamp++) {
            int n = 1 + rnd.nextInt(10);
            int[][] t = new int[n][];
            boolean[] allowed = new boolean[n];
            for (int v = 0; v < n; v++) {
                t[v] = new int[rnd.nextInt(4)];
                for (int i = 0; i < t[v].length; i++) {
                    t[v][i] = rnd.nextInt(n + 1) - 1;
                }
                allowed[v] = rnd.nextInt(5) > 0;
            }
            int a = rnd.nextInt(n);
            int landing = rnd.nextInt(2) == 0 ? -1 : rnd.nextInt(n);
            BreadthFirst.Graph g =
                    new BreadthFirst.Graph() {
                        final BreadthFirst.Graph base = graph(t, allowed);

                        public int degree(int v) {
                            return base.degree(v);
                        }

                        public int edge(int v, int i) {
                            return base.edge(v, i);
                        }

                        public int target(int e) {
                            return base.target(e);
                        }

                        public boolean enter(int x) {
                            return base.enter(x);
                        }

                        public boolean lands(int e) {
                            return target(e) == landing;
                        }

                        public boolean follows(int e) {
                            return target(e) % 2 == 0;
                        }
                    };
            IntList reached = new IntList();
            int landed = BreadthFirst.sweep(g, a, marks, stamp, via, reached);
            // the plain search, in the same order, stopping at the same edge
            java.util.List<Integer> order = new java.util.ArrayList<>(java.util.List.of(a));
            boolean[] seen = new boolean[n];
            seen[a] = true;
            int expectedLanded = -1;
            search:
            for (int q = 0; q < order.size(); q++) {
                int v = order.get(q);
                for (int i = 0; i < t[v].length; i++) {
                    int w = t[v][i];
                    if (w < 0) continue;
                    if (w == landing) {
                        expectedLanded = v * 4 + i;
                        break search;
                    }
                    if (w % 2 == 0 && allowed[w] && !seen[w]) {
                        seen[w] = true;
                        order.add(w);
                    }
                }
            }
            assertEquals(expectedLanded, landed, "stamp " + stamp);
            assertEquals(order.toString(), Arrays.toString(reached.toArray()), "stamp " + stamp);
            for (int k = 1; k < reached.size(); k++) {
                int x = reached.get(k);
                assertEquals(stamp, marks[x]);
                assertEquals(x, t[via[x] / 4][via[x] % 4]);
            }
        }
    }
}
