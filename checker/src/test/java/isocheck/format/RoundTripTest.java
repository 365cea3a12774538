package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every reader round-trips through our JSON on the corpus files of its format. */
class RoundTripTest {

    static Path corpus() {
        return isocheck.corpus.Corpus.dir();
    }

    static History viaJson(History h) throws Exception {
        StringWriter out = new StringWriter();
        HistoryWriter.write(h, out, "mem.jsonl", Format.JSON);
        return HistoryReader.read(new StringReader(out.toString()), "mem.jsonl", Format.JSON);
    }

    static History viaPlume(History h) throws Exception {
        StringWriter out = new StringWriter();
        HistoryWriter.write(h, out, "mem.txt", Format.PLUME);
        return HistoryReader.read(new StringReader(out.toString()), "mem.txt", Format.PLUME);
    }

    /**
     * Verdicts with full witness text, or (when names change, as through Plume) with anomaly names.
     */
    private static String verdicts(History h, boolean text) {
        StringBuilder sb = new StringBuilder();
        for (Level l : Level.values()) {
            Verdict v = LevelChecker.of(l).check(h);
            sb.append(l)
                    .append('=')
                    .append(
                            v instanceof Verdict.Violated vio
                                    ? (text
                                            ? vio.witnesses().get(0).toText()
                                            : vio.witnesses().get(0).name())
                                    : "ok")
                    .append('\n');
        }
        return sb.toString();
    }

    @TestFactory
    List<DynamicTest> corpusFilesRoundTrip() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> lines = Files.readAllLines(corpus().resolve("MANIFEST.tsv"));
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split("\t", -1);
            Format format =
                    switch (f[1].split(" ")[0]) {
                        case "awdit-test" -> Format.AWDIT_TEST;
                        case "plume-text" -> Format.PLUME;
                        case "cobra-logs" -> Format.COBRA;
                        case "elle-edn", "elle-json" -> Format.ELLE_EDN;
                        case "dbcop-bincode" -> Format.DBCOP;
                        case "viper-json" -> Format.VIPER;
                        default -> null;
                    };
            if (format == null) {
                continue;
            }
            Path p = corpus().resolve(f[0]);
            tests.add(
                    DynamicTest.dynamicTest(
                            f[0] + " via json",
                            () -> {
                                History h = HistoryReader.read(p, format);
                                History back = viaJson(h);
                                assertEquals(HistoryDump.of(h, true), HistoryDump.of(back, true));
                                assertEquals(verdicts(h, true), verdicts(back, true));
                            }));
            if (format == Format.PLUME) {
                tests.add(
                        DynamicTest.dynamicTest(
                                f[0] + " via plume",
                                () -> {
                                    History h = HistoryReader.read(p, format);
                                    History back = viaPlume(h);
                                    assertEquals(
                                            HistoryDump.of(h, false), HistoryDump.of(back, false));
                                    assertEquals(verdicts(h, false), verdicts(back, false));
                                }));
            }
        }
        assertTrue(tests.size() >= 40, "too few corpus files: " + tests.size());
        return tests;
    }

    @Test
    void jsonKeepsEverything() throws Exception {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", History.NIL).w("y", 0);
        b.txn("alice").r("x", History.NIL).w("x", 1).times(10, 20);
        b.txn("bob").w("y", 7).aborted();
        b.txn("alice").r("y", 0).w("42", -5);
        b.session("idle");
        History h = b.build();
        History back = viaJson(h);
        assertEquals(HistoryDump.of(h, true), HistoryDump.of(back, true));
        assertEquals(
                List.of("alice", "bob", "idle"),
                List.of(back.sessionName(0), back.sessionName(1), back.sessionName(2)));
        assertEquals(20, back.commitTime(1));
    }

    /** A recorded version order survives JSON (version 2, the write's fourth element). */
    @Test
    void jsonKeepsTheRecordedVersionOrder() throws Exception {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", History.NIL).w("y", 0);
        b.txn("alice").w("x", 1, History.NIL).w("y", 3);
        b.txn("bob").w("x", 2, 1).w("y", 4, 0);
        History h = b.build();
        java.io.StringWriter out = new java.io.StringWriter();
        HistoryWriter.write(h, out, "mem.jsonl", Format.JSON);
        assertTrue(
                out.toString().startsWith("{\"format\":\"isocheck-history\",\"version\":2"),
                out.toString());
        assertTrue(out.toString().contains("[\"w\",\"x\",1,null]"), out.toString());
        History back = viaJson(h);
        for (int op = 0; op < h.opCount(); op++) {
            assertEquals(h.replaced(op), back.replaced(op), h.opText(op));
        }
        assertEquals(-1, back.replaced(back.opStart(1) + 1)); // alice's y: not recorded
        assertEquals("w(x,1)", back.opText(back.replaced(back.opStart(2))));
    }

    @Test
    void jsonIsOneObjectPerLineWithNothingBefore() throws Exception {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0);
        b.txn("s").r("x", 0).w("x", 1);
        java.io.StringWriter out = new java.io.StringWriter();
        HistoryWriter.write(b.build(), out, "mem.jsonl", Format.JSON);
        List<String> lines = out.toString().lines().toList();
        assertEquals(3, lines.size(), out.toString());
        for (String line : lines) {
            assertEquals('{', line.charAt(0), line);
        }
    }

    @Test
    void plumeAbortedWritesRoundTrip() throws Exception {
        String text = "w(1,1,0,0)\nw(1,2,0,-1)\nw(2,2,0,-1)\nr(1,1,1,1)\nr(1,2,1,2)\n";
        History h = HistoryReader.read(new StringReader(text), "t.txt", Format.PLUME);
        assertEquals(
                """
                initial=true sessions=2
                init: w(1,0) w(2,0)
                0 id=0: w(1,1)
                0 aborted: w(1,2) w(2,2)
                1 id=1: r(1,1)
                1 id=2: r(1,2)
                """,
                HistoryDump.of(h, false));
        StringWriter out = new StringWriter();
        HistoryWriter.write(h, out, "t.txt", Format.PLUME);
        assertEquals(
                "w(1,1,0,0)\nw(1,2,0,-1)\nw(2,2,0,-1)\nr(1,1,1,1)\nr(1,2,1,2)\n", out.toString());
    }

    @Test
    void plumeWriterRefusesWhatItCannotExpress() {
        HistoryBuilder b = new HistoryBuilder();
        b.txn("s").w("x", 1);
        HistoryFormatException e =
                org.junit.jupiter.api.Assertions.assertThrows(
                        HistoryFormatException.class,
                        () ->
                                HistoryWriter.write(
                                        b.build(), new StringWriter(), "out.txt", Format.PLUME));
        assertEquals(
                "out.txt: cannot write plume text: key 'x' is not a non-negative integer",
                e.getMessage());
    }
}
