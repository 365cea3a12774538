package isocheck.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fixed interleaving for the stepped mode ({@code --schedule FILE}):
 *
 * <pre>
 * # the lost update at READ COMMITTED
 * T1: Increment(id = 1)
 * T2: Increment(id = 1)
 * T1 T2 T1 T1 T2 T2
 * </pre>
 *
 * A line {@code NAME: Transaction(param = value, …)} declares a transaction of the program with its
 * arguments (integers, 'strings' or NULL; parameters left out are drawn from the generator). Every
 * other line lists steps: {@code NAME} runs that transaction up to and including its next SQL
 * statement; once it has no statement left, its next step commits it. A step that does not finish
 * within the block timeout is shown as blocked (it waits for a lock) and the schedule moves on; the
 * transaction's next step first waits for it. Steps of a transaction that has already aborted are
 * skipped, so one schedule serves every isolation level; transactions left unfinished at the end
 * are run to completion in declaration order. A step {@code NAME*} runs that transaction through
 * all its remaining statements and its commit (a generated schedule does not know how many
 * statements a transaction's control flow takes). A step {@code NAME@LINE} runs that transaction
 * through its statements up to and including the next one at source line LINE of the program (and
 * stops before the commit if no such statement comes): a statement-granularity schedule for READ
 * COMMITTED names the statements that must see or miss a commit. A step {@code NAME@LINE#I} runs
 * that transaction up to and including the I-th execution (1-based, counted from its start) of the
 * statement at source line LINE: a statement in a loop runs once per iteration, each execution with
 * its own snapshot at READ COMMITTED; if the I-th execution has already run the step does nothing,
 * and it stops before the commit if there is none. A step {@code NAME@LINE#*} runs that transaction
 * up to the next execution of the statement at LINE and then on through every statement of the loop
 * around LINE, stopping before the first statement outside that loop (or the commit): every
 * remaining iteration in one slot, where the loop's statements all see the same commits. A SET OF
 * parameter is given as rows: {@code items = {(ol_i_id = 1, ol_quantity = 5), (ol_i_id = 2,
 * ol_quantity = 1)}}. Lines starting with {@code table}, {@code param} or {@code rows} are
 * generator lines (as in a {@code .gen} file) and override the generator, e.g. {@code table oncall:
 * doctor_id = 1..2, on_call = 1}.
 */
public record Schedule(
        String file, Map<String, Decl> transactions, List<String> steps, List<String> genLines) {

    /** One declared transaction: the program's transaction name and the given arguments. */
    public record Decl(
            String name, String transaction, Map<String, Object> args, int line, int col) {}

    private static final Pattern DECL =
            Pattern.compile(
                    "^([A-Za-z_][A-Za-z0-9_]*)\\s*:\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\((.*)\\)\\s*;?$");
    // an argument name may hold '$' after its first character: the hidden parameters the front-end
    // adds (now$, history_row$1)
    private static final Pattern SET_ARG =
            Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_$]*)\\s*=\\s*\\{(.*)\\}\\s*$");
    private static final Pattern ARG =
            Pattern.compile(
                    "^\\s*([A-Za-z_][A-Za-z0-9_$]*)\\s*=\\s*(-?\\d+|'(?:[^']|'')*'|(?i:NULL))\\s*$");

    public static Schedule load(Path path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RunError(
                    path
                            + ": cannot read: "
                            + (e instanceof java.nio.file.NoSuchFileException
                                    ? "no such file"
                                    : e.getMessage()));
        }
        return parse(path.toString(), lines);
    }

    public static Schedule parse(String file, List<String> lines) {
        Map<String, Decl> decls = new LinkedHashMap<>();
        List<String> steps = new ArrayList<>();
        List<String> stepLines = new ArrayList<>(); // "file:line:col" of each step
        List<String> genLines = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = commentStart(line);
            int dash = line.indexOf("--");
            int cut = hash < 0 ? dash : (dash < 0 ? hash : Math.min(hash, dash));
            if (cut >= 0) {
                line = line.substring(0, cut);
            }
            String raw = line;
            int lead = line.length() - line.stripLeading().length();
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            // "file:line:" of this line; the messages add the column
            String here = file + ":" + (i + 1) + ":";
            String first = line.split("\\s+", 2)[0].toLowerCase(java.util.Locale.ROOT);
            if (first.equals("table")
                    || first.equals("param")
                    || first.equals("rows")
                    || first.equals("row")) {
                // padded with blank lines, so that GenSpec's messages give this file's line numbers
                while (genLines.size() < i) {
                    genLines.add("");
                }
                genLines.add(raw);
                continue;
            }
            Matcher m = DECL.matcher(line);
            if (m.matches()) {
                String name = m.group(1);
                if (decls.containsKey(name)) {
                    throw new RunError(
                            here + (lead + 1) + ": transaction " + name + " is declared twice");
                }
                Map<String, Object> args = new LinkedHashMap<>();
                String argText = m.group(3).strip();
                if (!argText.isEmpty()) {
                    for (String a : splitTop(argText)) {
                        Matcher sm = SET_ARG.matcher(a);
                        if (sm.matches()) {
                            args.put(
                                    sm.group(1).toLowerCase(java.util.Locale.ROOT),
                                    rows(here + col(line, lead, a), sm.group(2)));
                            continue;
                        }
                        Matcher am = ARG.matcher(a);
                        if (!am.matches()) {
                            throw new RunError(
                                    here
                                            + col(line, lead, a)
                                            + ": expected 'param = value' (an integer or a 'string'), found '"
                                            + a.strip()
                                            + "'");
                        }
                        String v = am.group(2);
                        args.put(
                                am.group(1).toLowerCase(java.util.Locale.ROOT),
                                v.equalsIgnoreCase("NULL")
                                        ? null // a NULL argument (program.NullableParameters)
                                        : v.startsWith("'")
                                                ? v.substring(1, v.length() - 1).replace("''", "'")
                                                : (Object) integer(here + col(line, lead, a), v));
                    }
                }
                decls.put(name, new Decl(name, m.group(2), args, i + 1, lead + 1));
                continue;
            }
            if (line.contains(":") || line.contains("(")) {
                throw new RunError(
                        here
                                + (lead + 1)
                                + ": expected 'NAME: Transaction(param = value, …)' or a list of steps, found '"
                                + line
                                + "'");
            }
            int from = 0;
            for (String tok : line.split("[\\s,]+")) {
                if (tok.isEmpty()) {
                    continue;
                }
                from = line.indexOf(tok, from);
                steps.add(tok);
                stepLines.add(here + (lead + 1 + from));
                from += tok.length();
            }
        }
        if (decls.isEmpty()) {
            throw new RunError(
                    file
                            + ": declares no transaction (expected lines 'NAME: Transaction(param = value, …)')");
        }
        for (int k = 0; k < steps.size(); k++) {
            if (Schedule.stepLine(steps.get(k)) < 0) {
                throw new RunError(
                        stepLines.get(k)
                                + ": step '"
                                + steps.get(k)
                                + "': expected NAME@LINE, NAME@LINE#I or NAME@LINE#* with LINE a line number and I a positive count");
            }
            if (!decls.containsKey(stepName(steps.get(k)))) {
                throw new RunError(
                        stepLines.get(k)
                                + ": step '"
                                + steps.get(k)
                                + "' names no declared transaction (declared: "
                                + String.join(", ", decls.keySet())
                                + ")");
            }
        }
        return new Schedule(file, decls, steps, genLines);
    }

    /**
     * The 1-based column of {@code part} (its first occurrence) in the stripped {@code line}
     * indented by {@code lead}.
     */
    private static int col(String line, int lead, String part) {
        return lead + 1 + Math.max(0, line.indexOf(part.strip()));
    }

    /**
     * Where a {@code #} comment starts in a line, or -1: a {@code #} right after {@code @LINE}
     * belongs to a step {@code NAME@LINE#I}.
     */
    private static int commentStart(String line) {
        for (int i = line.indexOf('#'); i >= 0; i = line.indexOf('#', i + 1)) {
            int d = i;
            while (d > 0 && Character.isDigit(line.charAt(d - 1))) d--;
            if (d == i || d == 0 || line.charAt(d - 1) != '@') return i;
            // NAME@LINE#I and NAME@LINE#*: a step, not a comment
        }
        return -1;
    }

    /**
     * The transaction a step names ({@code T1}, {@code T1*}, {@code T1@12}, {@code T1@12#2} or
     * {@code T1@12#*}).
     */
    public static String stepName(String step) {
        int at = step.indexOf('@');
        if (at >= 0) {
            return step.substring(0, at);
        }
        int end = step.length();
        while (end > 0 && step.charAt(end - 1) == '*') {
            end--;
        }
        return step.substring(0, end);
    }

    /**
     * The source line a step {@code NAME@LINE} or {@code NAME@LINE#I} runs up to, 0 for any other
     * step, -1 when malformed.
     */
    public static int stepLine(String step) {
        int at = step.indexOf('@');
        if (at < 0) {
            return 0;
        }
        int hash = step.indexOf('#', at);
        try {
            int line = Integer.parseInt(step.substring(at + 1, hash < 0 ? step.length() : hash));
            return hash < 0 || stepExecution(step) > 0 ? line : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** {@link #stepExecution} of {@code NAME@LINE#*}: every execution left in the loop. */
    public static final int EVERY = Integer.MAX_VALUE;

    /**
     * The execution I of a step {@code NAME@LINE#I} (1-based), {@link #EVERY} for {@code
     * NAME@LINE#*}, 0 for a step without one, -1 when malformed.
     */
    public static int stepExecution(String step) {
        int at = step.indexOf('@');
        int hash = at < 0 ? -1 : step.indexOf('#', at);
        if (hash < 0) {
            return 0;
        }
        if (step.substring(hash + 1).equals("*")) {
            return EVERY;
        }
        try {
            int i = Integer.parseInt(step.substring(hash + 1));
            return i > 0 ? i : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The rows of a SET OF argument: {@code (f = v, …), …}, each value an integer or a 'string'.
     */
    private static List<Map<String, Object>> rows(String place, String body) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String r : splitTop(body)) {
            String t = r.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!t.startsWith("(") || !t.endsWith(")")) {
                throw new RunError(
                        place
                                + ": expected a row '(field = value, …)' in a SET OF argument, found '"
                                + t
                                + "'");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            for (String f : splitTop(t.substring(1, t.length() - 1))) {
                Matcher fm = ARG.matcher(f);
                if (!fm.matches()) {
                    throw new RunError(
                            place
                                    + ": expected 'field = value' (an integer or a 'string'), found '"
                                    + f.strip()
                                    + "'");
                }
                String v = fm.group(2);
                row.put(
                        fm.group(1).toLowerCase(java.util.Locale.ROOT),
                        v.startsWith("'")
                                ? v.substring(1, v.length() - 1).replace("''", "'")
                                : (Object) integer(place, v));
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * An integer argument; INT values are 64-bit, so one outside that range is an error, not a
     * crash.
     */
    private static long integer(String place, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new RunError(
                    place
                            + ": integer "
                            + v
                            + " is out of range (INT values are 64-bit: "
                            + Long.MIN_VALUE
                            + " .. "
                            + Long.MAX_VALUE
                            + ")");
        }
    }

    /** Splits at commas outside quotes, parentheses and braces. */
    private static List<String> splitTop(String s) {
        List<String> out = new ArrayList<>();
        boolean quoted = false;
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && (c == '(' || c == '{')) {
                depth++;
            } else if (!quoted && (c == ')' || c == '}')) {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }
}
