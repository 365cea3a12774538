package isocheck.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.encoding.DepKind;
import isocheck.program.SourcePos;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassifierTest {
    static final SourcePos POS = new SourcePos("p.sql", 3, 5);
    static final Witness.Statement S = new Witness.Statement("T", "S1", "SELECT", "SELECT …", POS);

    static Witness.Edge edge(int from, int to, DepKind kind, String table, int key, String field) {
        return new Witness.Edge(
                from, to, kind, table, Map.of("id", Integer.toString(key)), field, S, S);
    }

    @Test
    void namesTheClassicShapes() {
        assertEquals(
                "lost update",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.RW, "c", 1, "n"),
                                edge(1, 0, DepKind.RW, "c", 1, "n"))));
        assertEquals(
                "lost update",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.RW, "c", 1, "n"),
                                edge(1, 0, DepKind.WW, "c", 1, "n"))));
        assertEquals(
                "write skew",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.RW, "d", 1, "on"),
                                edge(1, 0, DepKind.RW, "d", 2, "on"))));
        // ww on one item, rw on another: Coo's read-write skew (Adya G-single), not a lost update
        // (paper §2: same item)
        assertEquals(
                "read-write skew",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.WW, "o", 1, "cnt"),
                                edge(1, 0, DepKind.RW, "s", 1, "cnt"))));
        assertEquals(
                "read-write skew",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.RW, "c", 1, "a"),
                                edge(1, 0, DepKind.WW, "c", 1, "b"))));
        assertEquals(
                "write skew (phantom)",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.RW, "u", 1, "@alive"),
                                edge(1, 0, DepKind.RW, "u", 2, "@alive"))));
        assertEquals(
                "causality violation",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.WR, "p", 1, "b"),
                                edge(1, 2, DepKind.WR, "r", 2, "b"),
                                edge(2, 0, DepKind.RW, "p", 1, "@alive"))));
        assertEquals(
                "long fork",
                Classifier.classify(
                        List.of(
                                edge(0, 1, DepKind.WR, "r", 1, "v"),
                                edge(1, 2, DepKind.RW, "r", 2, "v"),
                                edge(2, 3, DepKind.WR, "r", 2, "v"),
                                edge(3, 0, DepKind.RW, "r", 1, "v"))));
    }

    @Test
    void otherCyclesGetTheCheckersNamesAndEveryCycleAnAdyaName() {
        // formerly "G2 (anti-dependency cycle)" here and "G2-item" in the checker: now one name
        List<Witness.Edge> g2 =
                List.of(
                        edge(0, 1, DepKind.RW, "s", 1, "cnt"),
                        edge(1, 2, DepKind.WW, "o", 1, "carrier"),
                        edge(2, 0, DepKind.RW, "n", 1, "@alive"));
        assertEquals("write skew (3 transactions)", Classifier.classify(g2));
        assertEquals("G2-item", Classifier.adya(g2));
        assertEquals(
                "G-single",
                Classifier.adya(
                        List.of(
                                edge(0, 1, DepKind.RW, "c", 1, "n"),
                                edge(1, 0, DepKind.WW, "c", 1, "n"))));
        // rw + rw on one key: both write it, so a ww edge closes a cycle with one rw
        // (CycleClassifier.adya)
        assertEquals(
                "G-single",
                Classifier.adya(
                        List.of(
                                edge(0, 1, DepKind.RW, "c", 1, "n"),
                                edge(1, 0, DepKind.RW, "c", 1, "n"))));
        assertEquals(
                "G2-item",
                Classifier.adya(
                        List.of(
                                edge(0, 1, DepKind.RW, "c", 1, "n"),
                                edge(1, 0, DepKind.RW, "c", 2, "n"))));
        assertEquals(
                "G1c",
                Classifier.adya(
                        List.of(
                                edge(0, 1, DepKind.WR, "c", 1, "n"),
                                edge(1, 0, DepKind.WW, "c", 1, "n"))));
        assertEquals(
                "G0",
                Classifier.adya(
                        List.of(
                                edge(0, 1, DepKind.WW, "c", 1, "n"),
                                edge(1, 0, DepKind.WW, "c", 2, "n"))));
    }

    @Test
    void explanationFollowsTheCycleToAContradiction() {
        List<Witness.Edge> edges =
                List.of(edge(0, 1, DepKind.RW, "c", 1, "n"), edge(1, 0, DepKind.WW, "c", 1, "n"));
        Witness w =
                new Witness(
                        2,
                        List.of(
                                new Witness.Txn("T1", "Inc", Map.of("id", "1"), POS),
                                new Witness.Txn("T2", "Inc", Map.of("id", "1"), POS)),
                        edges,
                        List.of(),
                        List.of(1, 0),
                        "lost update",
                        List.of());
        List<String> lines = Explanation.of(w);
        assertEquals("Let T1 = Inc(id=1), T2 = Inc(id=1).", lines.get(0));
        assertTrue(
                lines.get(2)
                        .startsWith(
                                "Then T1 reads c[id=1].n (S1 at p.sql:3) without seeing T2's write"),
                lines.get(2));
        assertTrue(lines.get(lines.size() - 1).contains("a contradiction"));
        // the signature does not depend on where the cycle starts
        Witness rotated =
                new Witness(
                        2,
                        w.txns(),
                        List.of(edges.get(1), edges.get(0)),
                        List.of(),
                        List.of(0, 1),
                        "lost update",
                        List.of());
        assertEquals(w.signature(), rotated.signature());
    }
}
