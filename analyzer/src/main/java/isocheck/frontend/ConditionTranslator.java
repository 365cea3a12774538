package isocheck.frontend;

import isocheck.program.Column;
import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import isocheck.program.Type;
import isocheck.program.Variable;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Conditions under {@link ExprTranslator}: AND, OR, NOT in SQL's three-valued logic, comparisons,
 * IS [NOT] NULL, [NOT] IN, = ANY(:rows.col), EXISTS and PL/pgSQL's FOUND; the values they compare
 * are translated by {@link #expr}.
 */
abstract class ConditionTranslator extends NameResolver {

    /**
     * Translates {@code EXISTS (SELECT …)} of an IF condition (null where EXISTS is not allowed).
     */
    java.util.function.BiFunction<ExistsExpression, SourcePos, Cond> exists;

    ConditionTranslator(Fragment fragment, Scope scope, Table table, String alias) {
        super(fragment, scope, table, alias);
    }

    /** A value: a literal, a column, a variable or an expression over them. */
    abstract Expr expr(Expression e);

    /**
     * Comparisons with a NULL literal: UNKNOWN in SQL's three-valued logic (SQL:2016 §8.2;
     * PostgreSQL manual §9.2, "Comparison Functions and Operators"). Each is a {@code FALSE}
     * constant kept in this identity set; a NOT over a condition containing one is pushed down to
     * the atoms (De Morgan holds in Kleene's logic, and NOT UNKNOWN is UNKNOWN), so that every
     * UNKNOWN stands under AND/OR only, where taking it as FALSE is exact: WHERE and IF hold only
     * when the condition is TRUE.
     */
    private final java.util.Set<Cond> unknowns =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    private Cond unknown(SourcePos pos) {
        Cond u = new Cond.Const(false, pos);
        unknowns.add(u);
        return u;
    }

    private boolean hasUnknown(Cond c) {
        if (unknowns.contains(c)) {
            return true;
        }
        if (c instanceof Cond.Not n) {
            return hasUnknown(n.operand());
        }
        if (c instanceof Cond.And a) {
            return hasUnknown(a.left()) || hasUnknown(a.right());
        }
        return c instanceof Cond.Or o && (hasUnknown(o.left()) || hasUnknown(o.right()));
    }

    /** NOT c in three-valued logic, pushed to the atoms when c contains an UNKNOWN. */
    private Cond not(Cond c, SourcePos pos) {
        if (!hasUnknown(c)) {
            return new Cond.Not(c, pos);
        }
        if (unknowns.contains(c)) {
            return c;
        }
        if (c instanceof Cond.Not n) {
            return n.operand();
        }
        if (c instanceof Cond.And a) {
            return new Cond.Or(not(a.left(), pos), not(a.right(), pos), pos);
        }
        Cond.Or o = (Cond.Or) c;
        return new Cond.And(not(o.left(), pos), not(o.right(), pos), pos);
    }

    Cond cond(Expression e) {
        SourcePos pos = pos(e);
        if (e instanceof AndExpression a) {
            return new Cond.And(cond(a.getLeftExpression()), cond(a.getRightExpression()), pos);
        }
        if (e instanceof OrExpression o) {
            return new Cond.Or(cond(o.getLeftExpression()), cond(o.getRightExpression()), pos);
        }
        if (e instanceof NotExpression n) {
            return not(cond(n.getExpression()), pos);
        }
        if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
            return cond((Expression) list.get(0));
        }
        if (e instanceof IsNullExpression n) {
            return isNull(n, pos);
        }
        if (e instanceof net.sf.jsqlparser.expression.operators.relational.Between b) {
            return cond(BetweenPredicate.comparisons(b));
        }
        if (scope.plpgsql()
                && e instanceof net.sf.jsqlparser.schema.Column c
                && c.getTable() == null
                && Names.of(c.getColumnName()).equals("found")
                && !scope.isVariable("found")) {
            // PL/pgSQL's FOUND (manual §43.5.5): the last SELECT INTO / PERFORM / FOR query
            // returned a row
            if (scope.foundSource() == null) {
                throw new ProgramError(pos, scope.foundUnusable());
            }
            return scope.foundSource().isEmpty()
                    ? new Cond.Const(true, pos)
                    : new Cond.IsNull(scope.foundSource(), !scope.foundWhenEmpty(), pos);
        }
        if (e instanceof BooleanValue b) {
            return new Cond.Const(b.getValue(), pos);
        }
        if (e instanceof net.sf.jsqlparser.schema.Column || e instanceof JdbcNamedParameter) {
            // a BOOLEAN column or variable standing alone: x = TRUE (TRUE is 1, SqlTypes)
            Expr value = expr(e);
            if (!isBoolean(value)) {
                throw new ProgramError(
                        pos,
                        "expected a condition, found "
                                + value.type().sqlName()
                                + " "
                                + value.text()
                                + " (only a BOOLEAN column or variable stands alone as a condition)");
            }
            return new Cond.Compare(CompareOp.EQ, value, new Expr.IntLit(1, pos), pos);
        }
        if (e instanceof ExistsExpression x) {
            if (exists == null) {
                throw new ProgramError(
                        pos,
                        "EXISTS (SELECT …) is supported in IF conditions only; in SQL, SELECT … INTO rows first and test rows IS NOT NULL");
            }
            return exists.apply(x, pos);
        }
        if (e instanceof InExpression in) {
            Expression fixed = reassociate(in);
            return fixed == in ? in(in, pos) : cond(fixed);
        }
        CompareOp op = compareOp(e);
        if (op != null) {
            BinaryExpression b = (BinaryExpression) e;
            if (b.getRightExpression() instanceof Function f
                    && f.getName().equalsIgnoreCase("ANY")) {
                if (op != CompareOp.EQ) {
                    throw new ProgramError(pos(f), "only = ANY(:rows.col) is supported");
                }
                return member(expr(b.getLeftExpression()), f, pos);
            }
            if (b.getLeftExpression() instanceof NullValue
                    || b.getRightExpression() instanceof NullValue) {
                // x = NULL, x <> NULL, …: UNKNOWN, never true (the other side is still checked)
                if (!(b.getLeftExpression() instanceof NullValue)) {
                    expr(b.getLeftExpression());
                }
                if (!(b.getRightExpression() instanceof NullValue)) {
                    expr(b.getRightExpression());
                }
                return unknown(pos);
            }
            Expr left = expr(b.getLeftExpression());
            Expr right = expr(b.getRightExpression());
            if (left.type() != right.type()) {
                throw new ProgramError(
                        pos,
                        "cannot compare "
                                + left.type().sqlName()
                                + " "
                                + left.text()
                                + " with "
                                + right.type().sqlName()
                                + " "
                                + right.text());
            }
            return new Cond.Compare(op, left, right, pos);
        }
        throw new ProgramError(
                pos,
                "expected a condition (comparison, AND, OR, NOT, IS NULL, IN, = ANY), found '"
                        + e
                        + "'");
    }

    /**
     * JSqlParser 5.3 parses {@code k IN (1, 2) AND j = 3} as {@code k IN ((1, 2) AND j = 3)}: the
     * list binds looser than the AND/OR after it (ParserTest#jsqlParserMisparsesInFollowedByAnd
     * pins this). A right operand that is an AND/OR whose leftmost operand is the list is rotated
     * back to {@code (k IN (1, 2)) AND j = 3}; a correctly parsed IN is returned unchanged.
     */
    static Expression reassociate(InExpression in) {
        Expression right = in.getRightExpression();
        if (right instanceof AndExpression || right instanceof OrExpression) {
            BinaryExpression b = (BinaryExpression) right;
            InExpression inner = new InExpression(in.getLeftExpression(), b.getLeftExpression());
            inner.setNot(in.isNot());
            inner.setASTNode(in.getASTNode());
            Expression left = reassociate(inner);
            Expression rest = b.getRightExpression();
            return right instanceof AndExpression
                    ? new AndExpression(left, rest)
                    : new OrExpression(left, rest);
        }
        return in;
    }

    /** {@code x [NOT] IN (a, b, …)}: {@code x = a OR x = b OR …}, negated for NOT IN. */
    private Cond in(InExpression in, SourcePos pos) {
        if (!(in.getRightExpression() instanceof ParenthesedExpressionList<?> list)
                || list.isEmpty()) {
            throw new ProgramError(
                    pos,
                    in.getRightExpression() instanceof Select
                            ? "IN (SELECT …) is not supported: SELECT … INTO rows first, then col = ANY(:rows.col)"
                            : "IN takes a parenthesised list of values, or write col = ANY(:rows.col) for a row set");
        }
        if (in.getLeftExpression() instanceof ParenthesedExpressionList<?> tuple
                && tuple.size() > 1) {
            throw new ProgramError(
                    pos, "row-value IN ((a, b), …) is not supported; write (x = a AND y = b) OR …");
        }
        Expr left = expr(in.getLeftExpression());
        Cond any = null;
        for (Object item : list) {
            if (item instanceof NullValue) {
                // x IN (…, NULL): x = NULL is UNKNOWN
                Cond u = unknown(pos);
                any = any == null ? u : new Cond.Or(any, u, pos);
                continue;
            }
            Expr value = expr((Expression) item);
            if (value.type() != left.type()) {
                throw new ProgramError(
                        value.pos(),
                        "cannot compare "
                                + left.type().sqlName()
                                + " "
                                + left.text()
                                + " with "
                                + value.type().sqlName()
                                + " "
                                + value.text());
            }
            Cond eq = new Cond.Compare(CompareOp.EQ, left, value, pos);
            any = any == null ? eq : new Cond.Or(any, eq, pos);
        }
        return in.isNot() ? not(any, pos) : any;
    }

    /**
     * Whether {@code value} is a BOOLEAN column of the visited table or a variable declared
     * BOOLEAN.
     */
    private boolean isBoolean(Expr value) {
        if (value instanceof Expr.ColumnRef c) {
            return table != null && table.column(c.column()).map(Column::bool).orElse(false);
        }
        return value instanceof Expr.VarRef v && !v.hasField() && scope.isBoolean(v.variable());
    }

    private Cond isNull(IsNullExpression n, SourcePos pos) {
        Expression subject = n.getLeftExpression();
        String name = null;
        if (subject instanceof JdbcNamedParameter p && !p.getName().contains(".")) {
            name = Names.of(p.getName());
        } else if (table == null
                && subject instanceof net.sf.jsqlparser.schema.Column c
                && c.getTable() == null) {
            name = Names.of(c.getColumnName());
        }
        if (name == null
                && (subject instanceof net.sf.jsqlparser.schema.Column
                        || subject instanceof JdbcNamedParameter)) {
            // a field: a column of the visited record, or :row.f (row.f outside SQL)
            Expr field = expr(subject);
            if (field instanceof Expr.VarRef ref && !ref.hasField() && scalarParameter(ref)) {
                // a parameter inside SQL (PL/pgSQL's bare name): a NULL argument
                return new Cond.FieldIsNull(field, n.isNot(), pos);
            }
            if (field instanceof Expr.VarRef ref && !ref.hasField()) {
                throw new ProgramError(
                        pos,
                        "IS NULL applies to a variable assigned by SELECT … INTO, or to a field (col, :row.col)");
            }
            return new Cond.FieldIsNull(field, n.isNot(), pos);
        }
        if (name == null) {
            throw new ProgramError(
                    pos,
                    "IS NULL applies to a variable assigned by SELECT … INTO, or to a field (col, :row.col)");
        }
        Variable v = scope.read(name, pos(subject));
        if (v.kind() == Variable.Kind.PARAMETER && v.type() instanceof Type.Scalar s) {
            // a NULL argument (SEATS' `IF p IS NULL`): a parameter so tested may be NULL
            // (program.NullableParameters), and the test is of its value
            return new Cond.FieldIsNull(
                    new Expr.VarRef(v.name(), null, s.type(), pos(subject)), n.isNot(), pos);
        }
        if (v.kind() != Variable.Kind.LOCAL) {
            throw new ProgramError(
                    pos(subject),
                    "IS NULL needs a scalar parameter or a variable assigned by SELECT … INTO; "
                            + name
                            + " is "
                            + (v.kind() == Variable.Kind.PARAMETER
                                    ? "a SET OF parameter"
                                    : "a loop variable"));
        }
        return new Cond.IsNull(name, n.isNot(), pos);
    }

    /** Whether {@code ref} names a scalar parameter of the transaction. */
    private boolean scalarParameter(Expr.VarRef ref) {
        if (!scope.isVariable(ref.variable())) return false;
        Variable v = scope.read(ref.variable(), ref.pos());
        return v.kind() == Variable.Kind.PARAMETER && v.type() instanceof Type.Scalar;
    }

    private Cond member(Expr element, Function any, SourcePos pos) {
        var params = any.getParameters();
        if (params == null || params.size() != 1) {
            throw new ProgramError(pos(any), "ANY takes one argument, :rows.col");
        }
        Object arg = params.get(0);
        String[] ref = null;
        if (arg instanceof JdbcNamedParameter p) {
            ref = Names.of(p.getName()).split("\\.", -1);
        } else if (table == null
                && arg instanceof net.sf.jsqlparser.schema.Column c
                && c.getTable() != null) {
            ref = new String[] {Names.of(c.getTable().getName()), Names.of(c.getColumnName())};
        } else if (scope.plpgsql()
                && arg instanceof net.sf.jsqlparser.schema.Column c
                && scope.isVariable(
                        c.getTable() == null ? c.getColumnName() : c.getTable().getName())) {
            if (c.getTable() != null) {
                ref = new String[] {Names.of(c.getTable().getName()), Names.of(c.getColumnName())};
            } else {
                // an array parameter: a row set of one field
                Variable rows = scope.read(c.getColumnName(), pos(arg));
                if (rows.type().fields().size() == 1) {
                    ref = new String[] {rows.name(), rows.type().fields().get(0).name()};
                }
            }
        }
        SourcePos argPos = pos(arg);
        if (ref == null || ref.length != 2) {
            throw new ProgramError(argPos, "ANY takes a column of a row set, written :rows.col");
        }
        String rowsName = ref[0];
        String fieldName = ref[1];
        Variable rows = scope.read(rowsName, argPos);
        if (!(rows.type() instanceof Type.Rows)) {
            throw new ProgramError(
                    argPos, ref[0] + " is " + rows.type().describe() + ", not a row set");
        }
        Field field =
                rows.type()
                        .field(fieldName)
                        .orElseThrow(() -> new ProgramError(argPos, noSuchField(rows, fieldName)));
        if (field.type() != element.type()) {
            throw new ProgramError(
                    pos,
                    "cannot compare "
                            + element.type().sqlName()
                            + " "
                            + element.text()
                            + " with "
                            + field.type().sqlName()
                            + " column "
                            + ref[0]
                            + "."
                            + ref[1]);
        }
        return new Cond.Member(element, ref[0], ref[1], pos);
    }

    static CompareOp compareOp(Expression e) {
        if (e instanceof EqualsTo) {
            return CompareOp.EQ;
        }
        if (e instanceof NotEqualsTo) {
            return CompareOp.NE;
        }
        if (e instanceof MinorThan) {
            return CompareOp.LT;
        }
        if (e instanceof MinorThanEquals) {
            return CompareOp.LE;
        }
        if (e instanceof GreaterThan) {
            return CompareOp.GT;
        }
        if (e instanceof GreaterThanEquals) {
            return CompareOp.GE;
        }
        return null;
    }

    static boolean isCondition(Expression e) {
        return compareOp(e) != null
                || e instanceof AndExpression
                || e instanceof OrExpression
                || e instanceof NotExpression
                || e instanceof IsNullExpression
                || e instanceof InExpression
                || e instanceof ExistsExpression;
    }
}
