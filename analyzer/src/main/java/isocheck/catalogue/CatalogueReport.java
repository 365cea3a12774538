package isocheck.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a {@link Catalogue}: a table per database (levels × anomalies) as text or Markdown, or
 * every cell as JSON.
 */
public final class CatalogueReport {
    private CatalogueReport() {}

    /** The table's abbreviation of a cell (the legend says what each means). */
    static String abbreviation(Cell c) {
        if (c.outcome() != Cell.Outcome.ABORTED) {
            return c.outcome().label();
        }
        return "aborts "
                + switch (c.how()) {
                    case "serialization failure" -> "SF";
                    case "deadlock" -> "DL";
                    case "concurrent update" -> "CU";
                    case "constraint violation" -> "CV";
                    default -> c.how();
                };
    }

    static final String LEGEND =
            "admits: the recorded history shows the anomaly (it violates the anomaly's checker level); "
                    + "prevents: everything committed as scheduled and the reads did not see it; "
                    + "aborts SF/DL/CU: the database aborted a transaction (serialization failure, deadlock, H2's concurrent update); "
                    + "blocks: a step waited for a row lock, so the schedule could not run as written (the waiter went on once the "
                    + "holder ended, or the "
                    + CatalogueDatabase.LOCK_TIMEOUT_MS
                    + " ms lock timeout aborted it) and the anomaly did not show; "
                    + "?: undecided.";

