package isocheck.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import isocheck.history.History;
import isocheck.history.KeyTable;
import isocheck.history.PredicateRead;
import java.io.IOException;
import java.io.Writer;

/** Writes our JSON Lines format, version 1 (FORMAT.md): one object per line, streamed. */
final class JsonHistoryWriter {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonHistoryWriter() {}

    private static void value(JsonGenerator g, long v) throws IOException {
        if (v == History.NIL) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }

    static void write(History h, Writer out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setRootValueSeparator(null); // one object per line, nothing before it (JSON Lines)
        g.writeStartObject();
        g.writeStringField("format", JsonHistoryReader.FORMAT_NAME);
        g.writeNumberField(
                "version",
                h.predicateReads().isEmpty() && !h.hasRecordedOrder()
                        ? JsonHistoryReader.VERSION
                        : JsonHistoryReader.VERSION_PREDICATES);
        java.util.Map<Integer, java.util.List<PredicateRead>> preds = new java.util.HashMap<>();
        for (PredicateRead pr : h.predicateReads()) {
            preds.computeIfAbsent(pr.txn(), k -> new java.util.ArrayList<>()).add(pr);
        }
        g.writeArrayFieldStart("sessions");
        for (int s = 0; s < h.sessionCount(); s++) {
            g.writeString(h.sessionName(s));
        }
        g.writeEndArray();
        g.writeEndObject();
        g.flush();
        out.write('\n');
        for (int t = 0; t < h.txnCount(); t++) {
            g.writeStartObject();
            if (h.isInitial(t)) {
                g.writeBooleanField("initial", true);
            } else {
                g.writeStringField("session", h.sessionName(h.session(t)));
                g.writeNumberField("id", h.txnId(t));
                g.writeStringField("status", h.isCommitted(t) ? "committed" : "aborted");
            }
            if (h.startTime(t) != History.NO_TIME) {
                g.writeNumberField("start", h.startTime(t));
            }
            if (h.commitTime(t) != History.NO_TIME) {
                g.writeNumberField("commit", h.commitTime(t));
            }
            g.writeArrayFieldStart("ops");
            KeyTable keys = h.keys();
            java.util.List<PredicateRead> mine = preds.getOrDefault(t, java.util.List.of());
            int real =
                    0; // operations written so far: a predicate read goes after `position` of them
            int next = 0;
            for (int op = h.opStart(t); op <= h.opEnd(t); op++) {
                boolean synthetic = op < h.opEnd(t) && h.isPredicateKey(h.key(op));
                for (;
                        next < mine.size()
                                && mine.get(next).position() == real
                                && (op == h.opEnd(t) || !synthetic);
                        next++) {
                    predicate(g, mine.get(next));
                }
                if (op == h.opEnd(t)) {
                    break;
                }
                if (synthetic) {
                    continue; // written as the predicate read it stands for
                }
                real++;
                g.writeStartArray();
                g.writeString(h.isWrite(op) ? "w" : "r");
                int k = h.key(op);
                if (keys.isNumeric(k)) {
                    g.writeNumber(keys.number(k));
                } else {
                    g.writeString(keys.name(k));
                }
                value(g, h.value(op));
                if (h.isWrite(op) && h.replaced(op) >= 0) {
                    value(g, h.value(h.replaced(op)));
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.flush();
            out.write('\n');
        }
        g.flush();
    }

    private static void predicate(JsonGenerator g, PredicateRead pr) throws IOException {
        g.writeStartArray();
        g.writeString("p");
        g.writeString(pr.table());
        g.writeString(pr.predicate());
        g.writeStartArray();
        for (PredicateRead.Row row : pr.rows()) {
            g.writeStartArray();
            g.writeString(row.row());
            if (row.uncertain()) {
                g.writeStartArray();
                g.writeNumber(row.observed());
                g.writeNumber(row.observedMax());
                g.writeEndArray();
            } else {
                g.writeNumber(row.observed());
            }
            g.writeStartArray();
            for (PredicateRead.Change c : row.changes()) {
                g.writeStartArray();
                g.writeString(c.key());
                g.writeNumber(c.value());
                g.writeString(c.effect().word());
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndArray();
    }
}
