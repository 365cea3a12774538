package isocheck.run;

import static isocheck.run.JavaEvaluator.compare;
import static isocheck.run.JdbcValues.get;
import static isocheck.run.JdbcValues.rowName;

import isocheck.program.Aggregate;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recorded inner join (issue 15): the SQL that runs it so that it also returns what it evaluated,
 * and the reads and predicate reads it logs ({@link TxnLog}).
 *
 * <p>A join of t1, …, tn is, in the program, n SELECTs ({@link Stmt.Select#joinedFrom}): ti's WHERE
 * is its own conjuncts φi and, for i &gt; 1, {@code ci = ANY(:target$ti-1.ji-1)} (JoinTranslator).
 * The recorder reads it as exactly those n predicate reads (Adya, "Generalized Isolation Level
 * Definitions", ICDE 2000, §3, a predicate read per relation): t1's over φ1, and ti's over φi and
 * {@code ci IN (…)}, the ji-1 values of the ti-1 rows that matched theirs (known from the result),
 * so a concurrent insert, update or delete that changes which rows the join combines changes the
 * matches of one of them: an anti-dependency. The n predicate reads over-approximate the join's one
 * (a t1 row matching φ1 with no partner is matched: more edges, never fewer), as the static side's
 * n SELECTs do.
 *
 * <p>To know what each per-table predicate saw, the join runs as one statement that also returns
 * the rows it rejected: {@code FROM t1 LEFT JOIN t2 ON t2.c2 = t1.j1 AND κ2 LEFT JOIN …} over the
 * rows of φ1's key part κ1 ({@link PredicateColumns#keyPart}: the conjuncts no UPDATE can change,
 * so a row they reject matches in no version), each table's own conjuncts as a 1/0 flag, each row
 * with its predicate version ({@link SqlGen#PRED_VERSION}). One statement reads one snapshot
 * (PostgreSQL manual, "Concurrency Control", §13.2.1 even at READ COMMITTED), so every version is
 * exact: t1's key part is seen whole (a row not returned was absent), and every ti row whose ci is
 * among the earlier rows' ji is returned by the LEFT JOIN (a row not returned was absent or does
 * not match ti's predicate). The rows of a table that match its predicate are read as before: their
 * join column (their aggregated column for the last), once per row.
 */
final class JoinReads {
    private JoinReads() {}

    /**
     * One table of the join: its SELECT, its own conjuncts, the columns it reads (the aggregate
     * join's join or aggregated column; a join into a record's selected and joining columns), its
     * join columns and the earlier table's each equals (several pairs: Wikipedia's
     * selectPageRevision).
     */
    record Part(
            Stmt.Select select,
            Table table,
            Cond own,
            List<String> readColumns,
            List<String> joinColumns,
            List<String> previousJoinColumns) {}

    /** The tables of {@code sel}'s join, in join order. */
    static List<Part> parts(SqlGen gen, Stmt.Select sel) {
        List<Stmt.Select> selects = new ArrayList<>(sel.joinedFrom());
        selects.add(sel);
        List<Part> out = new ArrayList<>();
        for (int i = 0; i < selects.size(); i++) {
            Stmt.Select s = selects.get(i);
            Table t = gen.table(s.table());
            String previous = i == 0 ? null : selects.get(i - 1).target();
            Cond own = previous == null ? s.where() : withoutMember(s.where(), previous);
            List<Cond.Member> members = new ArrayList<>();
            if (previous != null) {
                members(s.where(), previous, members);
            }
            List<String> read =
                    s == sel && sel.aggregate().isPresent()
                            ? List.of(sel.aggregate().get().column().orElseThrow())
                            : s.columns();
            out.add(
                    new Part(
                            s,
                            t,
                            own,
                            read,
                            members.stream()
                                    .map(m -> ((Expr.ColumnRef) m.element()).column())
                                    .toList(),
                            members.stream().map(Cond.Member::field).toList()));
        }
        return out;
    }

    /**
     * The recorded SQL: per table its primary key, its read columns and their versions, its
     * predicate version and its own conjuncts' 1/0 flag; t1's rows those of φ1's key part, each
     * later table LEFT JOINed on its join equality and its own key part.
     */
    static String sql(SqlGen gen, Stmt.Select sel, List<Compiled.Param> params) {
        List<Part> parts = parts(gen, sel);
        Map<String, String> qualified = Map.of(); // non-null: columns written table.column
        List<String> items = new ArrayList<>();
        for (Part p : parts) {
            Table t = p.table();
            t.primaryKey().forEach(k -> items.add(t.name() + "." + k));
            p.readColumns().forEach(c -> items.add(t.name() + "." + c));
            p.readColumns().forEach(c -> items.add(t.name() + "." + SqlGen.versionColumn(t, c)));
            items.add(t.name() + "." + SqlGen.PRED_VERSION);
            items.add(
                    "CASE WHEN "
                            + p.own().accept(new SqlText(gen.dialect, qualified, params))
                            + " THEN 1 ELSE 0 END");
        }
        StringBuilder from = new StringBuilder(parts.get(0).table().name());
        for (int i = 1; i < parts.size(); i++) {
            Part p = parts.get(i);
            String prev = parts.get(i - 1).table().name();
            from.append(" LEFT JOIN ").append(p.table().name()).append(" ON ");
            for (int k = 0; k < p.joinColumns().size(); k++) {
                from.append(k > 0 ? " AND " : "")
                        .append(p.table().name())
                        .append('.')
                        .append(p.joinColumns().get(k))
                        .append(" = ")
                        .append(prev)
                        .append('.')
                        .append(p.previousJoinColumns().get(k));
            }
            // a row its key part rejects matches in no version: not needed (BenchBase StockLevel's
            // s_w_id = :w keeps the other warehouses' stock rows out)
            Cond keyPart = gen.predicateColumns.keyPart(p.table(), p.own());
            if (!(keyPart instanceof Cond.Const k && k.value())) {
                from.append(" AND ")
                        .append(keyPart.accept(new SqlText(gen.dialect, qualified, params)));
            }
        }
        Part first = parts.get(0);
        Cond keyPart = gen.predicateColumns.keyPart(first.table(), first.own());
        return "SELECT "
                + String.join(", ", items)
                + " FROM "
                + from
                + " WHERE "
                + keyPart.accept(new SqlText(gen.dialect, qualified, params))
                // a join into a record holds its first joined row: the ORDER BY's (table.column)
                + (sel.orderBy().isEmpty()
                        ? ""
                        : " ORDER BY "
                                + String.join(
                                        ", ", sel.orderBy().stream().map(k -> k.text()).toList()));
    }

    /**
     * Runs the recorded join {@code p}, logs its reads and one predicate read per table, and
     * returns its aggregate (COUNT(DISTINCT c), MIN or MAX of the last table's column), or, for a
     * join into a record, the last table's joined rows, the earlier tables' put into {@code env}
     * (each table's rows of the join's result rows, once each, in the order they first occur, as
     * {@link JoinRows} fills them unrecorded).
     */
    static Object run(
            SqlGen gen, Stmt.Select sel, PreparedStatement p, Map<String, Object> env, TxnLog log)
            throws SQLException {
        List<Part> parts = parts(gen, sel);
        int n = parts.size();
        Aggregate a = sel.aggregate().orElse(null);
        int firstOp = log.ops.size();
        List<Map<String, Long>> seen = new ArrayList<>();
        // per table, the rows that match its predicate, and those of the join's result rows:
        // row name -> {read column: value}
        List<Map<String, Map<String, Object>>> matched = new ArrayList<>();
        List<Map<String, Map<String, Object>>> joined = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            seen.add(new HashMap<>());
            matched.add(new LinkedHashMap<>());
            joined.add(new LinkedHashMap<>());
        }
        Set<String> logged = new HashSet<>();
        Set<Object> distinct = new HashSet<>();
        Object best = null;
        try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                int base = 0;
                boolean alive = true; // the row so far is in every earlier table's predicate
                List<String> names = new ArrayList<>();
                List<Map<String, Object>> images = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Part part = parts.get(i);
                    Table t = part.table();
                    int nk = t.primaryKey().size();
                    List<String> cols = part.readColumns();
                    int m = cols.size();
                    boolean present = rs.getString(base + 1) != null; // LEFT JOIN: no partner
                    if (present) {
                        StringBuilder prefix = new StringBuilder(t.name()).append('/');
                        for (int k = 1; k <= nk; k++) {
                            prefix.append(k > 1 ? "," : "").append(rs.getString(base + k));
                        }
                        prefix.append('/');
                        String row = rowName(prefix.toString());
                        seen.get(i).put(row, rs.getLong(base + nk + 2 * m + 1));
                        alive &= rs.getLong(base + nk + 2 * m + 2) == 1;
                        if (alive) {
                            Map<String, Object> image = new LinkedHashMap<>();
                            for (int k = 0; k < m; k++) {
                                String col = cols.get(k);
                                image.put(
                                        col,
                                        get(
                                                rs,
                                                base + nk + k + 1,
                                                t.column(col).orElseThrow().type()));
                                String key = prefix + SqlGen.fieldName(t, col);
                                if (logged.add(key)) {
                                    log.read(key, rs.getLong(base + nk + m + k + 1));
                                }
                            }
                            matched.get(i).putIfAbsent(row, image);
                            names.add(row);
                            images.add(image);
                        }
                    } else {
                        alive = false;
                    }
                    base += nk + 2 * m + 2;
                }
                if (alive) { // a result row of the join
                    for (int i = 0; i < n; i++) {
                        joined.get(i).putIfAbsent(names.get(i), images.get(i));
                    }
                    Object v = images.get(n - 1).get(parts.get(n - 1).readColumns().get(0));
                    if (a != null && v != null) {
                        distinct.add(v);
                        int cmp = best == null ? 0 : compare(v, best);
                        if (best == null
                                || (a.function() == Aggregate.Function.MIN ? cmp < 0 : cmp > 0)) {
                            best = v;
                        }
                    }
                }
            }
        }
        Map<String, Object> scope = new HashMap<>(env);
        for (int i = 0; i < n; i++) {
            Part part = parts.get(i);
            // t1: its key part was seen whole; ti: every row joining an earlier row was returned
            TxnLog.Unseen unseen = i == 0 ? TxnLog.Unseen.ABSENT : TxnLog.Unseen.UNMATCHED;
            if (i == n - 1 && a != null && a.isExtremum() && best != null) {
                PredicateScans.aggregateScan(
                        log,
                        firstOp,
                        part.table(),
                        part.select().where(),
                        scope,
                        seen.get(i),
                        a,
                        part.readColumns().get(0),
                        best,
                        unseen);
            } else {
                PredicateScans.scan(
                        log,
                        firstOp,
                        part.table(),
                        part.select().where(),
                        scope,
                        seen.get(i),
                        Map.of(),
                        unseen);
            }
            // the next table's predicate reads this one's matching rows' join column
            scope.put(part.select().target(), new ArrayList<>(matched.get(i).values()));
        }
        if (a == null) {
            for (int i = 0; i < n - 1; i++) {
                env.put(parts.get(i).select().target(), new ArrayList<>(joined.get(i).values()));
            }
            return new ArrayList<>(joined.get(n - 1).values());
        }
        return a.function() == Aggregate.Function.COUNT ? (Object) (long) distinct.size() : best;
    }

    /** {@code where} with the join conjunct {@code c = ANY(:rows.j)} replaced by TRUE. */
    private static Cond withoutMember(Cond where, String rows) {
        if (where instanceof Cond.Member m && m.rows().equals(rows)) {
            return new Cond.Const(true, new SourcePos("", 0, 0));
        }
        if (where instanceof Cond.And and) {
            Cond l = withoutMember(and.left(), rows);
            Cond r = withoutMember(and.right(), rows);
            if (l instanceof Cond.Const k && k.value()) {
                return r;
            }
            if (r instanceof Cond.Const k && k.value()) {
                return l;
            }
            return new Cond.And(l, r, and.pos());
        }
        return where;
    }

    /** The join conjuncts {@code c = ANY(:rows.j)} in {@code where}, into {@code out}. */
    private static void members(Cond where, String rows, List<Cond.Member> out) {
        if (where instanceof Cond.Member m
                && m.rows().equals(rows)
                && m.element() instanceof Expr.ColumnRef) {
            out.add(m);
        }
        if (where instanceof Cond.And and) {
            members(and.left(), rows, out);
            members(and.right(), rows, out);
        }
    }
}
