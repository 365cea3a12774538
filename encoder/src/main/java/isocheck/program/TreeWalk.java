package isocheck.program;

/**
 * A walk over every sub-expression and sub-condition of an expression or condition, in order of
 * appearance, doing nothing at the leaves: a collector overrides the node kinds it collects (and
 * calls the walk's own method to go on below them).
 */
abstract class TreeWalk implements Expr.Visitor<Void>, Cond.Visitor<Void> {

    @Override
    public Void visitIntLit(Expr.IntLit lit) {
        return null;
    }

    @Override
    public Void visitStrLit(Expr.StrLit lit) {
        return null;
    }

    @Override
    public Void visitNullLit(Expr.NullLit lit) {
        return null;
    }

    @Override
    public Void visitVarRef(Expr.VarRef ref) {
        return null;
    }

    @Override
    public Void visitColumnRef(Expr.ColumnRef ref) {
        return null;
    }

    @Override
    public Void visitArith(Expr.Arith arith) {
        arith.left().accept(this);
        return arith.right().accept(this);
    }

    @Override
    public Void visitNegate(Expr.Negate negate) {
        return negate.operand().accept(this);
    }

    @Override
    public Void visitCase(Expr.Case c) {
        for (int i = 0; i < c.conditions().size(); i++) {
            c.conditions().get(i).accept(this);
            c.values().get(i).accept(this);
        }
        return c.otherwise().accept(this);
    }

    @Override
    public Void visitCoalesce(Expr.Coalesce coalesce) {
        coalesce.args().forEach(x -> x.accept(this));
        return null;
    }

    @Override
    public Void visitConst(Cond.Const constant) {
        return null;
    }

    @Override
    public Void visitCompare(Cond.Compare compare) {
        compare.left().accept(this);
        return compare.right().accept(this);
    }

    @Override
    public Void visitIsNull(Cond.IsNull isNull) {
        return null;
    }

    @Override
    public Void visitFieldIsNull(Cond.FieldIsNull isNull) {
        return isNull.operand().accept(this);
    }

    @Override
    public Void visitMember(Cond.Member member) {
        return member.element().accept(this);
    }

    @Override
    public Void visitNot(Cond.Not not) {
        return not.operand().accept(this);
    }

    @Override
    public Void visitAnd(Cond.And and) {
        and.left().accept(this);
        return and.right().accept(this);
    }

    @Override
    public Void visitOr(Cond.Or or) {
        or.left().accept(this);
        return or.right().accept(this);
    }
}
