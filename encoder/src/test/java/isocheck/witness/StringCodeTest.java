package isocheck.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A string the program does not name sorts as the model's integer for it, and reads back. */
class StringCodeTest {

    /** Every integer of a range and random ones up to 18 digits: text order is integer order. */
    @Test
    void textSortsAsItsNumberAndReadsBack() {
        List<Long> ns = new ArrayList<>();
        for (long n = -1100; n <= 1100; n++) ns.add(n);
        Random rnd = new Random(7);
        for (int i = 0; i < 2000; i++) ns.add(rnd.nextLong() / (1L << rnd.nextInt(63)));
        ns.add(Long.MAX_VALUE);
        ns.add(Long.MIN_VALUE + 1);
        ns.sort(null);
        String prev = null;
        long prevN = 0;
        for (long n : ns) {
            String t = StringCode.text(Long.toString(n));
            assertTrue(t.matches("[a-z0-9]+"), t);
            assertEquals(Long.toString(n), StringCode.number(t), t);
            if (prev != null && prevN != n) {
                // byte order (PostgreSQL's C collation) on lowercase letters and digits
                assertTrue(prev.compareTo(t) < 0, prevN + " → " + prev + " vs " + n + " → " + t);
            }
            prev = t;
            prevN = n;
        }
    }

    @Test
    void examples() {
        assertEquals("s0", StringCode.text("0"));
        assertEquals("s7", StringCode.text("7"));
        assertEquals("sa20", StringCode.text("20"));
        assertEquals("sb100", StringCode.text("100"));
        assertEquals("rz8", StringCode.text("-1"));
        assertEquals("rz8", StringCode.text("(- 1)"));
        assertEquals("ry89", StringCode.text("-10"));
        assertEquals("rw1056", StringCode.text("-8943"));
        assertTrue(StringCode.text("-8946").compareTo(StringCode.text("-8943")) < 0);
    }

    /** Texts that no integer has are not read as one (a program's own strings). */
    @Test
    void otherTextsAreNoNumber() {
        for (String t :
                List.of("s", "x7", "s07", "sa7", "sa007", "sb10", "rz9", "ry99", "r8", "sa1x"))
            assertNull(StringCode.number(t), t);
    }

    @Test
    void literalsStillPrintAsThemselves() {
        assertEquals("'gold'", Witness.sqlString("1000000", Map.of("1000000", "gold")));
        assertEquals("'sa42'", Witness.sqlString("42", Map.of("1000000", "gold")));
        assertEquals("42", Witness.modelNumber("'sa42'", Map.of()));
        assertEquals("1000000", Witness.modelNumber("'gold'", Map.of("1000000", "gold")));
    }
}
