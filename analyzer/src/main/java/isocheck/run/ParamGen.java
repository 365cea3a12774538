package isocheck.run;

import isocheck.history.ZipfSampler;
import isocheck.program.Column;
import isocheck.program.Field;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Draws the population of the tables and the parameters of transaction invocations from a {@link
 * GenSpec}, with defaults that create contention:
 *
 * <ul>
 *   <li>a table without a {@code table} line gets every combination of 1..rows (default 10) in its
 *       key columns when that is at most 1,000 rows (else it starts empty); other columns 0 or 'x';
 *   <li>a parameter without a {@code param} line draws uniformly from the values a column of the
 *       same name was populated with (so {@code acc_id} picks an existing account), else from
 *       1..rows (strings 'x'); a SET OF parameter gets 1..3 rows, its fields drawn by the same
 *       rules.
 * </ul>
 */
final class ParamGen {

    private static final int MAX_DEFAULT_ROWS = 1000;

    /** The most rows a rows-typed (array) parameter gets in one invocation. */
    static final long MAX_PARAM_ROWS = 100_000;

    private final Program program;
    private final GenSpec spec;
    private final AtomicLong unique = new AtomicLong();

    /**
     * The last value drawn for a sequence call ({@code nextval$s$n}, the front-end's Sequences):
     * every draw is above every integer of the initial tables, so it is fresh as a database
     * sequence's value is (a sequence the population had advanced past its rows).
     */
    private final AtomicLong sequence = new AtomicLong();

    /**
     * Column name → the distinct values it was populated with (first table in schema order that has
     * it).
     */
    private final Map<String, List<Object>> pools = new HashMap<>();

    private final Map<ZipfKey, ZipfSampler> zipfSamplers = new ConcurrentHashMap<>();
    private final List<Transaction> mixTxns = new ArrayList<>();
    private final double[] mixCdf;

    ParamGen(Program program, GenSpec spec) {
        this.program = program;
        this.spec = spec;
        for (String t : spec.tables.keySet()) {
            Table table = program.schema().table(t).orElse(null);
            if (table == null) {
                throw new RunError(
                        spec.where("table " + t) + ": no table '" + t + "' in " + program.file());
            }
            for (String c : spec.tables.get(t).columns().keySet()) {
                if (table.column(c).isEmpty()) {
                    throw new RunError(
                            spec.where("table " + t + "." + c)
                                    + ": table "
                                    + t
                                    + " has no column '"
                                    + c
                                    + "'");
                }
            }
            if (spec.tables.get(t).rows() != null) {
                for (Map<String, Object> row : spec.tables.get(t).rows()) {
                    for (String c : row.keySet()) {
                        if (table.column(c).isEmpty()) {
                            throw new RunError(
                                    spec.where("table " + t + "." + c)
                                            + ": table "
                                            + t
                                            + " has no column '"
                                            + c
                                            + "'");
                        }
                    }
                    for (String k : table.primaryKey()) {
                        if (!row.containsKey(k)) {
                            throw new RunError(
                                    spec.where("table " + t)
                                            + ": a row of table "
                                            + t
                                            + " needs a value for key column "
                                            + k);
                        }
                    }
                }
            }
        }
        for (String key : spec.params.keySet()) {
            String[] parts = key.split("\\.");
            if (!parts[0].equals("*")) {
                Transaction t =
                        program.transaction(parts[0])
                                .orElseThrow(
                                        () ->
                                                new RunError(
                                                        spec.where("param " + key)
                                                                + ": no transaction '"
                                                                + parts[0]
                                                                + "' in "
                                                                + program.file()));
                if (t.parameters().stream().noneMatch(v -> v.name().equals(parts[1]))) {
                    throw new RunError(
                            spec.where("param " + key)
                                    + ": transaction "
                                    + parts[0]
                                    + " has no parameter '"
                                    + parts[1]
                                    + "'");
                }
            }
        }
        for (String name : spec.mix.keySet()) {
            if (program.transaction(name).isEmpty()) {
                throw new RunError(
                        spec.where("mix " + name)
                                + ": mix names no transaction '"
                                + name
                                + "' of "
                                + program.file());
            }
        }
        double total = 0;
        List<Double> cum = new ArrayList<>();
        for (Transaction t : program.transactions()) {
            double w = spec.mix.isEmpty() ? 1 : spec.mix.getOrDefault(t.name(), 0.0);
            if (w > 0) {
                total += w;
                mixTxns.add(t);
                cum.add(total);
            }
        }
        if (mixTxns.isEmpty()) {
            throw new RunError(spec.where("mix") + ": the mix gives every transaction weight 0");
        }
        mixCdf = new double[cum.size()];
        for (int i = 0; i < mixCdf.length; i++) {
            mixCdf[i] = cum.get(i) / total;
        }
    }

