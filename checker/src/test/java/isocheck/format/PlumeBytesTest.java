package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.primitive.Parallel;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte-level Plume reader: line endings, lines across its 1 MiB blocks, short reads. */
class PlumeBytesTest {

    /** Hands out at most {@code chunk} bytes per read, as a pipe may. */
    private static InputStream trickle(byte[] data, int chunk) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    @Test
    void manyLinesAcrossBlocksWithMixedLineEndings() throws Exception {
        Random rnd = new Random(7);
        StringBuilder text = new StringBuilder();
        HistoryBuilder expected = new HistoryBuilder();
        int sessions = 5;
        long value = 1;
        String[] ends = {"\n", "\r\n", "\r", "  \n", "\t\r\n"};
        for (int t = 0; t < 100_000; t++) {
            int s = rnd.nextInt(sessions);
            int txn =
                    expected.begin(
                            expected.session(Integer.toString(s)),
                            t); // sessions by first appearance
            int ops = 1 + rnd.nextInt(4);
            for (int o = 0; o < ops; o++) {
                long key = rnd.nextInt(50);
                boolean write = rnd.nextBoolean();
                long v = write ? value++ : 0;
                if (write) {
                    expected.write(txn, expected.keys().intern(key), v);
                } else {
                    expected.read(txn, expected.keys().intern(key), v);
                }
                text.append(rnd.nextInt(10) == 0 ? " " : "")
                        .append(write ? 'w' : 'r')
                        .append('(')
                        .append(key)
                        .append(',')
                        .append(v)
                        .append(',')
                        .append(s)
                        .append(',')
                        .append(t)
                        .append(')')
                        .append(ends[rnd.nextInt(ends.length)]);
                if (rnd.nextInt(50) == 0) {
                    text.append(rnd.nextBoolean() ? "\n" : "   \r\n"); // blank lines
                }
            }
        }
        expected.initialWritesEverywhere(0);
        String want = HistoryDump.of(expected.build(), true);
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        assertEquals(true, bytes.length > 2 * (1 << 20), "the text spans several blocks");
        assertEquals(
                want,
                HistoryDump.of(
                        PlumeTextReader.read(new ByteArrayInputStream(bytes), "h.txt"), true));
        assertEquals(want, HistoryDump.of(PlumeTextReader.read(trickle(bytes, 7), "h.txt"), true));
        assertEquals(want, HistoryDump.of(PlumeTextReader.read(trickle(bytes, 1), "h.txt"), true));
        for (int parts : new int[] {2, 3, 8}) { // ranges start after every kind of line end
            assertEquals(want, HistoryDump.of(inRanges(bytes, parts), true), parts + " ranges");
        }
    }

    /** The file read in {@code parts} byte ranges on several threads (PlumeTextRange). */
    static History inRanges(byte[] bytes, int parts) throws Exception {
        Path f = Files.createTempFile("plume", ".txt");
        try {
            Files.write(f, bytes);
            return PlumeTextReader.readInRanges(f, "h.txt", bytes.length, parts);
        } finally {
            Files.delete(f);
        }
    }

