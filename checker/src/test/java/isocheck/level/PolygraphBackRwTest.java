package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The invariant behind PSI's bounded cycle checks ({@link PolygraphSearch#rwWindow}): during the
 * search every live rw edge that runs against the search's order is in the back-rw list. Order
 * repairs move nodes and so turn rw edges around; the list is refreshed from the moved nodes' out-
 * and in-edges (read from the neighbour lists). Checked after the search on hard histories whose
 * searches repair the order many times.
 */
class PolygraphBackRwTest {

    @Test
    void everyBackwardRwEdgeIsInTheBackRwList() {
        Random r = new Random(2207);
        long repairs = 0;
        int backward = 0;
        for (int i = 0; i < 60; i++) {
            History h = HardHistories.generate(PolygraphPsiOrderTest.hard(r));
            Polygraph g = new Polygraph(new TxnModel(h), Level.PSI, Long.MAX_VALUE);
            g.buildKnown();
            g.solve(true);
            assertEquals(0, g.backwardRwMissing(), "history " + i);
            assertEquals(0, g.backRwStalePositions(), "history " + i + ": cached positions");
            repairs += g.orderRepairs;
            for (int k = 0; g.ord != null && k < g.rwEdges.size(); k++) {
                int e = g.rwEdges.get(k);
                backward += g.ord[g.eFrom.get(e)] > g.ord[g.eTo.get(e)] ? 1 : 0;
            }
        }
        assertTrue(repairs >= 100, "order repairs: " + repairs);
        assertTrue(backward >= 100, "backward rw edges at the end: " + backward);
    }
}
