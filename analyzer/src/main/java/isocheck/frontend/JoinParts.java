package isocheck.frontend;

import static isocheck.frontend.SqlTranslator.reject;

import isocheck.program.Cond;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * The tables of an inner join and the conjuncts each owns, under {@link JoinTranslator}: FROM and
 * ON read into parts, WHERE cut into top-level conjuncts, each column assigned to the one table
 * that has it (or to a variable), and the hidden row set that carries one table's rows to the next.
 */
abstract class JoinParts {

    final Schema schema;
    final Scope scope;

    JoinParts(Schema schema, Scope scope) {
        this.schema = schema;
        this.scope = scope;
    }

    /**
     * One table of the join: the table, its alias (or null) and the conjuncts that mention only it.
     */
    record Part(Table table, String alias, List<Expression> local, SourcePos pos) {}

    /** {@code later.column = earlier.column}: the equality joining two consecutive parts. */
    record Link(int earlier, String earlierColumn, int later, String laterColumn) {}

    /**
     * The hidden row set holding the rows of {@code table} that a join into {@code target} reads.
     */
    static String hidden(String target, Table table) {
        return target + "$" + table.name();
    }

    /**
     * The tables of a join (FROM and each inner JOIN, at most four, no table twice) into {@code
     * parts}, and the conjuncts of its ON and WHERE conditions into {@code conjuncts}; shared by
     * SELECT … INTO and PERFORM.
     */
    void tablesAndConjuncts(
            PlainSelect s,
            Fragment f,
            SourcePos pos,
            List<Part> parts,
            List<Expression> conjuncts) {
        parts.add(part(s.getFromItem(), f, pos));
        for (Join j : s.getJoins()) {
            SourcePos joinPos = f.posOf(j.getRightItem(), pos);
            reject(
                    j.isLeft()
                            || j.isRight()
                            || j.isFull()
                            || j.isOuter()
                            || j.isNatural()
                            || j.isCross()
                            || j.isSemi()
                            || j.isApply()
                            || j.isStraight(),
                    joinPos,
                    "only inner joins are supported (FROM a, b WHERE … or a JOIN b ON …)");
            reject(
                    j.getUsingColumns() != null && !j.getUsingColumns().isEmpty(),
                    joinPos,
                    "JOIN … USING is not supported; write ON a.c = b.c");
            parts.add(part(j.getRightItem(), f, joinPos));
            if (j.getOnExpressions() != null) {
                j.getOnExpressions().forEach(e -> split(e, conjuncts));
            }
        }
        if (parts.size() > 4) {
            throw new ProgramError(
                    parts.get(4).pos(), "joins of more than four tables are not supported");
        }
        for (int i = 0; i < parts.size(); i++) {
            for (int k = 0; k < i; k++) {
                reject(
                        parts.get(i).table().name().equals(parts.get(k).table().name()),
                        parts.get(i).pos(),
                        "self-joins are not supported (table "
                                + parts.get(i).table().name()
                                + " appears twice)");
            }
        }
        if (s.getWhere() != null) {
            split(s.getWhere(), conjuncts);
        }
    }

    Part part(FromItem item, Fragment f, SourcePos pos) {
        Table t = new SqlTranslator(schema, scope).table(item, f, pos);
        String alias = item.getAlias() == null ? null : Names.of(item.getAlias().getName());
        return new Part(t, alias, new ArrayList<>(), f.posOf(item, pos));
    }

    /** Top-level conjuncts, with JSqlParser's IN-before-AND mis-parse re-associated first. */
    static void split(Expression e, List<Expression> out) {
        if (e instanceof AndExpression a) {
            split(a.getLeftExpression(), out);
            split(a.getRightExpression(), out);
        } else if (e instanceof ParenthesedExpressionList<?> list
                && list.size() == 1
                && list.get(0) instanceof AndExpression a) {
            split(a, out);
        } else if (e instanceof InExpression in
                && ExprTranslator.reassociate(in) instanceof AndExpression a) {
            split(a, out);
        } else {
            out.add(e);
        }
    }

