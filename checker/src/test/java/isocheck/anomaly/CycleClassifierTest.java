package isocheck.anomaly;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.vocabulary.CycleClassifier;
import isocheck.vocabulary.EdgeKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared classifier on hand-built cycles: Adya, common name, Coo class. */
class CycleClassifierTest {

    private static WitnessEdge e(EdgeKind k, String from, String to, String key) {
        return new WitnessEdge(k, from, to, null, null, key, null);
    }

    private static void assertClass(List<WitnessEdge> c, String adya, String name, String coo) {
        assertEquals(adya, CycleClassifier.adya(c));
        assertEquals(name, CycleClassifier.commonName(c));
        assertEquals(coo, CycleClassifier.coo(c).toString());
    }

    @Test
    void twoTransactionCycles() {
        assertClass(
                List.of(e(EdgeKind.WW, "T1", "T2", "x"), e(EdgeKind.RW, "T2", "T1", "x")),
                "G-single",
                "lost update",
                "WAT/SDA");
        assertClass(
                List.of(e(EdgeKind.RW, "T1", "T2", "x"), e(EdgeKind.RW, "T2", "T1", "y")),
                "G2-item",
                "write skew",
                "IAT/DDA");
        assertClass(
                List.of(e(EdgeKind.WR, "T2", "T1", "y"), e(EdgeKind.RW, "T1", "T2", "x")),
                "G-single",
                "read skew",
                "RAT/DDA");
        assertClass(
                List.of(e(EdgeKind.WW, "T1", "T2", "x"), e(EdgeKind.WW, "T2", "T1", "y")),
                "G0",
                "write cycle",
                "WAT/DDA");
    }

    @Test
    void longerCycles() {
        assertClass(
                List.of(
                        e(EdgeKind.WR, "T1", "T3", "x"),
                        e(EdgeKind.RW, "T3", "T2", "y"),
                        e(EdgeKind.WR, "T2", "T4", "y"),
                        e(EdgeKind.RW, "T4", "T1", "x")),
                "G2-item",
                "long fork",
                "RAT/MDA");
        assertClass(
                List.of(
                        e(EdgeKind.WR, "T1", "T2", "x"),
                        e(EdgeKind.WR, "T2", "T3", "y"),
                        e(EdgeKind.RW, "T3", "T1", "x")),
                "G-single",
                "causality violation",
                "RAT/MDA");
        assertClass(
                List.of(e(EdgeKind.RT, "T1", "T2", null), e(EdgeKind.RW, "T2", "T1", "x")),
                "G-single-realtime",
                "real-time violation",
                "IAT/SDA");
        assertClass(
                List.of(e(EdgeKind.SO, "T2", "T3", null), e(EdgeKind.RW, "T3", "T2", "x")),
                "G-single",
                "session guarantee violation",
                "IAT/SDA");
    }
}
