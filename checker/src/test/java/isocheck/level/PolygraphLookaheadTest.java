package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * PSI's phase lookahead ({@link PolygraphSearch#serCloses}) searches once per destination of the
 * induced edges, toward all their sources at once: it must answer what one bounded breadth-first
 * search per induced edge answers (the search before, rebuilt here), for every open pair and both
 * orientations of random hard histories, at several budgets.
 */
class PolygraphLookaheadTest {

    @Test
    void oneSearchPerDestinationAnswersAsOneSearchPerEdge() {
        Random r = new Random(905);
        int was = PolygraphSearch.psiLookahead;
        int yes = 0;
        int no = 0;
        try {
            for (int i = 0; i < 30; i++) {
                History h = HardHistories.generate(PolygraphPsiOrderTest.hard(r));
                Polygraph g = new Polygraph(new TxnModel(h), Level.PSI, Long.MAX_VALUE);
                g.buildKnown();
                g.buildConstraints();
                for (int budget : new int[] {1, 3, 20, 1000, Integer.MAX_VALUE}) {
                    PolygraphSearch.psiLookahead = budget;
                    for (int v = 0; v < g.varCount; v++) {
                        for (int o = 0; o < 2; o++) {
                            boolean expected = perEdge(g, v, o, budget);
                            assertEquals(
                                    expected,
                                    g.serCloses(v, o),
                                    "history "
                                            + i
                                            + ", pair "
                                            + v
                                            + "/"
                                            + o
                                            + ", budget "
                                            + budget);
                            if (expected) {
                                yes++;
                            } else {
                                no++;
                            }
                        }
                    }
                }
            }
        } finally {
            PolygraphSearch.psiLookahead = was;
        }
        // both answers occur often enough for a wrong one to show
        assertTrue(yes >= 100, "closing orientations " + yes);
        assertTrue(no >= 100, "other orientations " + no);
    }

    /** The lookahead before: a search from each induced edge's destination to its source. */
    private static boolean perEdge(Polygraph g, int v, int o, int budget) {
        for (int[] le : g.induced(v, o)) {
            if (reaches(g, g.dstNode(le[0], le[2]), g.srcNode(le[0], le[1]), budget)) {
                return true;
            }
        }
        return false;
    }

    private static boolean reaches(Polygraph g, int from, int to, int budget) {
        if (from == to) {
            return true;
        }
        boolean[] seen = new boolean[g.nodeCount];
        int[] queue = new int[g.nodeCount];
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        seen[from] = true;
        while (head < tail && head < budget) {
            int[] out = g.out.edges(queue[head++]);
            for (int i = 0; i < out.length; i++) {
                int e = out[i];
                if (e >= g.edgeBound) {
                    continue;
                }
                int y = g.eTo.get(e);
                if (y == to) {
                    return true;
                }
                if (!seen[y]) {
                    seen[y] = true;
                    queue[tail++] = y;
                }
            }
        }
        return false;
    }
}
