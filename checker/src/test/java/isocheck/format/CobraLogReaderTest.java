package isocheck.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CobraLogReaderTest {
    @TempDir Path dir;

    @Test
    void corpusBlogHistory() throws Exception {
        Path p = RoundTripTest.corpus().resolve("cobra/cock-blog");
        History h = HistoryReader.read(p);
        assertEquals(13, h.sessionCount());
        assertEquals("T0", h.sessionName(0));
        assertEquals("T5", h.sessionName(2)); // natural order: T0, T1, T5, …, T15
        // T0.log: S 0x10000d | W wid=100003 key=0xa6 | C 0x10000d
        int t = h.sessionStart(0);
        assertEquals(0x10000dL, h.txnId(t));
        assertEquals("w(166,100003)", h.opText(h.opStart(t)));
        assertEquals(HistoryDump.of(h, true), HistoryDump.of(RoundTripTest.viaJson(h), true));
    }

    @Test
    void corpusG2HistoryRoundTrips() throws Exception {
        History h =
                HistoryReader.read(RoundTripTest.corpus().resolve("cobra/cock-G2"), Format.COBRA);
        assertEquals(10, h.sessionCount());
        assertTrue(h.opCount() > 1000);
        assertEquals(HistoryDump.of(h, true), HistoryDump.of(RoundTripTest.viaJson(h), true));
    }

    @Test
    void initialReadsAndAborts() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte('S');
        out.writeLong(1);
        out.writeByte('R');
        out.writeLong(CobraLogReader.INIT_WID);
        out.writeLong(CobraLogReader.INIT_WID);
        out.writeLong(7);
        out.writeLong(0);
        out.writeByte('W');
        out.writeLong(101);
        out.writeLong(7);
        out.writeLong(55);
        out.writeByte('C');
        out.writeLong(1);
        out.writeByte('S');
        out.writeLong(2);
        out.writeByte('W');
        out.writeLong(102);
        out.writeLong(7);
        out.writeLong(56);
        out.writeByte('A');
        Files.write(dir.resolve("T1.log"), bytes.toByteArray());
        History h = HistoryReader.read(dir, Format.COBRA);
        assertEquals(
                """
                initial=true sessions=1
                init: w(7,0)
                T1 id=1: r(7,0) w(7,101)
                T1 id=2 aborted: w(7,102)
                """,
                HistoryDump.of(h, true));
    }

    @Test
    void truncatedRecordIsOneLineError() throws Exception {
        Files.write(dir.resolve("T0.log"), new byte[] {'S', 0, 0, 0, 0, 0, 0, 0, 1, 'W', 0, 0});
        HistoryFormatException e =
                assertThrows(HistoryFormatException.class, () -> HistoryReader.read(dir));
        assertEquals(dir.resolve("T0.log") + ": byte 9: truncated 'W' record", e.getMessage());
    }
}
