package isocheck.level;

/**
 * Whether PSI's known graph already shows that SI fails, read as SI's graph: Biswas–Enea §4.3
 * (h^c_{R|W}, Thm 4.10) splits each transaction t into R_t → W_t, so/wr/ww edges run W → R (a
 * conflict makes the later transaction observe the earlier one) and rw edges R → W; an initial
 * version's auxiliary node takes rw from R and leads to W. That is exactly the graph {@link
 * PolygraphGraph#buildKnown} builds for SI (same known edges: both levels chain
 * read-modify-writes), so a cycle here is the cycle SI's own known-graph check ({@link
 * ExactChecker}'s "tried SI first") would find, and SI's attempt cannot hold.
 *
 * <p>Why: at 10^6 transactions the attempt built a second known graph of 2.2 million nodes and 8
 * million edges and searched its cycle (4.4–5.8 s of a 68 s PSI check, benchmarks/RESULTS.md stop
 * 24) only to answer "violated". Here Kahn's algorithm runs over the virtual split nodes, reading
 * PSI's out-lists ({@link PolygraphGraph#out}, far end ~node for an rw edge) in sequence: O(nodes +
 * edges), no edge stored.
 */
final class SnapshotCycleOnKnown {
    private SnapshotCycleOnKnown() {}

    /**
     * True iff the live edges of g (a PSI graph: transaction nodes unsplit, no real-time nodes),
     * split as SI's, contain a cycle. Virtual nodes: R_t = 2t, W_t = 2t + 1 for t &lt; n; node x ≥
     * n (an initial version's auxiliary node) is 2n + (x − n).
     */
    static boolean closes(PolygraphGraph g) {
        if (!g.psi || g.split || g.rt) {
            throw new IllegalArgumentException("a PSI graph is read as SI's");
        }
        int n = g.n;
        int nodes = g.nodeCount;
        int virtual = 2 * n + (nodes - n);
        EdgeLists out = g.out;
        int[] indeg = new int[virtual];
        for (int t = 0; t < n; t++) {
            indeg[2 * t + 1]++; // R_t → W_t
        }
        for (int x = 0; x < nodes; x++) {
            int[] ps = out.pairs(x);
            for (int i = 0, d = out.degree(x); i < d; i++) {
                int far = ps[2 * i + 1];
                indeg[x >= n ? 2 * far + 1 : target(far, n)]++;
            }
        }
        int[] queue = new int[virtual];
        int tail = 0;
        for (int v = 0; v < virtual; v++) {
            if (indeg[v] == 0) {
                queue[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            int x;
            boolean reads; // the R half of a transaction: its rw edges; else the H edges
            if (v < 2 * n) {
                x = v >> 1;
                reads = (v & 1) == 0;
                if (reads && --indeg[v + 1] == 0) {
                    queue[tail++] = v + 1;
                }
            } else {
                x = v - n;
                reads = false;
            }
            int[] ps = out.pairs(x);
            boolean aux = x >= n; // every out-edge of an auxiliary node leads to a W half
            for (int i = 0, d = out.degree(x); i < d; i++) {
                int y = ps[2 * i + 1];
                if (!aux && (y < 0) != reads) {
                    continue;
                }
                int w = aux ? 2 * y + 1 : target(y, n);
                if (--indeg[w] == 0) {
                    queue[tail++] = w;
                }
            }
        }
        return tail < virtual;
    }

    /**
     * The virtual target of a neighbour entry y of a transaction node: rw (~node) to W, or to an
     * auxiliary node; so/wr/ww to R.
     */
    private static int target(int y, int n) {
        if (y < 0) {
            int b = ~y;
            return b < n ? 2 * b + 1 : 2 * n + (b - n);
        }
        return y < n ? 2 * y : 2 * n + (y - n);
    }
}
