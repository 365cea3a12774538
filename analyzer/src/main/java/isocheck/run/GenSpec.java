package isocheck.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A generator file ({@code PROGRAM.gen} next to the program, or {@code --gen FILE}): how to
 * populate the tables and draw the transactions' parameters. Line by line ({@code #} starts a
 * comment):
 *
 * <pre>
 * rows 10                                   default range 1..N of key columns and parameters
 * table customer: c_id = 1..30, c_last = 'ABLE' | 'BAR', c_balance = -1000
 * table history: empty
 * param *.w_id = 1                          every transaction's parameter w_id
 * param Payment.h_amount = 100..5000 zipf   skewed: 100 is the most frequent
 * param NewOrder.items = rows 5..15         a SET OF parameter: how many rows
 * param NewOrder.items.ol_number = #        the row's number, 1, 2, …
 * param NewOrder.items.ol_i_id = 1..100 distinct
 * param NewOrder.ol_cnt = count(items)
 * param Payment.h_date = unique             1, 2, 3, … across the run
 * mix NewOrder 45, Payment 43, Delivery 4
 * row oncall: doctor_id = 1, on_call = 1   one explicit row (a table with row lines gets exactly those)
 * </pre>
 *
 * In a {@code table} line a range or choice on a primary-key column enumerates every value (the
 * table gets the product of its key columns' values); on other columns it is drawn at random.
 */
public final class GenSpec {

    /** A value generator. */
    public sealed interface Gen {}

    public record Lit(Object value) implements Gen {}

    /**
     * lo..hi, uniform, or Zipf-skewed with exponent {@code zipf} (0 = uniform); distinct within one
     * SET OF.
     */
    public record Range(long lo, long hi, double zipf, boolean distinct) implements Gen {}

    public record Choice(List<Object> options) implements Gen {}

    public record Unique() implements Gen {}

    public record RowNumber() implements Gen {}

    public record Count(String param) implements Gen {}

    /** {@code rows GEN}: the number of rows of a SET OF parameter. */
    public record Rows(Gen count) implements Gen {}

    /**
     * {@code rows}: explicit rows ({@code row} lines), or null when the table is generated from
     * {@code columns}.
     */
    public record TableSpec(
            boolean empty, Map<String, Gen> columns, List<Map<String, Object>> rows) {
        public TableSpec(boolean empty, Map<String, Gen> columns) {
            this(empty, columns, null);
        }
    }

    int defaultRows = 10;
    boolean defaultRowsSet;
    final Map<String, TableSpec> tables = new LinkedHashMap<>();

    /** "Txn.param" or "*.param" or "Txn.param.field" → generator. */
    final Map<String, Gen> params = new LinkedHashMap<>();

    final Map<String, Double> mix = new LinkedHashMap<>();

    /**
     * Where each entry was given, "file:line:col", for the messages of the checks against the
     * program (issue 16: every user error names its place): keys "table T", "table T.COLUMN",
     * "param KEY", "mix", "mix TXN". Empty for a spec built in code.
     */
    final Map<String, String> origins = new HashMap<>();

    // The line being parsed: its file and number, its text after the indentation, the indentation's
    // width,
    // and the column of the part being parsed (for the parse errors).
    private String file = "generator";
    private int lineNo;
    private String current = "";
    private int lead;
    private int partCol = 1;

    /** This spec with {@code other}'s lines added on top (other's tables, params and mix win). */
    public GenSpec overriddenBy(GenSpec other) {
        GenSpec g = new GenSpec();
        g.defaultRows = other.defaultRowsSet ? other.defaultRows : defaultRows;
        g.defaultRowsSet = defaultRowsSet || other.defaultRowsSet;
        g.tables.putAll(tables);
        g.tables.putAll(other.tables);
        g.params.putAll(params);
        g.params.putAll(other.params);
        g.mix.putAll(other.mix.isEmpty() ? mix : other.mix);
        g.origins.putAll(origins);
        g.origins.putAll(other.origins);
        return g;
    }

    public static GenSpec empty() {
        return new GenSpec();
    }

    public static GenSpec load(Path path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RunError(path + ": cannot read: " + e.getMessage());
        }
        return parse(path.toString(), lines);
    }

    public static GenSpec parse(String file, List<String> lines) {
        GenSpec spec = new GenSpec();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = commentStart(line);
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            spec.lead = line.length() - line.stripLeading().length();
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            spec.file = file;
            spec.lineNo = i + 1;
            spec.current = line;
            spec.partCol = spec.lead + 1;
            try {
                spec.parseLine(line);
            } catch (IllegalArgumentException e) {
                throw new RunError(
                        file + ":" + (i + 1) + ":" + spec.partCol + ": " + e.getMessage());
            }
        }
        return spec;
    }

    private static int commentStart(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                // '#' alone as a generator is the row number: "= #" — a comment needs a space or
                // start before it
                String rest = line.substring(i + 1).strip();
                String before = line.substring(0, i).strip();
                if (before.endsWith("=") && (rest.isEmpty() || rest.startsWith("#"))) {
                    continue;
                }
                return i;
            }
        }
        return -1;
    }

    /**
     * "file:line:col" of {@code token}'s first occurrence at or after {@code from} in the current
     * line.
     */
    private String at(String token, int from) {
        return file + ":" + lineNo + ":" + column(token, from);
    }

    private int column(String token, int from) {
        int i = current.indexOf(token.strip(), Math.max(0, Math.min(from, current.length())));
        return lead + 1 + Math.max(0, i);
    }

    /** The place of the entry, "file:line:col", or "generator" for a spec built in code. */
    String where(String entry) {
        return origins.getOrDefault(entry, "generator");
    }

    private void parseLine(String line) {
        String word = line.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
        String rest = line.substring(word.length()).strip();
        switch (word) {
            case "rows" -> {
                defaultRows = parseInt(rest);
                defaultRowsSet = true;
                if (defaultRows < 1) {
                    throw new IllegalArgumentException("rows must be at least 1");
                }
            }
            case "table" -> {
                int colon = rest.indexOf(':');
                if (colon < 0) {
                    throw new IllegalArgumentException(
                            "expected 'table NAME: column = generator, …' or 'table NAME: empty'");
                }
                String name = rest.substring(0, colon).strip().toLowerCase(Locale.ROOT);
                origins.put("table " + name, at(rest.substring(0, colon), word.length()));
                String body = rest.substring(colon + 1).strip();
                if (body.equalsIgnoreCase("empty")) {
                    tables.put(name, new TableSpec(true, Map.of()));
                    return;
                }
                Map<String, Gen> cols = new LinkedHashMap<>();
                int pos = current.indexOf(':') + 1;
                for (String part : splitTop(body, ',')) {
                    partCol = column(part, pos);
                    pos = partCol - lead - 1 + part.strip().length();
                    int eq = part.indexOf('=');
                    if (eq < 0) {
                        throw new IllegalArgumentException(
                                "expected 'column = generator', found '" + part.strip() + "'");
                    }
                    String column = part.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                    origins.put(
                            "table " + name + "." + column, file + ":" + lineNo + ":" + partCol);
                    cols.put(column, gen(part.substring(eq + 1).strip()));
                }
                tables.put(name, new TableSpec(false, cols));
            }
            case "row" -> {
                int colon = rest.indexOf(':');
                if (colon < 0) {
                    throw new IllegalArgumentException("expected 'row NAME: column = value, …'");
                }
                String name = rest.substring(0, colon).strip().toLowerCase(Locale.ROOT);
                origins.put("table " + name, at(rest.substring(0, colon), word.length()));
                Map<String, Object> row = new LinkedHashMap<>();
                int pos = current.indexOf(':') + 1;
                for (String part : splitTop(rest.substring(colon + 1).strip(), ',')) {
                    partCol = column(part, pos);
                    pos = partCol - lead - 1 + part.strip().length();
                    int eq = part.indexOf('=');
                    if (eq < 0) {
                        throw new IllegalArgumentException(
                                "expected 'column = value', found '" + part.strip() + "'");
                    }
                    String column = part.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                    origins.put(
                            "table " + name + "." + column, file + ":" + lineNo + ":" + partCol);
                    String value = part.substring(eq + 1).strip();
                    row.put(column, value.equalsIgnoreCase("NULL") ? NULL : literal(value));
                }
                TableSpec old = tables.get(name);
                List<Map<String, Object>> rows =
                        new ArrayList<>(old == null || old.rows() == null ? List.of() : old.rows());
                rows.add(row);
                tables.put(name, new TableSpec(false, Map.of(), rows));
            }
            case "param" -> {
                int eq = rest.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException(
                            "expected 'param TXN.NAME = generator' (TXN may be *)");
                }
                String target = rest.substring(0, eq).strip();
                partCol = column(target, word.length());
                String[] parts = target.split("\\.");
                if (parts.length < 2 || parts.length > 3) {
                    throw new IllegalArgumentException(
                            "expected TXN.PARAM or TXN.PARAM.FIELD, found '" + target + "'");
                }
                String key = parts[0].equals("*") ? "*" : parts[0];
                for (int k = 1; k < parts.length; k++) {
                    key += "." + parts[k].toLowerCase(Locale.ROOT);
                }
                origins.put("param " + key, file + ":" + lineNo + ":" + partCol);
                params.put(key, gen(rest.substring(eq + 1).strip()));
            }
            case "mix" -> {
                origins.put("mix", file + ":" + lineNo + ":" + (lead + 1));
                int pos = word.length();
                for (String part : splitTop(rest, ',')) {
                    partCol = column(part, pos);
                    pos = partCol - lead - 1 + part.strip().length();
                    String[] nw = part.strip().split("\\s+");
                    if (nw.length != 2) {
                        throw new IllegalArgumentException(
                                "expected 'mix TXN WEIGHT, …', found '" + part.strip() + "'");
                    }
                    double w;
                    try {
                        w = Double.parseDouble(nw[1]);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(
                                "weight '" + nw[1] + "' is not a number");
                    }
                    if (w < 0) {
                        throw new IllegalArgumentException("weight of " + nw[0] + " is negative");
                    }
                    origins.put("mix " + nw[0], file + ":" + lineNo + ":" + partCol);
                    mix.put(nw[0], w);
                }
            }
            default ->
                    throw new IllegalArgumentException(
                            "unknown line '"
                                    + word
                                    + "' (expected rows, table, row, param or mix)");
        }
    }

    private static List<String> splitTop(String s, char sep) {
        List<String> out = new ArrayList<>();
        boolean quoted = false;
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')') {
                depth--;
            } else if (!quoted && depth == 0 && c == sep) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    static Gen gen(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("missing generator after '='");
        }
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.equals("unique")) {
            return new Unique();
        }
        if (t.equals("#")) {
            return new RowNumber();
        }
        if (lower.startsWith("rows ")) {
            return new Rows(gen(t.substring(5)));
        }
        if (lower.startsWith("count(") && t.endsWith(")")) {
            return new Count(t.substring(6, t.length() - 1).strip().toLowerCase(Locale.ROOT));
        }
        List<String> alts = splitTop(t, '|');
        if (alts.size() > 1) {
            List<Object> options = new ArrayList<>();
            for (String a : alts) {
                options.add(literal(a.strip()));
            }
            return new Choice(options);
        }
        int dots = t.indexOf("..");
        if (dots > 0) {
            String[] words = t.substring(dots + 2).strip().split("\\s+");
            long lo = parseLong(t.substring(0, dots).strip());
            long hi = parseLong(words[0]);
            if (hi < lo) {
                throw new IllegalArgumentException("empty range " + lo + ".." + hi);
            }
            double zipf = 0;
            boolean distinct = false;
            for (int i = 1; i < words.length; i++) {
                String w = words[i].toLowerCase(Locale.ROOT);
                if (w.equals("zipf")) {
                    zipf = 1.0;
                } else if (w.startsWith("zipf(") && w.endsWith(")")) {
                    try {
                        zipf = Double.parseDouble(w.substring(5, w.length() - 1));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("bad zipf exponent in '" + w + "'");
                    }
                    if (zipf <= 0) {
                        throw new IllegalArgumentException("the zipf exponent must be positive");
                    }
                } else if (w.equals("distinct")) {
                    distinct = true;
                } else {
                    throw new IllegalArgumentException(
                            "unknown range option '"
                                    + words[i]
                                    + "' (expected zipf, zipf(S) or distinct)");
                }
            }
            return new Range(lo, hi, zipf, distinct);
        }
        return new Lit(literal(t));
    }

    /**
     * SQL NULL as a {@code row} line's value ({@code column = NULL}): the seed of a witness whose
     * read tests {@code IS NULL} (query.InitialState). A column a row leaves out takes 0 or 'x'.
     */
    static final Object NULL =
            new Object() {
                @Override
                public String toString() {
                    return "NULL";
                }
            };

    private static Object literal(String t) {
        if (t.length() >= 2 && t.startsWith("'") && t.endsWith("'")) {
            return t.substring(1, t.length() - 1).replace("''", "'");
        }
        return parseLong(t);
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "expected an integer, a 'string', A..B, a | b, unique, #, count(P) or rows N; found '"
                            + s.strip()
                            + "'");
        }
    }

    private static int parseInt(String s) {
        long v = parseLong(s);
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(s + " is too large");
        }
        return (int) v;
    }
}
