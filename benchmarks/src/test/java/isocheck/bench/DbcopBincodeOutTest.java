package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.history.History;
import isocheck.level.HardHistories;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link DbcopBincodeOut} writes what our dbcop reader reads back: the same sessions, transactions
 * and operations, and the same verdicts (so dbcop and PolySI get the history the other tools get).
 */
class DbcopBincodeOutTest {
    @Test
    void roundTripsThroughTheDbcopReader() throws Exception {
        HardHistories.Params p =
                new HardHistories.Params(300, 8, 40, 1, 3, 1, HardHistories.Plant.LONG_FORK, 3);
        History h = HardHistories.generate(p);
        Path dir = Files.createTempDirectory("dbcop-out");
        DbcopBincodeOut.write(h, dir);
        History back = HistoryReader.read(dir, Format.DBCOP);
        assertEquals(h.sessionCount(), back.sessionCount());
        assertEquals(h.txnCount(), back.txnCount());
        assertEquals(h.opCount(), back.opCount());
        for (int s = 0; s < h.sessionCount(); s++) {
            for (int t = h.sessionStart(s), u = back.sessionStart(s);
                    t < h.sessionEnd(s);
                    t++, u++) {
                assertEquals(h.opEnd(t) - h.opStart(t), back.opEnd(u) - back.opStart(u));
                for (int i = 0; i < h.opEnd(t) - h.opStart(t); i++) {
                    int a = h.opStart(t) + i;
                    int b = back.opStart(u) + i;
                    assertEquals(h.isWrite(a), back.isWrite(b));
                    assertEquals(h.keys().number(h.key(a)), back.keys().number(back.key(b)));
                    assertEquals(h.value(a), back.value(b));
                }
            }
        }
        for (Level level : new Level[] {Level.SER, Level.SI, Level.PSI}) {
            boolean consistent = LevelChecker.of(level).check(back) instanceof Verdict.Consistent;
            assertEquals(p.truth(level), consistent, level.id());
        }
    }
}
