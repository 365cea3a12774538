package isocheck.primitive;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Tarjan's strongly connected components (Tarjan, SIAM J. Comput. 1972), iterative: histories have
 * up to 10^6 transactions, too deep for recursion. The one copy for the checker's graphs ({@code
 * level.CommitGraph}, {@code level.Polygraph}).
 */
public final class StronglyConnected {

    /** A directed graph on nodes 0..nodeCount-1, its out-edges by position. */
    public interface Graph {
        int nodeCount();

        /** Whether a search may start at node v (a node reached by an edge is visited anyway). */
        boolean root(int v);

        int degree(int v);

        /** The target of v's i-th out-edge, or -1 when the edge is to be ignored. */
        int target(int v, int i);
    }

    private StronglyConnected() {}

    /**
     * Fills {@code comp} (a component number per node, -1 for nodes never visited) and returns the
     * components with at least two nodes, each as its nodes in the order Tarjan's stack pops them.
     */
    public static List<int[]> components(Graph g, int[] comp) {
        int n = g.nodeCount();
        int[] index = new int[n];
        int[] low = new int[n];
        int[] edgeAt = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        Arrays.fill(comp, -1);
        int[] stack = new int[n];
        int[] call = new int[n];
        int sp = 0;
        int counter = 0;
        int compCount = 0;
        List<int[]> res = new ArrayList<>();
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0 || !g.root(root)) {
                continue;
            }
            int cp = 0;
            call[cp++] = root;
            index[root] = low[root] = counter++;
            edgeAt[root] = 0;
            stack[sp++] = root;
            onStack[root] = true;
            while (cp > 0) {
                int v = call[cp - 1];
                if (edgeAt[v] < g.degree(v)) {
                    int w = g.target(v, edgeAt[v]++);
                    if (w < 0) {
                        continue;
                    }
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        edgeAt[w] = 0;
                        stack[sp++] = w;
                        onStack[w] = true;
                        call[cp++] = w;
                    } else if (onStack[w] && index[w] < low[v]) {
                        low[v] = index[w];
                    }
                    continue;
                }
                cp--;
                if (cp > 0 && low[v] < low[call[cp - 1]]) {
                    low[call[cp - 1]] = low[v];
                }
                if (low[v] == index[v]) {
                    int base = sp;
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        comp[w] = compCount;
                    } while (w != v);
                    if (base - sp > 1) {
                        res.add(Arrays.copyOfRange(stack, sp, base));
                    }
                    compCount++;
                }
            }
        }
        return res;
    }
}
