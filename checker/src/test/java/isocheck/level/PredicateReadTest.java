package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.anomaly.Witness;
import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.PredicateRead;
import isocheck.history.PredicateRead.Change;
import isocheck.history.PredicateRead.Effect;
import isocheck.history.PredicateRead.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Predicate reads (Adya's predicate read-dependencies and anti-dependencies) at every level: the
 * doctors-on-call write skew, a phantom, an update that keeps a row's match (no edge), and a
 * predicate read-dependency closing a G1c cycle.
 */
class PredicateReadTest {
    static final String ON_CALL = "shift_id = 5 AND on_call = 1";

    /** Both doctors read both rows matching, then each goes off call: Adya's G2 write skew. */
    static History doctors() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("doctors/1/on_call", 0).w("doctors/2/on_call", 0);
        b.txn("a")
                .p(
                        "doctors",
                        ON_CALL,
                        new Row(
                                "doctors/1",
                                0,
                                List.of(new Change("doctors/1/on_call", 11, Effect.LEFT))),
                        new Row(
                                "doctors/2",
                                0,
                                List.of(new Change("doctors/2/on_call", 12, Effect.LEFT))))
                .w("doctors/1/on_call", 11);
        b.txn("b")
                .p(
                        "doctors",
                        ON_CALL,
                        new Row(
                                "doctors/1",
                                0,
                                List.of(new Change("doctors/1/on_call", 11, Effect.LEFT))),
                        new Row(
                                "doctors/2",
                                0,
                                List.of(new Change("doctors/2/on_call", 12, Effect.LEFT))))
                .w("doctors/2/on_call", 12);
        return b.build();
    }

    private static Verdict check(History h, Level level) {
        return LevelChecker.of(level).check(h);
    }

    @Test
    void doctorsWriteSkewViolatesSerializabilityOnly() {
        History h = doctors();
        for (Level level : List.of(Level.RC, Level.RA, Level.CC, Level.PC, Level.PSI, Level.SI)) {
            assertInstanceOf(Verdict.Consistent.class, check(h, level), level.toString());
        }
        Witness w =
                assertInstanceOf(Verdict.Violated.class, check(h, Level.SER)).witnesses().get(0);
        assertEquals("G2", w.adya());
        String text = w.toText();
        assertTrue(
                text.contains(
                        "T2 updated doctors/2 so that T1's predicate `"
                                + ON_CALL
                                + "` on doctors no longer matches it; T1 saw it matching [predicate anti-dependency"),
                text);
        String json = w.toJson();
        assertTrue(
                json.contains(
                        "\"predicate\":{\"table\":\"doctors\",\"predicate\":\""
                                + ON_CALL
                                + "\",\"row\":\"doctors/2\",\"change\":\"left\"}"),
                json);
        assertTrue(
                text.contains(
                        "T1 updated doctors/1 so that T2's predicate `"
                                + ON_CALL
                                + "` on doctors no longer matches it; T2 saw it matching [predicate anti-dependency"),
                text);
    }

    /** Each counts the seats of flight 1 (none) and inserts one: a phantom; G2 under SER. */
    @Test
    void phantomInsertViolatesSerializability() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0);
        String pred = "flight = 1";
        Row r1 = new Row("seats/1", 0, List.of(new Change("seats/1/@alive", 21, Effect.INSERTED)));
        Row r2 = new Row("seats/2", 0, List.of(new Change("seats/2/@alive", 22, Effect.INSERTED)));
        b.txn("a").p("seats", pred, r1, r2).w("seats/1/@alive", 21);
        b.txn("b").p("seats", pred, r1, r2).w("seats/2/@alive", 22);
        History h = b.build();
        assertInstanceOf(Verdict.Consistent.class, check(h, Level.SI));
        Witness w =
                assertInstanceOf(Verdict.Violated.class, check(h, Level.SER)).witnesses().get(0);
        assertTrue(
                w.toText()
                        .contains(
                                "T2 inserted seats/2, a row T1's predicate `flight = 1` on seats would have matched"),
                w.toText());
    }

    /**
     * An update that keeps the row's match is no predicate anti-dependency (Adya): the recorder
     * lists no change for it, and the same schedule is serializable.
     */
    @Test
    void updateKeepingTheMatchIsNoEdge() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("doctors/1/on_call", 0).w("doctors/2/name", 0);
        b.txn("a")
                .p(
                        "doctors",
                        ON_CALL,
                        new Row(
                                "doctors/1",
                                0,
                                List.of(new Change("doctors/1/on_call", 11, Effect.LEFT))))
                .w("doctors/1/on_call", 11);
        b.txn("b")
                .p(
                        "doctors",
                        ON_CALL,
                        new Row(
                                "doctors/1",
                                0,
                                List.of(new Change("doctors/1/on_call", 11, Effect.LEFT))))
                .w("doctors/2/name", 12);
        History h = b.build();
        for (Level level : Level.values()) {
            assertInstanceOf(Verdict.Consistent.class, check(h, level), level.toString());
        }
    }

    /** T2's predicate saw T1's insert, and T1 read T2's write: a wr cycle (G1c) at every level. */
    @Test
    void predicateReadDependencyClosesCycle() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0);
        b.txn("a").r("x", 5).w("seats/1/@alive", 21);
        b.txn("b")
                .p(
                        "seats",
                        "flight = 1",
                        new Row(
                                "seats/1",
                                1,
                                List.of(new Change("seats/1/@alive", 21, Effect.INSERTED))))
                .w("x", 5);
        History h = b.build();
        for (Level level : Level.values()) {
            Verdict v = check(h, level);
            Witness w =
                    assertInstanceOf(Verdict.Violated.class, v, level.toString())
                            .witnesses()
                            .get(0);
            assertTrue(
                    w.toText()
                            .contains(
                                    "T2's predicate `flight = 1` on seats saw T1's insert of seats/1"),
                    w.toText());
        }
    }

    /** The JSON Lines round trip keeps predicate reads (version 2) and their verdicts. */
    @Test
    void jsonRoundTrip() throws Exception {
        History h = doctors();
        java.io.StringWriter out = new java.io.StringWriter();
        HistoryWriter.write(h, out, "doctors.jsonl", Format.JSON);
        String text = out.toString();
        assertTrue(text.startsWith("{\"format\":\"isocheck-history\",\"version\":2"), text);
        assertTrue(
                text.contains(
                        "[\"p\",\"doctors\",\""
                                + ON_CALL
                                + "\",[[\"doctors/1\",0,[[\"doctors/1/on_call\",11,\"left\"]]]"),
                text);
        History back =
                HistoryReader.read(new java.io.StringReader(text), "doctors.jsonl", Format.JSON);
        assertEquals(h.predicateReads().size(), back.predicateReads().size());
        java.io.StringWriter again = new java.io.StringWriter();
        HistoryWriter.write(back, again, "doctors.jsonl", Format.JSON);
        assertEquals(text, again.toString());
        assertInstanceOf(Verdict.Violated.class, check(back, Level.SER));
        PredicateRead pr = back.predicateReads().get(0);
        assertEquals(0, pr.position());
        assertEquals("T1", back.txnLabel(pr.txn()));
    }
}
