package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The search with two watched literals per learned nogood ({@link PolygraphSearch#watches}) and
 * phase saving ({@link PolygraphSearch#phaseSaving}) gives the verdicts of the search before them
 * (a scan of every nogood under a literal, fixed preferred orientations), on 240 random hard
 * histories ({@link HardHistories}: blind writers, every plant, serial and concurrent) at SER, SI
 * and PSI, and the construction's truth where it claims one. The shape leans to many sessions and
 * blind writes per transaction, where the search backjumps and learns.
 */
class PolygraphWatchedNogoodsTest {

    private static final Pattern LEARNED = Pattern.compile("(\\d+) learned nogoods");

    static HardHistories.Params hard(Random r) {
        HardHistories.Plant[] plants = HardHistories.Plant.values();
        HardHistories.Plant plant = plants[r.nextInt(plants.length)];
        int sessions = 10 + r.nextInt(40);
        int txns = 100 + r.nextInt(300);
        int keys = Math.max(4, txns / (3 + r.nextInt(4)));
        int writes = 2 + r.nextInt(2);
        int reads = 1 + r.nextInt(2);
        int concurrency = r.nextInt(4) == 0 ? 1 + r.nextInt(sessions) : 1;
        return new HardHistories.Params(
                txns, sessions, keys, reads, writes, concurrency, plant, r.nextLong());
    }

    @Test
    void watchedAndScannedNogoodsAgreeOn240HardHistories() {
        Random r = new Random(1804);
        int violations = 0;
        int learning = 0;
        for (int i = 0; i < 240; i++) {
            HardHistories.Params p = hard(r);
            History h = HardHistories.generate(p);
            for (Level level : new Level[] {Level.SER, Level.SI, Level.PSI}) {
                Verdict watched = check(h, level, true);
                Verdict scanned = check(h, level, false);
                String label = level.id() + " " + p;
                assertTrue(!(watched instanceof Verdict.Unknown), label + ": " + watched);
                assertTrue(!(scanned instanceof Verdict.Unknown), label + ": " + scanned);
                assertEquals(
                        scanned instanceof Verdict.Consistent,
                        watched instanceof Verdict.Consistent,
                        label);
                Boolean truth = p.truth(level);
                if (truth != null) {
                    assertEquals(truth, watched instanceof Verdict.Consistent, label);
                }
                if (!(watched instanceof Verdict.Consistent)) {
                    violations++;
                }
                if (learned(watched) > 0) {
                    learning++;
                }
            }
        }
        // both verdicts occur, and the search learned nogoods on many checks (what watches are for)
        assertTrue(violations > 100 && violations < 620, "violations " + violations);
        assertTrue(learning >= 60, "checks that learned nogoods: " + learning);
    }

    private static long learned(Verdict v) {
        long n = 0;
        for (String note : v.explain()) {
            Matcher m = LEARNED.matcher(note);
            while (m.find()) {
                n += Long.parseLong(m.group(1));
            }
        }
        return n;
    }

    /** now: the current search; otherwise the search before watches and phase saving. */
    private static Verdict check(History h, Level level, boolean now) {
        boolean was = PolygraphSearch.watchedNogoods;
        boolean phase = PolygraphSearch.phaseSaving;
        PolygraphSearch.watchedNogoods = now;
        PolygraphSearch.phaseSaving = now;
        try {
            return LevelChecker.of(level).check(h);
        } finally {
            PolygraphSearch.watchedNogoods = was;
            PolygraphSearch.phaseSaving = phase;
        }
    }
}
