package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * Generated histories are what they claim: consistent unless stale reads are injected. The
 * polynomial levels are checked on the full shapes; the exact levels (NP-complete in general) on a
 * standard history small enough for a unit test: their scale is measured in
 * benchmarks/levels-bench.sh.
 */
class HistoryGeneratorTest {
    private static final java.util.List<Level> POLYNOMIAL =
            java.util.List.of(Level.RC, Level.RA, Level.CC);

    private static History generate(HistoryGenerator.Params p) throws Exception {
        StringWriter out = new StringWriter();
        HistoryGenerator.Stats st = HistoryGenerator.write(p, out);
        History h = HistoryReader.read(new StringReader(out.toString()), "gen.jsonl", Format.JSON);
        assertEquals(st.operations(), h.opCount() - p.keys()); // minus the initial writes
        assertEquals(st.transactions(), h.txnCount() - 1);
        return h;
    }

    @Test
    void standardShapeIsConsistentAtEveryLevel() throws Exception {
        for (long seed = 1; seed <= 5; seed++) {
            History h = generate(HistoryGenerator.Params.standard(20_000).withSeed(seed));
            assertEquals(50, h.sessionCount());
            for (Level l : POLYNOMIAL) {
                assertInstanceOf(
                        Verdict.Consistent.class, LevelChecker.of(l).check(h), l + " seed " + seed);
            }
        }
    }

    @Test
    void awditShapeIsConsistentAtEveryLevel() throws Exception {
        History h = generate(HistoryGenerator.Params.awditShape(40_000));
        assertEquals(200, h.sessionCount());
        for (Level l : POLYNOMIAL) {
            assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(l).check(h), l.toString());
        }
    }

    @Test
    void smallStandardShapeIsConsistentAtEveryExactLevel() throws Exception {
        History h = generate(HistoryGenerator.Params.standard(2_000).withSeed(7));
        for (Level l : Level.values()) {
            assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(l).check(h), l.toString());
        }
    }

    @Test
    void staleReadsBreakCausalConsistency() throws Exception {
        History h = generate(HistoryGenerator.Params.standard(20_000).withStaleReads(20));
        assertInstanceOf(Verdict.Violated.class, LevelChecker.of(Level.CC).check(h));
    }
}
