package isocheck.run;

import isocheck.program.Column;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.HashSet;
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
 *
 * <p>This class holds the DDL and compiles UPDATE, INSERT and DELETE; {@link SelectSql} compiles
 * SELECT, {@link PredicateSql} writes the recording pre- and post-reads of UPDATE and DELETE, and
 * {@link SqlText} the SQL text of conditions and expressions.
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

    final SqlDialect dialect;
    final boolean record;
    final Schema schema;

    /**
     * Per table, the previous-version columns its read-modify-write UPDATEs need ({@link
     * UpdateReads}).
     */
    private final Map<String, Set<String>> previousColumns;

    final PredicateColumns predicateColumns;

    private final SelectSql selects = new SelectSql(this);
    private final PredicateSql predicates = new PredicateSql(this);

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
                            + columnType(t, c)
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
                        OLD_PREFIX
                                + c
                                + " "
                                + (t.column(c).orElseThrow().type() == ScalarType.INT
                                        ? dialect.intType()
                                        : dialect.textType(0, 0)));
            }
        }
        parts.add("PRIMARY KEY (" + String.join(", ", t.primaryKey()) + ")");
        return sb.append(String.join(", ", parts)).append(")").toString();
    }

    /**
     * A column's type; a string column in an index (primary key, UNIQUE, FOREIGN KEY) is sized for
     * the most string and integer columns any of its indexes has ({@link SqlDialect#textType}).
     */
    private String columnType(Table t, Column c) {
        if (c.type() == ScalarType.INT) return dialect.intType();
        List<List<String>> indexes = new ArrayList<>();
        indexes.add(t.primaryKey());
        for (isocheck.program.Constraint k : t.constraints()) {
            if (k instanceof isocheck.program.Constraint.Unique u) indexes.add(u.columns());
            if (k instanceof isocheck.program.Constraint.ForeignKey f) indexes.add(f.columns());
        }
        int strings = 0, ints = 0;
        for (List<String> index : indexes) {
            if (!index.contains(c.name())) continue;
            int s = 0, i = 0;
            for (String name : index) {
                if (t.column(name).orElseThrow().type() == ScalarType.INT) i++;
                else s++;
            }
            // the most of each among its indexes: no index gets less room than this leaves
            strings = Math.max(strings, s);
            ints = Math.max(ints, i);
        }
        return dialect.textType(strings, ints);
    }

    Compiled compile(Stmt.Sql s) {
        Table t = schema.table(s.table()).orElseThrow();
        List<Compiled.Param> params = new ArrayList<>();
        if (s instanceof Stmt.Select sel) {
            return selects.select(sel, t, params);
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
                Set<String> copied = new HashSet<>(); // previous-version columns SET so far
                for (String r : reads) {
                    if (UpdateReads.needsPrevious(t, u, r)) {
                        String prev = UpdateReads.previousColumn(t, r);
                        if (copied.add(prev)) {
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
                // then the version each assigned field replaced (UpdateReads#replaced)
                for (String c : UpdateReads.replacedNotRead(t, u)) {
                    String prev = UpdateReads.previousColumn(t, c);
                    if (copied.add(prev)) {
                        sets.add(prev + " = " + versionColumn(t, c));
                    }
                    returned.add(prev);
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
                pred = predicates.predicate(t, u.where(), false, writesVersion, image, old);
            }
            sb.append(String.join(", ", sets))
                    .append(" WHERE ")
                    .append(predicates.noted(t, u.where(), params));
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
            return predicates.withPreRead(
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
        String sql = "DELETE FROM " + t.name() + " WHERE " + predicates.noted(t, d.where(), params);
        List<String> written = List.of(t.primaryKey().get(0));
        List<String> image = predicateColumns.of(t.name());
        List<String> extra = new ArrayList<>();
        extra.add(PRED_VERSION);
        extra.addAll(image);
        Compiled.Predicate pred =
                record ? predicates.predicate(t, d.where(), false, true, image, List.of()) : null;
        return predicates.withPreRead(
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

    static String recordedList(Table t, List<String> cols) {
        List<String> items = new ArrayList<>(t.primaryKey());
        items.addAll(cols);
        for (String c : cols) {
            items.add(versionColumn(t, c));
        }
        return String.join(", ", items);
    }

    static List<ScalarType> types(Table t, List<String> cols) {
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

    static Compiled.Param versionParam() {
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

    String cond(Cond c, List<Compiled.Param> params) {
        return c.accept(new SqlText(dialect, null, params));
    }

    String expr(Expr e, List<Compiled.Param> params) {
        return e.accept(new SqlText(dialect, null, params));
    }
}
