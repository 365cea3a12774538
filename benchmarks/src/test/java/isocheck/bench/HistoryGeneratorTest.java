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

/** Generated histories are what they claim: serializable (so consistent at every level) unless stale reads are injected. */
class HistoryGeneratorTest {
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
            for (Level l : Level.values()) {
                assertInstanceOf(Verdict.Consistent.class, LevelChecker.of(l).check(h), l + " seed " + seed);
            }
        }
    }

    @Test
    void awditShapeIsConsistentAtEveryLevel() throws Exception {
        History h = generate(HistoryGenerator.Params.awditShape(40_000));
        assertEquals(200, h.sessionCount());
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
