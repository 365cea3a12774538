package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * A predicate-read row whose observed version the recorder knows only within a range ({@code [from,
 * to]} in the JSON Lines format, FORMAT.md "Predicate reads"): it gives only the edges every
 * version of the range gives, so the checkers never call the history consistent (unknown, with the
 * reason) but still find a violation the certain edges show.
 */
class UncertainPredicateReadTest {

    private static final String HEADER =
            "{\"format\":\"isocheck-history\",\"version\":2,\"sessions\":[\"S1\",\"S2\"]}\n"
                    + "{\"initial\":true,\"ops\":[[\"w\",\"x\",0],[\"w\",\"y\",0]]}\n"
                    + "{\"session\":\"S1\",\"id\":1,\"status\":\"committed\",\"ops\":[[\"w\",\"x\",1],[\"w\",\"y\",1]]}\n";

    private static History read(String text) throws Exception {
        return HistoryReader.read(new StringReader(text), "h.jsonl", Format.JSON);
    }

    /** Either end of the range is serializable, but which one was seen is not known: unknown. */
    @Test
    void consistentOnlyWithoutTheRangeIsUnknown() throws Exception {
        String text =
                HEADER
                        + "{\"session\":\"S2\",\"id\":2,\"status\":\"committed\",\"ops\":[[\"p\",\"t\",\"v = 20\","
                        + "[[\"t/1\",[0,1],[[\"x\",1,\"entered\"]]]]]]}\n";
        History h = read(text);
        assertEquals(1, h.uncertainPredicateRows());
        for (Level l : Level.values()) {
            Verdict v = LevelChecker.of(l).check(h);
            assertInstanceOf(Verdict.Unknown.class, v, l + ": " + v);
            assertTrue(((Verdict.Unknown) v).reason().contains("could not pin down"), v.toString());
        }
        StringWriter out = new StringWriter();
        HistoryWriter.write(h, out, "h.jsonl", Format.JSON);
        assertTrue(out.toString().contains("[\"t/1\",[0,1],"), out.toString());
        assertEquals(text, out.toString());
    }

    /**
     * The certain rows already show T1 before (row 2 seen after it) and after (row 1 missed) T2:
     * violated, whatever row 3's uncertain version was.
     */
    @Test
    void aViolationOfTheCertainEdgesStands() throws Exception {
        String text =
                HEADER
                        + "{\"session\":\"S2\",\"id\":2,\"status\":\"committed\",\"ops\":[[\"p\",\"t\",\"v = 20\","
                        + "[[\"t/2\",1,[[\"y\",1,\"left\"]]],[\"t/1\",0,[[\"x\",1,\"entered\"]]],"
                        + "[\"t/3\",[0,1],[[\"x\",1,\"entered\"]]]]]]}\n";
        History h = read(text);
        assertInstanceOf(Verdict.Violated.class, LevelChecker.of(Level.SER).check(h));
        assertInstanceOf(Verdict.Violated.class, LevelChecker.of(Level.RA).check(h));
    }

    /** A range outside 0..changes is bad input with its place. */
    @Test
    void aRangeBeyondTheChangesIsRefused() {
        String text =
                HEADER
                        + "{\"session\":\"S2\",\"id\":2,\"status\":\"committed\",\"ops\":[[\"p\",\"t\",\"v = 20\","
                        + "[[\"t/1\",[1,2],[[\"x\",1,\"entered\"]]]]]]}\n";
        Exception e =
                org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> read(text));
        assertTrue(
                e.getMessage().contains("an observed range [from, to] needs from <= to"),
                e.getMessage());
    }
}
