package isocheck.primitive;

/**
 * Kahn's topological sort (Kahn, CACM 1962) over a {@link StronglyConnected.Graph}: the one copy
 * for the checker's graphs ({@code level.CommitGraph}, {@code level.Polygraph}). Primitive arrays
 * only: the polygraph search recomputes the order after every change of its edge set.
 */
public final class TopologicalOrder {

    private TopologicalOrder() {}

    /**
     * The nodes v with {@code g.root(v)} in a topological order (sources first, ties by node
     * number, then by edge position), or null if they do not all get ordered (a cycle). In-degrees
     * count every edge that is not ignored, also those from non-root nodes: such an edge keeps its
     * target unordered.
     */
    public static int[] order(StronglyConnected.Graph g) {
        int n = g.nodeCount();
        int[] indeg = new int[n];
        for (int v = 0; v < n; v++) {
            for (int i = 0, d = g.degree(v); i < d; i++) {
                int w = g.target(v, i);
                if (w >= 0) {
                    indeg[w]++;
                }
            }
        }
        int[] order = new int[n];
        int tail = 0;
        int roots = 0;
        for (int v = 0; v < n; v++) {
            if (g.root(v)) {
                roots++;
                if (indeg[v] == 0) {
                    order[tail++] = v;
                }
            }
        }
        for (int head = 0; head < tail; head++) {
            int v = order[head];
            for (int i = 0, d = g.degree(v); i < d; i++) {
                int w = g.target(v, i);
                if (w >= 0 && --indeg[w] == 0) {
                    order[tail++] = w;
                }
            }
        }
        if (tail < roots) {
            return null;
        }
        return tail == n ? order : java.util.Arrays.copyOf(order, tail);
    }

    /**
     * The position of every node in {@link #order} (all nodes must be roots), or null if cyclic.
     */
    public static int[] positions(StronglyConnected.Graph g) {
        int[] order = order(g);
        if (order == null) {
            return null;
        }
        int[] pos = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            pos[order[i]] = i;
        }
        return pos;
    }
}
