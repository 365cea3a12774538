package isocheck.run;

import isocheck.program.Aggregate;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles SELECT statements ({@link SqlGen} compiles the rest): plain, aggregate and join,
 * instrumented for recording when {@link SqlGen} records (the primary key and the version of each
 * selected column per row, and the row's predicate version).
 */
final class SelectSql {
    private final SqlGen gen;

    SelectSql(SqlGen gen) {
        this.gen = gen;
    }

    /**
     * An inner join, run as the one statement it is written as: FROM the tables in order, WHERE
     * every table's own conditions and the join equalities (each {@code c = ANY(:target$t.j)} of
     * the translated form becomes {@code table.c = t.j}, {@code joinColumns} mapping each hidden
     * row set {@code target$table} to the qualified column it holds), columns qualified by their
     * table. Recorded, it also returns what each table's predicate saw ({@link JoinReads}).
     */
    private Compiled join(Stmt.Select sel, Table last, List<Compiled.Param> params) {
        List<Stmt.Select> parts = new ArrayList<>(sel.joinedFrom());
        parts.add(sel);
        Map<String, String> joinColumns = new HashMap<>();
        for (Stmt.Select p : sel.joinedFrom()) {
            joinColumns.put(p.target(), p.table());
        }
        if (sel.aggregate().isEmpty()) {
            return joinRows(sel, parts, last, joinColumns, params);
        }
        Aggregate a = sel.aggregate().orElseThrow();
        String aggColumn = a.column().orElseThrow();
        String sql;
        if (gen.record) { // what each table's predicate saw, too (JoinReads)
            sql = JoinReads.sql(gen, sel, params);
        } else {
            List<String> conds = new ArrayList<>();
            for (Stmt.Select p : parts) {
                conds.add(p.where().accept(new SqlText(gen.dialect, joinColumns, params)));
            }
            sql =
                    "SELECT "
                            + a.function()
                            + "("
                            + (a.distinct() ? "DISTINCT " : "")
                            + last.name()
                            + "."
                            + aggColumn
                            + ") FROM "
                            + String.join(", ", parts.stream().map(Stmt.Select::table).toList())
                            + " WHERE "
                            + String.join(" AND ", conds);
        }
        List<String> cols = List.of(aggColumn);
        return new Compiled(
                sel,
                gen.record ? Compiled.Kind.JOIN : Compiled.Kind.SELECT,
                last,
                sql,
                params,
                cols,
                gen.record ? SqlGen.types(last, cols) : List.of(ScalarType.INT),
                List.of(),
                gen.record,
                null);
    }

    /**
     * A join into a record ({@code frontend.JoinRecord}): per result row, for each table in FROM
     * order, its primary key, its selected columns and (recording) their versions; the executor
     * fills every table's row set from the result rows.
     */
    private Compiled joinRows(
            Stmt.Select sel,
            List<Stmt.Select> parts,
            Table last,
            Map<String, String> joinTables,
            List<Compiled.Param> params) {
        List<String> items = new ArrayList<>();
        List<String> conds = new ArrayList<>();
        if (gen.record) { // what each table's predicate saw, too (JoinReads)
            return new Compiled(
                    sel,
                    Compiled.Kind.JOIN,
                    last,
                    JoinReads.sql(gen, sel, params),
                    params,
                    sel.columns(),
                    SqlGen.types(last, sel.columns()),
                    List.of(),
                    true,
                    null);
        }
        for (Stmt.Select p : parts) {
            Table t = gen.schema.table(p.table()).orElseThrow();
            t.primaryKey().forEach(k -> items.add(t.name() + "." + k));
            p.columns().forEach(c -> items.add(t.name() + "." + c));
            if (gen.record) {
                p.columns().forEach(c -> items.add(t.name() + "." + SqlGen.versionColumn(t, c)));
            }
            conds.add(p.where().accept(new SqlText(gen.dialect, joinTables, params)));
        }
        String sql =
                "SELECT "
                        + String.join(", ", items)
                        + " FROM "
                        + String.join(", ", parts.stream().map(Stmt.Select::table).toList())
                        + " WHERE "
                        + String.join(" AND ", conds)
                        + orderAndLimit(sel); // table.column keys: the record's row is the first
        return new Compiled(
                sel,
                Compiled.Kind.JOIN,
                last,
                sql,
                params,
                sel.columns(),
                SqlGen.types(last, sel.columns()),
                List.of(),
                gen.record,
                null);
    }

    Compiled select(Stmt.Select sel, Table t, List<Compiled.Param> params) {
        if (sel.isJoin()) {
            return join(sel, t, params);
        }
        List<String> cols;
        Compiled.Kind kind;
        String selectList;
        if (sel.aggregate().isPresent()) {
            Aggregate a = sel.aggregate().get();
            cols = a.column().map(List::of).orElse(List.of(t.primaryKey().get(0)));
            if (gen.record) {
                kind = Compiled.Kind.AGGREGATE;
                selectList = SqlGen.recordedList(t, cols);
            } else {
                kind = Compiled.Kind.SELECT;
                selectList = aggregateSql(a);
            }
        } else {
            cols = sel.columns();
            kind = Compiled.Kind.SELECT;
            selectList = gen.record ? SqlGen.recordedList(t, cols) : String.join(", ", cols);
        }
        Compiled.Predicate pred = null;
        String where;
        if (gen.record) {
            // Rows the WHERE clause does not match but might in another version are fetched too
            // (those of its key part), with the database's own verdict on each; not under LIMIT or
            // a
            // row lock, where fetching more rows would change which rows come back or are locked.
            boolean keyOnly = gen.predicateColumns.keyOnly(t, sel.where());
            boolean broadened = !keyOnly && sel.limit().isEmpty() && !sel.lock().locks();
            selectList += ", " + SqlGen.PRED_VERSION;
            if (broadened) {
                selectList += ", CASE WHEN " + gen.cond(sel.where(), params) + " THEN 1 ELSE 0 END";
            }
            where =
                    gen.cond(
                            broadened ? gen.predicateColumns.keyPart(t, sel.where()) : sel.where(),
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
            where = gen.cond(sel.where(), params);
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
                        : SqlGen.types(t, cols);
        return new Compiled(sel, kind, t, sql, params, cols, types, List.of(), gen.record, pred);
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
            case SUM -> gen.dialect.castToInt("SUM(" + c + ")");
            case AVG ->
                    gen.dialect.divide(gen.dialect.castToInt("SUM(" + c + ")"), "COUNT(" + c + ")");
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
        return gen.dialect.lockClause(lock);
    }
}
