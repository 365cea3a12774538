package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The level-trait table: every level has a row, and the rows say what the checkers used to test
 * level by level (the comparisons they replaced), so the move from tests to traits changed nothing.
 */
class LevelTraitsTest {

    @Test
    void everyLevelHasARow() {
        for (Level l : Level.values()) {
            assertNotNull(l.traits(), l.toString());
        }
    }

    @Test
    void theRowsSayWhatTheReplacedComparisonsSaid() {
        for (Level l : Level.values()) {
            LevelTraits t = l.traits();
            String w = l.toString();
            assertEquals(l.ordinal() > Level.CC.ordinal(), l.exact(), w);
            assertEquals(l != Level.RC, t.repeatableReads(), w);
            assertEquals(l == Level.PC || l == Level.SI, t.split(), w);
            assertEquals(l == Level.SI, t.conflict(), w);
            assertEquals(l == Level.SSER, t.realTime(), w);
            if (l.exact()) {
                assertEquals(l == Level.PSI, !t.prefixVisibility(), w);
                assertEquals(l != Level.PC, !t.lostUpdatesAllowed(), w);
                assertEquals(l == Level.PC || l == Level.PSI ? Level.SI : null, t.tryFirst(), w);
                assertTrue(t.transitiveVisibility(), w + ": every search level implies CC");
            }
        }
        assertEquals(List.of(Level.RC, Level.RA, Level.CC), Level.polynomial());
    }

    @Test
    void aLevelTriedFirstIsStrongerAndDecidedBySearch() {
        for (Level l : Level.values()) {
            Level first = l.traits().tryFirst();
            if (first != null) {
                assertTrue(
                        first.exact() && first.traits().tryFirst() == null, l + " tries " + first);
            }
        }
    }
}
