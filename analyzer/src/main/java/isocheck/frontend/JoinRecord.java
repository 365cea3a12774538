package isocheck.frontend;

import static isocheck.frontend.SqlTranslator.reject;

import isocheck.program.OrderKey;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * {@code SELECT a, b, … INTO r FROM t1 JOIN t2 ON … [JOIN t3 ON …] WHERE …} (BenchBase's SEATS
 * GetCustomerReservation, AuctionMark's getItemInfo): a record filled with columns of every table
 * of an inner join (issue 13).
 *
 * <p>Translation: the chain of {@link JoinTranslator#perform} (one SELECT per table in the order
 * the join's equalities chain them, {@link JoinParts#chain}, each reading its table's selected and
 * joining columns on the rows its own conjuncts select and that join with the previous table's
 * rows), the earlier tables into hidden row sets {@code r$table}, the last into {@code r}; the last
 * lists the earlier ones ({@link Stmt.Select#joinedFrom}), so a database runs the join as the one
 * statement it is written as and fills every row set from its result rows ({@code run}). {@code
 * r.c} of an earlier table is that table's row set's {@code c} ({@link Scope#joinField}); FOUND is
 * whether r is non-empty.
 *
 * <p>Exactness: r's rows are exactly the join's last-table rows (each of them has a partner chain
 * back to t1, since each SELECT keeps only rows joining the previous set), so FOUND is exact. An
 * earlier table's set also holds rows without a partner further on, and the encoding picks r's
 * fields from each set independently (not from one joined row): the values over-approximate the
 * join's (a superset of the possible values, never fewer), and each table's rows are read as the
 * join reads them, plus, at most, rows with no partner (reads over-approximated, as for the
 * aggregate join). At the snapshot levels the SELECTs read one view, as the statement does (paper
 * §3.2); at statement-snapshot levels each takes its own, which allows more behaviours, never
 * fewer.
 *
 * <p>{@code ORDER BY … LIMIT n} (Wikipedia's selectPageRevision, {@code … LIMIT 1}): the record
 * holds the first joined row either way, so LIMIT n ≥ 1 changes neither its row nor FOUND; every
 * matching row is read (a superset of the n returned), and ORDER BY only tells {@code run} which
 * row is first ({@link #orderBy}).
 */
final class JoinRecord {

    private JoinRecord() {}

    static Stmt.Select select(
            JoinTranslator join, PlainSelect s, Fragment f, String target, SourcePos targetPos) {
        SourcePos pos = f.start();
        Set<String> named = new HashSet<>();
        Set<String> starTables = new HashSet<>();
        boolean star = false;
        for (SelectItem<?> item : s.getSelectItems()) {
            var e = item.getExpression();
            SourcePos at = f.posOf(e, pos);
            reject(
                    item.getAlias() != null,
                    at,
                    "a column alias in SELECT … INTO from a join is not supported; read r.column");
            if (e instanceof AllTableColumns t) {
                starTables.add(Names.of(t.getTable().getName()));
            } else if (e instanceof AllColumns) {
                star = true;
            } else if (e instanceof Column c) {
                named.add(Names.of(c.getColumnName()));
            } else {
                throw new ProgramError(
                        at,
                        "SELECT … INTO from a join lists columns, t.* or *, or one aggregate; found '"
                                + e
                                + "'");
            }
        }
        reject(
                join.scope.isDeclaredScalar(target),
                targetPos,
                target
                        + " is a scalar: SELECT … INTO from a join fills a RECORD (read "
                        + target
                        + ".column)");
        JoinTranslator.PerformChain chain = join.perform(s, f, target);
        reject(
                !chain.exact(),
                pos,
                "SELECT … INTO from a join on more than one column pair between two tables is not"
                        + " supported unless the earlier table's key is fixed by its own equalities");
        Stmt.Select last = chain.last();
        // r.c of an earlier table: that table's row set (the first table in FROM order with c,
        // as PostgreSQL's r.c is the first column named c); a joining column not selected stays
        // hidden. t.* names the table (an alias there: its columns are not exposed, an error on
        // use). The last table read holds its columns in r itself.
        Map<String, String> fields = new HashMap<>();
        Set<String> taken = new HashSet<>();
        for (String table : chain.fromOrder()) {
            Stmt.Select part =
                    table.equals(last.table())
                            ? last
                            : chain.before().stream()
                                    .filter(x -> x.table().equals(table))
                                    .findFirst()
                                    .orElseThrow();
            for (String c : part.columns()) {
                if ((star || starTables.contains(part.table()) || named.contains(c))
                        && taken.add(c)
                        && part != last) {
                    fields.put(c, part.target());
                }
            }
        }
        join.scope.joinRecord(target, fields);
        join.scope.found(target);
        return new Stmt.Select(
                last.target(),
                last.table(),
                last.columns(),
                last.aggregate(),
                last.where(),
                orderBy(s, f, chain),
                Optional.empty(),
                last.lock(),
                chain.before(),
                last.sql(),
                pos);
    }

    /**
     * ORDER BY of a join into a record, each key written {@code table.column} (the columns of
     * several tables). It decides which joined row the record holds (the first), so {@code run}
     * orders by it; the encoding and the explorer leave it aside, as they leave LIMIT n aside: a
     * record holds one joined row and FOUND is whether there is one, neither of which LIMIT n ≥ 1
     * changes, and every matching row is read (with its ORDER BY columns, which decide the first:
     * {@link JoinTranslator#perform}), a superset of the rows the database returns. Its values are
     * the chosen row's only at run time: the encoding takes each table's fields from any of that
     * table's matching rows (more values, never fewer).
     */
    private static List<OrderKey> orderBy(
            PlainSelect s, Fragment f, JoinTranslator.PerformChain chain) {
        SourcePos pos = f.start();
        List<OrderKey> keys = new ArrayList<>();
        if (s.getOrderByElements() == null) {
            return keys;
        }
        List<Stmt.Select> parts = new ArrayList<>(chain.before());
        parts.add(chain.last());
        for (OrderByElement o : s.getOrderByElements()) {
            SourcePos at = f.posOf(o.getExpression(), pos);
            reject(
                    !(o.getExpression() instanceof Column c),
                    at,
                    "ORDER BY on a join takes columns; found '" + o.getExpression() + "'");
            reject(
                    o.getNullOrdering() != null,
                    at,
                    "NULLS FIRST/LAST in ORDER BY is not supported");
            String column = Names.of(((Column) o.getExpression()).getColumnName());
            // perform() read every ORDER BY column into its table's SELECT; a qualified name
            // resolves to that table (the alias was checked there), a bare one is unambiguous
            String table = null;
            for (Stmt.Select p : parts) {
                if (p.columns().contains(column)) {
                    reject(
                            table != null,
                            at,
                            "ORDER BY column "
                                    + column
                                    + " of a join is in two tables; an ORDER BY key of a join must"
                                    + " name a column one table has");
                    table = p.table();
                }
            }
            reject(table == null, at, "unknown ORDER BY column " + column);
            keys.add(new OrderKey(table + "." + column, !o.isAsc()));
        }
        return keys;
    }
}
