package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ReachSummary} against breadth-first searches on random DAGs of H edges (session chains,
 * forward edges, nodes off the chains) with rw edges in any direction, several rw edges per node
 * among them (the transitive ones pruning adds): both summaries answer every query as the searches
 * do, whatever the summaries skip.
 */
class ReachSummaryTest {

    @Test
    void summariesAgreeWithSearches() {
        Random r = new Random(2311);
        long rwSkippable = 0;
        for (int g = 0; g < 300; g++) {
            rwSkippable += checkOne(r);
        }
        // the case the rw skip is for: an rw neighbour H-reaching another rw neighbour's chain node
        assertTrue(rwSkippable > 1000, "rw edges implied by an earlier one: " + rwSkippable);
    }

    /** One random graph; returns how many rw edges an earlier rw edge of the same node implies. */
    private static long checkOne(Random r) {
        int chains = 1 + r.nextInt(5);
        int perChain = 1 + r.nextInt(8);
        int aux = r.nextInt(4);
        int nodes = chains * perChain + aux;
        // a random topological order; chain c's nodes appear in chain order within it
        List<Integer> order = new ArrayList<>();
        for (int v = 0; v < nodes; v++) {
            order.add(v);
        }
        Collections.shuffle(order, r);
        int[] chainOf = new int[nodes];
        int[] chainPos = new int[nodes];
        java.util.Arrays.fill(chainOf, -1);
        int[] seen = new int[chains];
        int[] pos = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            pos[order.get(i)] = i;
        }
        int chainNodes = chains * perChain;
        for (int i = 0; i < nodes; i++) {
            int v = order.get(i);
            if (v < chainNodes) { // node v is on chain v % chains, placed in order of appearance
                int c = v % chains;
                chainOf[v] = c;
                chainPos[v] = seen[c]++;
            }
        }
        List<List<int[]>> outs = new ArrayList<>(); // {target, rw}
        for (int v = 0; v < nodes; v++) {
            outs.add(new ArrayList<>());
        }
        int[][] atChainPos = new int[chains][perChain];
        for (int v = 0; v < chainNodes; v++) {
            atChainPos[chainOf[v]][chainPos[v]] = v;
        }
        for (int c = 0; c < chains; c++) { // so
            for (int p = 0; p + 1 < perChain; p++) {
                outs.get(atChainPos[c][p]).add(new int[] {atChainPos[c][p + 1], 0});
            }
        }
        int h = r.nextInt(2 * nodes + 1);
        for (int i = 0; i < h; i++) { // forward H edges
            int a = r.nextInt(nodes);
            int b = r.nextInt(nodes);
            if (pos[a] < pos[b]) {
                outs.get(a).add(new int[] {b, 0});
            }
        }
        int rws = r.nextInt(3 * nodes + 1);
        for (int i = 0; i < rws; i++) { // rw edges, any direction, often along a chain
            int a = r.nextInt(nodes);
            int c = r.nextInt(chains);
            int p = r.nextInt(perChain);
            int b = r.nextBoolean() ? atChainPos[c][p] : r.nextInt(nodes);
            if (a != b) {
                outs.get(a).add(new int[] {b, 1});
                if (r.nextBoolean() && chainOf[b] >= 0 && chainPos[b] + 1 < perChain) {
                    outs.get(a).add(new int[] {atChainPos[chainOf[b]][chainPos[b] + 1], 1});
                }
            }
        }
        int[] start = new int[nodes + 1];
        for (int v = 0; v < nodes; v++) {
            start[v + 1] = start[v] + outs.get(v).size();
        }
        int[] to = new int[start[nodes]];
        boolean[] rw = new boolean[start[nodes]];
        for (int v = 0; v < nodes; v++) {
            for (int i = 0; i < outs.get(v).size(); i++) {
                to[start[v] + i] = outs.get(v).get(i)[0];
                rw[start[v] + i] = outs.get(v).get(i)[1] == 1;
            }
        }
        int[] ord = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            ord[i] = order.get(i);
        }
        ReachSummary rs =
                new ReachSummary(nodes, ord, start, to, rw, chainOf, chainPos, chains, true);
        BitSet[] hReach = new BitSet[nodes];
        for (int u = 0; u < nodes; u++) {
            hReach[u] = search(u, start, to, rw);
        }
        long skippable = 0;
        for (int u = 0; u < nodes; u++) {
            BitSet viaRw = new BitSet();
            boolean earlierRw = false;
            BitSet earlier = new BitSet();
            for (int x = hReach[u].nextSetBit(0); x >= 0; x = hReach[u].nextSetBit(x + 1)) {
                for (int k = start[x]; k < start[x + 1]; k++) {
                    if (rw[k]) {
                        viaRw.or(hReach[to[k]]);
                    }
                }
            }
            for (int k = start[u]; k < start[u + 1]; k++) {
                if (rw[k]) {
                    skippable += earlierRw && earlier.get(to[k]) ? 1 : 0;
                    earlier.or(hReach[to[k]]);
                    earlierRw = true;
                }
            }
            for (int v = 0; v < nodes; v++) {
                if (chainOf[v] < 0) {
                    continue;
                }
                assertEquals(hReach[u].get(v), rs.reaches(u, v), u + " reaches " + v);
                assertEquals(viaRw.get(v), rs.reachesThroughRw(u, v), u + " rw-reaches " + v);
            }
        }
        return skippable;
    }

    /** Nodes u reaches through H (non-rw) edges, u included. */
    private static BitSet search(int u, int[] start, int[] to, boolean[] rw) {
        BitSet seen = new BitSet();
        ArrayDeque<Integer> q = new ArrayDeque<>();
        seen.set(u);
        q.add(u);
        while (!q.isEmpty()) {
            int x = q.poll();
            for (int k = start[x]; k < start[x + 1]; k++) {
                if (!rw[k] && !seen.get(to[k])) {
                    seen.set(to[k]);
                    q.add(to[k]);
                }
            }
        }
        return seen;
    }
}
