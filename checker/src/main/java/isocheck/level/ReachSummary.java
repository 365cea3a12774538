package isocheck.level;

import java.util.Arrays;

/**
 * Reachability in a DAG whose transaction nodes lie on a few chains (the sessions, each a path of
 * so edges; the initial transaction on a chain of its own), summarised per node as a vector clock:
 * for node u and chain c, the earliest position on c that u reaches. Then u reaches a chain node v
 * iff first[u][chain(v)] ≤ pos(v), in O(1) — instead of one graph search per query, which is what
 * made pruning slow on hot keys (millions of writer pairs, each tested both ways). Built in O(E ·
 * chains) in reverse topological order, once per pruning pass (the pass tests every open pair
 * against the graph as it was at the start of the pass).
 *
 * <p>For PSI two summaries: over so/wr/ww edges only (H), and over H* ; rw ; H* (exactly one rw
 * edge), since PSI forbids the cycles of (H+ ; rw?) (Cerone–Gotsman; see {@link Polygraph}). The
 * topological order is then H's. Every other edge kind counts as H, as in the graph searches.
 */
final class ReachSummary {
    static final int NONE = Integer.MAX_VALUE;

    private final int chains;
    private final int[] chainOf;
    private final int[] chainPos;

    /**
     * Node → its position in the topological order the summary was built in: rows are stored by
     * position, not by node id (below).
     */
    private final int[] rank;

    private final int[] first;
    private final int[] firstRw;

    /**
     * @param order nodes in topological order (of H for PSI)
     * @param start CSR offsets of each node's out-edges into {@code to}/{@code rw}
     * @param rwOnly whether to keep the second (one-rw) summary: PSI; otherwise rw edges are
     *     ordinary
     */
    ReachSummary(
            int nodes,
            int[] order,
            int[] start,
            int[] to,
            boolean[] rw,
            int[] chainOf,
            int[] chainPos,
            int chains,
            boolean rwOnly) {
        this(nodes, order, start, to, rw, chainOf, chainPos, chains, rwOnly, null);
    }

    /**
     * As above, filling the arrays of {@code reuse} (a summary no longer used, of the same size)
     * instead of allocating: at 10^6 transactions a summary is ~1 GiB, built once per pruning pass.
     */
    ReachSummary(
            int nodes,
            int[] order,
            int[] start,
            int[] to,
            boolean[] rw,
            int[] chainOf,
            int[] chainPos,
            int chains,
            boolean rwOnly,
            ReachSummary reuse) {
        this.chains = chains;
        this.chainOf = chainOf;
        this.chainPos = chainPos;
        int cells = nodes * chains;
        // Rows by topological position: the build writes row i after row i + 1 (one sequential
        // sweep) and reads the rows of u's successors, which mostly lie a few hundred positions
        // further (a session's next transaction, a reader of a recent write) and so in cache,
        // where rows by node id put them anywhere in the ~0.5 GB array (node ids follow the
        // sessions, not time: one DRAM miss per row at 10^6, RESULTS stop 27).
        rank = reuse != null && reuse.rank.length == nodes ? reuse.rank : new int[nodes];
        for (int i = 0; i < nodes; i++) {
            rank[order[i]] = i;
        }
        first = reuse != null && reuse.first.length == cells ? reuse.first : new int[cells];
        Arrays.fill(first, NONE);
        // An edge u → w whose target an already merged neighbour reaches adds nothing (that
        // neighbour's row dominates w's): skipped in O(1). The transitive ww/rw edges that pruning
        // adds (every ordered pair of writers of a key) are mostly of this kind. u's own position
        // is
        // set after the merge, so only merged neighbours justify a skip.
        boolean[] implied = new boolean[to.length];
        for (int i = nodes - 1; i >= 0; i--) {
            int u = order[i];
            int row = i * chains;
            for (int k = start[u]; k < start[u + 1]; k++) {
                if (rwOnly && rw[k]) {
                    continue;
                }
                int w = to[k];
                if (chainOf[w] >= 0 && first[row + chainOf[w]] <= chainPos[w]) {
                    implied[k] = true;
                    continue;
                }
                minInto(first, row, first, rank[w] * chains);
            }
            if (chainOf[u] >= 0) {
                first[row + chainOf[u]] = chainPos[u];
            }
        }
        if (!rwOnly) {
            firstRw = null;
            return;
        }
        firstRw =
                reuse != null && reuse.firstRw != null && reuse.firstRw.length == cells
                        ? reuse.firstRw
                        : new int[cells];
        Arrays.fill(firstRw, NONE);
        for (int i = nodes - 1; i >= 0; i--) {
            int u = order[i];
            int row = i * chains;
            for (int k = start[u]; k < start[u + 1]; k++) {
                if (implied[k]) { // an H neighbour merged here H-reaches the target: it dominates
                    continue;
                }
                int w = to[k];
                if (rw[k]) {
                    // u → w by rw adds first[w]. If a row merged here already reaches w's chain at
                    // or before w, that row dominates first[w]: an rw neighbour y (row first[y])
                    // H-reaches w, or an H neighbour y (row firstRw[y]) reaches it through one rw,
                    // and w reaches through H what it reaches. The reader of a version has an rw
                    // edge to every later writer of the key (pruning's transitive edges): all
                    // but the first are skipped, in O(1), as pass 1 skips implied H edges.
                    if (chainOf[w] >= 0 && firstRw[row + chainOf[w]] <= chainPos[w]) {
                        continue;
                    }
                    minInto(firstRw, row, first, rank[w] * chains);
                } else {
                    minInto(firstRw, row, firstRw, rank[w] * chains);
                }
            }
        }
    }

    /**
     * a[row, row + chains) = the elementwise minimum of itself and from[src, src + chains). Written
     * with Math.min rather than a compare and a conditional store: C2 turns this loop into vector
     * minimums (MinI → MinV), a branch per cell it leaves scalar; building the summaries is O(edges
     * × chains) of this (10^6 transactions in 100 sessions: 1.3 × 10^9 cells per pass).
     */
    private void minInto(int[] a, int row, int[] from, int src) {
        for (int c = 0; c < chains; c++) {
            a[row + c] = Math.min(a[row + c], from[src + c]);
        }
    }

    /** Whether this is PSI's pair of summaries. */
    boolean psi() {
        return firstRw != null;
    }

    /** Whether v is a node the summary answers queries about (a transaction node). */
    boolean onChain(int v) {
        return chainOf[v] >= 0;
    }

    /** Whether u reaches chain node v (PSI: through H edges only); u reaches itself. */
    boolean reaches(int u, int v) {
        return first[rank[u] * chains + chainOf[v]] <= chainPos[v];
    }

    /** PSI: whether u reaches chain node v through H* ; rw ; H*. */
    boolean reachesThroughRw(int u, int v) {
        return firstRw[rank[u] * chains + chainOf[v]] <= chainPos[v];
    }

    /** Ints the summaries would take, to decide whether to build them. */
    static long cells(int nodes, int chains, boolean rwOnly) {
        return (long) nodes * chains * (rwOnly ? 2 : 1);
    }
}
