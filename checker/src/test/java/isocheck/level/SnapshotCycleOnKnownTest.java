package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link SnapshotCycleOnKnown}: PSI's known graph read as SI's split graph has a cycle exactly when
 * SI's own known graph has one (the check {@link ExactChecker} used to make by trying SI first), on
 * random, level-shaped, read-modify-write and hard histories; and a PSI check that skips SI's
 * attempt on that ground says so and still decides PSI (the verdict the oracle tests compare).
 */
class SnapshotCycleOnKnownTest {

    @Test
    void psiGraphReadAsSiCyclesExactlyWhenSisKnownGraphDoes() {
        List<History> hs = new ArrayList<>();
        for (long seed = 0; seed < 400; seed++) {
            hs.add(RandomHistories.generate(seed));
            hs.add(LevelHistories.generate(seed, true));
            hs.add(LevelHistories.generateRmw(seed));
        }
        Random r = new Random(77);
        for (int i = 0; i < 40; i++) {
            hs.add(HardHistories.generate(PolygraphPsiOrderTest.hard(r)));
        }
        int cyclic = 0;
        int acyclic = 0;
        for (int i = 0; i < hs.size(); i++) {
            History h = hs.get(i);
            if (!(LevelChecker.of(Level.CC).check(h) instanceof Verdict.Consistent)) {
                continue; // ExactChecker stops at CC before any known graph
            }
            TxnModel m = new TxnModel(h);
            Polygraph psi = new Polygraph(m, Level.PSI, Long.MAX_VALUE);
            psi.buildKnown();
            Polygraph si = new Polygraph(m, Level.SI, Long.MAX_VALUE);
            si.buildKnown();
            boolean expected = si.findCycle() != null;
            assertEquals(expected, SnapshotCycleOnKnown.closes(psi), "history " + i);
            if (expected) {
                cyclic++;
            } else {
                acyclic++;
            }
        }
        assertTrue(cyclic >= 20 && acyclic >= 20, cyclic + " cyclic, " + acyclic + " acyclic");
    }

    @Test
    void psiCheckSkipsSisAttemptOnlyWhenItsKnownEdgesCloseACycle() {
        int skipped = 0;
        int tried = 0;
        Random r = new Random(5);
        for (int seed = 0; seed < 80; seed++) {
            History h = HardHistories.generate(PolygraphPsiOrderTest.hard(r));
            Verdict v = LevelChecker.of(Level.PSI).check(h);
            boolean skip =
                    v.explain().stream().anyMatch(s -> s.startsWith("SI (it implies PSI) not"));
            boolean triedSi =
                    v.explain().stream()
                            .anyMatch(s -> s.startsWith("tried SI first") || s.contains("via SI"));
            if (skip) {
                skipped++;
                assertTrue(!triedSi, "seed " + seed + ": skipped and tried");
                Verdict si = LevelChecker.of(Level.SI).check(h);
                assertTrue(si instanceof Verdict.Violated, "seed " + seed + ": SI " + si);
            }
            tried += triedSi ? 1 : 0;
        }
        assertTrue(skipped >= 5 && tried >= 5, skipped + " skipped, " + tried + " tried");
    }
}
