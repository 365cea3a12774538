package isocheck.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import isocheck.query.Analysis;
import isocheck.spec.EntailmentOrder;
import isocheck.weakest.AssignmentSearch;
import isocheck.weakest.BoundedResult;
import isocheck.weakest.ProofStatus;
import isocheck.weakest.SpecVerdict;
import isocheck.weakest.WeakestSpecs;
import isocheck.witness.Witness;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders {@code isocheck weakest} (per program, and {@code --per-transaction}) as text or JSON.
 */
public final class WeakestReport {

    private WeakestReport() {}

    /** What was searched, for the headers. */
    public record Subject(String program, List<String> specs, int bound) {}

    /**
     * How the generated hybrid compares with a given spec (e.g. the paper's hand-made Courseware
     * upgrade), by Z3 entailment over the program's types.
     */
    public record Comparison(
            String other,
            EntailmentOrder.Verdict generatedEntailsOther,
            EntailmentOrder.Verdict otherEntailsGenerated) {
        public String relation() {
            boolean ge = generatedEntailsOther == EntailmentOrder.Verdict.ENTAILS;
            boolean og = otherEntailsGenerated == EntailmentOrder.Verdict.ENTAILS;
            if (generatedEntailsOther == EntailmentOrder.Verdict.UNKNOWN
                    || otherEntailsGenerated == EntailmentOrder.Verdict.UNKNOWN) {
                return "unknown (an entailment check gave no answer)";
            }
            if (ge && og) return "equivalent to " + other;
            if (og) return "strictly weaker than " + other + " (" + other + " entails it)";
            if (ge) return "strictly stronger than " + other + " (it entails " + other + ")";
            return "incomparable with " + other;
        }
    }

    // ------------------------------------------------------------------ per program

