package isocheck.run;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.ScalarType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The SQL text of a condition or expression, as {@link SqlGen} writes it; the program's variables
 * become bound parameters.
 */
final class SqlText implements Cond.Visitor<String>, Expr.Visitor<String> {
    private final SqlDialect dialect;

    /**
     * While compiling a join: how each hidden row set of the join ({@code target$table}) is written
     * in SQL, as the qualified column it holds; null otherwise (then columns are unqualified).
     */
    /** A join's hidden row sets → the table each holds (their members become equalities). */
    private final Map<String, String> joinColumns;

    private final List<Compiled.Param> params;

    SqlText(SqlDialect dialect, Map<String, String> joinColumns, List<Compiled.Param> params) {
        this.dialect = dialect;
        this.joinColumns = joinColumns;
        this.params = params;
    }

    private String cond(Cond c, List<Compiled.Param> params) {
        return c.accept(new SqlText(dialect, joinColumns, params));
    }

    private String expr(Expr e, List<Compiled.Param> params) {
        return e.accept(new SqlText(dialect, joinColumns, params));
    }

    @Override
    public String visitConst(Cond.Const k) {
        return k.value() ? "TRUE" : "FALSE";
    }

    @Override
    public String visitCompare(Cond.Compare cmp) {
        return expr(cmp.left(), params) + " " + cmp.op().symbol() + " " + expr(cmp.right(), params);
    }

    @Override
    public String visitIsNull(Cond.IsNull n) {
        params.add(
                new Compiled.Param() {
                    @Override
                    public Object value(Compiled.Frame f) {
                        return Values.isNull(f.var(n.variable())) != n.negated() ? 1L : 0L;
                    }

                    @Override
                    public ScalarType type() {
                        return ScalarType.INT;
                    }
                });
        return "(? = 1)";
    }

    @Override
    public String visitMember(Cond.Member m) {
        if (joinColumns != null && joinColumns.containsKey(m.rows())) {
            return expr(m.element(), params) + " = " + joinColumns.get(m.rows()) + "." + m.field();
        }
        String element = expr(m.element(), params);
        ScalarType type = m.element().type();
        params.add(
                new Compiled.Param() {
                    @Override
                    public Object value(Compiled.Frame f) {
                        return Values.column(f.var(m.rows()), m.field()).toArray();
                    }

                    @Override
                    public ScalarType type() {
                        return type;
                    }

                    @Override
                    public boolean isArray() {
                        return true;
                    }
                });
        return dialect.memberOf(element, type);
    }

    @Override
    public String visitFieldIsNull(Cond.FieldIsNull n) {
        return "(" + expr(n.operand(), params) + (n.negated() ? " IS NOT NULL)" : " IS NULL)");
    }

    @Override
    public String visitNot(Cond.Not n) {
        String x = cond(n.operand(), params);
        return n.notTrue() ? "((" + x + ") IS NOT TRUE)" : "NOT (" + x + ")";
    }

    @Override
    public String visitAnd(Cond.And a) {
        return "(" + cond(a.left(), params) + " AND " + cond(a.right(), params) + ")";
    }

    @Override
    public String visitOr(Cond.Or o) {
        return "(" + cond(o.left(), params) + " OR " + cond(o.right(), params) + ")";
    }

    @Override
    public String visitIntLit(Expr.IntLit i) {
        return Long.toString(i.value());
    }

    @Override
    public String visitStrLit(Expr.StrLit s) {
        return "'" + s.value().replace("'", "''") + "'";
    }

    @Override
    public String visitNullLit(Expr.NullLit n) {
        // the dialect's typed NULL: MariaDB casts to SIGNED/CHAR, not BIGINT/VARCHAR
        return dialect.castParam(n.type()).replace("?", "NULL");
    }

    @Override
    public String visitColumnRef(Expr.ColumnRef c) {
        return joinColumns != null ? c.table() + "." + c.column() : c.column();
    }

    @Override
    public String visitVarRef(Expr.VarRef v) {
        params.add(
                new Compiled.Param() {
                    @Override
                    public Object value(Compiled.Frame f) {
                        return Values.read(f.var(v.variable()), v.field());
                    }

                    @Override
                    public ScalarType type() {
                        return v.type();
                    }
                });
        return dialect.castParam(v.type());
    }

    @Override
    public String visitArith(Expr.Arith a) {
        if (a.op() == isocheck.program.ArithOp.DIV) {
            return dialect.divide(expr(a.left(), params), expr(a.right(), params));
        }
        return "("
                + expr(a.left(), params)
                + " "
                + a.op().symbol()
                + " "
                + expr(a.right(), params)
                + ")";
    }

    @Override
    public String visitCase(Expr.Case c) {
        StringBuilder sb = new StringBuilder("(CASE");
        for (int i = 0; i < c.conditions().size(); i++) {
            sb.append(" WHEN ")
                    .append(cond(c.conditions().get(i), params))
                    .append(" THEN ")
                    .append(expr(c.values().get(i), params));
        }
        return sb.append(" ELSE ").append(expr(c.otherwise(), params)).append(" END)").toString();
    }

    @Override
    public String visitCoalesce(Expr.Coalesce c) {
        List<String> args = new ArrayList<>();
        for (Expr x : c.args()) {
            args.add(expr(x, params));
        }
        return "COALESCE(" + String.join(", ", args) + ")";
    }

    @Override
    public String visitNegate(Expr.Negate n) {
        return "(-" + expr(n.operand(), params) + ")";
    }
}
