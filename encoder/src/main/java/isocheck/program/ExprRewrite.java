package isocheck.program;

import java.util.ArrayList;
import java.util.List;

/**
 * A rewrite of expressions and conditions that rebuilds every composite node around its rewritten
 * children and keeps every leaf: a rewrite overrides the leaves it changes (a column read as a row
 * field, a variable renamed).
 */
public abstract class ExprRewrite implements Expr.Visitor<Expr>, Cond.Visitor<Cond> {

    public final Expr apply(Expr e) {
        return e.accept(this);
    }

    public final Cond apply(Cond c) {
        return c.accept(this);
    }

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
        return x;
    }

    @Override
    public Expr visitArith(Expr.Arith x) {
        return new Expr.Arith(x.op(), apply(x.left()), apply(x.right()), x.pos());
    }

    @Override
    public Expr visitNegate(Expr.Negate x) {
        return new Expr.Negate(apply(x.operand()), x.pos());
    }

    @Override
    public Expr visitCase(Expr.Case x) {
        List<Cond> conditions = new ArrayList<>();
        for (Cond c : x.conditions()) conditions.add(apply(c));
        List<Expr> values = new ArrayList<>();
        for (Expr v : x.values()) values.add(apply(v));
        return new Expr.Case(conditions, values, apply(x.otherwise()), x.pos());
    }

    @Override
    public Expr visitCoalesce(Expr.Coalesce x) {
        List<Expr> args = new ArrayList<>();
        for (Expr a : x.args()) args.add(apply(a));
        return new Expr.Coalesce(args, x.pos());
    }

    @Override
    public Cond visitConst(Cond.Const x) {
        return x;
    }

    @Override
    public Cond visitCompare(Cond.Compare x) {
        return new Cond.Compare(x.op(), apply(x.left()), apply(x.right()), x.pos());
    }

    @Override
    public Cond visitIsNull(Cond.IsNull x) {
        return x;
    }

    @Override
    public Cond visitFieldIsNull(Cond.FieldIsNull x) {
        return new Cond.FieldIsNull(apply(x.operand()), x.negated(), x.pos());
    }

    @Override
    public Cond visitMember(Cond.Member x) {
        return new Cond.Member(apply(x.element()), x.rows(), x.field(), x.pos());
    }

    @Override
    public Cond visitNot(Cond.Not x) {
        return new Cond.Not(apply(x.operand()), x.pos(), x.notTrue());
    }

    @Override
    public Cond visitAnd(Cond.And x) {
        return new Cond.And(apply(x.left()), apply(x.right()), x.pos());
    }

    @Override
    public Cond visitOr(Cond.Or x) {
        return new Cond.Or(apply(x.left()), apply(x.right()), x.pos());
    }
}
