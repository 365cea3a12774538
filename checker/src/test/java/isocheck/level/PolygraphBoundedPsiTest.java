package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The search's bounded PSI cycle checks ({@link PolygraphSearch#rwWindow}: only rw edges against
 * the search's order, backward search over a window) give the verdicts of the unbounded checks they
 * replace, on 200 random hard histories ({@link HardHistories}: blind writers, every plant, serial
 * and concurrent, 30–150 transactions) at SER, SI and PSI, and the construction's truth where it
 * claims one. The long-fork family is drawn most often: there PSI searches H itself.
 */
class PolygraphBoundedPsiTest {

    static HardHistories.Params medium(Random r) {
        HardHistories.Plant[] plants = HardHistories.Plant.values();
        HardHistories.Plant plant =
                r.nextInt(3) == 0
                        ? plants[r.nextInt(plants.length)]
                        : HardHistories.Plant.LONG_FORK;
        int sessions = 4 + r.nextInt(12);
        int txns = 30 + r.nextInt(121);
        int keys = Math.max(4, txns / (3 + r.nextInt(5)));
        int writes = 1 + r.nextInt(3);
        int reads = r.nextInt(3);
        int concurrency = r.nextInt(3) == 0 ? 1 + r.nextInt(sessions) : 1;
        return new HardHistories.Params(
                txns, sessions, keys, reads, writes, concurrency, plant, r.nextLong());
    }

    @Test
    void boundedAndUnboundedPsiChecksAgreeOn200HardHistories() {
        Random r = new Random(18);
        int violations = 0;
        int psiSearches = 0;
        for (int i = 0; i < 200; i++) {
            HardHistories.Params p = medium(r);
            History h = HardHistories.generate(p);
            for (Level level : new Level[] {Level.SER, Level.SI, Level.PSI}) {
                Verdict bounded = check(h, level, true);
                Verdict unbounded = check(h, level, false);
                String label = level.id() + " " + p;
                assertTrue(!(bounded instanceof Verdict.Unknown), label + ": " + bounded);
                assertEquals(
                        unbounded instanceof Verdict.Consistent,
                        bounded instanceof Verdict.Consistent,
                        label);
                Boolean truth = p.truth(level);
                if (truth != null) {
                    assertEquals(truth, bounded instanceof Verdict.Consistent, label);
                }
                if (!(bounded instanceof Verdict.Consistent)) {
                    violations++;
                }
                if (level == Level.PSI
                        && bounded.explain().stream().anyMatch(n -> n.startsWith("search: "))) {
                    psiSearches++;
                }
            }
        }
        // both verdicts occur, and PSI really searched on many of them (what the bound is for)
        assertTrue(violations > 100 && violations < 500, "violations " + violations);
        assertTrue(psiSearches >= 50, "PSI searches " + psiSearches);
    }

    private static Verdict check(History h, Level level, boolean bounded) {
        boolean was = PolygraphSearch.boundedPsiChecks;
        PolygraphSearch.boundedPsiChecks = bounded;
        try {
            return LevelChecker.of(level).check(h);
        } finally {
            PolygraphSearch.boundedPsiChecks = was;
        }
    }
}
