package isocheck.frontend;

import isocheck.program.ArithOp;
import isocheck.program.Column;
import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import isocheck.program.Type;
import isocheck.program.Variable;
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
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
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
 * Turns JSqlParser expressions into the IR, resolving every name and checking types. Inside an SQL
 * statement bare names are columns of its one table and variables are written {@code :name}; in IF
 * conditions and {@code :=} there are no columns, so bare names are variables too.
 */
final class ExprTranslator {

    private final Fragment fragment;
    private final Scope scope;
    private final Table table; // null outside SQL: no record is being visited
    private final String alias;

    /**
     * Translates {@code EXISTS (SELECT …)} of an IF condition (null where EXISTS is not allowed).
     */
    private java.util.function.BiFunction<ExistsExpression, SourcePos, Cond> exists;

    private ExprTranslator(Fragment fragment, Scope scope, Table table, String alias) {
        this.fragment = fragment;
        this.scope = scope;
        this.table = table;
        this.alias = alias;
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

    /**
     * {@code INSERT … ON CONFLICT DO UPDATE SET}: {@code EXCLUDED.c} is the value the INSERT gave
     * c.
     */
    private java.util.Map<String, Expr> excluded;

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

    SourcePos pos(Object node) {
        if (node instanceof BinaryExpression b) {
            return fragment.posOf(b, pos(b.getLeftExpression()));
        }
        if (node instanceof ParenthesedExpressionList<?> list && !list.isEmpty()) {
            return fragment.posOf(list, pos(list.get(0)));
        }
        if (node instanceof NotExpression n) {
            return fragment.posOf(n, pos(n.getExpression()));
        }
        if (node instanceof IsNullExpression n) {
            return fragment.posOf(n, pos(n.getLeftExpression()));
        }
        return fragment.posOf(node, fragment.start());
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
        if (v.kind() != Variable.Kind.LOCAL) {
            throw new ProgramError(
                    pos(subject),
                    "IS NULL needs a variable assigned by SELECT … INTO; "
                            + name
                            + " is "
                            + (v.kind() == Variable.Kind.PARAMETER
                                    ? "a parameter"
                                    : "a loop variable"));
        }
        return new Cond.IsNull(name, n.isNot(), pos);
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

    private Expr column(net.sf.jsqlparser.schema.Column c, SourcePos pos) {
        if (c.getColumnName() == null
                || c.getColumnName().isEmpty()
                || (c.getTable() != null
                        && (c.getTable().getName() == null || c.getTable().getName().isEmpty()))) {
            // JSqlParser reads `a..b` as a name with an empty part (a database..table name), which
            // reached Names.of as null: exit 70 (fuzzing finding, seed 2028)
            throw new ProgramError(pos, "unsupported name '" + c + "': a part of it is empty");
        }
        String qualifier = c.getTable() == null ? null : Names.of(c.getTable().getName());
        if (table == null) {
            // Outside SQL there is no record: `x` is a variable and `v.col` a column of row
            // variable v.
            if (qualifier == null) {
                return variable(c.getColumnName(), pos);
            }
            if (c.getTable().getSchemaName() != null) {
                throw new ProgramError(pos, "unsupported name '" + c + "'");
            }
            return variable(qualifier + "." + c.getColumnName(), pos);
        }
        if (excluded != null && "excluded".equals(qualifier)) {
            Expr value = excluded.get(Names.of(c.getColumnName()));
            if (value == null) {
                throw new ProgramError(
                        pos,
                        "EXCLUDED."
                                + c.getColumnName()
                                + ": the INSERT gives no value for that column");
            }
            return value;
        }
        if (scope.plpgsql()) {
            // PL/pgSQL writes variables bare; a name that is both a variable and a column is an
            // error,
            // as under PostgreSQL's default plpgsql.variable_conflict = error (manual §43.11.1)
            if (qualifier == null
                    && Names.of(c.getColumnName()).matches("_\\d+")
                    && table.column(Names.of(c.getColumnName())).isEmpty()) {
                return variable(
                        c.getColumnName(),
                        pos); // $n, written _n to JSqlParser: an unknown one is reported by the
                // scope
            }
            if (qualifier == null && scope.isVariable(c.getColumnName())) {
                String name = Names.of(c.getColumnName());
                if (table.column(name).isPresent()) {
                    throw new ProgramError(
                            pos,
                            "column reference \""
                                    + name
                                    + "\" is ambiguous: it could refer to a PL/pgSQL variable or to column "
                                    + table.name()
                                    + "."
                                    + name
                                    + " (qualify the column as "
                                    + (alias != null ? alias : table.name())
                                    + "."
                                    + name
                                    + ", or rename the variable)");
                }
                return variable(c.getColumnName(), pos);
            }
            if (qualifier != null
                    && !qualifier.equals(table.name())
                    && !qualifier.equals(alias)
                    && scope.isVariable(qualifier)) {
                return variable(qualifier + "." + c.getColumnName(), pos);
            }
        }
        if (qualifier != null && !qualifier.equals(table.name()) && !qualifier.equals(alias)) {
            throw new ProgramError(
                    pos,
                    "unknown table "
                            + qualifier
                            + " (this statement accesses only "
                            + table.name()
                            + "; write variables as :"
                            + qualifier
                            + "."
                            + c.getColumnName()
                            + ")");
        }
        Column column =
                table.column(Names.of(c.getColumnName()))
                        .orElseThrow(
                                () ->
                                        new ProgramError(
                                                pos,
                                                "unknown column "
                                                        + c.getColumnName()
                                                        + " in table "
                                                        + table.name()
                                                        + " (write variables and parameters as :"
                                                        + c.getColumnName()
                                                        + ")"));
        return new Expr.ColumnRef(table.name(), column.name(), column.type(), pos);
    }

    /**
     * A column an UPDATE sets or an INSERT lists: never a variable, even in PL/pgSQL (no ambiguity
     * there).
     */
    Expr.ColumnRef targetColumn(Expression e) {
        net.sf.jsqlparser.schema.Column c = (net.sf.jsqlparser.schema.Column) e;
        SourcePos pos = pos(e);
        String qualifier = c.getTable() == null ? null : Names.of(c.getTable().getName());
        if (qualifier != null && !qualifier.equals(table.name()) && !qualifier.equals(alias)) {
            throw new ProgramError(
                    pos,
                    "unknown table "
                            + qualifier
                            + " (this statement accesses only "
                            + table.name()
                            + ")");
        }
        Column column =
                table.column(Names.of(c.getColumnName()))
                        .orElseThrow(
                                () ->
                                        new ProgramError(
                                                pos,
                                                "unknown column "
                                                        + c.getColumnName()
                                                        + " in table "
                                                        + table.name()));
        return new Expr.ColumnRef(table.name(), column.name(), column.type(), pos);
    }

    private Expr variable(String reference, SourcePos pos) {
        String[] parts = Names.of(reference).split("\\.", -1);
        if (parts.length > 2) {
            throw new ProgramError(
                    pos,
                    "unsupported name :" + reference + " (write :variable or :variable.column)");
        }
        Variable v = scope.read(parts[0], pos);
        Type type = v.type();
        if (parts.length == 2) {
            if (type instanceof Type.Scalar) {
                throw new ProgramError(
                        pos,
                        v.name() + " is " + type.describe() + " and has no column " + parts[1]);
            }
            Field field =
                    type.field(parts[1])
                            .orElseThrow(() -> new ProgramError(pos, noSuchField(v, parts[1])));
            return new Expr.VarRef(v.name(), field.name(), field.type(), pos);
        }
        if (type instanceof Type.Scalar s) {
            return new Expr.VarRef(v.name(), null, s.type(), pos);
        }
        if (type.fields().size() == 1) {
            return new Expr.VarRef(v.name(), null, type.fields().get(0).type(), pos);
        }
        throw new ProgramError(
                pos,
                v.name()
                        + " holds "
                        + type.describe()
                        + "; name one column, as "
                        + v.name()
                        + "."
                        + type.fields().get(0).name());
    }

    private static String noSuchField(Variable v, String field) {
        String fields =
                v.type().fields().stream().map(Field::name).collect(Collectors.joining(", "));
        return v.name() + " has no column " + field + " (it has " + fields + ")";
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

    private static CompareOp compareOp(Expression e) {
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

    private static boolean isCondition(Expression e) {
        return compareOp(e) != null
                || e instanceof AndExpression
                || e instanceof OrExpression
                || e instanceof NotExpression
                || e instanceof IsNullExpression
                || e instanceof InExpression
                || e instanceof ExistsExpression;
    }

    /** Translates a list of expressions (INSERT values). */
    List<Expr> exprs(List<? extends Expression> list) {
        return list.stream().map(this::expr).collect(Collectors.toList());
    }
}
