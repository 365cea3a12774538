package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The truth {@link HardHistories} claims by construction holds: on small histories (at most 9
 * transactions) the axioms ({@link ExactOracle}) and the exact checkers agree with it at SER, SI
 * and PSI for every plant, and with each other where the construction claims nothing (SER of a
 * concurrent execution). On a larger one the search does backtrack (what the generator is for).
 */
class HardHistoriesTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /**
     * Small parameters drawn from the seed, covering every plant and both serial and concurrent.
     */
    static HardHistories.Params small(long seed) {
        Random r = new Random(seed);
        HardHistories.Plant plant =
                HardHistories.Plant.values()[r.nextInt(HardHistories.Plant.values().length)];
        int sessions = plant == HardHistories.Plant.LONG_FORK ? 4 + r.nextInt(2) : 2 + r.nextInt(3);
        int keys = 2 + r.nextInt(3);
        int writes = 1 + r.nextInt(Math.min(2, keys - 1));
        int reads = r.nextInt(Math.min(2, keys - writes) + 1);
        int txns = 4 + r.nextInt(6);
        int concurrency = r.nextBoolean() ? 1 : 1 + r.nextInt(sessions);
        return new HardHistories.Params(
                txns, sessions, keys, reads, writes, concurrency, plant, r.nextLong());
    }

    @Property(tries = 1500)
    void truthByConstructionHolds(@ForAll("seeds") long seed) {
        HardHistories.Params p = small(seed);
        History h = HardHistories.generate(p);
        for (Level level : new Level[] {Level.SER, Level.SI, Level.PSI}) {
            boolean oracle = ExactOracle.holds(h, level);
            Verdict v = LevelChecker.of(level).check(h);
            boolean checker = v instanceof Verdict.Consistent;
            Boolean truth = p.truth(level);
            String label = level.id() + " " + p.plant();
            assertEquals(oracle, checker, label + " checker vs oracle, " + p);
            if (truth != null) {
                assertEquals(truth, oracle, label + " construction vs oracle, " + p);
            }
            Statistics.label(level.id())
                    .collect(truth == null ? "unknown" : truth ? "consistent" : "violated");
        }
        Statistics.label(Level.SER.id())
                .coverage(
                        c -> {
                            c.check("consistent").percentage(q -> q >= 8.0);
                            c.check("violated").percentage(q -> q >= 15.0);
                        });
        Statistics.label(Level.PSI.id())
                .coverage(
                        c -> {
                            c.check("consistent").percentage(q -> q >= 40.0);
                            c.check("violated").percentage(q -> q >= 10.0);
                        });
    }

    @Test
    void sizesAndSessionsAreAsAsked() {
        HardHistories.Params p =
                new HardHistories.Params(500, 10, 30, 2, 2, 5, HardHistories.Plant.LONG_FORK, 7);
        History h = HardHistories.generate(p);
        assertEquals(501, h.txnCount()); // with the initial transaction
        assertEquals(10, h.sessionCount());
    }

    @Test
    void theSearchBacktracksOnTheSerialFamily() throws Exception {
        // 1,000 transactions, 20 sessions, 20 keys, 2 reads and 2 blind writes each, as the
        // benchmarks give it to the tools: in Plume text (the search's path depends on the
        // numbering of keys and transactions, which the round trip changes). Measured: pruning
        // leaves hundreds of pairs and the search backjumps.
        StringWriter text = new StringWriter();
        HistoryWriter.write(
                HardHistories.generate(
                        new HardHistories.Params(
                                1000, 20, 20, 2, 2, 1, HardHistories.Plant.NONE, 1)),
                text,
                "hard.txt",
                Format.PLUME);
        History h = HistoryReader.read(new StringReader(text.toString()), "hard.txt", Format.PLUME);
        Verdict v = LevelChecker.of(Level.SI).check(h);
        assertTrue(v instanceof Verdict.Consistent, v.toString());
        String search =
                v.explain().stream().filter(n -> n.startsWith("search: ")).findFirst().orElse("");
        assertTrue(
                search.matches(".* [1-9][0-9]* backjumps, [1-9][0-9]* learned nogoods.*"), search);
    }
}
