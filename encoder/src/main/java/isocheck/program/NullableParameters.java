package isocheck.program;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The scalar parameters of a transaction that may be NULL: those it tests with {@code IS [NOT]
 * NULL} anywhere (SEATS' {@code IF p_c_id IS NULL}, {@code WHERE (:p IS NULL OR col = :p)}). A
 * program that tests a parameter for NULL says a caller may pass NULL, so the encoder, the explorer
 * and {@code run}'s generator all admit it there. Every other parameter is a value (the paper's
 * parameters, §3.1): a caller that passes NULL to a parameter the program never tests is outside
 * the model, as before. PL/pgSQL has no NOT NULL on parameters, so this test is the declaration.
 */
public final class NullableParameters implements Cond.Visitor<Void>, Expr.Visitor<Void> {
    private final Transaction txn;
    private final Set<String> out = new LinkedHashSet<>();

    private NullableParameters(Transaction txn) {
        this.txn = txn;
    }

    /** The names of the transaction's parameters that may be NULL, in order of first test. */
    public static Set<String> of(Transaction txn) {
        NullableParameters n = new NullableParameters(txn);
        n.body(txn.body());
        return n.out;
    }

    private void body(List<Stmt> stmts) {
        for (Stmt s : stmts) stmt(s);
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.Select sel) {
            sel.where().accept(this);
            for (Stmt.Select j : sel.joinedFrom()) stmt(j);
        } else if (s instanceof Stmt.Update u) {
            u.where().accept(this);
            for (Assignment a : u.assignments()) a.value().accept(this);
        } else if (s instanceof Stmt.Insert i) {
            for (Expr e : i.values()) e.accept(this);
        } else if (s instanceof Stmt.Delete d) {
            d.where().accept(this);
        } else if (s instanceof Stmt.Assign a) {
            a.value().accept(this);
        } else if (s instanceof Stmt.If i) {
            i.condition().accept(this);
            body(i.thenBranch());
            body(i.elseBranch());
        } else if (s instanceof Stmt.Foreach f) {
            body(f.body());
        }
    }

    @Override
    public Void visitFieldIsNull(Cond.FieldIsNull n) {
        if (n.operand() instanceof Expr.VarRef ref
                && !ref.hasField()
                && txn.parameters().stream()
                        .anyMatch(
                                p ->
                                        p.name().equals(ref.variable())
                                                && p.type() instanceof Type.Scalar)) {
            out.add(ref.variable());
        }
        return n.operand().accept(this);
    }

    @Override
    public Void visitConst(Cond.Const k) {
        return null;
    }

    @Override
    public Void visitCompare(Cond.Compare c) {
        c.left().accept(this);
        return c.right().accept(this);
    }

    @Override
    public Void visitIsNull(Cond.IsNull n) {
        return null;
    }

    @Override
    public Void visitMember(Cond.Member m) {
        return m.element().accept(this);
    }

    @Override
    public Void visitNot(Cond.Not n) {
        return n.operand().accept(this);
    }

    @Override
    public Void visitAnd(Cond.And a) {
        a.left().accept(this);
        return a.right().accept(this);
    }

    @Override
    public Void visitOr(Cond.Or o) {
        o.left().accept(this);
        return o.right().accept(this);
    }

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
    public Void visitArith(Expr.Arith a) {
        a.left().accept(this);
        return a.right().accept(this);
    }

    @Override
    public Void visitNegate(Expr.Negate n) {
        return n.operand().accept(this);
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
    public Void visitCoalesce(Expr.Coalesce c) {
        c.args().forEach(x -> x.accept(this));
        return null;
    }
}
