package isocheck.frontend;

import static isocheck.frontend.SqlTranslator.reject;

import isocheck.program.Cond;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
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
     * The tables of a join (FROM and each inner JOIN, at most three, no table twice) into {@code
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
        if (parts.size() > 3) {
            throw new ProgramError(
                    parts.get(3).pos(), "joins of more than three tables are not supported");
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

    static Cond and(Cond left, Cond right, SourcePos pos) {
        if (left instanceof Cond.Const k && k.value()) {
            return right;
        }
        return new Cond.And(left, right, pos);
    }
}
