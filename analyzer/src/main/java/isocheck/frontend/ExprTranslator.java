package isocheck.frontend;

import isocheck.program.ArithOp;
import isocheck.program.Column;
import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import java.util.List;
import java.util.stream.Collectors;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Turns JSqlParser expressions into the IR, resolving every name and checking types. Inside an SQL
 * statement bare names are columns of its one table and variables are written {@code :name}; in IF
 * conditions and {@code :=} there are no columns, so bare names are variables too. Conditions are
 * {@link ConditionTranslator}'s, names {@link NameResolver}'s.
 */
final class ExprTranslator extends ConditionTranslator {

    private ExprTranslator(Fragment fragment, Scope scope, Table table, String alias) {
        super(fragment, scope, table, alias);
    }

    /** Lets conditions use {@code [NOT] EXISTS (SELECT …)}, translated by {@code exists}. */
    ExprTranslator withExists(
            java.util.function.BiFunction<ExistsExpression, SourcePos, Cond> exists) {
        this.exists = exists;
        return this;
    }

    /**
     * For WHERE and SET: bare names are columns of {@code table} (optionally qualified by its name
     * or alias).
     */
    static ExprTranslator sql(Fragment fragment, Scope scope, Table table, String alias) {
        return new ExprTranslator(fragment, scope, table, alias);
    }

    static ExprTranslator conflictUpdate(
            Fragment fragment, Scope scope, Table table, java.util.Map<String, Expr> excluded) {
        ExprTranslator t = new ExprTranslator(fragment, scope, table, null);
        t.excluded = excluded;
        return t;
    }

    /** For IF conditions, {@code :=} and INSERT values: only variables and literals. */
    static ExprTranslator program(Fragment fragment, Scope scope) {
        return new ExprTranslator(fragment, scope, null, null);
    }

    /**
     * An integer literal's value; INT is a 64-bit integer, so a literal outside its range is an
     * error, not a crash.
     */
    static long intLiteral(LongValue v, SourcePos pos) {
        try {
            return v.getValue();
        } catch (NumberFormatException e) {
            throw new ProgramError(
                    pos,
                    "integer literal "
                            + v.getStringValue()
                            + " is out of range (INT values are 64-bit: "
                            + Long.MIN_VALUE
                            + " .. "
                            + Long.MAX_VALUE
                            + ")");
        }
    }

    @Override
    Expr expr(Expression e) {
        SourcePos pos = pos(e);
        if (e instanceof LongValue v) {
            return new Expr.IntLit(intLiteral(v, pos), pos);
        }
        if (e instanceof StringValue s) {
            return new Expr.StrLit(s.getValue(), pos);
        }
        if (e instanceof BooleanValue b) {
            // BOOLEAN is held as INT: TRUE = 1, FALSE = 0 (SqlTypes)
            return new Expr.IntLit(b.getValue() ? 1 : 0, pos);
        }
        if (e instanceof DoubleValue d) {
            throw new ProgramError(
                    pos,
                    "decimal literal "
                            + d
                            + " is not supported: values are whole numbers (keep NUMERIC amounts in their "
                            + "smallest unit, e.g. cents)");
        }
        if (e instanceof ParenthesedExpressionList<?> list) {
            if (list.size() != 1) {
                throw new ProgramError(
                        pos, "a list of " + list.size() + " values is not an expression");
            }
            return expr((Expression) list.get(0));
        }
        if (e instanceof SignedExpression s) {
            Expr operand = integer(expr(s.getExpression()), "-");
            return s.getSign() == '-' ? new Expr.Negate(operand, pos) : operand;
        }
        if (e instanceof Addition
                || e instanceof Subtraction
                || e instanceof Multiplication
                || e instanceof Division) {
            BinaryExpression b = (BinaryExpression) e;
            ArithOp op =
                    e instanceof Addition
                            ? ArithOp.ADD
                            : e instanceof Subtraction
                                    ? ArithOp.SUB
                                    : e instanceof Multiplication ? ArithOp.MUL : ArithOp.DIV;
            Expr left = integer(expr(b.getLeftExpression()), op.symbol());
            Expr right = integer(expr(b.getRightExpression()), op.symbol());
            return new Expr.Arith(op, left, right, pos);
        }
        if (e instanceof JdbcNamedParameter p) {
            return variable(p.getName(), pos);
        }
        if (e instanceof net.sf.jsqlparser.schema.Column c) {
            return column(c, pos);
        }
        if (e instanceof NullValue) {
            throw new ProgramError(
                    pos,
                    "NULL is supported as a value in SET, INSERT … VALUES and DEFAULT, and in comparisons (never true); "
                            + "test an empty result with v IS NULL");
        }
        if (e instanceof JdbcParameter) {
            throw new ProgramError(
                    pos, "positional parameters (?) are not supported; write variables as :name");
        }
        if (e instanceof Select) {
            throw new ProgramError(
                    pos,
                    "subqueries are not supported: read the other table first with SELECT … INTO and use :variable");
        }
        if (TransactionClock.of(e).isPresent()) {
            return TransactionClock.reference(scope, TransactionClock.of(e).get(), pos);
        }
        if (Sequences.nextval(e, pos).isPresent()) {
            return Sequences.draw(scope, Sequences.nextval(e, pos).get(), scope.sequences(), pos);
        }
        if (e instanceof Function f && f.getName().equalsIgnoreCase("COALESCE")) {
            return coalesce(f, pos);
        }
        if (e instanceof Function f) {
            throw new ProgramError(
                    pos,
                    "function "
                            + f.getName()
                            + " is not supported here (aggregates go in SELECT MIN/MAX/COUNT(col) INTO v)");
        }
        if (e instanceof CaseExpression c) {
            return caseExpr(c, pos);
        }
        if (isCondition(e)) {
            throw new ProgramError(pos, "expected a value, found the condition '" + e + "'");
        }
        throw new ProgramError(
                pos,
                "unsupported expression '"
                        + e
                        + "' (supported: integers, strings, :variables, columns, + - * /, CASE, COALESCE)");
    }

