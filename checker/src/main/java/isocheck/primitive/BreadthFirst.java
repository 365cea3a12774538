package isocheck.primitive;

/**
 * Filtered breadth-first search for a shortest path (fewest edges), the one copy for the checker's
 * graphs ({@code level.CommitGraph}'s witness cycles, {@code level.Polygraph}'s reachability
 * queries). The caller owns the scratch arrays (marks by stamp, so nothing is cleared between
 * searches): the polygraph search asks thousands of these.
 */
public final class BreadthFirst {

    /** A directed graph whose edges have ids, seen through the search's filters. */
    public interface Graph {
        int degree(int v);

        /** The id of v's i-th out-edge, or -1 when the search is not to follow it. */
        int edge(int v, int i);

        /** The node edge e leads to. */
        int target(int e);

        /** Whether the search may enter node x (also checked for the goal). */
        default boolean enter(int x) {
            return true;
        }

        /** Called as node v is taken from the queue (for a time check). */
        default void visiting(int v) {}
    }

    private BreadthFirst() {}

    /**
     * Searches from {@code from} until an edge reaches {@code goal} (which may be {@code from}
     * itself: then a shortest cycle through it) and returns that last edge, or -1 if none does. On
     * success {@code via[x]} holds the edge by which every node x on the path was entered; the
     * nodes entered are those with {@code marks[x] == stamp}. {@code queue} needs room for every
     * node.
     */
    public static int shortestPath(
            Graph g, int from, int goal, int[] marks, int stamp, int[] via, int[] queue) {
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        marks[from] = stamp;
        while (head < tail) {
            int v = queue[head++];
            g.visiting(v);
            for (int i = 0, d = g.degree(v); i < d; i++) {
                int e = g.edge(v, i);
                if (e < 0) {
                    continue;
                }
                int x = g.target(e);
                if (!g.enter(x)) {
                    continue;
                }
                if (x == goal) {
                    return e;
                }
                if (marks[x] != stamp) {
                    marks[x] = stamp;
                    via[x] = e;
                    queue[tail++] = x;
                }
            }
        }
        return -1;
    }
}