    List<Column> columns(Expression e, List<Part> parts) {
        List<Column> out = new ArrayList<>();
        e.accept(
                new ExpressionVisitorAdapter<Void>() {
                    @Override
                    public <S> Void visit(Column column, S context) {
                        if (!isVariable(column, parts)) {
                            out.add(column);
                        }
                        return null;
                    }
                },
                null);
        return out;
    }

    /**
     * Whether a PL/pgSQL routine's bare name is one of its variables rather than a column: a name
     * no joined table has that the scope knows ($n included), or {@code r.f} with r a variable and
     * not a table or alias of the join. A name that is both is left a column here; the translation
     * of its condition then reports it ambiguous, as PostgreSQL does (plpgsql.variable_conflict =
     * error).
     */
    boolean isVariable(Column c, List<Part> parts) {
        if (!scope.plpgsql()) {
            return false;
        }
        String name = Names.of(c.getColumnName());
        if (c.getTable() == null || c.getTable().getName() == null) {
            boolean isColumn = parts.stream().anyMatch(p -> p.table().column(name).isPresent());
            return !isColumn && (scope.isVariable(name) || name.matches("_\\d+"));
        }
        String q = Names.of(c.getTable().getName());
        boolean isPart =
                parts.stream()
                        .anyMatch(
                                p ->
                                        q.equals(p.alias())
                                                || p.alias() == null && q.equals(p.table().name()));
        return !isPart && scope.isVariable(q);
    }