    /**
     * The value SET or INSERT … VALUES writes to {@code column}: an expression, or NULL (a nullable
     * column only: writing NULL to a NOT NULL column fails in every database).
     */
    Expr valueFor(Expression e, Column column) {
        if (e instanceof NullValue) {
            if (column.notNull()) {
                throw new ProgramError(
                        pos(e),
                        "column " + column.name() + " is NOT NULL: NULL cannot be written to it");
            }
            return new Expr.NullLit(column.type(), pos(e));
        }
        return expr(e);
    }

    /** {@code COALESCE(e1, e2, …)}: two or more arguments of one type. */
    private Expr coalesce(Function f, SourcePos pos) {
        var params = f.getParameters();
        if (params == null || params.size() < 2 || f.isDistinct() || f.isAllColumns()) {
            throw new ProgramError(pos, "COALESCE takes two or more values");
        }
        List<Expr> args = new java.util.ArrayList<>();
        for (Object p : params) {
            Expr a = expr((Expression) p);
            if (!args.isEmpty() && a.type() != args.get(0).type()) {
                throw new ProgramError(
                        a.pos(),
                        "COALESCE mixes "
                                + args.get(0).type().sqlName()
                                + " and "
                                + a.type().sqlName()
                                + " "
                                + a.text());
            }
            args.add(a);
        }
        return new Expr.Coalesce(args, pos);
    }

    /**
     * Searched {@code CASE WHEN c THEN e … ELSE e END}; the simple form {@code CASE x WHEN v THEN
     * …} is {@code CASE WHEN x = v THEN …}. ELSE is required (a missing ELSE is NULL).
     */
    private Expr caseExpr(CaseExpression c, SourcePos pos) {
        if (c.getElseExpression() == null) {
            throw new ProgramError(
                    pos,
                    "CASE needs an ELSE (a missing ELSE is NULL, and NULL values are not supported)");
        }
        Expr subject = c.getSwitchExpression() == null ? null : expr(c.getSwitchExpression());
        Expr otherwise = expr(c.getElseExpression());
        List<Cond> conditions = new java.util.ArrayList<>();
        List<Expr> values = new java.util.ArrayList<>();
        for (WhenClause w : c.getWhenClauses()) {
            Cond when;
            if (subject == null) {
                when = cond(w.getWhenExpression());
            } else {
                Expr v = expr(w.getWhenExpression());
                if (v.type() != subject.type()) {
                    throw new ProgramError(
                            v.pos(),
                            "cannot compare "
                                    + subject.type().sqlName()
                                    + " "
                                    + subject.text()
                                    + " with "
                                    + v.type().sqlName()
                                    + " "
                                    + v.text());
                }
                when = new Cond.Compare(CompareOp.EQ, subject, v, v.pos());
            }
            Expr then = expr(w.getThenExpression());
            if (then.type() != otherwise.type()) {
                throw new ProgramError(
                        then.pos(),
                        "CASE mixes "
                                + then.type().sqlName()
                                + " "
                                + then.text()
                                + " and "
                                + otherwise.type().sqlName()
                                + " "
                                + otherwise.text());
            }
            conditions.add(when);
            values.add(then);
        }
        return new Expr.Case(conditions, values, otherwise, pos);
    }

    private Expr integer(Expr e, String operator) {
        if (e.type() != ScalarType.INT) {
            throw new ProgramError(
                    e.pos(),
                    "operator "
                            + operator
                            + " needs INT operands; "
                            + e.text()
                            + " is "
                            + e.type().sqlName());
        }
        return e;
    }

    /** Translates a list of expressions (INSERT values). */
    List<Expr> exprs(List<? extends Expression> list) {
        return list.stream().map(this::expr).collect(Collectors.toList());
    }
}
