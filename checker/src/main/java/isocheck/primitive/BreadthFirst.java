package isocheck.primitive;

/**
 * Filtered breadth-first search, the one copy for the checker's graphs: a shortest path (fewest
 * edges) for {@code level.CommitGraph}'s witness cycles and happens-before paths and {@code
 * level.Polygraph}'s reachability queries, and a sweep of everything reachable for the polygraph's
 * PSI check ({@link #sweep}). The caller owns the scratch arrays (marks by stamp, so nothing is
 * cleared between searches): the polygraph search asks thousands of these.
 */
public final class BreadthFirst {

    /** A directed graph whose edges have ids, seen through the search's filters. */
    public interface Graph {
        int degree(int v);

        /** The id of v's i-th out-edge, or -1 when the search is not to follow it. */
        int edge(int v, int i);

        /** The node edge e leads to. */
        int target(int e);

        /**
         * Whether edge e ends a {@link #sweep} (checked before {@link #follows}): the sweep returns
         * it.
         */
        default boolean lands(int e) {
            return false;
        }

        /**
         * Whether a {@link #sweep} goes along edge e (an edge it does not follow may still land).
         */
        default boolean follows(int e) {
            return true;
        }

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

    /**
     * Visits every node reachable from {@code from}, breadth-first, and appends it to {@code
     * reached} (from first), stamping {@code marks} and keeping in {@code via[x]} the edge by which
     * x was entered, until an edge for which {@link Graph#lands} holds: that edge is returned, or
     * -1 once everything reachable is visited. Edges {@link Graph#follows} refuses are not
     * followed. {@link Graph#visiting} is called as each node's edges are done (for a time check).
     */
    public static int sweep(Graph g, int from, int[] marks, int stamp, int[] via, IntList reached) {
        reached.add(from);
        marks[from] = stamp;
        for (int head = 0; head < reached.size(); head++) {
            int v = reached.get(head);
            for (int i = 0, d = g.degree(v); i < d; i++) {
                int e = g.edge(v, i);
                if (e < 0) {
                    continue;
                }
                if (g.lands(e)) {
                    return e;
                }
                if (!g.follows(e)) {
                    continue;
                }
                int x = g.target(e);
                if (marks[x] != stamp && g.enter(x)) {
                    marks[x] = stamp;
                    via[x] = e;
                    reached.add(x);
                }
            }
            g.visiting(v);
        }
        return -1;
    }
}
