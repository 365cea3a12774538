package isocheck.frontend;

import static isocheck.frontend.SqlTranslator.reject;

import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * {@code SELECT a, b, … INTO r FROM t1 JOIN t2 ON … [JOIN t3 ON …] WHERE …} (BenchBase's SEATS
 * GetCustomerReservation, AuctionMark's getItemInfo): a record filled with columns of every table
 * of an inner join (issue 13).
 *
 * <p>Translation: the chain of {@link JoinTranslator#perform} (one SELECT per table in FROM order,
 * each reading its table's selected and joining columns on the rows its own conjuncts select and
 * that join with the previous table's rows), the earlier tables into hidden row sets {@code
 * r$table}, the last into {@code r}; the last lists the earlier ones ({@link
 * Stmt.Select#joinedFrom}), so a database runs the join as the one statement it is written as and
 * fills every row set from its result rows ({@code run}). {@code r.c} of an earlier table is that
 * table's row set's {@code c} ({@link Scope#joinField}); FOUND is whether r is non-empty.
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
                "SELECT … INTO from a join on more than one column pair between two tables is not supported");
        // r.c of an earlier table: that table's row set (the first table in FROM order with c,
        // as PostgreSQL's r.c is the first column named c); a joining column not selected stays
        // hidden. t.* names the table (an alias there: its columns are not exposed, an error on
        // use)
        Map<String, String> fields = new HashMap<>();
        for (Stmt.Select part : chain.before()) {
            for (String c : part.columns()) {
                if ((star || starTables.contains(part.table()) || named.contains(c))
                        && !fields.containsKey(c)) {
                    fields.put(c, part.target());
                }
            }
        }
        join.scope.joinRecord(target, fields);
        join.scope.found(target);
        Stmt.Select last = chain.last();
        return new Stmt.Select(
                last.target(),
                last.table(),
                last.columns(),
                last.aggregate(),
                last.where(),
                List.of(),
                java.util.Optional.empty(),
                last.lock(),
                chain.before(),
                last.sql(),
                pos);
    }
}
