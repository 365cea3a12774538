package isocheck.run;

import isocheck.program.Aggregate;
import isocheck.program.Column;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Program;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates program statements to JDBC statements, instrumented for recording or plain.
 *
 * <p>Instrumentation: every table gets one hidden version column per non-key column ({@code
 * isocheck_v_<col>}) and one for the row itself ({@code isocheck_v_row}, the row's {@code @alive}
 * field, written by INSERT). An UPDATE sets the version column of every column it assigns to the
 * execution's unique version id, an INSERT sets all of them; a SELECT returns the primary key and
 * the version of each selected column; UPDATE, INSERT and DELETE return the primary keys of the
 * rows they changed ({@code RETURNING}, H2's {@code FINAL/OLD TABLE}, or a SELECT after the
 * statement: {@link SqlDialect#returning}, {@link SqlDialect#updateReturns}). An UPDATE whose SET
 * expressions read fields of the row also returns, per row, the version of each field it read,
 * captured atomically by the statement itself ({@link UpdateReads}).
 */
final class SqlGen {

    static final String ROW_VERSION = "isocheck_vrow"; // cannot collide with isocheck_v_<column>
    static final String PREFIX = "isocheck_v_";

    /**
     * The row's predicate version: set by INSERT and by every UPDATE of a column some WHERE clause
     * reads.
     */
    static final String PRED_VERSION = "isocheck_vpred";

    /**
     * The predicate version an UPDATE overwrote (copied by the UPDATE itself, as {@link
     * UpdateReads} does).
     */
    static final String PRED_PREVIOUS = "isocheck_ppred";

    /** The value an UPDATE overwrote in a column some WHERE clause reads. */
    static final String OLD_PREFIX = "isocheck_o_";

    private final SqlDialect dialect;
    private final boolean record;
    private final Schema schema;

    /**
     * Per table, the previous-version columns its read-modify-write UPDATEs need ({@link
     * UpdateReads}).
     */
    private final Map<String, Set<String>> previousColumns;

    private final PredicateColumns predicateColumns;

    SqlGen(Program program, SqlDialect dialect, boolean record) {
        this.schema = program.schema();
        this.previousColumns = UpdateReads.previousColumns(program);
        this.predicateColumns = PredicateColumns.of(program);
        this.dialect = dialect;
        this.record = record;
    }

    Table table(String name) {
        return schema.table(name).orElseThrow();
    }

    static String versionColumn(Table t, String column) {
        return t.isKey(column) ? ROW_VERSION : PREFIX + column;
    }

    /**
     * The field name a column's version stands for in history keys ({@code @alive} for key
     * columns).
     */
    static String fieldName(Table t, String column) {
        return t.isKey(column) ? "@alive" : column;
    }

    /**
     * The table's UNIQUE, CHECK and FOREIGN KEY constraints, as ALTER TABLE statements run after
     * the initial data is in (so a generator need not order its tables by their references).
     */
    List<String> constraints(Table t) {
        List<String> out = new ArrayList<>();
        for (isocheck.program.Constraint c : t.constraints()) {
            String sql =
                    c instanceof isocheck.program.Constraint.Check check
                            ? "CHECK (" + cond(check.condition(), new ArrayList<>()) + ")"
                            : c.sql();
            out.add("ALTER TABLE " + t.name() + " ADD " + sql);
        }
        return out;
    }

    /**
     * CREATE TABLE for {@code t}, with the version columns when recording. INT is stored as BIGINT.
     */
    String createTable(Table t) {
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(t.name()).append(" (");
        List<String> parts = new ArrayList<>();
        for (Column c : t.columns()) {
            parts.add(
                    c.name()
                            + " "
                            + columnType(c.type(), t.isKey(c.name()))
                            + (c.notNull() || t.isKey(c.name()) ? " NOT NULL" : ""));
        }
        if (record) {
            parts.add(ROW_VERSION + " " + dialect.intType() + " DEFAULT 0 NOT NULL");
            for (Column c : t.columns()) {
                if (!t.isKey(c.name())) {
                    parts.add(PREFIX + c.name() + " " + dialect.intType() + " DEFAULT 0 NOT NULL");
                }
            }
            for (String p : previousColumns.getOrDefault(t.name(), Set.of())) {
                parts.add(p + " " + dialect.intType() + " DEFAULT 0 NOT NULL");
            }
            parts.add(PRED_VERSION + " " + dialect.intType() + " DEFAULT 0 NOT NULL");
            parts.add(PRED_PREVIOUS + " " + dialect.intType() + " DEFAULT 0 NOT NULL");
            for (String c : predicateColumns.assigned(t.name())) {
                parts.add(
                        OLD_PREFIX + c + " " + columnType(t.column(c).orElseThrow().type(), false));
            }
        }
        parts.add("PRIMARY KEY (" + String.join(", ", t.primaryKey()) + ")");
        return sb.append(String.join(", ", parts)).append(")").toString();
    }

    private String columnType(ScalarType type, boolean key) {
        return type == ScalarType.INT ? dialect.intType() : dialect.textType(key);
    }

    Compiled compile(Stmt.Sql s) {
        Table t = schema.table(s.table()).orElseThrow();
        List<Compiled.Param> params = new ArrayList<>();
        if (s instanceof Stmt.Select sel) {
            return select(sel, t, params);
        }
        if (s instanceof Stmt.Update u) {
            StringBuilder sb = new StringBuilder("UPDATE ").append(t.name()).append(" SET ");
            List<String> sets = new ArrayList<>();
            for (var a : u.assignments()) {
                sets.add(a.column() + " = " + expr(a.value(), params));
            }
            List<String> reads = record ? UpdateReads.of(u) : List.of();
            List<String> returned =
                    new ArrayList<>(); // per read column: the column naming the version it read
            if (record) {
                for (String v :
                        new LinkedHashSet<>(
                                u.assignments().stream()
                                        .map(a -> versionColumn(t, a.column()))
                                        .toList())) {
                    sets.add(v + " = ?");
                    params.add(versionParam());
                }
                // After the version columns on purpose: a database that evaluated SET left to right
                // would copy the new version, and the run tests would see a read of its own write.
                for (String r : reads) {
                    if (UpdateReads.needsPrevious(t, u, r)) {
                        String prev = UpdateReads.previousColumn(t, r);
                        if (!returned.contains(prev)) {
                            sets.add(
                                    prev
                                            + " = "
                                            + versionColumn(
                                                    t, r)); // the right-hand side sees the old row
                        }
                        returned.add(prev);
                    } else {
                        returned.add(
                                versionColumn(
                                        t,
                                        r)); // not written here: the old version is the current one
                    }
                }
            }
            List<String> cols = u.assignments().stream().map(a -> a.column()).toList();
            Compiled.Predicate pred = null;
            if (record) {
                List<String> image = predicateColumns.of(t.name());
                List<String> old = cols.stream().filter(image::contains).distinct().toList();
                boolean writesVersion = !old.isEmpty();
                if (writesVersion) { // right-hand sides see the old row (SQL:2016 Part 2 §14.15),
                    // as for UpdateReads
                    sets.add(PRED_PREVIOUS + " = " + PRED_VERSION);
                    sets.add(PRED_VERSION + " = ?");
                    params.add(versionParam());
                    for (String c : old) {
                        sets.add(OLD_PREFIX + c + " = " + c);
                    }
                    returned.add(PRED_PREVIOUS);
                    returned.addAll(image);
                    old.forEach(c -> returned.add(OLD_PREFIX + c));
                } else {
                    returned.add(PRED_VERSION);
                }
                pred = predicate(t, u.where(), false, writesVersion, image, old);
            }
            sb.append(String.join(", ", sets)).append(" WHERE ").append(cond(u.where(), params));
            if (record && !dialect.updateReturns()) {
                // No UPDATE … RETURNING: the rows this execution changed are those carrying its
                // version (unique per execution) in a column it assigned; the transaction's own
                // writes are visible to its next statement at every level, so this SELECT returns
                // what RETURNING would (the new rows). The key part narrows it to an index lookup.
                List<Compiled.Param> fetchParams = new ArrayList<>();
                String keyPart = cond(predicateColumns.keyPart(t, u.where()), fetchParams);
                fetchParams.add(versionParam());
                List<String> items = new ArrayList<>(t.primaryKey());
                items.addAll(returned);
                String fetch =
                        "SELECT "
                                + String.join(", ", items)
                                + " FROM "
                                + t.name()
                                + " WHERE "
                                + keyPart
                                + " AND "
                                + versionColumn(t, u.assignments().get(0).column())
                                + " = ?";
                return new Compiled(
                        s,
                        Compiled.Kind.UPDATE,
                        t,
                        sb.toString(),
                        params,
                        cols,
                        types(t, cols),
                        reads,
                        record,
                        pred,
                        fetch,
                        fetchParams);
            }
            return withPreRead(
                    new Compiled(
                            s,
                            Compiled.Kind.UPDATE,
                            t,
                            returning(sb.toString(), t, false, returned),
                            params,
                            cols,
                            types(t, cols),
                            reads,
                            record,
                            pred),
                    t.primaryKey().size() + returned.size());
        }
        if (s instanceof Stmt.Insert ins) {
            List<String> cols = new ArrayList<>(ins.columns());
            List<String> vals = new ArrayList<>();
            for (Expr e : ins.values()) {
                vals.add(expr(e, params));
            }
            if (record) {
                cols.add(ROW_VERSION);
                vals.add("?");
                params.add(versionParam());
                cols.add(PRED_VERSION);
                vals.add("?");
                params.add(versionParam());
                for (Column c : t.columns()) {
                    if (!t.isKey(c.name())) {
                        cols.add(PREFIX + c.name());
                        vals.add("?");
                        params.add(versionParam());
                    }
                }
            }
            String sql =
                    "INSERT INTO "
                            + t.name()
                            + " ("
                            + String.join(", ", cols)
                            + ") VALUES ("
                            + String.join(", ", vals)
                            + ")";
            List<String> written = new ArrayList<>();
            written.add(t.primaryKey().get(0)); // stands for @alive
            for (Column c : t.columns()) {
                if (!t.isKey(c.name())) {
                    written.add(c.name());
                }
            }
            List<String> image = predicateColumns.of(t.name());
            Compiled.Predicate pred =
                    record
                            ? new Compiled.Predicate(
                                    false,
                                    true,
                                    image,
                                    types(t, image),
                                    List.of(),
                                    null,
                                    List.of(),
                                    false,
                                    null,
                                    List.of(),
                                    true)
                            : null;
            return new Compiled(
                    s,
                    Compiled.Kind.INSERT,
                    t,
                    returning(sql, t, false, image),
                    params,
                    written,
                    types(t, written),
                    List.of(),
                    record,
                    pred);
        }
        Stmt.Delete d = (Stmt.Delete) s;
        String sql = "DELETE FROM " + t.name() + " WHERE " + cond(d.where(), params);
        List<String> written = List.of(t.primaryKey().get(0));
        List<String> image = predicateColumns.of(t.name());
        List<String> extra = new ArrayList<>();
        extra.add(PRED_VERSION);
        extra.addAll(image);
        Compiled.Predicate pred =
                record ? predicate(t, d.where(), false, true, image, List.of()) : null;
        return withPreRead(
                new Compiled(
                        s,
                        Compiled.Kind.DELETE,
                        t,
                        returning(sql, t, true, record ? extra : List.of()),
                        params,
                        written,
                        types(t, written),
                        List.of(),
                        record,
                        pred),
                t.primaryKey().size() + extra.size());
    }

    /**
     * During {@link #join}: how each hidden row set of the join ({@code target$table}) is written
     * in SQL, as the qualified column it holds; null otherwise (then columns are unqualified).
     */
    private Map<String, String> joinColumns;

    /**
     * An inner join, run as the one statement it is written as: FROM the tables in order, WHERE
     * every table's own conditions and the join equalities (each {@code c = ANY(:target$t.j)} of
     * the translated form becomes {@code table.c = t.j}), columns qualified by their table.
     */
    private Compiled join(Stmt.Select sel, Table last, List<Compiled.Param> params) {
        List<Stmt.Select> parts = new ArrayList<>(sel.joinedFrom());
        parts.add(sel);
        joinColumns = new java.util.HashMap<>();
        try {
            for (Stmt.Select p : sel.joinedFrom()) {
                joinColumns.put(p.target(), p.table() + "." + p.columns().get(0));
            }
            Aggregate a = sel.aggregate().orElseThrow();
            String aggColumn = a.column().orElseThrow();
            String selectList;
            if (record) {
                List<String> items = new ArrayList<>();
                for (Stmt.Select p : parts) {
                    Table t = schema.table(p.table()).orElseThrow();
                    String col = p == sel ? aggColumn : p.columns().get(0);
                    t.primaryKey().forEach(k -> items.add(t.name() + "." + k));
                    items.add(t.name() + "." + col);
                    items.add(t.name() + "." + versionColumn(t, col));
                }
                selectList = String.join(", ", items);
            } else {
                selectList =
                        a.function()
                                + "("
                                + (a.distinct() ? "DISTINCT " : "")
                                + last.name()
                                + "."
                                + aggColumn
                                + ")";
            }
            List<String> conds = new ArrayList<>();
            for (Stmt.Select p : parts) {
                conds.add(cond(p.where(), params));
            }
            String sql =
                    "SELECT "
                            + selectList
                            + " FROM "
                            + String.join(", ", parts.stream().map(Stmt.Select::table).toList())
                            + " WHERE "
                            + String.join(" AND ", conds);
            List<String> cols = List.of(aggColumn);
            return new Compiled(
                    sel,
                    record ? Compiled.Kind.JOIN : Compiled.Kind.SELECT,
                    last,
                    sql,
                    params,
                    cols,
                    record ? types(last, cols) : List.of(ScalarType.INT),
                    List.of(),
                    record,
                    null);
        } finally {
            joinColumns = null;
        }
    }

    private Compiled select(Stmt.Select sel, Table t, List<Compiled.Param> params) {
        if (sel.isJoin()) {
            return join(sel, t, params);
        }
        List<String> cols;
        Compiled.Kind kind;
        String selectList;
        if (sel.aggregate().isPresent()) {
            Aggregate a = sel.aggregate().get();
            cols = a.column().map(List::of).orElse(List.of(t.primaryKey().get(0)));
            if (record) {
                kind = Compiled.Kind.AGGREGATE;
                selectList = recordedList(t, cols);
            } else {
                kind = Compiled.Kind.SELECT;
                selectList = aggregateSql(a);
            }
        } else {
            cols = sel.columns();
            kind = Compiled.Kind.SELECT;
            selectList = record ? recordedList(t, cols) : String.join(", ", cols);
        }
        Compiled.Predicate pred = null;
        String where;
        if (record) {
            // Rows the WHERE clause does not match but might in another version are fetched too
            // (those of its key part), with the database's own verdict on each; not under LIMIT or
            // a
            // row lock, where fetching more rows would change which rows come back or are locked.
            boolean keyOnly = predicateColumns.keyOnly(t, sel.where());
            boolean broadened = !keyOnly && sel.limit().isEmpty() && !sel.lock().locks();
            selectList += ", " + PRED_VERSION;
            if (broadened) {
                selectList += ", CASE WHEN " + cond(sel.where(), params) + " THEN 1 ELSE 0 END";
            }
            where =
                    cond(
                            broadened ? predicateColumns.keyPart(t, sel.where()) : sel.where(),
                            params);
            pred =
                    new Compiled.Predicate(
                            broadened,
                            false,
                            List.of(),
                            List.of(),
                            List.of(),
                            null,
                            List.of(),
                            false,
                            null,
                            List.of(),
                            keyOnly || broadened);
        } else {
            where = cond(sel.where(), params);
        }
        String sql =
                "SELECT "
                        + selectList
                        + " FROM "
                        + t.name()
                        + " WHERE "
                        + where
                        + orderAndLimit(sel)
                        + lockClause(sel.lock());
        List<ScalarType> types =
                kind == Compiled.Kind.SELECT && sel.aggregate().isPresent()
                        ? List.of(ScalarType.INT)
                        : types(t, cols);
        return new Compiled(sel, kind, t, sql, params, cols, types, List.of(), record, pred);
    }

    /**
     * The predicate description of a recorded UPDATE or DELETE: when its WHERE clause reads non-key
     * columns, the query of the rows of its key part with the database's verdict on each (SQL's
     * unknown counts as not matching, as in WHERE), run just before it (or in it, {@link
     * SqlDialect#withPreRead}) so that the rows it does not match are seen too, and the query of
     * the same rows run after it when the pre-read does not decide what it saw ({@link
     * StatementExecutor}).
     */
    private Compiled.Predicate predicate(
            Table t,
            Cond where,
            boolean broadened,
            boolean writesVersion,
            List<String> image,
            List<String> old) {
        String preRead = null;
        String postRead = null;
        List<Compiled.Param> preParams = new ArrayList<>();
        List<Compiled.Param> postParams = new ArrayList<>();
        if (!predicateColumns.keyOnly(t, where)) {
            String keyPart = cond(predicateColumns.keyPart(t, where), preParams);
            String matches = cond(where, preParams);
            preRead =
                    "SELECT "
                            + String.join(", ", t.primaryKey())
                            + ", "
                            + PRED_VERSION
                            + ", CASE WHEN "
                            + matches
                            + " THEN 1 ELSE 0 END FROM "
                            + t.name()
                            + " WHERE "
                            + keyPart
                            + dialect.complementLock();
            postRead =
                    "SELECT "
                            + String.join(", ", t.primaryKey())
                            + ", "
                            + PRED_VERSION
                            + ", "
                            + dialect.lockedByThisTransaction()
                            + " FROM "
                            + t.name()
                            + " WHERE "
                            + cond(predicateColumns.keyPart(t, where), postParams);
        }
        return new Compiled.Predicate(
                broadened,
                writesVersion,
                image,
                types(t, image),
                old,
                preRead,
                preParams,
                false,
                postRead,
                postParams,
                true);
    }

    /**
     * {@code c} with its pre-read folded into its statement where the dialect can ({@link
     * SqlDialect#withPreRead}; the pre-read's parameters come first, as its text does).
     */
    private Compiled withPreRead(Compiled c, int returned) {
        Compiled.Predicate p = c.predicate();
        if (p == null || p.preReadSql() == null || c.fetchSql() != null) {
            return c;
        }
        String sql =
                dialect.withPreRead(
                        p.preReadSql(), c.sql(), returned, c.table().primaryKey().size() + 2);
        if (sql == null) {
            return c;
        }
        List<Compiled.Param> params = new ArrayList<>(p.preReadParams());
        params.addAll(c.params());
        Compiled.Predicate folded =
                new Compiled.Predicate(
                        p.broadened(),
                        p.writesVersion(),
                        p.image(),
                        p.imageTypes(),
                        p.old(),
                        p.preReadSql(),
                        p.preReadParams(),
                        true,
                        p.postReadSql(),
                        p.postReadParams(),
                        p.decided());
        return new Compiled(
                c.stmt(),
                c.kind(),
                c.table(),
                sql,
                params,
                c.columns(),
                c.columnTypes(),
                c.reads(),
                c.recorded(),
                folded);
    }

    /**
     * An aggregate computed by the database. SUM is cast back to a 64-bit integer (PostgreSQL's
     * SUM(bigint) is NUMERIC, MariaDB's DECIMAL); AVG is the integer average truncated toward zero
     * that {@link Aggregate} defines, {@code SUM / COUNT} in integer arithmetic (NULL over no rows:
     * NULL / 0 is NULL in every database).
     */
    private String aggregateSql(Aggregate a) {
        String c = a.column().orElse("*");
        return switch (a.function()) {
            case SUM -> dialect.castToInt("SUM(" + c + ")");
            case AVG -> dialect.divide(dialect.castToInt("SUM(" + c + ")"), "COUNT(" + c + ")");
            default -> a.text();
        };
    }

    private static String orderAndLimit(Stmt.Select sel) {
        StringBuilder sb = new StringBuilder();
        if (!sel.orderBy().isEmpty()) {
            sb.append(" ORDER BY ")
                    .append(String.join(", ", sel.orderBy().stream().map(k -> k.text()).toList()));
        }
        sel.limit().ifPresent(n -> sb.append(" LIMIT ").append(n));
        return sb.toString();
    }

    /** The locking clause as the database spells it ({@link SqlDialect#lockClause}). */
    private String lockClause(RowLock lock) {
        return dialect.lockClause(lock);
    }

    private static String recordedList(Table t, List<String> cols) {
        List<String> items = new ArrayList<>(t.primaryKey());
        items.addAll(cols);
        for (String c : cols) {
            items.add(versionColumn(t, c));
        }
        return String.join(", ", items);
    }

    private static List<ScalarType> types(Table t, List<String> cols) {
        return cols.stream().map(c -> t.column(c).orElseThrow().type()).toList();
    }

    /** The statement returning, per changed row, its primary key and then {@code extra} columns. */
    private String returning(String sql, Table t, boolean oldRow, List<String> extra) {
        if (!record) {
            return sql;
        }
        List<String> items = new ArrayList<>(t.primaryKey());
        items.addAll(extra);
        return dialect.returning(sql, oldRow, String.join(", ", items));
    }

    private static Compiled.Param versionParam() {
        return new Compiled.Param() {
            @Override
            public Object value(Compiled.Frame f) {
                return f.version();
            }

            @Override
            public ScalarType type() {
                return ScalarType.INT;
            }
        };
    }

    // ---- conditions and expressions ----

    private String cond(Cond c, List<Compiled.Param> params) {
        return c.accept(new SqlText(params));
    }

    private String expr(Expr e, List<Compiled.Param> params) {
        return e.accept(new SqlText(params));
    }

    /**
     * The SQL text of a condition or expression; the program's variables become bound parameters.
     */
    private final class SqlText implements Cond.Visitor<String>, Expr.Visitor<String> {
        private final List<Compiled.Param> params;

        SqlText(List<Compiled.Param> params) {
            this.params = params;
        }

        @Override
        public String visitConst(Cond.Const k) {
            return k.value() ? "TRUE" : "FALSE";
        }

        @Override
        public String visitCompare(Cond.Compare cmp) {
            return expr(cmp.left(), params)
                    + " "
                    + cmp.op().symbol()
                    + " "
                    + expr(cmp.right(), params);
        }

        @Override
        public String visitIsNull(Cond.IsNull n) {
            params.add(
                    new Compiled.Param() {
                        @Override
                        public Object value(Compiled.Frame f) {
                            return Values.isNull(f.var(n.variable())) != n.negated() ? 1L : 0L;
                        }

                        @Override
                        public ScalarType type() {
                            return ScalarType.INT;
                        }
                    });
            return "(? = 1)";
        }

        @Override
        public String visitMember(Cond.Member m) {
            if (joinColumns != null && joinColumns.containsKey(m.rows())) {
                return expr(m.element(), params) + " = " + joinColumns.get(m.rows());
            }
            String element = expr(m.element(), params);
            ScalarType type = m.element().type();
            params.add(
                    new Compiled.Param() {
                        @Override
                        public Object value(Compiled.Frame f) {
                            return Values.column(f.var(m.rows()), m.field()).toArray();
                        }

                        @Override
                        public ScalarType type() {
                            return type;
                        }

                        @Override
                        public boolean isArray() {
                            return true;
                        }
                    });
            return dialect.memberOf(element, type);
        }

        @Override
        public String visitFieldIsNull(Cond.FieldIsNull n) {
            return "(" + expr(n.operand(), params) + (n.negated() ? " IS NOT NULL)" : " IS NULL)");
        }

        @Override
        public String visitNot(Cond.Not n) {
            return "NOT (" + cond(n.operand(), params) + ")";
        }

        @Override
        public String visitAnd(Cond.And a) {
            return "(" + cond(a.left(), params) + " AND " + cond(a.right(), params) + ")";
        }

        @Override
        public String visitOr(Cond.Or o) {
            return "(" + cond(o.left(), params) + " OR " + cond(o.right(), params) + ")";
        }

        @Override
        public String visitIntLit(Expr.IntLit i) {
            return Long.toString(i.value());
        }

        @Override
        public String visitStrLit(Expr.StrLit s) {
            return "'" + s.value().replace("'", "''") + "'";
        }

        @Override
        public String visitNullLit(Expr.NullLit n) {
            // the dialect's typed NULL: MariaDB casts to SIGNED/CHAR, not BIGINT/VARCHAR
            return dialect.castParam(n.type()).replace("?", "NULL");
        }

        @Override
        public String visitColumnRef(Expr.ColumnRef c) {
            return joinColumns != null ? c.table() + "." + c.column() : c.column();
        }

        @Override
        public String visitVarRef(Expr.VarRef v) {
            params.add(
                    new Compiled.Param() {
                        @Override
                        public Object value(Compiled.Frame f) {
                            return Values.read(f.var(v.variable()), v.field());
                        }

                        @Override
                        public ScalarType type() {
                            return v.type();
                        }
                    });
            return dialect.castParam(v.type());
        }

        @Override
        public String visitArith(Expr.Arith a) {
            if (a.op() == isocheck.program.ArithOp.DIV) {
                return dialect.divide(expr(a.left(), params), expr(a.right(), params));
            }
            return "("
                    + expr(a.left(), params)
                    + " "
                    + a.op().symbol()
                    + " "
                    + expr(a.right(), params)
                    + ")";
        }

        @Override
        public String visitCase(Expr.Case c) {
            StringBuilder sb = new StringBuilder("(CASE");
            for (int i = 0; i < c.conditions().size(); i++) {
                sb.append(" WHEN ")
                        .append(cond(c.conditions().get(i), params))
                        .append(" THEN ")
                        .append(expr(c.values().get(i), params));
            }
            return sb.append(" ELSE ")
                    .append(expr(c.otherwise(), params))
                    .append(" END)")
                    .toString();
        }

        @Override
        public String visitCoalesce(Expr.Coalesce c) {
            List<String> args = new ArrayList<>();
            for (Expr x : c.args()) {
                args.add(expr(x, params));
            }
            return "COALESCE(" + String.join(", ", args) + ")";
        }

        @Override
        public String visitNegate(Expr.Negate n) {
            return "(-" + expr(n.operand(), params) + ")";
        }
    }
}
