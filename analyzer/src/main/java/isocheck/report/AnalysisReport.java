package isocheck.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import isocheck.program.SourcePos;
import isocheck.query.Analysis;
import isocheck.witness.Witness;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Renders the outcome of {@code isocheck analyze} as text, JSON, DOT or SARIF 2.1.0. */
public final class AnalysisReport {

    private AnalysisReport() {}

    /** What was analysed, for the headers. */
    public record Subject(String program, String spec, int bound) {}

    // ------------------------------------------------------------------ text

    public static String text(Subject s, Analysis.Outcome o) {
        StringBuilder sb = new StringBuilder();
        switch (o.verdict()) {
            case FOUND ->
                    sb.append(s.program())
                            .append(" under ")
                            .append(s.spec())
                            .append(": ")
                            .append(
                                    o.anomalies().size() == 1
                                            ? "1 serializability violation"
                                            : o.anomalies().size() + " serializability violations")
                            .append(", cycle length ")
                            .append(o.anomalies().get(0).k())
                            .append("\n");
            case NONE ->
                    sb.append(s.program())
                            .append(" under ")
                            .append(s.spec())
                            .append(
                                    ": no serializability violation with a dependency cycle of length <= ")
                            .append(s.bound())
                            .append("\n");
            case UNKNOWN ->
                    sb.append(s.program())
                            .append(" under ")
                            .append(s.spec())
                            .append(": unknown: the query '")
                            .append(o.unknownQuery())
                            .append("' gave no answer (")
                            .append(o.unknownReason())
                            .append(")\n");
        }
        int n = 0;
        for (Witness w : o.anomalies()) {
            // the checker's words for the same cycle: common name, then Adya's phenomenon
            // (a name that counts its transactions, "write skew (3 transactions)", is not told the
            // count twice)
            String size =
                    w.anomaly().endsWith(" transactions)") ? "" : ", " + w.k() + " transactions";
            sb.append("\nAnomaly ")
                    .append(++n)
                    .append(": ")
                    .append(w.anomaly())
                    .append(" (Adya ")
                    .append(w.adya())
                    .append(size)
                    .append(")\n");
            appendWitness(sb, w);
        }
        sb.append("\n")
                .append(o.queries().size())
                .append(o.queries().size() == 1 ? " query" : " queries")
                .append(": ");
        // per cycle length: how many queries answered what (one per type sequence, or one over all
        // types)
        java.util.Map<Integer, java.util.Map<String, Integer>> answers =
                new java.util.LinkedHashMap<>();
        java.util.Map<Integer, Long> millis = new java.util.LinkedHashMap<>();
        for (Analysis.Query q : o.queries()) {
            answers.computeIfAbsent(q.k(), k -> new java.util.LinkedHashMap<>())
                    .merge(q.result(), 1, Integer::sum);
            millis.merge(q.k(), q.millis(), Long::sum);
        }
        sb.append(
                answers.entrySet().stream()
                        .map(
                                e ->
                                        "k="
                                                + e.getKey()
                                                + ": "
                                                + e.getValue().entrySet().stream()
                                                        .map(r -> r.getValue() + " " + r.getKey())
                                                        .collect(Collectors.joining(", "))
                                                + ", "
                                                + millis.get(e.getKey())
                                                + " ms")
                        .collect(Collectors.joining("; ")));
        sb.append("; solver ")
                .append(o.solverMillis())
                .append(" ms, total ")
                .append(o.millis())
                .append(" ms\n");
        return sb.toString();
    }

    /**
     * A witness's transactions with their parameters, its edges with item and statements, the ar
     * order and visibility, and its explanation, each line indented by two spaces (also used for
     * the paths of {@code isocheck verify}).
     */
    public static void appendWitness(StringBuilder sb, Witness w) {
        for (Witness.Txn t : w.txns()) {
            sb.append("  ").append(t.id()).append(" = ").append(call(t)).append("\n");
        }
        for (Witness.Edge e : w.edges()) {
            sb.append("  ")
                    .append(w.txns().get(e.from()).id())
                    .append(" -")
                    .append(e.kind().lower())
                    .append("-> ")
                    .append(w.txns().get(e.to()).id())
                    .append("  ")
                    .append(e.item())
                    .append("  ")
                    .append(stmt(e.fromStatement()))
                    .append(" -> ")
                    .append(stmt(e.toStatement()))
                    .append("\n");
        }
        for (String line : w.sightLines()) sb.append("  ").append(line).append("\n");
        sb.append("  ar: ")
                .append(
                        w.arOrder().stream()
                                .map(i -> w.txns().get(i).id())
                                .collect(Collectors.joining(" < ")))
                .append(";  vis: ")
                .append(
                        w.vis().isEmpty()
                                ? "none"
                                : w.vis().stream()
                                        .map(
                                                p ->
                                                        w.txns().get(p[0]).id()
                                                                + "->"
                                                                + w.txns().get(p[1]).id())
                                        .collect(Collectors.joining(", ")))
                .append("\n");
        for (String line : w.explanation()) sb.append("  ").append(line).append("\n");
        String alone = w.alone().note(w.k());
        if (alone != null) sb.append("  ").append(alone).append("\n");
    }

