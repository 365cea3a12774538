package isocheck.level;

import java.util.Arrays;

/**
 * The edges at each node of a {@link PolygraphGraph} in one direction: per node one array of (edge
 * id, far end) pairs side by side, the far end as ~node for an rw edge. One array per node instead
 * of an edge-id list beside a far-end list (two objects and two arrays each): appending an edge
 * touches one array per end, and a search reads an edge's id and far end from the same cache line
 * (benchmarks/RESULTS.md, stop 25: appends to the per-node lists were the innermost frame of 36 %
 * of PSI's samples at 10^6 transactions).
 */
final class EdgeLists {
    private static final int[] NONE = new int[0];

    /** pairs[v][2i] = id of v's i-th edge, pairs[v][2i + 1] = its far end (~node for rw). */
    private final int[][] pairs;

    private final int[] degree;

    EdgeLists(int nodes) {
        pairs = new int[nodes][];
        Arrays.fill(pairs, NONE);
        degree = new int[nodes];
    }

    int degree(int v) {
        return degree[v];
    }

    /**
     * The backing array of v's pairs, not a copy: its first 2 × {@link #degree} entries. Valid
     * until the next append at v.
     */
    int[] pairs(int v) {
        return pairs[v];
    }

    int edge(int v, int i) {
        if (i >= degree[v]) {
            throw new IndexOutOfBoundsException(i);
        }
        return pairs[v][2 * i];
    }

    int far(int v, int i) {
        if (i >= degree[v]) {
            throw new IndexOutOfBoundsException(i);
        }
        return pairs[v][2 * i + 1];
    }

    void add(int v, int edge, int far) {
        int d = degree[v];
        int[] p = pairs[v];
        if (2 * d == p.length) {
            p = Arrays.copyOf(p, Math.max(8, 2 * (d + (d >> 1) + 2)));
            pairs[v] = p;
        }
        p[2 * d] = edge;
        p[2 * d + 1] = far;
        degree[v] = d + 1;
    }

    /**
     * Room for {@code extra} more pairs at v (for a caller that counted them first), with a quarter
     * and two more spare: the search then adds its edges to most nodes without a copy (an exact fit
     * made the first search edge at each node copy its array: 2 % of the samples at 10^6).
     */
    void reserve(int v, int extra) {
        int d = degree[v] + extra;
        if (2 * d > pairs[v].length) {
            pairs[v] = Arrays.copyOf(pairs[v], 2 * (d + (d >> 2) + 2));
        }
    }

    /** The ids of v's edges in order, a copy (for tests and cold paths). */
    int[] edges(int v) {
        int[] ids = new int[degree[v]];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = pairs[v][2 * i];
        }
        return ids;
    }

    /** Takes out v's last edge; its id. */
    int removeLast(int v) {
        int d = --degree[v];
        return pairs[v][2 * d];
    }
}
