package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dbcop, Elle and Viper readers: their conventions, each pinned by a small history. */
class PeerReadersTest {
    @TempDir Path dir;

    private static History elle(String text) throws Exception {
        return HistoryReader.read(new StringReader(text), "h.edn", Format.ELLE_EDN);
    }

    /**
     * Write skew: every level up to SI holds (the writers' keys differ), SER and strict SER do not.
     */
    private static void assertWriteSkew(History h) {
        for (Level l : Level.values()) {
            boolean serializable = l == Level.SER || l == Level.SSER;
            assertEquals(!serializable, holds(h, l), l.toString());
        }
    }

    private static boolean holds(History h, Level l) {
        return LevelChecker.of(l).check(h) instanceof Verdict.Consistent;
    }

    // ---- dbcop ----

    @Test
    void dbcopWriteSkewFromBytes() throws Exception {
        Path hist = Files.createDirectories(dir.resolve("hist-00000"));
        Files.write(hist.resolve("history.bincode"), Bincode.writeSkew());
        String expected =
                """
                initial=true sessions=2
                init: w(1,0) w(2,0)
                1 id=1: r(1,0) r(2,0) w(1,1)
                2 id=2: r(1,0) r(2,0) w(2,2)
                """;
        assertEquals(Format.DBCOP, Format.sniff(hist));
        assertEquals(expected, HistoryDump.of(HistoryReader.read(hist), true)); // the directory
        assertEquals(
                expected,
                HistoryDump.of(
                        HistoryReader.read(hist.resolve("history.bincode")), true)); // the file
        History h = HistoryReader.read(hist);
        assertWriteSkew(h);
        assertEquals(HistoryDump.of(h, true), HistoryDump.of(RoundTripTest.viaJson(h), true));
    }

    @Test
    void dbcopFailedEventsAndTransactions() throws Exception {
        Bincode b = new Bincode().header(2).u64(2);
        // session 1: a committed txn whose second write failed; then an aborted txn
        b.u64(2);
        b.u64(2).event(true, 1, 1, true).event(true, 2, 5, false).bool(true);
        b.u64(1).event(true, 1, 7, true).bool(false);
        // session 2: a failed read (dropped) and a read of the failed write (an aborted read)
        b.u64(1).u64(2).event(false, 1, 99, false).event(false, 2, 5, true).bool(true);
        Path f = dir.resolve("history.bincode");
        Files.write(f, b.bytes());
        History h = HistoryReader.read(f, Format.DBCOP);
        assertEquals(
                """
                initial=true sessions=2
                init: w(1,0) w(2,0)
                1 id=1: w(1,1)
                1 id=2 aborted: w(2,5)
                1 id=3 aborted: w(1,7)
                2 id=4: r(2,5)
                """,
                HistoryDump.of(h, true));
        Verdict v = LevelChecker.of(Level.RC).check(h);
        assertEquals("aborted read", ((Verdict.Violated) v).witnesses().get(0).name());
    }

    // ---- Elle ----

    @Test
    void ellePaperExampleEdnAndJsonAgree() throws Exception {
        Path c = RoundTripTest.corpus();
        History edn = HistoryReader.read(c.resolve("elle/paper-example.edn"));
        History json = HistoryReader.read(c.resolve("elle/paper-example.json"));
        String expected =
                """
                initial=true sessions=1
                init: w(253,nil) w(255,nil) w(256,nil) w(250,nil)
                1 id=1: w(253,1) w(253,3) w(253,4) w(255,2) w(255,3) w(255,4) w(255,5) w(256,1) w(256,2)
                1 id=2: w(255,8) r(253,4)
                1 id=3: w(256,4) r(255,8) r(256,4) r(253,4)
                1 id=4: w(250,10) r(253,4) r(255,5) w(256,3)
                """;
        assertEquals(expected, HistoryDump.of(edn, true));
        assertEquals(expected, HistoryDump.of(json, true));
        // T4 reads 255 without T2's append 8, though T2 precedes it in its process: not read
        // atomic.
        assertTrue(holds(edn, Level.RC));
        assertFalse(holds(edn, Level.RA));
        assertFalse(holds(edn, Level.CC));
    }

