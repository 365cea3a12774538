package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The constraint-set reduction ({@link PolygraphConstraints#reduction}: writer pairs the known
 * graph orders get no variable, only covering pairs get edges) changes no verdict: on random hard
 * histories (many blind writers per key, every plant, serial and concurrent, few keys so that
 * writer pairs share several keys) reduced and unreduced polygraphs agree at PC, PSI, SI and SER
 * and match the construction's truth; on small random histories (with and without
 * read-modify-writes) the reduced polygraph agrees with the axioms ({@link ExactOracle}). The
 * polygraph is forced (no guessed version order first), and the reduction must actually leave out
 * pairs on most checks, so the comparison is not vacuous.
 */
class PolygraphReductionTest {

    private static final Pattern REDUCED = Pattern.compile("reduction: (\\d+) writer pairs");

    private static final Level[] LEVELS = {Level.PC, Level.PSI, Level.SI, Level.SER};

    @Test
    void reducedAndUnreducedAgreeOnRandomHardHistories() {
        Random r = new Random(1806);
        int reducing = 0;
        int checks = 0;
        int violations = 0;
        for (int i = 0; i < 200; i++) {
            HardHistories.Params p = hard(r);
            History h = HardHistories.generate(p);
            for (Level level : LEVELS) {
                Verdict reduced = check(h, level, true);
                Verdict full = check(h, level, false);
                String label = level.id() + " " + p;
                assertFalse(reduced instanceof Verdict.Unknown, label + ": " + reduced);
                assertFalse(full instanceof Verdict.Unknown, label + ": " + full);
                assertEquals(
                        full instanceof Verdict.Consistent,
                        reduced instanceof Verdict.Consistent,
                        label);
                Boolean truth = p.truth(level);
                if (truth != null) {
                    assertEquals(truth, reduced instanceof Verdict.Consistent, label);
                }
                checks++;
                if (!(reduced instanceof Verdict.Consistent)) {
                    violations++;
                }
                if (reducedPairs(reduced) > 0) {
                    reducing++;
                }
                assertEquals(0, reducedPairs(full), label + ": reduction was off");
            }
        }
        assertTrue(violations > 80 && violations < checks - 80, "violations " + violations);
        assertTrue(reducing > checks / 2, "checks that left out pairs: " + reducing);
    }

    @Test
    void reducedAgreesWithTheAxiomsOnSmallHistories() {
        int reducing = 0;
        for (long seed = 0; seed < 1500; seed++) {
            for (Level level : LEVELS) {
                History h =
                        seed % 3 == 0
                                ? LevelHistories.generateRmw(seed)
                                : LevelHistories.generate(seed, level == Level.PC);
                boolean expected = ExactOracle.holds(h, level);
                Verdict v = check(h, level, true);
                String label = level.id() + " seed " + seed;
                assertFalse(v instanceof Verdict.Unknown, label + ": " + v);
                assertEquals(expected, v instanceof Verdict.Consistent, label);
                if (reducedPairs(v) > 0) {
                    reducing++;
                }
            }
        }
        assertTrue(reducing >= 300, "checks that left out pairs: " + reducing);
    }

    @Test
    void aConstraintSetOverTheMemoryBudgetIsUnknownWithTheReason() {
        History h =
                HardHistories.generate(
                        new HardHistories.Params(
                                400, 40, 80, 1, 3, 1, HardHistories.Plant.NONE, 7));
        Polygraph within = new Polygraph(new TxnModel(h), Level.SI, Long.MAX_VALUE);
        within.buildKnown();
        assertEquals(Polygraph.Outcome.CONSISTENT, within.solve(true));
        assertTrue(within.varCount > 10, "constraints: " + within.varCount);
        Polygraph over = new Polygraph(new TxnModel(h), Level.SI, Long.MAX_VALUE);
        over.buildKnown();
        over.maxVars = 10;
        assertEquals(Polygraph.Outcome.UNKNOWN, over.solve(true));
        assertTrue(over.overBudget.startsWith("memory budget"), over.overBudget);
    }

    static HardHistories.Params hard(Random r) {
        HardHistories.Plant[] plants = HardHistories.Plant.values();
        HardHistories.Plant plant = plants[r.nextInt(plants.length)];
        int sessions = 4 + r.nextInt(30);
        int txns = 30 + r.nextInt(200);
        int writes = 2 + r.nextInt(2);
        int reads = 1 + r.nextInt(2);
        int keys = Math.max(reads + writes, txns / (2 + r.nextInt(6)));
        int concurrency = r.nextInt(3) == 0 ? 1 + r.nextInt(sessions) : 1;
        return new HardHistories.Params(
                txns, sessions, keys, reads, writes, concurrency, plant, r.nextLong());
    }

    private static long reducedPairs(Verdict v) {
        long n = 0;
        for (String note : v.explain()) {
            Matcher m = REDUCED.matcher(note);
            while (m.find()) {
                n += Long.parseLong(m.group(1));
            }
        }
        return n;
    }

    private static Verdict check(History h, Level level, boolean reduce) {
        boolean was = PolygraphConstraints.reduction;
        long min = PolygraphConstraints.reductionMinPairs;
        PolygraphConstraints.reduction = reduce;
        PolygraphConstraints.reductionMinPairs = 0;
        try {
            return LevelChecker.of(
                            level,
                            CheckOptions.DEFAULT.withStrategy(CheckOptions.Strategy.POLYGRAPH))
                    .check(h);
        } finally {
            PolygraphConstraints.reduction = was;
            PolygraphConstraints.reductionMinPairs = min;
        }
    }
}
