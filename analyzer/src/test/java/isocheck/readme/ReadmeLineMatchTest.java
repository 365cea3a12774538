package isocheck.readme;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The README transcript matcher: what a "…" inside a line and alone on a line accept, and refuse.
 */
class ReadmeLineMatchTest {

    @Test
    void anEllipsisInsideALineStandsForAnyCharactersOfIt() {
        assertTrue(
                ReadmeConsoleTest.lineMatches("SI: VIOLATED (…)", "SI: VIOLATED (fractured read)"));
        assertTrue(
                ReadmeConsoleTest.lineMatches(
                        "SI: VIOLATED (…)", "SI: VIOLATED (non-repeatable read)"));
        assertTrue(ReadmeConsoleTest.lineMatches("a … c … e", "a b c d e"));
    }

    @Test
    void theFixedPartsMustStillBeThereInOrderAndAnchored() {
        assertFalse(ReadmeConsoleTest.lineMatches("SI: VIOLATED (…)", "SI: consistent"));
        assertFalse(
                ReadmeConsoleTest.lineMatches("SI: VIOLATED (…)", "SER: VIOLATED (lost update)"));
        assertFalse(ReadmeConsoleTest.lineMatches("SI: VIOLATED (…)", "SI: VIOLATED (x) trailing"));
        assertFalse(ReadmeConsoleTest.lineMatches("a … c … e", "a d c b"));
        // the two fixed parts may not overlap in the output line
        assertFalse(ReadmeConsoleTest.lineMatches("ab…ba", "aba"));
        assertFalse(ReadmeConsoleTest.lineMatches("plain line", "plain line!"));
    }

    @Test
    void aTruncatedWitnessLineStillMatchesItsCopyAndALoneEllipsisSkipsLines() {
        String truncated = "  T1 (session c1, #1): r(x,0) r(y,1) …";
        assertTrue(ReadmeConsoleTest.lineMatches(truncated, truncated));
        assertTrue(
                ReadmeConsoleTest.matches(
                        new String[] {"head", "…", "SI: VIOLATED (…)", "…", "tail"},
                        new String[] {
                            "head", "x", "y", "SI: VIOLATED (lost update)", "z", "tail"
                        }));
        assertFalse(
                ReadmeConsoleTest.matches(
                        new String[] {"head", "…", "SI: VIOLATED (…)", "tail"},
                        new String[] {"head", "x", "SI: consistent", "tail"}));
    }
}
