package isocheck.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared classifier on plain edges: the rules both halves rely on to name a cycle alike. */
class CycleClassifierTest {
    static CycleEdge e(EdgeKind k, String from, String to, String key) {
        return new CycleEdge.Of(k, from, to, key);
    }

    @Test
    void aLostUpdateIsGSingleWhicheverTwoEdgesCloseIt() {
        List<CycleEdge> rwWw =
                List.of(e(EdgeKind.RW, "T1", "T2", "a/1/n"), e(EdgeKind.WW, "T2", "T1", "a/1/n"));
        List<CycleEdge> rwRw =
                List.of(e(EdgeKind.RW, "T1", "T2", "a/1/n"), e(EdgeKind.RW, "T2", "T1", "a/1/n"));
        for (List<CycleEdge> c : List.of(rwWw, rwRw)) {
            assertEquals("lost update", CycleClassifier.commonName(c));
            assertEquals("G-single", CycleClassifier.adya(c));
        }
    }

    @Test
    void anAntiDependencyOnARecordsExistenceMakesAWriteSkewAPhantom() {
        List<CycleEdge> skew =
                List.of(
                        e(EdgeKind.RW, "T1", "T2", "u/1/" + CycleEdge.EXISTENCE),
                        e(EdgeKind.RW, "T2", "T1", "u/2/" + CycleEdge.EXISTENCE));
        assertEquals("write skew (phantom)", CycleClassifier.commonName(skew));
        assertEquals("G2-item", CycleClassifier.adya(skew));
        assertEquals(
                "write skew",
                CycleClassifier.commonName(
                        List.of(
                                e(EdgeKind.RW, "T1", "T2", "d/1/on"),
                                e(EdgeKind.RW, "T2", "T1", "d/2/on"))));
    }

    @Test
    void everySpecWithACounterpartNamesACheckerLevel() {
        assertEquals("RA", SpecLevels.levelOf("ec").orElseThrow());
        assertEquals("RC", SpecLevels.levelOf("pg-read-committed").orElseThrow());
        assertEquals(
                List.of(
                        "ec",
                        "cc",
                        "pc",
                        "psi",
                        "si",
                        "ser",
                        "pg-read-committed",
                        "pg-repeatable-read"),
                List.copyOf(SpecLevels.all().keySet()));
        assertEquals(java.util.Optional.empty(), SpecLevels.levelOf("no-such-spec"));
    }
}