    private static String call(Witness.Txn t) {
        return t.type()
                + "("
                + t.parameters().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "))
                + ")";
    }

    private static String stmt(Witness.Statement s) {
        return s.txnType() + "." + s.id() + " " + s.kind() + " (" + s.pos().fileLine() + ")";
    }

    // ------------------------------------------------------------------ JSON

    public static String json(Subject s, Analysis.Outcome o) {
        ObjectNode root = JsonOutput.MAPPER.createObjectNode();
        root.put("program", s.program());
        root.put("spec", s.spec());
        root.put("bound", s.bound());
        root.put("verdict", o.verdict().name().toLowerCase(Locale.ROOT));
        ArrayNode anomalies = root.putArray("anomalies");
        for (Witness w : o.anomalies()) anomalies.add(witness(w));
        ArrayNode queries = root.putArray("queries");
        for (Analysis.Query q : o.queries()) {
            ObjectNode qn = queries.addObject();
            qn.put("name", q.name());
            qn.put("k", q.k());
            qn.put("result", q.result());
            qn.put("millis", q.millis());
            if (q.smtFile() != null) qn.put("smt", q.smtFile().toString());
        }
        root.put("solver_millis", o.solverMillis());
        root.put("total_millis", o.millis());
        if (o.unknownQuery() != null) {
            ObjectNode u = root.putObject("unknown");
            u.put("query", o.unknownQuery());
            u.put("reason", o.unknownReason());
        }
        return write(root);
    }

    /** A witness as JSON (also used for the paths of {@code isocheck verify}). */
    public static ObjectNode witness(Witness w) {
        ObjectNode n = JsonOutput.MAPPER.createObjectNode();
        n.put("anomaly", w.anomaly());
        n.put("adya", w.adya());
        n.put("k", w.k());
        n.put("signature", w.signature());
        ArrayNode txns = n.putArray("transactions");
        for (Witness.Txn t : w.txns()) {
            ObjectNode tn = txns.addObject();
            tn.put("id", t.id());
            tn.put("type", t.type());
            ObjectNode ps = tn.putObject("parameters");
            t.parameters().forEach(ps::put);
        }
        ArrayNode edges = n.putArray("edges");
        for (Witness.Edge e : w.edges()) {
            ObjectNode en = edges.addObject();
            en.put("from", w.txns().get(e.from()).id());
            en.put("to", w.txns().get(e.to()).id());
            en.put("kind", e.kind().lower());
            en.put("table", e.table());
            ObjectNode key = en.putObject("key");
            e.key().forEach(key::put);
            en.put("field", e.field());
            en.set("from_statement", statement(e.fromStatement()));
            en.set("to_statement", statement(e.toStatement()));
        }
        if (!w.sights().isEmpty()) {
            ArrayNode sights = n.putArray("sights");
            for (Witness.Sight x : w.sights()) {
                ObjectNode sn = sights.addObject();
                sn.put("transaction", w.txns().get(x.txn()).id());
                sn.set("statement", statement(x.statement()));
                sn.put(x.sees() ? "sees" : "does_not_see", w.txns().get(x.other()).id());
            }
        }
        ArrayNode vis = n.putArray("vis");
        for (int[] p : w.vis())
            vis.addArray().add(w.txns().get(p[0]).id()).add(w.txns().get(p[1]).id());
        ArrayNode ar = n.putArray("ar");
        for (int i : w.arOrder()) ar.add(w.txns().get(i).id());
        ArrayNode ex = n.putArray("explanation");
        w.explanation().forEach(ex::add);
        if (w.alone() != isocheck.witness.AloneExecution.NOT_ASKED)
            n.put("alone", w.alone().name().toLowerCase(java.util.Locale.ROOT));
        return n;
    }

    private static ObjectNode statement(Witness.Statement s) {
        ObjectNode n = JsonOutput.MAPPER.createObjectNode();
        n.put("transaction", s.txnType());
        n.put("id", s.id());
        n.put("kind", s.kind());
        n.put("file", s.pos().file());
        n.put("line", s.pos().line());
        n.put("column", s.pos().column());
        n.put("sql", s.sql());
        return n;
    }

