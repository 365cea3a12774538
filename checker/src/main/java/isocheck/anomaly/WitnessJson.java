package isocheck.anomaly;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import isocheck.vocabulary.EdgeKind;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** JSON rendering of witnesses (one object; field names are documented in FORMAT.md). */
final class WitnessJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private WitnessJson() {}

    static String render(Witness w) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("anomaly", w.name());
            if (w.adya() != null) {
                g.writeStringField("adya", w.adya());
            }
            if (w instanceof ReadWitness r) {
                g.writeStringField("kind", "read");
                g.writeStringField("tap", r.kind().tap());
                g.writeStringField("reader", r.read().txn().label());
                opRef(g, "read", r.read());
                opRef(g, "write", r.write());
                opRef(g, "other", r.other());
                opRef(g, "otherWrite", r.otherWrite());
            } else {
                CycleWitness c = (CycleWitness) w;
                g.writeStringField("kind", "cycle");
                g.writeStringField("coo", c.coo().toString());
                g.writeArrayFieldStart("cycle");
                for (String t : c.cycle()) {
                    g.writeString(t);
                }
                g.writeEndArray();
            }
            g.writeStringField("text", WitnessText.headline(w));
            g.writeArrayFieldStart("transactions");
            for (TxnView t : w.transactions()) {
                g.writeStartObject();
                g.writeStringField("id", t.label());
                if (t.session() != null) {
                    g.writeStringField("session", t.session());
                    g.writeNumberField("position", t.position());
                } else {
                    g.writeBooleanField("initial", true);
                }
                g.writeBooleanField("committed", t.committed());
                g.writeArrayFieldStart("ops");
                for (OpView op : t.ops()) {
                    g.writeString(op.toString());
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            if (w instanceof CycleWitness c) {
                g.writeArrayFieldStart("edges");
                for (WitnessEdge e : c.edges()) {
                    g.writeStartObject();
                    g.writeStringField("from", e.from());
                    g.writeStringField("to", e.to());
                    g.writeStringField("kind", e.kind().label());
                    opRef(g, "read", e.read());
                    if (e.key() != null && e.kind() != EdgeKind.SO) {
                        g.writeStringField("key", e.key());
                    }
                    if (e.note() != null) {
                        g.writeStringField("note", e.note());
                    }
                    Justification j = e.justification();
                    if (j != null) {
                        g.writeObjectFieldStart("justification");
                        g.writeStringField("pattern", j.pattern().id());
                        g.writeStringField("reader", j.reader());
                        g.writeStringField("key", j.key());
                        opRef(g, "readFromTo", j.readX());
                        opRef(g, "readFromFrom", j.readY());
                        if (!j.hbPath().isEmpty()) {
                            g.writeArrayFieldStart("happensBefore");
                            for (String s : j.hbPath()) {
                                g.writeString(s);
                            }
                            g.writeEndArray();
                        }
                        g.writeEndObject();
                    }
                    java.util.Optional<isocheck.history.PredicateKey> pk =
                            isocheck.history.PredicateKey.parse(e.key());
                    if (pk.isPresent() && (e.kind() == EdgeKind.RW || e.kind() == EdgeKind.WR)) {
                        g.writeObjectFieldStart("predicate"); // Adya's predicate (anti-)dependency
                        g.writeStringField("table", pk.get().table());
                        g.writeStringField("predicate", pk.get().predicate());
                        g.writeStringField("row", pk.get().row());
                        g.writeStringField("change", pk.get().effect().word());
                        g.writeEndObject();
                    }
                    g.writeStringField("text", WitnessText.explain(e));
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void opRef(JsonGenerator g, String field, OpRef r) throws IOException {
        if (r == null) {
            return;
        }
        g.writeObjectFieldStart(field);
        g.writeStringField("txn", r.txn().label());
        g.writeNumberField("index", r.index());
        g.writeStringField("op", r.op().toString());
        g.writeEndObject();
    }
}