    Transaction pickTransaction(Random rnd) {
        double u = rnd.nextDouble();
        for (int i = 0; i < mixCdf.length; i++) {
            if (u < mixCdf[i]) {
                return mixTxns.get(i);
            }
        }
        return mixTxns.get(mixTxns.size() - 1);
    }

    /**
     * The rows to populate {@code t} with, each a column → value map (version columns left to their
     * default 0).
     */
    List<Map<String, Object>> population(Table t, Random rnd) {
        GenSpec.TableSpec ts = spec.tables.get(t.name());
        if (ts != null && ts.empty()) {
            return List.of();
        }
        if (ts != null && ts.rows() != null) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Map<String, Object> given : ts.rows()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (Column c : t.columns()) {
                    Object v = given.get(c.name());
                    row.put(
                            c.name(),
                            v != null ? v : c.type() == ScalarType.INT ? (Object) 0L : "x");
                }
                rows.add(row);
            }
            addPools(t, rows);
            return rows;
        }
        Map<String, GenSpec.Gen> cols = ts == null ? Map.of() : ts.columns();
        List<List<Object>> keyValues = new ArrayList<>();
        long product = 1;
        final long MAX_TABLE_ROWS = 10_000_000;
        for (String k : t.primaryKey()) {
            GenSpec.Gen g = cols.get(k);
            List<Object> vs;
            if (g == null) {
                vs = new ArrayList<>();
                for (long v = 1; v <= spec.defaultRows; v++) {
                    vs.add(keyValue(t, k, v));
                }
            } else if (g instanceof GenSpec.Range r) {
                // Count before enumerating: a range like -9223372036854775807..2 would never end
                // (fuzzing finding).
                long size = r.hi() - r.lo() < 0 ? Long.MAX_VALUE : r.hi() - r.lo() + 1;
                if (size <= 0 || size > MAX_TABLE_ROWS) {
                    throw new RunError(
                            spec.where("table " + t.name() + "." + k)
                                    + ": key column "
                                    + t.name()
                                    + "."
                                    + k
                                    + " = "
                                    + r.lo()
                                    + ".."
                                    + r.hi()
                                    + " has more than "
                                    + MAX_TABLE_ROWS
                                    + " values (a table gets at most "
                                    + MAX_TABLE_ROWS
                                    + " rows)");
                }
                vs = new ArrayList<>();
                for (long v = r.lo(); v <= r.hi(); v++) {
                    vs.add(v);
                }
            } else if (g instanceof GenSpec.Choice c) {
                vs = c.options();
            } else if (g instanceof GenSpec.Lit l) {
                vs = List.of(l.value());
            } else {
                throw new RunError(
                        spec.where("table " + t.name() + "." + k)
                                + ": key column "
                                + t.name()
                                + "."
                                + k
                                + " needs a value, a range or a choice");
            }
            keyValues.add(vs);
            product =
                    product > MAX_TABLE_ROWS
                            ? product
                            : product * vs.size(); // saturates above the limit
        }
        if (ts == null && product > MAX_DEFAULT_ROWS) {
            return List.of();
        }
        if (product > MAX_TABLE_ROWS) {
            throw new RunError(
                    spec.where("table " + t.name())
                            + ": table "
                            + t.name()
                            + " would get "
                            + product
                            + " rows");
        }
        List<Map<String, Object>> rows = new ArrayList<>((int) product);
        int[] idx = new int[keyValues.size()];
        for (long n = 0; n < product; n++) {
            // run --timeout: up to 10^7 rows are built in memory before the first INSERT
            stopAtDeadline(n, "generating the rows of table " + t.name());
            Map<String, Object> row = new LinkedHashMap<>();
            for (int k = 0; k < idx.length; k++) {
                row.put(t.primaryKey().get(k), keyValues.get(k).get(idx[k]));
            }
            for (Column c : t.columns()) {
                if (!t.isKey(c.name())) {
                    GenSpec.Gen g = cols.get(c.name());
                    row.put(
                            c.name(),
                            g == null
                                    ? defaultValue(t, c, n)
                                    : draw(
                                            g,
                                            rnd,
                                            (int) n + 1,
                                            null,
                                            "table " + t.name() + "." + c.name()));
                }
            }
            rows.add(row);
            for (int k = idx.length - 1; k >= 0; k--) {
                if (++idx[k] < keyValues.get(k).size()) {
                    break;
                }
                idx[k] = 0;
            }
        }
        addPools(t, rows);
        return rows;
    }

    private void addPools(Table t, List<Map<String, Object>> rows) {
        for (Map<String, Object> r : rows) {
            for (Object v : r.values()) {
                if (v instanceof Long l) {
                    sequence.accumulateAndGet(l, Math::max);
                }
            }
        }
        for (Column c : t.columns()) {
            if (!pools.containsKey(c.name()) && !rows.isEmpty()) {
                Set<Object> distinct = new LinkedHashSet<>();
                for (Map<String, Object> r : rows) {
                    Object v = r.get(c.name());
                    if (v != GenSpec.NULL) {
                        distinct.add(v); // a parameter drawn from the pool is never NULL
                    }
                }
                if (distinct.isEmpty()) {
                    continue;
                }
                pools.put(c.name(), new ArrayList<>(distinct));
            }
        }
    }

    /**
     * Every 10,000 rows of a generating loop, {@code run --timeout}'s deadline: passed, the loop
     * ends with what was left ({@code what}).
     */
    private static void stopAtDeadline(long rowsSoFar, String what) {
        if (rowsSoFar % 10_000 == 9_999 && RunDeadline.passed()) {
            throw new RunTimedOut(what);
        }
    }

    /**
     * A non-key column without a generator line: 0 or 'x', except a FOREIGN KEY column whose
     * referenced columns are key columns of a table populated by default (1..rows in each key
     * column): then the referenced row's value, cycling through 1..rows, so the initial data meets
     * the constraint (the run adds it after the data, and fails on a violation). A composite
     * reference takes the same index in every column, a row that exists in the default product. A
     * UNIQUE column gets a different value in every row (1, 2, …) for the same reason.
     */
    private Object defaultValue(Table t, Column c, long n) {
        for (isocheck.program.Constraint con : t.constraints()) {
            if (con instanceof isocheck.program.Constraint.Unique u
                    && u.columns().contains(c.name())) {
                return keyValue(t, c.name(), n + 1); // distinct in every row
            }
            if (!(con instanceof isocheck.program.Constraint.ForeignKey fk)
                    || !fk.columns().contains(c.name())) {
                continue;
            }
            Table parent = program.schema().table(fk.table()).orElse(null);
            String referenced = fk.referenced().get(fk.columns().indexOf(c.name()));
            long product = 1;
            if (parent != null) {
                for (int i = 0;
                        i < parent.primaryKey().size() && product <= MAX_DEFAULT_ROWS;
                        i++) {
                    product *= spec.defaultRows;
                }
            }
            if (parent != null
                    && !spec.tables.containsKey(parent.name())
                    && parent.isKey(referenced)
                    && product <= MAX_DEFAULT_ROWS
                    && spec.defaultRows > 0) {
                return keyValue(parent, referenced, 1 + n % spec.defaultRows);
            }
        }
        return c.type() == ScalarType.INT ? (Object) 0L : "x";
    }

    private static Object keyValue(Table t, String column, long v) {
        return t.column(column).orElseThrow().type() == ScalarType.INT ? (Object) v : "k" + v;
    }

    /**
     * A parameter the program tests for NULL ({@link isocheck.program.NullableParameters}) and
     * without a generator line is NULL in one invocation in this many.
     */
    static final int NULL_ONE_IN = 4;

    /** The arguments of one invocation of {@code t}. */
    Map<String, Object> arguments(Transaction t, Random rnd) {
        Map<String, Object> args = new HashMap<>();
        List<Variable> deferred = new ArrayList<>();
        java.util.Set<String> nullable = isocheck.program.NullableParameters.of(t);
        for (Variable p : t.parameters()) {
            GenSpec.Gen g = paramGen(t, p.name());
            if (g == null && nullable.contains(p.name()) && rnd.nextInt(NULL_ONE_IN) == 0) {
                // the program tests this parameter for NULL: a caller may pass NULL
                args.put(p.name(), null);
                continue;
            }
            if (g instanceof GenSpec.Count) {
                deferred.add(p);
                continue;
            }
            if (p.type() instanceof Type.Rows rowsType) {
                args.put(p.name(), rowSet(t, p.name(), rowsType.fields(), g, rnd));
            } else {
                ScalarType st = ((Type.Scalar) p.type()).type();
                if (g == null && isSequenceDraw(p.name())) {
                    args.put(p.name(), sequence.incrementAndGet());
                    continue;
                }
                if (g == null && isHidden(p.name())) {
                    g = new GenSpec.Unique(); // a row identity or a transaction's clock: new for
                    // every transaction
                }
                args.put(
                        p.name(),
                        g == null
                                ? defaultValue(p.name(), st, rnd)
                                : convert(
                                        draw(g, rnd, 1, args, t.name() + "." + p.name()),
                                        st,
                                        t.name() + "." + p.name()));
            }
        }
        for (Variable p : deferred) {
            args.put(
                    p.name(), draw(paramGen(t, p.name()), rnd, 1, args, t.name() + "." + p.name()));
        }
        return args;
    }

    /**
     * Where a generator-file entry ("table T", "table T.C", "param KEY", "mix") was given:
     * "file:line:col".
     */
    String where(String entry) {
        return spec.where(entry);
    }

    /**
     * Where the generator named by {@code where} ("table T.C" or "TXN.PARAM[.FIELD]") was given.
     */
    private String place(String where) {
        if (where == null) return "generator";
        if (where.startsWith("table ")) return spec.where(where);
        int dot = where.indexOf('.');
        return dot < 0
                ? "generator"
                : paramWhere(where.substring(0, dot), where.substring(dot + 1));
    }

    /**
     * Where the generator of {@code txn.param} was given (its own line, else the {@code *.param}
     * line).
     */
    private String paramWhere(String txn, String param) {
        String own = spec.origins.get("param " + txn + "." + param);
        return own != null ? own : spec.where("param *." + param);
    }

    /**
     * A parameter the front-end added (a keyless table's row identity, {@code table_row$n}, or the
     * transaction's clock, {@code now$}): a '$' after the first character ({@code $n} are the
     * program's positional parameters). Without a generator line it is {@code unique}.
     */
    static boolean isHidden(String name) {
        return name.indexOf('$') > 0;
    }

    /** A hidden parameter that stands for one {@code nextval} call ({@code nextval$s$n}). */
    static boolean isSequenceDraw(String name) {
        return isocheck.program.FreshIdentity.isSequenceDraw(name);
    }

    private GenSpec.Gen paramGen(Transaction t, String name) {
        GenSpec.Gen g = spec.params.get(t.name() + "." + name);
        return g != null ? g : spec.params.get("*." + name);
    }

    private List<Map<String, Object>> rowSet(
            Transaction t, String param, List<Field> fields, GenSpec.Gen countGen, Random rnd) {
        long n;
        if (countGen == null) {
            n = 1 + rnd.nextInt(3);
        } else {
            GenSpec.Gen c = countGen instanceof GenSpec.Rows r ? r.count() : countGen;
            Object v = draw(c, rnd, 1, null, t.name() + "." + param);
            if (!(v instanceof Long l) || l < 0) {
                throw new RunError(
                        paramWhere(t.name(), param)
                                + ": the row count of "
                                + t.name()
                                + "."
                                + param
                                + " must be a non-negative integer");
            }
            if (l > MAX_PARAM_ROWS) {
                // Built in memory for every invocation: a count drawn without bound (a typo such
                // as 1..1000000000) filled the heap, and past --timeout the thread went on doing
                // so after the command had answered (found by the 10^5 fuzz run, issue 16).
                throw new RunError(
                        paramWhere(t.name(), param)
                                + ": the row count of "
                                + t.name()
                                + "."
                                + param
                                + " is "
                                + l
                                + "; at most "
                                + MAX_PARAM_ROWS
                                + " rows per invocation");
            }
            n = l;
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Set<Object>> used = new HashMap<>();
        for (int i = 0; i < n; i++) {
            stopAtDeadline(i, "generating the rows of " + t.name() + "." + param);
            Map<String, Object> row = new LinkedHashMap<>();
            for (Field f : fields) {
                GenSpec.Gen g = spec.params.get(t.name() + "." + param + "." + f.name());
                if (g == null) {
                    g = spec.params.get("*." + param + "." + f.name());
                }
                Object v;
                if (g == null) {
                    v = defaultValue(f.name(), f.type(), rnd);
                } else if (g instanceof GenSpec.Range r && r.distinct()) {
                    Set<Object> seen = used.computeIfAbsent(f.name(), k -> new HashSet<>());
                    if (seen.size() >= r.hi() - r.lo() + 1) {
                        throw new RunError(
                                paramWhere(t.name(), param + "." + f.name())
                                        + ": "
                                        + t.name()
                                        + "."
                                        + param
                                        + "."
                                        + f.name()
                                        + " = "
                                        + r.lo()
                                        + ".."
                                        + r.hi()
                                        + " distinct cannot give "
                                        + n
                                        + " distinct values");
                    }
                    do {
                        v = draw(g, rnd, i + 1, null, t.name() + "." + param + "." + f.name());
                    } while (!seen.add(v));
                } else {
                    v =
                            convert(
                                    draw(
                                            g,
                                            rnd,
                                            i + 1,
                                            null,
                                            t.name() + "." + param + "." + f.name()),
                                    f.type(),
                                    t.name() + "." + param + "." + f.name());
                }
                row.put(f.name(), v);
            }
            rows.add(row);
        }
        return rows;
    }

    private Object defaultValue(String name, ScalarType type, Random rnd) {
        List<Object> pool = pools.get(name);
        if (pool != null && !pool.isEmpty()) {
            Object v = pool.get(rnd.nextInt(pool.size()));
            if ((type == ScalarType.INT) == (v instanceof Long)) {
                return v;
            }
        }
        return type == ScalarType.INT ? (Object) (1 + (long) rnd.nextInt(spec.defaultRows)) : "x";
    }

    private Object convert(Object v, ScalarType type, String where) {
        if (type == ScalarType.STRING && v instanceof Long) {
            return v.toString();
        }
        if (type == ScalarType.INT && v instanceof String s) {
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw new RunError(place(where) + ": '" + s + "' given for the INT " + where);
            }
        }
        return v;
    }

    private Object draw(
            GenSpec.Gen g, Random rnd, int rowNumber, Map<String, Object> args, String where) {
        if (g instanceof GenSpec.Lit l) {
            return l.value();
        }
        if (g instanceof GenSpec.Choice c) {
            return c.options().get(rnd.nextInt(c.options().size()));
        }
        if (g instanceof GenSpec.Range r) {
            long span = r.hi() - r.lo() + 1;
            if (r.zipf() > 0) {
                return r.lo() + zipf(span, r.zipf(), rnd, where);
            }
            return r.lo() + (long) (rnd.nextDouble() * span);
        }
        if (g instanceof GenSpec.Unique) {
            return unique.incrementAndGet();
        }
        if (g instanceof GenSpec.RowNumber) {
            return (long) rowNumber;
        }
        if (g instanceof GenSpec.Count c) {
            Object rows = args == null ? null : args.get(c.param());
            if (!(rows instanceof List<?> l)) {
                throw new RunError(
                        place(where)
                                + ": count("
                                + c.param()
                                + ") in "
                                + where
                                + " names no SET OF parameter of the transaction");
            }
            return (long) l.size();
        }
        if (g instanceof GenSpec.Rows r) {
            throw new RunError(
                    place(where) + ": 'rows' is only for SET OF parameters (" + where + ")");
        }
        throw new IllegalStateException(g.toString());
    }

    /**
     * A Zipf-distributed index in [0, n): P(i) ∝ 1 / (i+1)^s; one sampler per (n, s), built on
     * first use.
     */
    private long zipf(long n, double s, Random rnd, String where) {
        if (n > 1_000_000) {
            throw new RunError(place(where) + ": zipf ranges are limited to 1,000,000 values");
        }
        return zipfSamplers
                .computeIfAbsent(new ZipfKey(n, s), k -> new ZipfSampler((int) n, s))
                .next(rnd);
    }

    private record ZipfKey(long n, double s) {}
}
