package isocheck.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import isocheck.query.ProofOutcome;
import java.util.Locale;

/** Renders the outcome of {@code isocheck verify} (a proof certificate) as text or JSON. */
public final class ProofReport {

    private ProofReport() {}

    /** What was verified, for the headers. */
    public record Subject(String program, String spec, String method, int maxLength) {}

    public static String text(Subject s, ProofOutcome o) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.program())
                .append(" under ")
                .append(s.spec())
                .append(": ")
                .append(
                        switch (o.verdict()) {
                            case PROVED ->
                                    "PROVED serializable for every execution, by "
                                            + o.provedBy().label();
                            case ANOMALY ->
                                    "ANOMALY found: "
                                            + o.anomaly().anomaly()
                                            + " (cycle of "
                                            + o.anomaly().k()
                                            + ")";
                            case NOT_PROVED -> "NOT PROVED (no anomaly found either)";
                            case UNKNOWN -> "UNKNOWN";
                        })
                .append("\n  ")
                .append(o.reason())
                .append("\n");
        sb.append("\nCertificate (method ")
                .append(s.method())
                .append(", ")
                .append(o.queries())
                .append(" queries):\n");
        int n = 0;
        for (ProofOutcome.Step st : o.steps()) {
            String what =
                    st.role().label()
                            + (st.k() > 0 ? " k=" + st.k() : "")
                            + (st.subset().isEmpty()
                                    ? ""
                                    : " T'={" + String.join(", ", st.subset()) + "}")
                            + (st.types().isEmpty()
                                    ? ""
                                    : " [" + String.join(" ", st.types()) + "]");
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  %2d  %-40s %-7s %7d ms",
                            ++n,
                            what,
                            st.result(),
                            st.millis()));
            if (st.smtFile() != null) sb.append("  ").append(st.smtFile());
            sb.append("\n      ").append(st.description());
            if (st.attempt())
                sb.append(" [attempt: k=").append(st.k()).append(" is decided by another query]");
            if (o.verdict() == ProofOutcome.Verdict.PROVED && st.method() != o.provedBy()) {
                sb.append(" [")
                        .append(st.method().label())
                        .append(" attempt: not part of the proof]");
            }
            sb.append("\n");
        }
        if (!o.rounds().isEmpty()
                || o.verdict() == ProofOutcome.Verdict.PROVED
                        && o.provedBy() != null
                        && o.provedBy().name().equals("INDUCTIVE")) {
            sb.append("\nInductive rounds:");
            int r = 0;
            for (var t : o.rounds())
                sb.append(" ")
                        .append(++r)
                        .append(". T' = {")
                        .append(String.join(", ", t))
                        .append("}");
            if (o.verdict() == ProofOutcome.Verdict.PROVED)
                sb.append("; remaining: {").append(String.join(", ", o.remainder())).append("}");
            sb.append("\n");
        }
        if (o.anomaly() != null) {
            sb.append("\nAnomaly: ")
                    .append(o.anomaly().anomaly())
                    .append(" (")
                    .append(o.anomaly().k())
                    .append(" transactions)\n");
            AnalysisReport.appendWitness(sb, o.anomaly());
        }
        if (o.longestPath() != null) {
            sb.append("\nLongest chordless path found (")
                    .append(o.longestPath().k())
                    .append(" edges; each length up to it has one):\n");
            AnalysisReport.appendWitness(sb, o.longestPath());
        }
        if (o.verdict() == ProofOutcome.Verdict.NOT_PROVED) {
            o.steps().stream()
                    .filter(st -> st.role() == ProofOutcome.Role.INDUCTIVE_TWO_STEP && st.sat())
                    .findFirst()
                    .ifPresent(
                            st -> {
                                sb.append(
                                        "\nInductive counterexample (condition 2 of Lemma 11):\n");
                                AnalysisReport.appendWitness(sb, st.witness());
                            });
        }
        sb.append("\n")
                .append(o.queries())
                .append(" queries; solver ")
                .append(o.solverMillis())
                .append(" ms, total ")
                .append(o.millis())
                .append(" ms\n");
        return sb.toString();
    }

    public static String json(Subject s, ProofOutcome o) {
        ObjectNode root = JsonOutput.MAPPER.createObjectNode();
        root.put("program", s.program());
        root.put("spec", s.spec());
        root.put("method", s.method());
        root.put("max_length", s.maxLength());
        root.put("verdict", o.verdict().name().toLowerCase(Locale.ROOT));
        if (o.provedBy() != null) root.put("proved_by", o.provedBy().label());
        root.put("reason", o.reason());
        ArrayNode steps = root.putArray("steps");
        for (ProofOutcome.Step st : o.steps()) {
            ObjectNode n = steps.addObject();
            n.put("method", st.method().label());
            n.put("role", st.role().label());
            if (st.k() > 0) n.put("k", st.k());
            if (!st.subset().isEmpty()) st.subset().forEach(n.putArray("subset")::add);
            if (!st.types().isEmpty()) st.types().forEach(n.putArray("types")::add);
            st.among().forEach(n.putArray("among")::add);
            n.put("result", st.result());
            n.put("millis", st.millis());
            if (st.smtFile() != null) n.put("smt", st.smtFile().toString());
            n.put("description", st.description());
            if (st.attempt()) n.put("attempt", true);
            if (o.verdict() == ProofOutcome.Verdict.PROVED)
                n.put("part_of_proof", st.method() == o.provedBy() && !st.attempt());
            if (st.witness() != null) n.set("witness", AnalysisReport.witness(st.witness()));
        }
        ArrayNode rounds = root.putArray("rounds");
        for (var t : o.rounds()) t.forEach(rounds.addArray()::add);
        o.remainder().forEach(root.putArray("remainder")::add);
        if (o.anomaly() != null) root.set("anomaly", AnalysisReport.witness(o.anomaly()));
        if (o.longestPath() != null)
            root.set("longest_chordless_path", AnalysisReport.witness(o.longestPath()));
        root.put("queries", o.queries());
        root.put("solver_millis", o.solverMillis());
        root.put("total_millis", o.millis());
        try {
            return JsonOutput.MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