    public static String text(Subject s, WeakestSpecs.Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.program())
                .append(": weakest anomaly-free spec among ")
                .append(String.join(", ", s.specs()))
                .append(" (dependency cycles of 2..")
                .append(s.bound())
                .append(" transactions)\n\n");
        int w = Math.max(4, r.rows().stream().mapToInt(v -> v.spec().length()).max().orElse(4));
        List<String> results = r.rows().stream().map(v -> result(v.bounded())).toList();
        int rw = Math.max(14, results.stream().mapToInt(String::length).max().orElse(14));
        sb.append(
                String.format(
                        "  %-" + w + "s  %-" + rw + "s  %7s  %7s  %s%n",
                        "spec",
                        "bounded result",
                        "queries",
                        "time",
                        "unbounded"));
        for (int i = 0; i < r.rows().size(); i++) {
            SpecVerdict v = r.rows().get(i);
            boolean asked = !(v.bounded() instanceof BoundedResult.EntailedBy);
            sb.append(
                    String.format(
                            "  %-" + w + "s  %-" + rw + "s  %7s  %7s  %s%n",
                            v.spec(),
                            results.get(i),
                            asked ? String.valueOf(v.queries().size()) : "-",
                            asked ? seconds(v.millis()) : "-",
                            v.proof() == null ? "-" : proof(v.proof())));
        }
        sb.append("\nOrder walked (computed by Z3, ")
                .append(r.order().checks().size())
                .append(" checks): ")
                .append(covers(r.order()))
                .append('\n');
        boolean anyAnomaly = false;
        for (SpecVerdict v : r.rows()) {
            if (v.bounded() instanceof BoundedResult.Anomaly a) {
                if (!anyAnomaly)
                    sb.append(
                            "\nWhat rules out the weaker specs (one shortest cycle each; `isocheck analyze PROGRAM --spec S` explains it):\n");
                anyAnomaly = true;
                sb.append("  ")
                        .append(v.spec())
                        .append(": ")
                        .append(a.witness().anomaly())
                        .append(": ")
                        .append(cycle(a.witness()))
                        .append('\n');
            }
        }
        sb.append('\n');
        switch (r.verdict()) {
            case ANSWERED -> {
                sb.append(
                        r.answer().size() == 1
                                ? "Weakest anomaly-free spec: "
                                : "Weakest anomaly-free specs (incomparable): ");
                sb.append(
                                r.answer().stream()
                                        .map(a -> a + " (" + proofOf(r, a) + ")")
                                        .collect(Collectors.joining(", ")))
                        .append('\n');
            }
            case NONE_ANOMALY_FREE ->
                    sb.append("No spec in the list is anomaly-free up to ")
                            .append(s.bound())
                            .append(".\n");
            case UNKNOWN -> {
                sb.append(
                        "Unknown: a query gave no answer, so a spec weaker than those found may be anomaly-free too.");
                if (!r.answer().isEmpty())
                    sb.append(" Anomaly-free so far: ")
                            .append(String.join(", ", r.answer()))
                            .append('.');
                sb.append('\n');
            }
        }
        long asked =
                r.rows().stream()
                        .filter(v -> !(v.bounded() instanceof BoundedResult.EntailedBy))
                        .count();
        sb.append(
                String.format(
                        "%d specs queried, %d skipped as entailed; %d bounded queries%s (proof queries: see the proof); total %s%n",
                        asked,
                        r.rows().size() - asked,
                        r.queries(),
                        notAsked(r.skipped(), "a weaker spec"),
                        seconds(r.millis())));
        return sb.toString();
    }

    public static String json(Subject s, WeakestSpecs.Result r) {
        ObjectNode root = JsonOutput.MAPPER.createObjectNode();
        root.put("program", s.program());
        root.put("bound", s.bound());
        root.put("verdict", r.verdict().name().toLowerCase(Locale.ROOT));
        ArrayNode answer = root.putArray("answer");
        r.answer().forEach(answer::add);
        ArrayNode rows = root.putArray("specs");
        for (SpecVerdict v : r.rows()) {
            ObjectNode n = rows.addObject();
            n.put("spec", v.spec());
            bounded(n, v.bounded());
            queries(n.putArray("queries"), v.queries());
            n.put("millis", v.millis());
            if (v.proof() != null) proof(n.putObject("proof"), v.proof());
        }
        ArrayNode order = root.putArray("order");
        for (EntailmentOrder.Cover c : r.order().hasse())
            order.addObject()
                    .put("weaker", String.join("=", c.weaker()))
                    .put("stronger", String.join("=", c.stronger()));
        root.put("queries", r.queries());
        root.put("queries_not_asked", r.skipped());
        root.put("total_millis", r.millis());
        return write(root);
    }

    // ------------------------------------------------------------------ per transaction

    public static String text(
            Subject s, AssignmentSearch.Result r, List<Comparison> comparisons, String specOut) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.program())
                .append(": a level per transaction type among ")
                .append(String.join(", ", s.specs()))
                .append(" (dependency cycles of 2..")
                .append(s.bound())
                .append(" transactions)\n");
        sb.append("Per-type level order (computed by Z3): ")
                .append(covers(r.order().entailment()).replace("weakest-level-", ""))
                .append("; strength of a level = levels strictly below it\n\n");
        sb.append(
                "Assignments queried, in order of total strength (anomaly-guided: after a cycle, upgrade one type on it;\n"
                        + "the others tried allowed an earlier cycle, see --format json):\n");
        int i = 0;
        for (AssignmentSearch.Attempt a : r.attempts()) {
            ++i;
            if (a.reusedFrom() > 0)
                continue; // answered by an earlier cycle: counted below, listed in JSON
            sb.append(
                    String.format(
                            "  %3d  strength %2d  %s%n       -> %s (%d queries, %s)%n",
                            i,
                            a.strength(),
                            a.assignment(),
                            a.bounded() instanceof BoundedResult.Anomaly an
                                    ? result(a.bounded()) + ": " + cycle(an.witness())
                                    : result(a.bounded()),
                            a.queries().size(),
                            seconds(a.millis())));
        }
        sb.append('\n');
        switch (r.verdict()) {
            case FOUND -> {
                sb.append(
                                r.solutions().size() == 1
                                        ? "Answer"
                                        : "Answers (" + r.solutions().size() + ", equally strong)")
                        .append(": least total strength ")
                        .append(r.solutions().get(0).strength())
                        .append('\n');
                for (AssignmentSearch.Solution sol : r.solutions()) {
                    sb.append("  ").append(sol.assignment()).append('\n');
                    sb.append("  ").append(proof(sol.proof())).append('\n');
                    sb.append("  spec ").append(sol.spec().name());
                    sb.append(
                                    specOut != null && sol == r.solutions().get(0)
                                            ? " (written to " + specOut + ")"
                                            : "")
                            .append(":\n");
                    for (String line : sol.spec().text().split("\n"))
                        sb.append("    ").append(line).append('\n');
                }
                for (Comparison c : comparisons) {
                    sb.append("  Compared with ")
                            .append(c.other())
                            .append(" (Z3, over the program's types): ")
                            .append(r.solutions().get(0).spec().name())
                            .append(" is ")
                            .append(c.relation())
                            .append('\n');
                }
            }
            case NONE_ANOMALY_FREE ->
                    sb.append("No assignment of these levels is anomaly-free up to ")
                            .append(s.bound())
                            .append(": the last cycle's types are all at the strongest level.\n");
            case UNKNOWN -> sb.append("Unknown: ").append(r.unknownReason()).append(".\n");
        }
        long queried = r.attempts().stream().filter(a -> a.reusedFrom() == 0).count();
        sb.append(
                String.format(
                        "%d assignments tried (%d queried, %d allowed an earlier cycle); %d bounded queries%s; total %s%n",
                        r.attempts().size(),
                        queried,
                        r.attempts().size() - queried,
                        r.queries(),
                        notAsked(r.skipped(), "a weaker assignment"),
                        seconds(r.millis())));
        return sb.toString();
    }

    /** The queries a search did not ask because they were unsatisfiable under a weaker spec. */
    private static String notAsked(int skipped, String weaker) {
        return skipped == 0
                ? ""
                : String.format(" (%d more not asked: unsatisfiable under %s)", skipped, weaker);
    }

    public static String json(
            Subject s, AssignmentSearch.Result r, List<Comparison> comparisons, String specOut) {
        ObjectNode root = JsonOutput.MAPPER.createObjectNode();
        root.put("program", s.program());
        root.put("bound", s.bound());
        root.put("verdict", r.verdict().name().toLowerCase(Locale.ROOT));
        ArrayNode levels = root.putArray("levels");
        r.order()
                .levels()
                .forEach(
                        l -> levels.addObject().put("level", l).put("strength", r.order().rank(l)));
        ArrayNode attempts = root.putArray("assignments_tried");
        for (AssignmentSearch.Attempt a : r.attempts()) {
            ObjectNode n = attempts.addObject();
            ObjectNode as = n.putObject("assignment");
            a.assignment().levels().forEach(as::put);
            n.put("strength", a.strength());
            if (a.reusedFrom() > 0) n.put("cycle_of_assignment", a.reusedFrom());
            bounded(n, a.bounded());
            queries(n.putArray("queries"), a.queries());
            n.put("millis", a.millis());
        }
        ArrayNode sols = root.putArray("solutions");
        for (AssignmentSearch.Solution sol : r.solutions()) {
            ObjectNode n = sols.addObject();
            ObjectNode as = n.putObject("assignment");
            sol.assignment().levels().forEach(as::put);
            n.put("strength", sol.strength());
            n.put("spec_name", sol.spec().name());
            n.put("spec", sol.spec().text());
            proof(n.putObject("proof"), sol.proof());
        }
        if (specOut != null) root.put("spec_out", specOut);
        ArrayNode cmp = root.putArray("comparisons");
        for (Comparison c : comparisons)
            cmp.addObject().put("with", c.other()).put("relation", c.relation());
        if (r.unknownReason() != null) root.put("unknown_reason", r.unknownReason());
        root.put("queries", r.queries());
        root.put("queries_not_asked", r.skipped());
        root.put("total_millis", r.millis());
        return write(root);
    }

    // ------------------------------------------------------------------ pieces

    static String result(BoundedResult b) {
        if (b instanceof BoundedResult.Anomaly a)
            return a.witness().anomaly() + ", cycle length " + a.witness().k();
        if (b instanceof BoundedResult.NoneUpTo n) return "no cycle up to " + n.bound();
        if (b instanceof BoundedResult.EntailedBy e)
            return "anomaly-free (entailed by " + e.weaker() + ")";
        return "unknown (" + ((BoundedResult.Unknown) b).reason() + ")";
    }

    /** {@code T1 Payment -ww warehouse.w_ytd-> T2 Payment -rw warehouse.w_ytd-> T1}. */
    static String cycle(Witness w) {
        StringBuilder sb = new StringBuilder();
        for (Witness.Edge e : w.edges()) {
            Witness.Txn from = w.txns().get(e.from());
            sb.append(from.id())
                    .append(' ')
                    .append(from.type())
                    .append(" -")
                    .append(e.kind().lower())
                    .append(' ')
                    .append(e.table())
                    .append('.')
                    .append(e.field())
                    .append("-> ");
        }
        return sb.append(w.txns().get(w.edges().get(w.edges().size() - 1).to()).id()).toString();
    }

    static String proof(ProofStatus p) {
        return p.describe();
    }

    /**
     * The answer in a database's own words (docs/postgresql-levels.md §4): one line {@code Weakest
     * isolation level on DB: LEVEL}, then the proof status of that level and the witness that rules
     * out each weaker level. {@code levels} maps each level, weakest first, to its spec.
     */
    public static String databaseSummary(
            String db, List<Map.Entry<String, String>> levels, WeakestSpecs.Result r) {
        StringBuilder sb = new StringBuilder("\n");
        String answer = null;
        for (Map.Entry<String, String> e : levels) {
            if (r.answer().contains(e.getValue())) {
                answer = e.getKey();
                sb.append("Weakest isolation level on ")
                        .append(db)
                        .append(": ")
                        .append(e.getKey())
                        .append('\n');
                sb.append("  proof: ").append(proofOf(r, e.getValue())).append('\n');
                break;
            }
        }
        if (answer == null) {
            sb.append(
                    r.verdict() == WeakestSpecs.Verdict.UNKNOWN
                            ? "Weakest isolation level on "
                                    + db
                                    + ": unknown (a query gave no answer)\n"
                            : "No isolation level of " + db + " is anomaly-free up to the bound\n");
        }
        for (Map.Entry<String, String> e : levels) {
            if (e.getKey().equals(answer)) break;
            r.rows().stream()
                    .filter(v -> v.spec().equals(e.getValue()))
                    .findFirst()
                    .ifPresent(
                            v -> {
                                if (v.bounded() instanceof BoundedResult.Anomaly a) {
                                    sb.append("  ruled out ")
                                            .append(e.getKey())
                                            .append(": ")
                                            .append(a.witness().anomaly())
                                            .append(": ")
                                            .append(cycle(a.witness()))
                                            .append("  (isocheck analyze PROGRAM --db ")
                                            .append(db)
                                            .append(" --level ")
                                            .append(e.getKey())
                                            .append(")\n");
                                } else {
                                    sb.append("  ")
                                            .append(e.getKey())
                                            .append(": ")
                                            .append(result(v.bounded()))
                                            .append('\n');
                                }
                            });
        }
        return sb.toString();
    }

    private static String proofOf(WeakestSpecs.Result r, String spec) {
        return r.rows().stream()
                .filter(v -> v.spec().equals(spec))
                .findFirst()
                .map(v -> v.proof() == null ? "-" : proof(v.proof()))
                .orElse("-");
    }

    static String covers(EntailmentOrder order) {
        String s =
                order.hasse().stream()
                        .map(
                                c ->
                                        String.join("=", c.weaker())
                                                + " < "
                                                + String.join("=", c.stronger()))
                        .collect(Collectors.joining(", "));
        return s.isEmpty() ? "no entailments" : s;
    }

    private static void bounded(ObjectNode n, BoundedResult b) {
        if (b instanceof BoundedResult.Anomaly a) {
            n.put("result", "anomaly");
            n.set("anomaly", AnalysisReport.witness(a.witness()));
        } else if (b instanceof BoundedResult.NoneUpTo u) {
            n.put("result", "none");
            n.put("up_to", u.bound());
        } else if (b instanceof BoundedResult.EntailedBy e) {
            n.put("result", "entailed");
            n.put("entailed_by", e.weaker());
        } else {
            BoundedResult.Unknown u = (BoundedResult.Unknown) b;
            n.put("result", "unknown");
            n.put("query", u.query());
            n.put("reason", u.reason());
        }
    }

    private static void queries(ArrayNode arr, List<Analysis.Query> qs) {
        for (Analysis.Query q : qs)
            arr.addObject()
                    .put("name", q.name())
                    .put("k", q.k())
                    .put("result", q.result())
                    .put("millis", q.millis());
    }

    private static void proof(ObjectNode n, ProofStatus p) {
        n.put("proved", p.proved());
        n.put(
                "status",
                p instanceof ProofStatus.Proved
                        ? "proved"
                        : p instanceof ProofStatus.Inherited
                                ? "inherited"
                                : p instanceof ProofStatus.NotProved
                                        ? "not_proved"
                                        : "not_attempted");
        n.put("text", p.describe());
    }

    private static String seconds(long millis) {
        return String.format("%.1f s", millis / 1000.0);
    }

    private static String write(ObjectNode n) {
        try {
            return JsonOutput.MAPPER.writeValueAsString(n) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