    public static String text(Catalogue cat) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<String>> db : cat.levels().entrySet()) {
            List<String> header = new ArrayList<>();
            header.add(db.getKey());
            cat.anomalies().forEach(a -> header.add(a.id()));
            List<List<String>> rows = new ArrayList<>();
            rows.add(header);
            for (String level : db.getValue()) {
                List<String> row = new ArrayList<>();
                row.add(level);
                for (Anomaly a : cat.anomalies()) {
                    row.add(abbreviation(cat.cell(db.getKey(), level, a.id())));
                }
                rows.add(row);
            }
            int[] w = new int[header.size()];
            for (List<String> r : rows) {
                for (int i = 0; i < r.size(); i++) {
                    w[i] = Math.max(w[i], r.get(i).length());
                }
            }
            for (List<String> r : rows) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < r.size(); i++) {
                    line.append(i == 0 ? "" : "  ")
                            .append(String.format("%-" + w[i] + "s", r.get(i)));
                }
                sb.append(line.toString().stripTrailing()).append('\n');
            }
            sb.append('\n');
        }
        sb.append(comparisonText(cat, false));
        sb.append(wrap(LEGEND, 100));
        return sb.toString();
    }

    public static String markdown(Catalogue cat) {
        StringBuilder sb = new StringBuilder();
        sb.append("| database | level |");
        cat.anomalies().forEach(a -> sb.append(' ').append(a.id()).append(" |"));
        sb.append("\n|:--|:--|");
        cat.anomalies().forEach(a -> sb.append(":--:|"));
        sb.append('\n');
        for (Map.Entry<String, List<String>> db : cat.levels().entrySet()) {
            boolean first = true;
            for (String level : db.getValue()) {
                sb.append("| ")
                        .append(first ? db.getKey() : "")
                        .append(" | ")
                        .append(level)
                        .append(" |");
                first = false;
                for (Anomaly a : cat.anomalies()) {
                    sb.append(' ')
                            .append(abbreviation(cat.cell(db.getKey(), level, a.id())))
                            .append(" |");
                }
                sb.append('\n');
            }
        }
        sb.append('\n').append(comparisonText(cat, true)).append(LEGEND).append('\n');
        return sb.toString();
    }

    /** The comparison with Hermitage: counts, then every disagreement with its explanation. */
    private static String comparisonText(Catalogue cat, boolean markdown) {
        if (cat.comparisons().isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        long agree = cat.comparisons().stream().filter(Hermitage.Comparison::agrees).count();
        List<String> dbms =
                cat.comparisons().stream().map(Hermitage.Comparison::dbms).distinct().toList();
        sb.append("Hermitage (")
                .append(String.join(", ", dbms))
                .append("): ")
                .append(cat.comparisons().size())
                .append(" cells compared, ")
                .append(agree)
                .append(" agree, ")
                .append(cat.comparisons().size() - agree)
                .append(" differ\n");
        for (Hermitage.Comparison c : cat.comparisons()) {
            if (c.agrees()) {
                continue;
            }
            String line =
                    c.cell().database()
                            + " "
                            + c.cell().level()
                            + " "
                            + c.cell().anomaly().id()
                            + ": Hermitage "
                            + c.hermitage()
                            + ", here "
                            + abbreviation(c.cell())
                            + " — "
                            + (c.explanation() == null
                                    ? "UNEXPLAINED (" + c.cell().evidence() + ")"
                                    : c.explanation());
            sb.append(markdown ? "- " + line + "\n" : wrap("  " + line, 100));
        }
        sb.append('\n');
        return sb.toString();
    }

    public static String json(Catalogue cat) {
        StringBuilder sb = new StringBuilder("{\n  \"anomalies\": [");
        for (int i = 0; i < cat.anomalies().size(); i++) {
            Anomaly a = cat.anomalies().get(i);
            sb.append(i == 0 ? "\n" : ",\n")
                    .append("    {\"id\": ")
                    .append(q(a.id()))
                    .append(", \"description\": ")
                    .append(q(a.description()))
                    .append(", \"level\": ")
                    .append(q(a.forbiddenBy().id()))
                    .append(", \"schedule\": ")
                    .append(q(a.scheduleResource()))
                    .append('}');
        }
        sb.append("\n  ],\n  \"cells\": [");
        for (int i = 0; i < cat.cells().size(); i++) {
            Cell c = cat.cells().get(i);
            String hermitage = null;
            String explanation = null;
            for (Hermitage.Comparison h : cat.comparisons()) {
                if (h.cell() == c) {
                    hermitage = h.hermitage();
                    explanation = h.explanation();
                }
            }
            sb.append(i == 0 ? "\n" : ",\n")
                    .append("    {\"database\": ")
                    .append(q(c.database()))
                    .append(", \"level\": ")
                    .append(q(c.level()))
                    .append(", \"anomaly\": ")
                    .append(q(c.anomaly().id()))
                    .append(", \"outcome\": ")
                    .append(q(c.outcome().name().toLowerCase(Locale.ROOT)))
                    .append(", \"how\": ")
                    .append(q(c.how()))
                    .append(", \"evidence\": ")
                    .append(q(c.evidence()))
                    .append(", \"violates\": ")
                    .append(
                            c.violated() == null
                                    ? "null"
                                    : "["
                                            + String.join(
                                                    ", ",
                                                    c.violated().stream()
                                                            .map(CatalogueReport::q)
                                                            .toList())
                                            + "]");
            if (hermitage != null) {
                sb.append(", \"hermitage\": ").append(q(hermitage));
                if (explanation != null) {
                    sb.append(", \"disagreement\": ").append(q(explanation));
                }
            }
            sb.append('}');
        }
        sb.append("\n  ]\n}\n");
        return sb.toString();
    }

    static String q(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format("\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * Wraps a paragraph at {@code width}, continuation lines indented by the paragraph's own indent
     * plus two.
     */
    static String wrap(String text, int width) {
        int indent = text.length() - text.stripLeading().length();
        String pad = " ".repeat(indent + 2);
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder(text.substring(0, indent));
        for (String word : text.strip().split(" ")) {
            if (line.length() + word.length() + 1 > width && line.toString().strip().length() > 0) {
                sb.append(line.toString().stripTrailing()).append('\n');
                line = new StringBuilder(pad);
            }
            line.append(word).append(' ');
        }
        sb.append(line.toString().stripTrailing()).append('\n');
        return sb.toString();
    }
}