    @Test
    void elleRwRegisterWithTimesAndOutcomes() throws Exception {
        History h =
                elle(
                        """
                {:type :invoke, :f :txn, :value [[:w :x 1]], :process 0, :time 10, :index 0}
                {:type :invoke, :f :txn, :value [[:w :y 2] [:w :x 3]], :process 1, :time 11, :index 1}
                {:type :ok, :f :txn, :value [[:w :x 1]], :process 0, :time 20, :index 2}
                {:type :fail, :f :txn, :value [[:w :y 2] [:w :x 3]], :process 1, :time 21, :index 3}
                {:type :invoke, :f :txn, :value [[:w :y 4]], :process 2, :time 30}
                {:type :info, :f :txn, :value [[:w :y 4]], :process 2, :time 40}
                {:type :invoke, :f :txn, :value [[:w :y 5]], :process 3, :time 31}
                {:type :info, :f :txn, :value [[:w :y 5]], :process 3, :time 41}
                {:type :invoke, :f :txn, :value [[:r :x nil] [:r :y nil] [:r :z nil]], :process 0, :time 50}
                {:type :ok, :f :txn, :value [[:r :x 1] [:r :y 4] [:r :z nil]], :process 0, :time 60}
                {:type :invoke, :f :start, :process :nemesis, :time 70}
                {:type :invoke, :f :txn, :value [[:w :z 6] [:r :x nil]], :process 4, :time 80}
                """);
        assertEquals(
                """
                initial=true sessions=5
                init: w(x,nil) w(y,nil) w(z,nil)
                0 id=1 time=10..20: w(x,1)
                0 id=5 time=50..60: r(x,1) r(y,4) r(z,nil)
                1 id=2 aborted time=11..21: w(y,2) w(x,3)
                2 id=3 time=30..-9223372036854775808: w(y,4)
                3 id=4 aborted time=31..-9223372036854775808: w(y,5)
                4 id=6 aborted time=80..-9223372036854775808: w(z,6)
                """,
                HistoryDump.of(h, true));
        for (Level l : Level.values()) {
            assertTrue(holds(h, l), l.toString());
        }
        assertEquals(HistoryDump.of(h, true), HistoryDump.of(RoundTripTest.viaJson(h), true));
    }

    @Test
    void elleAbortedAndIntermediateReads() throws Exception {
        History h =
                elle(
                        """
                {:type :ok, :value [[:append :x 1] [:append :x 2]], :process 0}
                {:type :fail, :value [[:append :y 1]], :process 1}
                {:type :ok, :value [[:r :x [1]] [:r :y [1]]], :process 2}
                """);
        Verdict v = LevelChecker.of(Level.RC).check(h);
        assertEquals("intermediate read", ((Verdict.Violated) v).witnesses().get(0).name());
    }

    @Test
    void elleTaggedOpsAndOneVector() throws Exception {
        History a =
                elle(
                        "[#jepsen.history.Op{:index 0, :time 5, :type :ok, :process 0, :f :txn, :value [[:w 1 1]]}\n"
                                + " {:index 1, :type :ok, :process 1, :f :txn, :value [[:r 1 1]]}]");
        assertEquals(
                """
                initial=true sessions=2
                init: w(1,nil)
                0 id=1 time=-9223372036854775808..5: w(1,1)
                1 id=2: r(1,1)
                """,
                HistoryDump.of(a, true));
    }

    // ---- Viper ----

    @Test
    void viperWriteSkew() throws Exception {
        Path v = Files.createDirectories(dir.resolve("viper"));
        Files.writeString(
                v.resolve("J0.log"),
                "{\"value\": [[\"w\", 1, 0, true], [\"w\", 2, 0, true]], \"isInitial\": true, \"isFinal\": false}\n");
        Files.writeString(
                v.resolve("J1.log"),
                "{\"value\": [[\"r\", 1, 0, false], [\"r\", 2, 0, false], [\"w\", 1, 1, true]],"
                        + " \"preBeginTS\": 3, \"postBeginTS\": 4, \"preCommitTS\": 5, \"postCommitTS\": 6}\n");
        Files.writeString(
                v.resolve("J10.log"),
                "{\"value\": [[\"r\", 1, 0, false], [\"r\", 2, 0, false], [\"w\", 2, 1, true]]}\n"
                        + "{\"value\": [[\"w\", 3, 7, false], [\"r\", 3, null, false]]}\n");
        Files.writeString(v.resolve("J2.log"), "{\"value\": [[\"r\", 1, 1, false]]}\n");
        assertEquals(Format.VIPER, Format.sniff(v));
        History h = HistoryReader.read(v);
        assertEquals(
                """
                initial=true sessions=3
                init: w(1,0) w(2,0) w(3,nil)
                J1 id=1 time=3..6: r(1,0) r(2,0) w(1,1)
                J2 id=2: r(1,1)
                J10 id=3: r(1,0) r(2,0) w(2,1)
                J10 id=4: r(3,nil)
                """,
                HistoryDump.of(h, true));
        assertWriteSkew(h);
        assertEquals(HistoryDump.of(h, true), HistoryDump.of(RoundTripTest.viaJson(h), true));
    }
}