    /**
     * The index of the part a column belongs to: by its qualifier (table or alias), else by its
     * unique name.
     */
    static int owner(Column c, List<Part> parts, Fragment f, SourcePos fallback) {
        SourcePos pos = f.posOf(c, fallback);
        String name = Names.of(c.getColumnName());
        if (c.getTable() != null && c.getTable().getName() != null) {
            String q = Names.of(c.getTable().getName());
            for (int i = 0; i < parts.size(); i++) {
                Part p = parts.get(i);
                if (q.equals(p.alias()) || p.alias() == null && q.equals(p.table().name())) {
                    if (p.table().column(name).isEmpty()) {
                        throw new ProgramError(
                                pos, "unknown column " + name + " in table " + p.table().name());
                    }
                    return i;
                }
            }
            throw new ProgramError(
                    pos,
                    "unknown table "
                            + q
                            + " (the join reads "
                            + String.join(
                                    ", ",
                                    parts.stream()
                                            .map(
                                                    p ->
                                                            p.alias() == null
                                                                    ? p.table().name()
                                                                    : p.alias())
                                            .toList())
                            + ")");
        }
        int found = -1;
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).table().column(name).isPresent()) {
                if (found >= 0) {
                    throw new ProgramError(
                            pos,
                            "column "
                                    + name
                                    + " is ambiguous (in "
                                    + parts.get(found).table().name()
                                    + " and "
                                    + parts.get(i).table().name()
                                    + "); qualify it");
                }
                found = i;
            }
        }
        if (found < 0) {
            throw new ProgramError(
                    pos,
                    "unknown column "
                            + name
                            + " in the joined tables (write variables as :"
                            + name
                            + ")");
        }
        return found;
    }

    /**
     * The tables of a join in the order they are read, and the equalities joining each to the one
     * before it: {@link JoinTranslator#perform}'s chain.
     *
     * @param exact whether the rows of each table that the chain keeps are exactly those of the
     *     join (false when two tables are joined on several column pairs and the earlier one's key
     *     is not fixed: each pair is then tested on its own, a superset of the joined rows)
     */
    record Chain(List<Part> parts, List<Link> links, boolean exact) {}

    /** {@code a.aColumn = b.bColumn} of a join's conditions, by the parts' FROM indices. */
    private record Pair(int a, String aColumn, int b, String bColumn) {}

    /**
     * Classifies {@code conjuncts} (into each part's own conjuncts, or equalities of two tables'
     * columns) and picks the order the tables are read in from the conditions, not from FROM (issue
     * 13: SEATS' GetCustomerReservation lists customer, flight, reservation with reservation joined
     * to both; GetCustomerByFFNumber lists customer first with no condition of its own): the tables
     * must form a chain by equalities, and of the orders that are chains the first in FROM order
     * whose first table has a condition of its own is taken (else the first). An inner join's
     * result does not depend on the order its tables are read in (PostgreSQL manual, "Controlling
     * the Planner with Explicit JOIN Clauses", §14.3), so any chain order reads the same joined
     * rows.
     *
     * <p>Implied equalities: {@code a.x = v} (v naming no column of the join: a literal, parameter
     * or variable) and {@code a.x = b.y} give b the conjunct {@code b.y = v}, which every joined
     * row satisfies: b then reads only rows that can join (GetCustomerReservation's {@code f_id = ?
     * AND f_id = r_f_id} restricts reservation to {@code r_f_id = ?}), an exact strengthening.
     *
     * <p>Several column pairs between two consecutive tables (Wikipedia's selectPageRevision,
     * {@code page_id = rev_page AND rev_id = page_latest}) are each a membership test on the
     * earlier table's row set; that is the join exactly when the earlier table's key is fixed by
     * its own equalities (at most one row: every pair is tested against the same row), else a
     * superset ({@link Chain#exact} false).
     */
    Chain chain(List<Part> parts, List<Expression> conjuncts, Fragment f, SourcePos pos) {
        List<Pair> pairs = new ArrayList<>();
        for (Expression c : conjuncts) {
            Set<Integer> owners = new LinkedHashSet<>();
            for (Column col : columns(c, parts)) {
                owners.add(owner(col, parts, f, pos));
            }
            SourcePos cPos = f.posOf(c, pos);
            if (owners.size() <= 1) {
                parts.get(owners.isEmpty() ? 0 : owners.iterator().next()).local().add(c);
                continue;
            }
            reject(
                    !(c instanceof EqualsTo eq
                            && eq.getLeftExpression() instanceof Column
                            && eq.getRightExpression() instanceof Column),
                    cPos,
                    "a condition over two tables of a join must be an equality of two columns (a.c = b.d); found '"
                            + c
                            + "'");
            EqualsTo eq = (EqualsTo) c;
            Column l = (Column) eq.getLeftExpression();
            Column r = (Column) eq.getRightExpression();
            pairs.add(
                    new Pair(
                            owner(l, parts, f, pos),
                            Names.of(l.getColumnName()),
                            owner(r, parts, f, pos),
                            Names.of(r.getColumnName())));
        }
        // implied equalities, to a fixpoint (a chain of four tables passes a value on three times)
        for (boolean added = true; added; ) {
            added = false;
            for (Pair p : pairs) {
                added |= imply(parts, p.a(), p.aColumn(), p.b(), p.bColumn(), f, pos);
                added |= imply(parts, p.b(), p.bColumn(), p.a(), p.aColumn(), f, pos);
            }
        }
        int n = parts.size();
        for (int i = 0; i < n; i++) {
            final int at = i;
            reject(
                    n > 1 && pairs.stream().noneMatch(p -> p.a() == at || p.b() == at),
                    parts.get(i).pos(),
                    "table "
                            + parts.get(i).table().name()
                            + " is not joined to another table of the join by an equality (cross"
                            + " products are not supported)");
        }
        List<Integer> order = null;
        for (List<Integer> candidate : permutations(n)) {
            if (!isChain(candidate, pairs)) {
                continue;
            }
            if (order == null) {
                order = candidate;
            }
            if (!parts.get(candidate.get(0)).local().isEmpty()) {
                order = candidate;
                break;
            }
        }
        reject(
                order == null,
                pos,
                "the tables of a join must form a chain of equalities, each table joined to the"
                        + " next (a table joined to two others sits between them; a cycle of joins is"
                        + " not supported)");
        List<Part> ordered = new ArrayList<>();
        order.forEach(i -> ordered.add(parts.get(i)));
        List<Link> links = new ArrayList<>();
        boolean exact = true;
        for (int k = 1; k < n; k++) {
            int earlier = order.get(k - 1);
            int later = order.get(k);
            int count = 0;
            for (Pair p : pairs) {
                if (p.a() == earlier && p.b() == later) {
                    links.add(new Link(k - 1, p.aColumn(), k, p.bColumn()));
                    count++;
                } else if (p.b() == earlier && p.a() == later) {
                    links.add(new Link(k - 1, p.bColumn(), k, p.aColumn()));
                    count++;
                }
            }
            Part e = parts.get(earlier);
            if (count > 1
                    && !e.table().primaryKey().stream()
                            .allMatch(key -> pinned(e, earlier, key, parts, f, pos) != null)) {
                exact = false;
            }
        }
        return new Chain(ordered, links, exact);
    }

    /**
     * Whether every pair joins two consecutive tables of {@code order}, and each two are joined.
     */
    private static boolean isChain(List<Integer> order, List<Pair> pairs) {
        for (Pair p : pairs) {
            if (Math.abs(order.indexOf(p.a()) - order.indexOf(p.b())) != 1) {
                return false;
            }
        }
        for (int k = 1; k < order.size(); k++) {
            int x = order.get(k - 1);
            int y = order.get(k);
            if (pairs.stream()
                    .noneMatch(p -> p.a() == x && p.b() == y || p.a() == y && p.b() == x)) {
                return false;
            }
        }
        return true;
    }

    /** The orders of 0 … n-1, FROM order first, in lexicographic order. */
    private static List<List<Integer>> permutations(int n) {
        List<List<Integer>> out = new ArrayList<>();
        permute(new ArrayList<>(), n, out);
        return out;
    }

    private static void permute(List<Integer> prefix, int n, List<List<Integer>> out) {
        if (prefix.size() == n) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (int i = 0; i < n; i++) {
            if (!prefix.contains(i)) {
                prefix.add(i);
                permute(prefix, n, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    /**
     * Adds {@code to.toColumn = v} to part {@code to}'s own conjuncts when part {@code from} has
     * {@code fromColumn = v} and {@code to} has no such equality yet; whether it added one.
     */
    private boolean imply(
            List<Part> parts,
            int from,
            String fromColumn,
            int to,
            String toColumn,
            Fragment f,
            SourcePos pos) {
        Expression v = pinned(parts.get(from), from, fromColumn, parts, f, pos);
        if (v == null || pinned(parts.get(to), to, toColumn, parts, f, pos) != null) {
            return false;
        }
        Part target = parts.get(to);
        Column column =
                new Column(
                        new net.sf.jsqlparser.schema.Table(
                                target.alias() != null ? target.alias() : target.table().name()),
                        toColumn);
        target.local().add(new EqualsTo(column, v));
        return true;
    }

    /**
     * The value v of a conjunct {@code column = v} (or {@code v = column}) of part {@code at}, v
     * naming no column of the join; or null.
     */
    private Expression pinned(
            Part part, int at, String column, List<Part> parts, Fragment f, SourcePos pos) {
        for (Expression e : part.local()) {
            if (!(e instanceof EqualsTo eq)) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                Expression c = side == 0 ? eq.getLeftExpression() : eq.getRightExpression();
                Expression v = side == 0 ? eq.getRightExpression() : eq.getLeftExpression();
                if (c instanceof Column col
                        && !isVariable(col, parts)
                        && Names.of(col.getColumnName()).equals(column)
                        && owner(col, parts, f, pos) == at
                        && columns(v, parts).isEmpty()) {
                    return v;
                }
            }
        }
        return null;
    }

    static Cond and(Cond left, Cond right, SourcePos pos) {
        if (left instanceof Cond.Const k && k.value()) {
            return right;
        }
        return new Cond.And(left, right, pos);
    }
}
