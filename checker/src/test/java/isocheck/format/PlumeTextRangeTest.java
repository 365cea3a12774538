package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A Plume file read in byte ranges on several threads (PlumeTextReader.readInRanges) gives the
 * history, or the error, that reading it line by line on one thread gives: transactions and aborted
 * runs that continue across a range end, sessions and keys first seen in a later range, errors in a
 * later range at their line in the file.
 */
class PlumeTextRangeTest {

    private static String sequential(byte[] bytes) throws Exception {
        try {
            return HistoryDump.of(
                    PlumeTextReader.read(new ByteArrayInputStream(bytes), "h.txt"), true);
        } catch (HistoryFormatException e) {
            return e.getMessage();
        }
    }

    private static String ranges(byte[] bytes, int parts) throws Exception {
        try {
            return HistoryDump.of(PlumeBytesTest.inRanges(bytes, parts), true);
        } catch (HistoryFormatException e) {
            return e.getMessage();
        }
    }

    /**
     * Random small histories cut into 2 to 9 ranges (so range ends fall everywhere): sessions
     * interleave, a transaction's lines are spread over the file, ids are sparse, aborted writes
     * come in runs, lines end in LF, CRLF or CR, some lines are blank, and some files repeat a
     * write or put a transaction into a second session (errors from the builder and from the
     * merge).
     */
    @Test
    void randomHistoriesReadTheSameInRanges() throws Exception {
        Random rnd = new Random(18);
        String[] ends = {"\n", "\r\n", "\r", "\n\n", " \r\n"};
        int errors = 0;
        for (int round = 0; round < 300; round++) {
            StringBuilder text = new StringBuilder();
            int sessions = 1 + rnd.nextInt(4);
            int lines = 5 + rnd.nextInt(60);
            long[] open = new long[sessions]; // each session's open transaction id
            long nextId = rnd.nextInt(3) == 0 ? 1L << 40 : 0;
            long value = 1;
            for (int s = 0; s < sessions; s++) {
                open[s] = nextId;
                nextId += 1 + rnd.nextInt(rnd.nextBoolean() ? 2 : 100_000);
            }
            boolean broken = rnd.nextInt(4) == 0;
            for (int i = 0; i < lines; i++) {
                int s = rnd.nextInt(sessions);
                long txn = open[s];
                if (rnd.nextInt(4) == 0) {
                    open[s] = nextId; // the session moves on to a new transaction
                    nextId += 1 + rnd.nextInt(rnd.nextBoolean() ? 2 : 100_000);
                }
                boolean aborted = rnd.nextInt(6) == 0;
                boolean write = aborted || rnd.nextBoolean();
                long key = rnd.nextInt(8) + (rnd.nextInt(10) == 0 ? 1L << 50 : 0);
                long v = write ? value++ : rnd.nextInt((int) value);
                if (broken && i == lines / 2) {
                    switch (rnd.nextInt(3)) {
                        case 0 -> v = 1; // a repeated write, or a read of a write
                        case 1 -> s = (s + 1) % (sessions + 1); // the transaction changes session
                        default -> text.append("w(1,x"); // malformed
                    }
                }
                text.append(write ? 'w' : 'r').append('(').append(key).append(',').append(v);
                text.append(',').append(s).append(',').append(aborted ? -1 : txn).append(')');
                text.append(ends[rnd.nextInt(ends.length)]);
            }
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            String want = sequential(bytes);
            errors += want.startsWith("h.txt:") ? 1 : 0;
            for (int parts = 2; parts <= 9; parts++) {
                assertEquals(
                        want, ranges(bytes, parts), "round " + round + ", " + parts + " ranges");
            }
        }
        assertEquals(true, errors > 20, errors + " of 300 files with an error");
    }

    /** An error in the second range is reported at its line in the file, not in the range. */
    @Test
    void anErrorInTheSecondRangeNamesItsLineInTheFile() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            text.append("w(").append(i % 13).append(',').append(i + 1).append(",0,").append(i);
            text.append(")\n");
        }
        text.append("w(1,2,0,1001)\nr(1,2,0,1002)\nr(1,-2,0,1003)\n"); // line 1003, col 5
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        HistoryFormatException e =
                assertThrows(HistoryFormatException.class, () -> PlumeBytesTest.inRanges(bytes, 2));
        assertEquals("h.txt:1003:5: expected a non-negative integer value", e.getMessage());
        assertEquals(sequential(bytes), e.getMessage());
    }

    /**
     * A transaction that began in one session in the first range and appears in another in the
     * second is reported at that line, unless the second range has an earlier error of its own.
     */
    @Test
    void aTransactionChangingSessionAcrossRanges() throws Exception {
        StringBuilder head = new StringBuilder("w(1,1,0,7)\n");
        for (int i = 0; i < 1000; i++) {
            head.append("w(2,").append(i + 2).append(",1,").append(100 + i).append(")\n");
        }
        String clash = "r(1,1,3,7)\n"; // line 1002: transaction 7 began in session 0
        String malformed = "r(1,1,3 ,8)\n";
        for (String tail : new String[] {clash + malformed, malformed + clash, clash}) {
            byte[] bytes = (head + tail).getBytes(StandardCharsets.UTF_8);
            String want = sequential(bytes);
            assertEquals(true, want.startsWith("h.txt:1002:"), want);
            assertEquals(want, ranges(bytes, 2), tail);
            assertEquals(want, ranges(bytes, 4), tail);
        }
        assertEquals(
                "h.txt:1002: transaction 7 appears in session 3 but began in session 0",
                ranges((head + clash).getBytes(StandardCharsets.UTF_8), 2));
    }
}