    /**
     * In ranges the first error is the one a single thread reports: a malformed line after a
     * semantic error (a transaction changing session) is never reached, a malformed line before one
     * is reported with its place (in the last range, so its line counts the earlier ranges'), and a
     * history of many ranges reads the same.
     */
    @Test
    void theRangeReaderReportsTheFirstErrorLikeOneThread() throws Exception {
        StringBuilder ok = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            ok.append("w(").append(i % 97).append(',').append(i + 1).append(',');
            ok.append(i % 3).append(',').append(i).append(")\n");
        }
        String[] tails = {
            "w(1,0,5,7)\nw(1,x,0,0)\n", // txn 7 began in session 1: line 200001
            "w(1,x,0,0)\nw(1,0,5,7)\n", // malformed first: line 200001, col 5
            "w(0,1,0,999999)\n", // duplicate write w(0,1) (line 1): reported by the builder
            "", // no error
        };
        for (String tail : tails) {
            byte[] bytes = (ok + tail).getBytes(StandardCharsets.UTF_8);
            String one;
            try {
                one =
                        HistoryDump.of(
                                PlumeTextReader.read(new ByteArrayInputStream(bytes), "h.txt"),
                                true);
            } catch (HistoryFormatException e) {
                one = e.getMessage();
            }
            for (int parts : new int[] {2, 5}) {
                String two;
                try {
                    two = HistoryDump.of(inRanges(bytes, parts), true);
                } catch (HistoryFormatException e) {
                    two = e.getMessage();
                }
                assertEquals(one, two, tail + " in " + parts + " ranges");
            }
            assertEquals(tail.isEmpty(), !one.startsWith("h.txt:"), one);
        }
    }

    @Test
    void lineNumbersCountEveryEndingAndAFinalLineWithoutOne() throws Exception {
        byte[] bytes =
                "w(1,1,0,0)\r\n\rw(1,2,0,0)\r\n\nw(1,1,1,1)".getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[] {1, 2, 3, 1 << 20}) {
            HistoryFormatException e =
                    assertThrows(
                            HistoryFormatException.class,
                            () -> PlumeTextReader.read(trickle(bytes, chunk), "h.txt"));
            assertEquals(
                    true, e.getMessage().startsWith("h.txt:5:"), chunk + ": " + e.getMessage());
            assertEquals(true, e.getMessage().contains("first written at line 1"), e.getMessage());
        }
    }

    /** Transaction ids first seen far ahead (kept hashed) are found again once the array grows. */
    @Test
    void transactionIdsSeenBeforeTheArrayGrewOverThem() throws Exception {
        StringBuilder text = new StringBuilder("w(1,1,0,70000)\n");
        for (int t = 0; t < 70_000; t++) {
            text.append("r(1,1,0,").append(t).append(")\n");
        }
        text.append("w(2,1,0,70000)\n"); // transaction 70000 again, not a new one
        History h =
                PlumeTextReader.read(
                        new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)),
                        "h.txt");
        assertEquals(70_002, h.txnCount()); // the initial transaction and 70,001 of the file
        assertEquals(70_000, h.txnId(1));
        assertEquals(2, h.opEnd(1) - h.opStart(1));
    }

    @Test
    void aLineLongerThanABlock() throws Exception {
        String line = " ".repeat(3 << 20) + "w(1,1,0,0)\nr(1,1,1,1)";
        History h =
                PlumeTextReader.read(
                        new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)), "h.txt");
        assertEquals(3, h.txnCount());
        HistoryFormatException e =
                assertThrows(
                        HistoryFormatException.class,
                        () ->
                                PlumeTextReader.read(
                                        new ByteArrayInputStream(
                                                ("\n" + " ".repeat(3 << 20) + "w(1,x")
                                                        .getBytes(StandardCharsets.UTF_8)),
                                        "h.txt"));
        assertEquals(
                "h.txt:2:" + ((3 << 20) + 5) + ": expected a non-negative integer value",
                e.getMessage());
    }

    /**
     * The one-pass parse (plain lines, numbers of up to 18 digits) and the exact parse (here forced
     * by a leading blank) read the same fields: 18- and 19-digit numbers, the largest long, leading
     * zeros, aborted writes (-1), and the same errors.
     */
    @Test
    void theOnePassParseReadsWhatTheExactParseReads() throws Exception {
        String[] lines = {
            "w(123456789012345678,1,0,0)",
            "w(1234567890123456789,2,0,0)",
            "w(9223372036854775807,3,7,000000000000000000001)",
            "r(123456789012345678,1,7,1)",
            "w(5,4,0,-1)",
            "w(6,4,0,-1)",
            "r(5,0,3,2)",
            "r(0000000000000000005,0,3,2)",
        };
        StringBuilder plain = new StringBuilder();
        StringBuilder blank = new StringBuilder();
        for (String line : lines) {
            plain.append(line).append('\n');
            blank.append(' ').append(line).append('\n');
        }
        assertEquals(
                HistoryDump.of(read(blank.toString()), true),
                HistoryDump.of(read(plain.toString()), true));
        History h = read(plain.toString());
        boolean largest = false;
        for (int op = 0; op < h.opCount(); op++) {
            largest |= h.keys().name(h.key(op)).equals(Long.toString(Long.MAX_VALUE));
        }
        assertEquals(true, largest, "the largest long is a key");
        for (String bad :
                new String[] {
                    "w(9223372036854775808,1,0,0)\n", "w(1,2,3,4)x\n", "w(1,2,3,-5)\n", "w(1,2,3)\n"
                }) {
            HistoryFormatException e =
                    assertThrows(HistoryFormatException.class, () -> read(bad), bad);
            HistoryFormatException e2 =
                    assertThrows(HistoryFormatException.class, () -> read(" " + bad), bad);
            assertEquals(true, e.getMessage().startsWith("h.txt:1:"), e.getMessage());
            assertEquals(
                    e.getMessage().replaceFirst(":1:\\d+:", ":1:"),
                    e2.getMessage().replaceFirst(":1:\\d+:", ":1:"));
        }
    }

    /** Session ids above and below the array of small ids are found again as it grows. */
    @Test
    void sessionIdsSeenBeforeTheArrayGrewOverThem() throws Exception {
        History h =
                read(
                        "w(1,1,70000,0)\nw(1,2,40000,1)\nw(1,3,50000,2)\nw(1,4,70000,3)\n"
                                + "w(1,5,5,4)\nw(1,6,50000,5)\nw(1,7,99999999999,6)\n"
                                + "w(1,8,99999999999,7)\n");
        assertEquals(5, h.sessionCount());
        assertEquals(9, h.txnCount()); // the initial transaction and 8
    }

    /**
     * The build's counting sort beside the write index on a second thread gives the history and the
     * repeated-write error of the one-thread build, also when the repeats arrive in another order
     * than the history's (sessions interleaved: the first repeat in history order is reported).
     */
    @Test
    void theTwoThreadBuildMatchesOneThread() throws Exception {
        StringBuilder ok = new StringBuilder();
        for (int t = 0; t < 3000; t++) {
            ok.append("w(").append(t % 7).append(',').append(t + 1).append(',').append(t % 5);
            ok.append(',').append(t).append(")\nr(").append(t % 11).append(",0,").append(t % 5);
            ok.append(',').append(t).append(")\n");
        }
        String repeats = "w(1,5,1,1)\nw(2,7,0,0)\nw(2,7,1,2)\nw(1,5,0,3)\n";
        for (String text : new String[] {ok.toString(), repeats, ok + "w(3,9,4,2)\n"}) {
            String one = buildWithThreshold(text, Integer.MAX_VALUE);
            String two = buildWithThreshold(text, 0);
            assertEquals(one, two);
        }
        assertEquals(
                true,
                buildWithThreshold(repeats, 0).contains("w(2,7): written by transaction T2"),
                buildWithThreshold(repeats, 0));
    }

    private static String buildWithThreshold(String text, int threshold) throws Exception {
        int old = Parallel.setThreshold(threshold);
        try {
            return HistoryDump.of(read(text), true);
        } catch (HistoryFormatException e) {
            return e.getMessage();
        } finally {
            Parallel.setThreshold(old);
        }
    }

    private static History read(String text) throws Exception {
        return PlumeTextReader.read(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "h.txt");
    }
}
