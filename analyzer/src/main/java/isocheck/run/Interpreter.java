package isocheck.run;

import isocheck.program.Aggregate;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Executes transaction programs over JDBC: SQL statements as prepared statements with bound
 * parameters, control flow (IF, FOREACH, :=, CHOOSE) in Java. One {@link Session} per connection
 * caches the prepared statements. The caller begins and ends the database transaction.
 */
final class Interpreter {

    private final SqlGen gen;
    private final Map<Stmt.Sql, Compiled> compiled = new IdentityHashMap<>();
    private final AtomicLong versions;
    private final boolean record;

    Interpreter(Program program, Db.Dialect dialect, boolean record, AtomicLong versions) {
        this.gen = new SqlGen(program, dialect, record);
        this.record = record;
        this.versions = versions;
        for (Transaction t : program.transactions()) {
            joinParts(t.body());
        }
        for (Transaction t : program.transactions()) {
            collect(t.body());
        }
    }

    /** The earlier tables' SELECTs of every join: the database runs the join once, at its last SELECT. */
    private final Set<Stmt.Sql> joinParts = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    private void joinParts(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Select sel && sel.isJoin()) {
                joinParts.addAll(sel.joinedFrom());
            } else if (s instanceof Stmt.If i) {
                joinParts(i.thenBranch());
                joinParts(i.elseBranch());
            } else if (s instanceof Stmt.Foreach f) {
                joinParts(f.body());
            }
        }
    }

    SqlGen sqlGen() {
        return gen;
    }

    private void collect(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Sql q && joinParts.contains(q)) {
                continue;
            }
            if (s instanceof Stmt.Sql q) {
                compiled.put(q, gen.compile(q));
            } else if (s instanceof Stmt.If i) {
                collect(i.thenBranch());
                collect(i.elseBranch());
            } else if (s instanceof Stmt.Foreach f) {
                collect(f.body());
            }
        }
    }

    /** The JDBC text of a statement (for messages and tests). */
    String sqlOf(Stmt.Sql s) {
        return compiled.get(s).sql();
    }

    /** A connection with its prepared statements. */
    static final class Session implements AutoCloseable {
        final Connection connection;
        private final Map<String, PreparedStatement> cache = new HashMap<>();

        Session(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement p = cache.get(sql);
            if (p == null) {
                p = connection.prepareStatement(sql);
                cache.put(sql, p);
            }
            return p;
        }

        @Override
        public void close() {
            for (PreparedStatement p : cache.values()) {
                Db.closeQuietly(p);
            }
            Db.closeQuietly(connection);
        }
    }

    /** Runs one invocation of {@code t}; SQL errors propagate (the caller rolls back). */
    void run(Transaction t, Map<String, Object> args, Session session, TxnLog log, StepGate gate, Random rnd)
            throws SQLException, InterruptedException {
        Map<String, Object> env = new HashMap<>(args);
        try {
            exec(t.body(), env, session, log, gate, rnd);
        } catch (EarlyReturn done) {
            // RETURN: the caller commits what ran
        }
    }

    /** Unwinds the body at RETURN. */
    private static final class EarlyReturn extends RuntimeException {
        EarlyReturn() {
            super(null, null, false, false);
        }
    }

    private void exec(List<Stmt> body, Map<String, Object> env, Session session, TxnLog log, StepGate gate, Random rnd)
            throws SQLException, InterruptedException {
        for (Stmt s : body) {
            if (s instanceof Stmt.Sql q && joinParts.contains(q)) {
                continue; // run as part of its join
            }
            if (s instanceof Stmt.Sql q) {
                sql(compiled.get(q), env, session, log, gate);
            } else if (s instanceof Stmt.Assign a) {
                env.put(a.target(), eval(a.value(), env));
            } else if (s instanceof Stmt.Choose c) {
                Object src = env.get(c.source());
                if (src instanceof List<?> rows) {
                    env.put(c.target(), rows.isEmpty() ? null : rows.get(rnd.nextInt(rows.size())));
                } else {
                    env.put(c.target(), src);
                }
            } else if (s instanceof Stmt.If i) {
                exec(test(i.condition(), env) ? i.thenBranch() : i.elseBranch(), env, session, log, gate, rnd);
            } else if (s instanceof Stmt.Foreach f) {
                Object src = env.get(f.source());
                List<?> rows = src instanceof List<?> l ? l : (src == null ? List.of() : List.of(src));
                Object saved = env.get(f.variable());
                for (Object row : rows) {
                    env.put(f.variable(), row);
                    exec(f.body(), env, session, log, gate, rnd);
                }
                env.put(f.variable(), saved);
            } else if (s instanceof Stmt.Abort a) {
                throw new UserAbort("user abort at " + a.pos().lineColumn() + (a.message().isEmpty() ? "" : ": " + a.message()));
            } else if (s instanceof Stmt.Return) {
                throw new EarlyReturn();
            }
            // Skip: nothing
        }
    }

    private void sql(Compiled c, Map<String, Object> env, Session session, TxnLog log, StepGate gate)
            throws SQLException, InterruptedException {
        gate.beforeStatement(c.stmt().sql().replaceAll("\\s+", " "), c.stmt().pos().line());
        long version = c.kind() == Compiled.Kind.SELECT || c.kind() == Compiled.Kind.AGGREGATE || c.kind() == Compiled.Kind.JOIN
                ? 0 : versions.incrementAndGet();
        Compiled.Frame frame = new Compiled.Frame() {
            @Override
            public Object var(String name) {
                return env.get(name);
            }

            @Override
            public long version() {
                return version;
            }
        };
        PreparedStatement p = session.prepare(c.sql());
        int i = 1;
        for (Compiled.Param param : c.params()) {
            bind(session.connection, p, i++, param, param.value(frame));
        }
        StringBuilder outcome = gate == StepGate.NONE ? null : new StringBuilder();
        Table t = c.table();
        int nk = t.primaryKey().size();
        Compiled.Predicate pred = c.recorded() ? c.predicate() : null;
        switch (c.kind()) {
            case SELECT -> {
                List<Map<String, Object>> rows = new ArrayList<>();
                int firstOp = log.ops.size();
                Map<String, Long> seen = pred == null ? null : new HashMap<>();
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        if (c.recorded()) {
                            int vpred = nk + 2 * c.columns().size() + 1;
                            String prefix = keyPrefix(t, rs, nk);
                            seen.put(rowName(prefix), rs.getLong(vpred));
                            if (pred.broadened() && rs.getLong(vpred + 1) != 1) {
                                continue; // a row of the key part the WHERE clause does not match
                            }
                        }
                        Map<String, Object> row = new LinkedHashMap<>();
                        int base = c.recorded() ? nk : 0;
                        for (int k = 0; k < c.columns().size(); k++) {
                            row.put(c.columns().get(k), get(rs, base + k + 1, c.columnTypes().get(k)));
                        }
                        if (c.recorded()) {
                            String prefix = keyPrefix(t, rs, nk);
                            int vbase = nk + c.columns().size();
                            for (int k = 0; k < c.columns().size(); k++) {
                                log.read(prefix + SqlGen.fieldName(t, c.columns().get(k)), rs.getLong(vbase + k + 1));
                            }
                        }
                        rows.add(row);
                    }
                }
                Stmt.Select sel = (Stmt.Select) c.stmt();
                Object value = rows;
                if (sel.aggregate().isPresent()) { // unrecorded: the database computed it
                    value = rows.isEmpty() ? null : Values.read(rows, null);
                }
                if (c.recorded() && !sel.lock().skipLocked() && pred.decided()) {
                    // SKIP LOCKED: a matching row it did not return may have been skipped (locked), not
                    // seen, so it records no predicate read (an edge left out, never one invented);
                    // likewise when the rows fetched do not decide it (Compiled.Predicate#decided)
                    selectScan(log, firstOp, t, sel, env, seen, rows);
                }
                env.put(sel.target(), value);
                if (outcome != null) {
                    outcome.append(sel.target()).append(" = ").append(showRows(value));
                }
            }
            case AGGREGATE -> {
                Stmt.Select sel = (Stmt.Select) c.stmt();
                Aggregate a = sel.aggregate().orElseThrow();
                long count = 0;
                long sum = 0;
                Set<Object> distinct = new HashSet<>();
                Object best = null;
                ScalarType type = c.columnTypes().get(0);
                int firstOp = log.ops.size();
                Map<String, Long> seen = new HashMap<>();
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        String prefix = keyPrefix(t, rs, nk);
                        seen.put(rowName(prefix), rs.getLong(nk + 3));
                        if (pred.broadened() && rs.getLong(nk + 4) != 1) {
                            continue;
                        }
                        Object v = get(rs, nk + 1, type);
                        log.read(prefix + SqlGen.fieldName(t, c.columns().get(0)), rs.getLong(nk + 2));
                        if (!a.isExtremum()) {
                            if (v != null || a.column().isEmpty()) {
                                count++;
                                if (v != null) {
                                    distinct.add(v);
                                }
                                if (v instanceof Long x) {
                                    sum += x;
                                }
                            }
                        } else if (v != null) {
                            int cmp = best == null ? 0 : compare(v, best);
                            if (best == null || (a.function() == Aggregate.Function.MIN ? cmp < 0 : cmp > 0)) {
                                best = v;
                            }
                        }
                    }
                }
                // SUM/AVG over no non-NULL value is NULL; AVG truncates toward zero (Aggregate)
                Object value = switch (a.function()) {
                    case COUNT -> a.distinct() ? (Object) (long) distinct.size() : (Object) count;
                    case SUM -> count == 0 ? null : (Object) sum;
                    case AVG -> count == 0 ? null : (Object) (sum / count);
                    case MIN, MAX -> best;
                };
                if (!a.isExtremum() || best == null) {
                    // COUNT, SUM, AVG (and COUNT DISTINCT) aggregate every matching row: Adya's predicate read
                    scan(log, firstOp, t, sel.where(), env, seen);
                } else {
                    aggregateScan(log, firstOp, t, sel.where(), env, seen, a, c.columns().get(0), best);
                }
                env.put(sel.target(), value);
                if (outcome != null) {
                    outcome.append(sel.target()).append(" = ").append(Values.show(value));
                }
            }
            case JOIN -> {
                Stmt.Select sel = (Stmt.Select) c.stmt();
                Object value = join(sel, p, log);
                env.put(sel.target(), value);
                if (outcome != null) {
                    outcome.append(sel.target()).append(" = ").append(Values.show(value));
                }
            }
            case UPDATE, INSERT, DELETE -> {
                if (c.recorded()) {
                    int n = 0;
                    StringBuilder read = new StringBuilder();
                    int firstOp = log.ops.size();
                    Map<String, Long> seen = new HashMap<>();
                    if (pred.complementSql() != null) { // the rows of the key part it will not match
                        PreparedStatement q = session.prepare(pred.complementSql());
                        int j = 1;
                        for (Compiled.Param param : pred.complementParams()) {
                            bind(session.connection, q, j++, param, param.value(frame));
                        }
                        try (ResultSet rs = q.executeQuery()) {
                            while (rs.next()) {
                                seen.put(rowName(keyPrefix(t, rs, nk)), rs.getLong(nk + 1));
                            }
                        }
                    }
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            String prefix = keyPrefix(t, rs, nk);
                            for (int k = 0; k < c.reads().size(); k++) { // read before write, as the row did
                                String key = prefix + SqlGen.fieldName(t, c.reads().get(k));
                                long v = rs.getLong(nk + k + 1);
                                log.read(key, v);
                                if (outcome != null) {
                                    read.append(read.length() == 0 ? "; read " : ", ").append(key).append(" version ").append(v);
                                }
                            }
                            for (String col : c.columns()) {
                                log.write(prefix + SqlGen.fieldName(t, col), version);
                            }
                            rowWrite(c, pred, t, rs, nk, prefix, version, seen, log);
                            n++;
                        }
                    }
                    if (!(c.stmt() instanceof Stmt.Insert)) {
                        Cond where = c.stmt() instanceof Stmt.Update u ? u.where() : ((Stmt.Delete) c.stmt()).where();
                        scan(log, firstOp, t, where, env, seen);
                    }
                    if (outcome != null) {
                        outcome.append(n).append(n == 1 ? " row" : " rows").append(" (version ").append(version).append(read).append(")");
                    }
                } else {
                    int n = p.executeUpdate();
                    if (outcome != null) {
                        outcome.append(n).append(n == 1 ? " row" : " rows");
                    }
                }
            }
        }
        gate.afterStatement(outcome == null ? "" : outcome.toString());
    }

    /**
     * A recorded join: each joined row's read of its table's column is logged once (a row with
     * several join partners was read once, in one version, by the one statement), and the
     * aggregate (COUNT(DISTINCT c), MIN, MAX of the last table) is computed from the result. No
     * predicate read is recorded for a join (which rows of one table could have joined depends on the
     * others' versions): an edge left out, never one invented.
     */
    private Object join(Stmt.Select sel, PreparedStatement p, TxnLog log) throws SQLException {
        List<Stmt.Select> parts = new ArrayList<>(sel.joinedFrom());
        parts.add(sel);
        Aggregate a = sel.aggregate().orElseThrow();
        Set<String> logged = new HashSet<>();
        Set<Object> distinct = new HashSet<>();
        Object best = null;
        try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                int base = 0;
                for (Stmt.Select part : parts) {
                    Table t = gen.table(part.table());
                    int nk = t.primaryKey().size();
                    String col = part == sel ? a.column().orElseThrow() : part.columns().get(0);
                    StringBuilder prefix = new StringBuilder(t.name()).append('/');
                    for (int k = 1; k <= nk; k++) {
                        prefix.append(k > 1 ? "," : "").append(rs.getString(base + k));
                    }
                    prefix.append('/');
                    String key = prefix + SqlGen.fieldName(t, col);
                    if (logged.add(key)) {
                        log.read(key, rs.getLong(base + nk + 2));
                    }
                    if (part == sel) {
                        Object v = get(rs, base + nk + 1, t.column(col).orElseThrow().type());
                        if (v != null) {
                            distinct.add(v);
                            int cmp = best == null ? 0 : compare(v, best);
                            if (best == null || (a.function() == Aggregate.Function.MIN ? cmp < 0 : cmp > 0)) {
                                best = v;
                            }
                        }
                    }
                    base += nk + 2;
                }
            }
        }
        return a.function() == Aggregate.Function.COUNT ? (Object) (long) distinct.size() : best;
    }

    /**
     * Logs the row version a recorded write installed ({@link TxnLog.RowWrite}), and, for UPDATE and
     * DELETE, the predicate version its WHERE clause saw matching. Column positions follow
     * {@link Compiled.Predicate}.
     */
    private void rowWrite(Compiled c, Compiled.Predicate pred, Table t, ResultSet rs, int nk, String prefix, long version,
            Map<String, Long> seen, TxnLog log) throws SQLException {
        String row = rowName(prefix);
        String key = prefix + SqlGen.fieldName(t, c.columns().get(0));
        int at = nk + c.reads().size() + 1; // first predicate column
        Map<String, Object> keys = new HashMap<>();
        for (int k = 0; k < nk; k++) {
            String col = t.primaryKey().get(k);
            keys.put(col, get(rs, k + 1, t.column(col).orElseThrow().type()));
        }
        switch (c.kind()) {
            case INSERT -> log.rowWrites.add(new TxnLog.RowWrite(row, version, TxnLog.ABSENT, null, image(pred, rs, at, keys), key));
            case DELETE -> {
                long previous = rs.getLong(at);
                seen.put(row, previous);
                log.rowWrites.add(new TxnLog.RowWrite(row, version, previous, image(pred, rs, at + 1, keys), null, key));
            }
            default -> {
                long previous = rs.getLong(at);
                seen.put(row, previous);
                if (pred.writesVersion()) {
                    Map<String, Object> after = image(pred, rs, at + 1, keys);
                    Map<String, Object> before = new HashMap<>(after);
                    int old = at + 1 + pred.image().size();
                    for (int k = 0; k < pred.old().size(); k++) {
                        String col = pred.old().get(k);
                        before.put(col, get(rs, old + k, pred.imageTypes().get(pred.image().indexOf(col))));
                    }
                    log.rowWrites.add(new TxnLog.RowWrite(row, version, previous, before, after, key));
                }
            }
        }
    }

    private static Map<String, Object> image(Compiled.Predicate pred, ResultSet rs, int at, Map<String, Object> keys)
            throws SQLException {
        Map<String, Object> out = new HashMap<>(keys);
        for (int k = 0; k < pred.image().size(); k++) {
            out.put(pred.image().get(k), get(rs, at + k, pred.imageTypes().get(k)));
        }
        return out;
    }

    /** Logs what a WHERE clause evaluated, for {@link PredicateReads}. */
    private void scan(TxnLog log, int firstOp, Table t, Cond where, Map<String, Object> env, Map<String, Long> seen) {
        Map<String, Object> frozen = new HashMap<>(env);
        log.predicateScans.add(new TxnLog.PredicateScan(firstOp, t.name(), PredicateReads.text(where, frozen),
                row -> test(where, frozen, row), seen, PredicateReads.rowPrefix(t, where, frozen)));
    }

    /**
     * The predicate a MIN or MAX that found {@code best} depends on: the WHERE clause and
     * {@code column <= best} ({@code >=} for MAX). A row outside it cannot change the result, so a
     * write that moves a row in or out of the WHERE clause above the minimum is no predicate
     * anti-dependency of the statement (the MIN/MAX rule of the static side, the paper's §4): the
     * statement is recorded as a predicate read of the predicate its result reads.
     */
    private void aggregateScan(TxnLog log, int firstOp, Table t, Cond where, Map<String, Object> env, Map<String, Long> seen,
            Aggregate a, String column, Object best) {
        Map<String, Object> frozen = new HashMap<>(env);
        boolean min = a.function() == Aggregate.Function.MIN;
        String text = PredicateReads.text(where, frozen) + " AND " + column + (min ? " <= " : " >= ")
                + (best instanceof String str ? "'" + str.replace("'", "''") + "'" : best);
        log.predicateScans.add(new TxnLog.PredicateScan(firstOp, t.name(), text, row -> {
            Object v = row.get(column);
            return test(where, frozen, row) && v != null && (min ? compare(v, best) <= 0 : compare(v, best) >= 0);
        }, seen, PredicateReads.rowPrefix(t, where, frozen)));
    }

    /**
     * The predicate read of a row SELECT. With ORDER BY … LIMIT n that returned n rows, the result
     * depends only on the rows ordered no later than the last one returned (ties included: the
     * database may order a tie either way), so, as for MIN/MAX (the paper's §4 rule), the predicate
     * is the WHERE clause and that order bound. LIMIT without ORDER BY returns any n rows: which
     * others could have been chosen is unknown, so no predicate read is recorded (an edge left out,
     * never one invented). Fewer than n rows: every matching row was returned, the WHERE clause is
     * the predicate.
     */
    private void selectScan(TxnLog log, int firstOp, Table t, Stmt.Select sel, Map<String, Object> env,
            Map<String, Long> seen, List<Map<String, Object>> rows) {
        if (sel.limit().isEmpty() || rows.size() < sel.limit().get()) {
            scan(log, firstOp, t, sel.where(), env, seen);
            return;
        }
        if (sel.orderBy().isEmpty() || rows.isEmpty()) {
            return;
        }
        Map<String, Object> frozen = new HashMap<>(env);
        Map<String, Object> last = new HashMap<>();
        StringBuilder bound = new StringBuilder();
        for (var key : sel.orderBy()) {
            Object v = rows.get(rows.size() - 1).get(key.column());
            if (v == null && !sel.columns().contains(key.column())) {
                return; // the order column was not selected: the bound is unknown
            }
            last.put(key.column(), v);
            bound.append(bound.length() == 0 ? "" : ", ").append(key.column()).append(key.descending() ? " DESC" : "");
        }
        String text = PredicateReads.text(sel.where(), frozen) + " AND ordered by " + bound + " no later than "
                + last.values().stream().map(v -> v instanceof String str ? "'" + str.replace("'", "''") + "'" : String.valueOf(v))
                        .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
        log.predicateScans.add(new TxnLog.PredicateScan(firstOp, t.name(), text,
                row -> test(sel.where(), frozen, row) && noLaterThan(sel, row, last), seen,
                PredicateReads.rowPrefix(t, sel.where(), frozen)));
    }

    /** Whether {@code row} is ordered no later than {@code last} by {@code sel}'s ORDER BY (a tie counts). */
    private static boolean noLaterThan(Stmt.Select sel, Map<String, Object> row, Map<String, Object> last) {
        for (var key : sel.orderBy()) {
            Object x = row.get(key.column());
            Object y = last.get(key.column());
            if (x == null || y == null) {
                return false; // NULL ordering is the database's choice: no edge from it
            }
            int cmp = compare(x, y);
            if (cmp != 0) {
                return key.descending() ? cmp > 0 : cmp < 0;
            }
        }
        return true;
    }

    /** {@code table/pk} of a {@code table/pk/} key prefix. */
    private static String rowName(String prefix) {
        return prefix.substring(0, prefix.length() - 1);
    }

    private static String showRows(Object v) {
        if (v instanceof List<?> rows) {
            if (rows.isEmpty()) {
                return "no rows";
            }
            StringBuilder sb = new StringBuilder();
            for (Object r : rows) {
                if (sb.length() > 0) {
                    sb.append(", ");
                }
                sb.append(r instanceof Map<?, ?> m ? m.toString().replace("{", "(").replace("}", ")") : r);
            }
            return sb.toString();
        }
        return Values.show(v);
    }

    /** {@code table/pk/} of the current row: key values joined by commas. */
    private static String keyPrefix(Table t, ResultSet rs, int nk) throws SQLException {
        StringBuilder sb = new StringBuilder(t.name()).append('/');
        for (int k = 1; k <= nk; k++) {
            if (k > 1) {
                sb.append(',');
            }
            sb.append(rs.getString(k));
        }
        return sb.append('/').toString();
    }

    private static Object get(ResultSet rs, int col, ScalarType type) throws SQLException {
        if (type == ScalarType.INT) {
            long v = rs.getLong(col);
            return rs.wasNull() ? null : v;
        }
        return rs.getString(col);
    }

    private static void bind(Connection c, PreparedStatement p, int i, Compiled.Param param, Object value) throws SQLException {
        if (param.isArray()) {
            Object[] elems = (Object[]) value;
            Array arr = c.createArrayOf(param.type() == ScalarType.INT ? "BIGINT" : "VARCHAR", elems);
            p.setArray(i, arr);
        } else if (value == null) {
            p.setNull(i, param.type() == ScalarType.INT ? Types.BIGINT : Types.VARCHAR);
        } else if (value instanceof Long l) {
            p.setLong(i, l);
        } else if (value instanceof Integer n) {
            p.setLong(i, n);
        } else {
            p.setString(i, value.toString());
        }
    }

    // ---- conditions and expressions outside SQL ----

    boolean test(Cond c, Map<String, Object> env) {
        return test(c, env, null);
    }

    /** {@code c} with its column references read from {@code row} (null outside SQL). */
    private boolean test(Cond c, Map<String, Object> env, Map<String, Object> row) {
        if (c instanceof Cond.Const k) {
            return k.value();
        }
        if (c instanceof Cond.Compare cmp) {
            Object l = eval(cmp.left(), env, row);
            Object r = eval(cmp.right(), env, row);
            if (l == null || r == null) {
                return false; // SQL's unknown
            }
            int d = compare(l, r);
            return switch (cmp.op()) {
                case EQ -> d == 0;
                case NE -> d != 0;
                case LT -> d < 0;
                case LE -> d <= 0;
                case GT -> d > 0;
                case GE -> d >= 0;
            };
        }
        if (c instanceof Cond.IsNull n) {
            return Values.isNull(env.get(n.variable())) != n.negated();
        }
        if (c instanceof Cond.FieldIsNull n) {
            return (eval(n.operand(), env, row) == null) != n.negated();
        }
        if (c instanceof Cond.Member m) {
            Object e = eval(m.element(), env, row);
            if (e == null) {
                return false;
            }
            for (Object v : Values.column(env.get(m.rows()), m.field())) {
                if (v != null && compare(e, v) == 0) {
                    return true;
                }
            }
            return false;
        }
        if (c instanceof Cond.Not n) {
            return !test(n.operand(), env, row);
        }
        if (c instanceof Cond.And a) {
            return test(a.left(), env, row) && test(a.right(), env, row);
        }
        Cond.Or o = (Cond.Or) c;
        return test(o.left(), env, row) || test(o.right(), env, row);
    }

    Object eval(Expr e, Map<String, Object> env) {
        return eval(e, env, null);
    }

    private Object eval(Expr e, Map<String, Object> env, Map<String, Object> row) {
        if (e instanceof Expr.IntLit i) {
            return i.value();
        }
        if (e instanceof Expr.StrLit s) {
            return s.value();
        }
        if (e instanceof Expr.VarRef v) {
            return Values.read(env.get(v.variable()), v.field());
        }
        if (e instanceof Expr.Arith a) {
            Object l = eval(a.left(), env, row);
            Object r = eval(a.right(), env, row);
            if (!(l instanceof Long x) || !(r instanceof Long y)) {
                return null;
            }
            return switch (a.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> y == 0 ? null : x / y;
            };
        }
        if (e instanceof Expr.Negate n) {
            Object v = eval(n.operand(), env, row);
            return v instanceof Long x ? -x : null;
        }
        if (e instanceof Expr.ColumnRef r && row != null) {
            return row.get(r.column());
        }
        if (e instanceof Expr.Case c) {
            for (int i = 0; i < c.conditions().size(); i++) {
                if (test(c.conditions().get(i), env, row)) {
                    return eval(c.values().get(i), env, row);
                }
            }
            return eval(c.otherwise(), env, row);
        }
        if (e instanceof Expr.Coalesce c) {
            for (Expr x : c.args()) {
                Object v = eval(x, env, row);
                if (v != null) {
                    return v;
                }
            }
            return null;
        }
        throw new IllegalStateException("column reference outside SQL: " + e.text());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof Comparable ca && a.getClass() == b.getClass()) {
            return ca.compareTo(b);
        }
        return a.toString().compareTo(b.toString());
    }

    boolean recording() {
        return record;
    }
}
