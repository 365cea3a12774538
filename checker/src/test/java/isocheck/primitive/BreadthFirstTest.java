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
}
