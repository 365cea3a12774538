package isocheck.frontend;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.SourcePos;
import java.util.ArrayList;
import java.util.List;

/**
 * An expression in a SELECT list, {@code SELECT f_base_price, (f_base_price + f_base_price * (1 -
 * f_seats_left / f_seats_total)) AS f_price INTO r FROM flight WHERE f_id = …} (BenchBase SEATS'
 * FindOpenSeats), read as a rewrite into existing statements (DESIGN "Adding a SQL construct" step
 * 5): the SELECT reads the columns the expression names (PostgreSQL reads them to compute it), and
 * the value is an assignment right after it, the expression over the selected row's fields: into a
 * scalar {@code v := e[c ↦ hidden.c]}; into a record r, a hidden local {@code r$alias := e[c ↦
 * r.c]} that {@code r.alias} then names ({@link Scope#joinField}). Exact: the row is the one the
 * SELECT returned, and its fields do not change until r is assigned again (which forgets the
 * alias). {@code alias} is null for an unnamed expression (PostgreSQL names it {@code ?column?}).
 */
record SelectListExpression(String alias, Expr value, SourcePos pos) {

    /** {@code value} with every column c of the selected table replaced by {@code rows.c}. */
    Expr over(String rows) {
        return substitute(value, rows);
    }

    private static Expr substitute(Expr e, String rows) {
        return e.accept(
                new Expr.Visitor<Expr>() {
                    @Override
                    public Expr visitIntLit(Expr.IntLit x) {
                        return x;
                    }

                    @Override
                    public Expr visitStrLit(Expr.StrLit x) {
                        return x;
                    }

                    @Override
                    public Expr visitNullLit(Expr.NullLit x) {
                        return x;
                    }

                    @Override
                    public Expr visitVarRef(Expr.VarRef x) {
                        return x;
                    }

                    @Override
                    public Expr visitColumnRef(Expr.ColumnRef x) {
                        return new Expr.VarRef(rows, x.column(), x.type(), x.pos());
                    }

                    @Override
                    public Expr visitArith(Expr.Arith x) {
                        return new Expr.Arith(
                                x.op(),
                                substitute(x.left(), rows),
                                substitute(x.right(), rows),
                                x.pos());
                    }

                    @Override
                    public Expr visitNegate(Expr.Negate x) {
                        return new Expr.Negate(substitute(x.operand(), rows), x.pos());
                    }

                    @Override
                    public Expr visitCase(Expr.Case x) {
                        // CASE in a SELECT list (BenchBase's SELECT CASE WHEN … INTO v): its
                        // conditions and values over the same row
                        List<Cond> conditions = new ArrayList<>();
                        for (Cond c : x.conditions()) conditions.add(substitute(c, rows));
                        List<Expr> values = new ArrayList<>();
                        for (Expr v : x.values()) values.add(substitute(v, rows));
                        return new Expr.Case(
                                conditions, values, substitute(x.otherwise(), rows), x.pos());
                    }

                    @Override
                    public Expr visitCoalesce(Expr.Coalesce x) {
                        List<Expr> args = new ArrayList<>();
                        for (Expr a : x.args()) args.add(substitute(a, rows));
                        return new Expr.Coalesce(args, x.pos());
                    }
                });
    }

    /** {@code c} with every column of the selected table replaced by {@code rows.c}. */
    private static Cond substitute(Cond c, String rows) {
        return c.accept(
                new Cond.Visitor<Cond>() {
                    @Override
                    public Cond visitConst(Cond.Const x) {
                        return x;
                    }

                    @Override
                    public Cond visitCompare(Cond.Compare x) {
                        return new Cond.Compare(
                                x.op(),
                                substitute(x.left(), rows),
                                substitute(x.right(), rows),
                                x.pos());
                    }

                    @Override
                    public Cond visitIsNull(Cond.IsNull x) {
                        return x;
                    }

                    @Override
                    public Cond visitFieldIsNull(Cond.FieldIsNull x) {
                        return new Cond.FieldIsNull(
                                substitute(x.operand(), rows), x.negated(), x.pos());
                    }

                    @Override
                    public Cond visitMember(Cond.Member x) {
                        return new Cond.Member(
                                substitute(x.element(), rows), x.rows(), x.field(), x.pos());
                    }

                    @Override
                    public Cond visitNot(Cond.Not x) {
                        return new Cond.Not(substitute(x.operand(), rows), x.pos(), x.notTrue());
                    }

                    @Override
                    public Cond visitAnd(Cond.And x) {
                        return new Cond.And(
                                substitute(x.left(), rows), substitute(x.right(), rows), x.pos());
                    }

                    @Override
                    public Cond visitOr(Cond.Or x) {
                        return new Cond.Or(
                                substitute(x.left(), rows), substitute(x.right(), rows), x.pos());
                    }
                });
    }
}
