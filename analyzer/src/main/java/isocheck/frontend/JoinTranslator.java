package isocheck.frontend;

import static isocheck.frontend.SqlTranslator.reject;

import isocheck.program.Aggregate;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * Inner joins of two or three tables on equality predicates, as BenchBase's TPC-C StockLevel writes
 * them ({@code SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE … AND s_i_id = ol_i_id
 * …}).
 *
 * <p>The supported shape is a chain: tables t1, …, tn in FROM order (comma-separated, or {@code
 * [INNER] JOIN … ON}), each later table joined to the one before it by exactly one equality of a
 * column of each; every other conjunct of WHERE and ON mentions one table; the select list is one
 * {@code COUNT(DISTINCT c)}, {@code MIN(c)} or {@code MAX(c)} over a column c of the last table
 * (aggregates whose value does not depend on how many join partners a row has).
 *
 * <p>Translation: one SELECT per table, in FROM order, each reading the rows of its table that its
 * own conjuncts select and that join with the previous table's rows: {@code SELECT j INTO target$t1
 * FROM t1 WHERE φ1; SELECT k INTO target$t2 FROM t2 WHERE φ2 AND c2 = ANY(:target$t1.j1); …; SELECT
 * agg(c) INTO target FROM tn WHERE φn AND cn = ANY(:target$tn-1.jn-1)}. For a chain this is exact
 * for the rows of tn that occur in the join, so the aggregate is the join's. Every row of t1..tn-1
 * its own conjuncts select is read (a superset of the rows in the join: the reads of both sides,
 * over-approximated where a row has no partner). The SELECTs read from the transaction's one view,
 * as the single statement does in the paper's model (§3.2). The last SELECT lists the others
 * ({@link Stmt.Select#joinedFrom}), so that a database runs the join as written.
 */
final class JoinTranslator extends JoinParts {

    JoinTranslator(Schema schema, Scope scope) {
        super(schema, scope);
    }

    Stmt.Select join(PlainSelect s, Fragment f) {
        SourcePos pos = f.start();
        reject(
                s.getDistinct() != null,
                pos,
                "DISTINCT is not supported (a row set never holds duplicates of a record)");
        reject(
                s.getGroupBy() != null || s.getHaving() != null,
                pos,
                "GROUP BY and HAVING are not supported");
        reject(
                SqlTranslator.lock(s, f).locks(),
                pos,
                "FOR UPDATE/SHARE on a join is not supported");
        List<Part> parts = new ArrayList<>();
        List<Expression> conjuncts = new ArrayList<>();
        tablesAndConjuncts(s, f, pos, parts, conjuncts);
        var into = s.getIntoTables();
        if (into == null || into.isEmpty()) {
            throw new ProgramError(pos, "SELECT needs INTO variable (SELECT cols INTO v FROM …)");
        }
        reject(into.size() > 1, pos, "SELECT … INTO takes one variable");
        String target = Names.of(into.get(0).getFullyQualifiedName());
        SourcePos targetPos = f.posOf(into.get(0), pos);

        if (!(s.getSelectItems().size() == 1
                && s.getSelectItems().get(0).getExpression() instanceof Function)) {
            return JoinRecord.select(this, s, f, target, targetPos);
        }
        reject(
                s.getOrderByElements() != null && !s.getOrderByElements().isEmpty()
                        || s.getLimit() != null
                        || s.getOffset() != null
                        || s.getFetch() != null,
                pos,
                "ORDER BY/LIMIT on a join of one aggregate is not supported");
        // the select list: one COUNT(DISTINCT c) / MIN(c) / MAX(c) of the last table
        reject(
                s.getSelectItems().size() != 1,
                pos,
                "a join selects one aggregate: COUNT(DISTINCT c), MIN(c) or MAX(c)");
        Expression item = s.getSelectItems().get(0).getExpression();
        SourcePos itemPos = f.posOf(item, pos);
        // an alias of the aggregate names nothing the program sees: its value goes INTO a scalar
        reject(
                !(item instanceof Function fn)
                        || fn.getParameters() == null
                        || fn.getParameters().size() != 1
                        || !(fn.getParameters().get(0) instanceof Column),
                itemPos,
                "a join selects one aggregate over a column: COUNT(DISTINCT c), MIN(c) or MAX(c); found '"
                        + item
                        + "'");
        Function fn = (Function) item;
        Column aggColumn = (Column) fn.getParameters().get(0);
        int owner = owner(aggColumn, parts, f, pos);
        reject(
                owner != parts.size() - 1,
                itemPos,
                "the aggregated column must belong to the last table of the join ("
                        + parts.get(parts.size() - 1).table().name()
                        + "); list the tables in join order");
        Part last = parts.get(parts.size() - 1);
        Aggregate aggregate =
                SqlTranslator.aggregate(
                        fn,
                        last.table(),
                        ExprTranslator.sql(f, scope, last.table(), last.alias()),
                        itemPos);
        reject(
                !(aggregate.isExtremum()
                        || aggregate.function() == Aggregate.Function.COUNT
                                && aggregate.distinct()),
                itemPos,
                aggregate.function()
                        + " over a join counts rows once per join partner; supported: COUNT(DISTINCT c), MIN(c), MAX(c)");

        // classify the conjuncts: local to one table, or the equality linking two consecutive
        // tables
        List<Link> links = new ArrayList<>();
        for (Expression c : conjuncts) {
            List<Column> columns = columns(c, parts);
            Set<Integer> owners = new LinkedHashSet<>();
            for (Column col : columns) {
                owners.add(owner(col, parts, f, pos));
            }
            SourcePos cPos = f.posOf(c, pos);
            if (owners.size() <= 1) {
                parts.get(owners.isEmpty() ? 0 : owners.iterator().next()).local().add(c);
                continue;
            }
            reject(
                    !(c instanceof EqualsTo eq
                            && eq.getLeftExpression() instanceof Column l
                            && eq.getRightExpression() instanceof Column r),
                    cPos,
                    "a condition over two tables of a join must be an equality of two columns (a.c = b.d); found '"
                            + c
                            + "'");
            EqualsTo eq = (EqualsTo) c;
            Column l = (Column) eq.getLeftExpression();
            Column r = (Column) eq.getRightExpression();
            int lo = owner(l, parts, f, pos);
            int ro = owner(r, parts, f, pos);
            Column earlier = lo < ro ? l : r;
            Column later = lo < ro ? r : l;
            int e = Math.min(lo, ro);
            int k = Math.max(lo, ro);
            reject(
                    k != e + 1,
                    cPos,
                    "tables must be listed in join order: each joined to the one before it ("
                            + parts.get(k).table().name()
                            + " is joined to "
                            + parts.get(e).table().name()
                            + ")");
            reject(
                    links.stream().anyMatch(x -> x.later() == k),
                    cPos,
                    "joining "
                            + parts.get(k).table().name()
                            + " on more than one column pair is not supported");
            links.add(
                    new Link(
                            e,
                            Names.of(earlier.getColumnName()),
                            k,
                            Names.of(later.getColumnName())));
        }
        for (int k = 1; k < parts.size(); k++) {
            final int kk = k;
            reject(
                    links.stream().noneMatch(x -> x.later() == kk),
                    parts.get(k).pos(),
                    "table "
                            + parts.get(k).table().name()
                            + " is not joined to "
                            + parts.get(k - 1).table().name()
                            + " by an equality (cross products are not supported)");
        }

        // one SELECT per table; the earlier ones into hidden row sets target$table
        List<Stmt.Select> earlier = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            ExprTranslator exprs = ExprTranslator.sql(f, scope, p.table(), p.alias());
            Cond where = new Cond.Const(true, p.pos());
            for (Expression c : p.local()) {
                where = and(where, exprs.cond(c), p.pos());
            }
            if (i > 0) {
                final int at = i;
                Link link = links.stream().filter(x -> x.later() == at).findFirst().orElseThrow();
                Table t = p.table();
                Expr element =
                        new Expr.ColumnRef(
                                t.name(),
                                link.laterColumn(),
                                t.column(link.laterColumn()).orElseThrow().type(),
                                p.pos());
                String prev = hidden(target, parts.get(link.earlier()).table());
                ScalarType prevType =
                        parts.get(link.earlier())
                                .table()
                                .column(link.earlierColumn())
                                .orElseThrow()
                                .type();
                reject(
                        prevType != element.type(),
                        p.pos(),
                        "cannot join "
                                + element.type().sqlName()
                                + " column "
                                + link.laterColumn()
                                + " with "
                                + prevType.sqlName()
                                + " column "
                                + link.earlierColumn());
                where =
                        and(
                                where,
                                new Cond.Member(element, prev, link.earlierColumn(), p.pos()),
                                p.pos());
            }
            if (i < parts.size() - 1) {
                final int at = i;
                Link next = links.stream().filter(x -> x.earlier() == at).findFirst().orElseThrow();
                String name = hidden(target, p.table());
                String col = next.earlierColumn();
                scope.assign(
                        name,
                        new Type.Rows(
                                Optional.of(p.table().name()),
                                List.of(
                                        new Field(
                                                col, p.table().column(col).orElseThrow().type()))),
                        p.pos());
                earlier.add(
                        new Stmt.Select(
                                name,
                                p.table().name(),
                                List.of(col),
                                Optional.empty(),
                                where,
                                List.of(),
                                Optional.empty(),
                                RowLock.NONE,
                                List.of(),
                                f.text(),
                                pos));
            } else {
                scope.assign(
                        target,
                        new Type.Scalar(SqlTranslator.aggregateType(aggregate, p.table())),
                        targetPos);
                return new Stmt.Select(
                        target,
                        p.table().name(),
                        List.of(),
                        Optional.of(aggregate),
                        where,
                        List.of(),
                        Optional.empty(),
                        RowLock.NONE,
                        earlier,
                        f.text(),
                        pos);
            }
        }
        throw new IllegalStateException("a join without a last table");
    }

    /**
     * A PL/pgSQL {@code PERFORM} of a join: the statements to run before {@code last}, whether its
     * select list is an aggregate (then FOUND is always true: an aggregate yields one row), and
     * whether {@code last}'s rows are exactly the join's last-table rows (false when a table is
     * joined on several column pairs and the earlier table's key is not fixed: then FOUND is not
     * modelled), and the tables in FROM order (the statements are in the chain's reading order,
     * {@link JoinParts#chain}).
     */
    record PerformChain(
            List<Stmt.Select> before,
            Stmt.Select last,
            boolean aggregate,
            boolean exact,
            List<String> fromOrder) {}

    /**
     * {@code PERFORM cols FROM t1, t2 [, t3] WHERE …}: a join whose rows are not used (TATP
     * GetNewDestination, Epinions GetReviewItemById …), read as one SELECT per table in the order
     * the conditions chain them ({@link JoinParts#chain}: FROM order when that is a chain whose
     * first table has a condition of its own), each reading the columns the statement reads of that
     * table (all of them for {@code *}) on the rows its own conjuncts select and that join with the
     * previous table's rows ({@code c = ANY (:prev.c)} per joining column pair). Unlike {@link
     * #join}, the SELECTs also run as separate statements: the rows are not used, and separate
     * statements admit every outcome of the one statement (they may read one view, as the statement
     * does) and more at READ COMMITTED, where each may read a newer one: an over-approximation. Any
     * select list is accepted (columns, *, t.*, aggregates); ORDER BY and LIMIT n ≥ 1 change
     * neither FOUND nor which rows could be read. With several column pairs between two tables each
     * pair is tested separately, a superset of the joined rows unless the earlier table's key is
     * fixed by its own equalities: then the reads over-approximate, and FOUND is refused ({@link
     * PerformChain#exact}).
     */
    PerformChain perform(PlainSelect s, Fragment f, String target) {
        SourcePos pos = f.start();
        reject(
                s.getDistinct() != null,
                pos,
                "DISTINCT is not supported (a row set never holds duplicates of a record)");
        reject(
                s.getGroupBy() != null || s.getHaving() != null,
                pos,
                "GROUP BY and HAVING are not supported");
        reject(
                s.getOffset() != null
                        || s.getFetch() != null
                        || s.getLimit() != null && s.getLimit().getOffset() != null,
                pos,
                "OFFSET/FETCH on a join is not supported");
        reject(
                SqlTranslator.lock(s, f).locks(),
                pos,
                "FOR UPDATE/SHARE on a join is not supported");
        List<Part> from = new ArrayList<>();
        List<Expression> conjuncts = new ArrayList<>();
        tablesAndConjuncts(s, f, pos, from, conjuncts);
        Chain chain = chain(from, conjuncts, f, pos);
        List<Part> parts = chain.parts();
        List<Link> links = chain.links();

        // the columns each table's rows are read for: the select list's, ORDER BY's and the
        // conditions'
        List<Set<String>> reads = new ArrayList<>();
        parts.forEach(x -> reads.add(new LinkedHashSet<>()));
        boolean aggregate = false;
        for (var item : s.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof net.sf.jsqlparser.statement.select.AllColumns all
                    && !(e instanceof net.sf.jsqlparser.statement.select.AllTableColumns)) {
                for (int i = 0; i < parts.size(); i++) {
                    final int at = i;
                    parts.get(i).table().columns().forEach(c -> reads.get(at).add(c.name()));
                }
                continue;
            }
            if (e instanceof net.sf.jsqlparser.statement.select.AllTableColumns t) {
                String q = Names.of(t.getTable().getName());
                int at = -1;
                for (int i = 0; i < parts.size(); i++) {
                    if (q.equals(parts.get(i).alias())
                            || parts.get(i).alias() == null
                                    && q.equals(parts.get(i).table().name())) {
                        at = i;
                    }
                }
                reject(at < 0, f.posOf(e, pos), "unknown table " + q + " in " + t);
                final int owner = at;
                parts.get(at).table().columns().forEach(c -> reads.get(owner).add(c.name()));
                continue;
            }
            aggregate |= e instanceof Function;
            for (Column c : columns(e, parts)) {
                reads.get(owner(c, parts, f, pos)).add(Names.of(c.getColumnName()));
            }
        }
        if (s.getOrderByElements() != null) {
            for (var o : s.getOrderByElements()) {
                for (Column c : columns(o.getExpression(), parts)) {
                    reads.get(owner(c, parts, f, pos)).add(Names.of(c.getColumnName()));
                }
            }
        }
        if (s.getLimit() != null && s.getLimit().getRowCount() != null) {
            SourcePos at = f.posOf(s.getLimit().getRowCount(), pos);
            reject(
                    !(s.getLimit().getRowCount()
                                    instanceof net.sf.jsqlparser.expression.LongValue n)
                            || ExprTranslator.intLiteral(n, at) < 1, // 2^63 and up: an error
                    at,
                    "LIMIT takes an integer literal ≥ 1");
        }

        // one SELECT per table, each into a hidden row set target$table, the last into target
        List<Stmt.Select> before = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            Table t = p.table();
            ExprTranslator exprs = ExprTranslator.sql(f, scope, t, p.alias());
            Cond where = new Cond.Const(true, p.pos());
            for (Expression c : p.local()) {
                where = and(where, exprs.cond(c), p.pos());
            }
            final int at = i;
            for (Link link : links.stream().filter(x -> x.later() == at).toList()) {
                Expr element =
                        new Expr.ColumnRef(
                                t.name(),
                                link.laterColumn(),
                                t.column(link.laterColumn()).orElseThrow().type(),
                                p.pos());
                Table prevTable = parts.get(link.earlier()).table();
                ScalarType prevType = prevTable.column(link.earlierColumn()).orElseThrow().type();
                reject(
                        prevType != element.type(),
                        p.pos(),
                        "cannot join "
                                + element.type().sqlName()
                                + " column "
                                + link.laterColumn()
                                + " with "
                                + prevType.sqlName()
                                + " column "
                                + link.earlierColumn());
                where =
                        and(
                                where,
                                new Cond.Member(
                                        element,
                                        hidden(target, prevTable),
                                        link.earlierColumn(),
                                        p.pos()),
                                p.pos());
            }
            Set<String> cols = new LinkedHashSet<>(reads.get(i));
            links.stream().filter(x -> x.earlier() == at).forEach(x -> cols.add(x.earlierColumn()));
            if (cols.isEmpty()) {
                cols.addAll(t.primaryKey());
            }
            List<Field> fields =
                    cols.stream().map(c -> new Field(c, t.column(c).orElseThrow().type())).toList();
            String name = i < parts.size() - 1 ? hidden(target, t) : target;
            scope.assign(name, new Type.Rows(Optional.of(t.name()), fields), p.pos());
            Stmt.Select sel =
                    new Stmt.Select(
                            name,
                            t.name(),
                            List.copyOf(cols),
                            Optional.empty(),
                            where,
                            List.of(),
                            Optional.empty(),
                            RowLock.NONE,
                            List.of(),
                            f.text(),
                            pos);
            if (i < parts.size() - 1) {
                before.add(sel);
            } else {
                return new PerformChain(
                        before,
                        sel,
                        aggregate,
                        chain.exact(),
                        from.stream().map(x -> x.table().name()).toList());
            }
        }
        throw new IllegalStateException("a join without a last table");
    }
}