    private static String write(ObjectNode n) {
        try {
            return JsonOutput.MAPPER.writeValueAsString(n) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------ DOT

    public static String dot(Subject s, Analysis.Outcome o) {
        StringBuilder sb =
                new StringBuilder(
                        "digraph isocheck {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n");
        sb.append("  label=")
                .append(
                        quote(
                                s.program()
                                        + " under "
                                        + s.spec()
                                        + ": "
                                        + o.verdict().name().toLowerCase(Locale.ROOT)))
                .append(";\n");
        int n = 0;
        for (Witness w : o.anomalies()) {
            n++;
            sb.append("  subgraph cluster_")
                    .append(n)
                    .append(" {\n    label=")
                    .append(quote("Anomaly " + n + ": " + w.anomaly()))
                    .append(";\n");
            for (Witness.Txn t : w.txns()) {
                sb.append("    a")
                        .append(n)
                        .append(t.id())
                        .append(" [label=")
                        .append(quote(t.id() + "\\n" + call(t)))
                        .append("];\n");
            }
            for (Witness.Edge e : w.edges()) {
                String style =
                        switch (e.kind()) {
                            case WR -> "solid";
                            case WW -> "bold";
                            case RW -> "dashed";
                        };
                sb.append("    a")
                        .append(n)
                        .append(w.txns().get(e.from()).id())
                        .append(" -> a")
                        .append(n)
                        .append(w.txns().get(e.to()).id())
                        .append(" [style=")
                        .append(style)
                        .append(", label=")
                        .append(
                                quote(
                                        e.kind().lower()
                                                + " "
                                                + e.item()
                                                + "\\n"
                                                + e.fromStatement().id()
                                                + " -> "
                                                + e.toStatement().id()))
                        .append("];\n");
            }
            sb.append("  }\n");
        }
        return sb.append("}\n").toString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\\\\n", "\\n").replace("\"", "\\\"") + "\"";
    }

    // ------------------------------------------------------------------ SARIF 2.1.0

    /**
     * One SARIF result per anomaly, located at the statement of its first edge, the others related.
     */
    public static String sarif(Subject s, Analysis.Outcome o, String version) {
        ObjectNode root = JsonOutput.MAPPER.createObjectNode();
        root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        root.put("version", "2.1.0");
        ObjectNode run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "isocheck");
        driver.put("version", version);
        driver.put("informationUri", "https://example.invalid/isocheck");
        ArrayNode rules = driver.putArray("rules");
        ArrayNode results = run.putArray("results");
        List<String> ruleIds = new java.util.ArrayList<>();
        for (Witness w : o.anomalies()) {
            String ruleId =
                    "serializability/"
                            + w.anomaly()
                                    .replaceAll("[^A-Za-z0-9]+", "-")
                                    .replaceAll("-$", "")
                                    .toLowerCase(Locale.ROOT);
            if (!ruleIds.contains(ruleId)) {
                ruleIds.add(ruleId);
                ObjectNode rule = rules.addObject();
                rule.put("id", ruleId);
                rule.putObject("shortDescription")
                        .put("text", "Serializability violation: " + w.anomaly());
                rule.putObject("fullDescription")
                        .put(
                                "text",
                                "A dependency cycle that the consistency spec allows: "
                                        + "no serial order of the transactions explains the execution.");
            }
            ObjectNode r = results.addObject();
            r.put("ruleId", ruleId);
            r.put("ruleIndex", ruleIds.indexOf(ruleId));
            r.put("level", "error");
            r.putObject("message")
                    .put(
                            "text",
                            w.anomaly()
                                    + " under "
                                    + s.spec()
                                    + ": "
                                    + String.join(" ", w.explanation()));
            location(r.putArray("locations").addObject(), w.edges().get(0).fromStatement(), null);
            ArrayNode related = r.putArray("relatedLocations");
            int id = 0;
            for (Witness.Edge e : w.edges()) {
                String a = w.txns().get(e.from()).id();
                String b = w.txns().get(e.to()).id();
                location(
                        related.addObject().put("id", id++),
                        e.fromStatement(),
                        a
                                + " -"
                                + e.kind().lower()
                                + "-> "
                                + b
                                + " on "
                                + e.item()
                                + ": "
                                + a
                                + "'s statement");
                location(
                        related.addObject().put("id", id++),
                        e.toStatement(),
                        a
                                + " -"
                                + e.kind().lower()
                                + "-> "
                                + b
                                + " on "
                                + e.item()
                                + ": "
                                + b
                                + "'s statement");
            }
            r.putObject("partialFingerprints").put("isocheckSignature/v1", w.signature());
        }
        return write(root);
    }

    private static void location(ObjectNode loc, Witness.Statement st, String message) {
        SourcePos p = st.pos();
        ObjectNode phys = loc.putObject("physicalLocation");
        phys.putObject("artifactLocation").put("uri", p.file());
        ObjectNode region = phys.putObject("region");
        region.put("startLine", p.line());
        region.put("startColumn", p.column());
        if (message != null) loc.putObject("message").put("text", message);
    }
}
