package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PolygraphConstraints#guessedPositions}: PSI's guessed version order evaluated without
 * adding its edges gives exactly the topological positions (hence the commit order) that {@link
 * PolygraphConstraints#guess} and {@link PolygraphReachability#topo} give with them, and null
 * exactly when the guess makes H cyclic; ranks from the known graph's topological order (as {@link
 * ExactChecker} guesses) and random ranks (cycles).
 */
class GuessedPositionsTest {

    @Test
    void sameOrderAsTheGuessWithItsEdges() {
        List<History> hs = new ArrayList<>();
        for (long seed = 0; seed < 300; seed++) {
            hs.add(RandomHistories.generate(seed));
            hs.add(LevelHistories.generate(seed, true));
            hs.add(LevelHistories.generateRmw(seed));
        }
        Random r = new Random(11);
        for (int i = 0; i < 30; i++) {
            hs.add(HardHistories.generate(PolygraphPsiOrderTest.hard(r)));
        }
        int same = 0;
        int cyclic = 0;
        for (int i = 0; i < hs.size(); i++) {
            History h = hs.get(i);
            if (!(LevelChecker.of(Level.CC).check(h) instanceof Verdict.Consistent)) {
                continue;
            }
            TxnModel m = new TxnModel(h);
            Polygraph g = new Polygraph(m, Level.PSI, Long.MAX_VALUE);
            g.buildKnown();
            if (g.topo() == null) {
                continue; // ExactChecker reports the known cycle before guessing
            }
            for (int k = 0; k < 3; k++) {
                long[] rank = new long[m.n];
                int[] all = k == 0 ? g.topoAll() : null;
                int[] pos = all != null ? all : g.topo();
                for (int t = 0; t < m.n; t++) {
                    rank[t] = k < 2 ? pos[g.w(t)] : r.nextInt(4);
                }
                int[] virtual = g.guessedPositions(rank);
                int edges = g.edgeCount();
                boolean ok = g.guess(rank);
                int[] real = ok ? g.topo().clone() : null;
                g.undoGuess();
                assertEquals(edges, g.edgeCount(), "history " + i);
                if (real == null) {
                    assertEquals(null, virtual, "history " + i + " rank " + k);
                    cyclic++;
                } else {
                    assertArrayEquals(real, virtual, "history " + i + " rank " + k);
                    assertArrayEquals(g.commitOrder(real), g.commitOrder(virtual));
                    same++;
                }
            }
        }
        assertTrue(same >= 100 && cyclic >= 20, same + " equal orders, " + cyclic + " cyclic");
    }
}
