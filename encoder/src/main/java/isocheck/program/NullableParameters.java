package isocheck.program;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The scalar parameters of a transaction that may be NULL: those it tests with {@code IS [NOT]
 * NULL} anywhere (SEATS' {@code IF p_c_id IS NULL}, {@code WHERE (:p IS NULL OR col = :p)}). A
 * program that tests a parameter for NULL says a caller may pass NULL, so the encoder, the explorer
 * and {@code run}'s generator all admit it there. Every other parameter is a value (the paper's
 * parameters, §3.1): a caller that passes NULL to a parameter the program never tests is outside
 * the model, as before. PL/pgSQL has no NOT NULL on parameters, so this test is the declaration.
 */
public final class NullableParameters extends TreeWalk {
    private final Transaction txn;
    private final Set<String> out = new LinkedHashSet<>();

    private NullableParameters(Transaction txn) {
        this.txn = txn;
    }

    /** The names of the transaction's parameters that may be NULL, in order of first test. */
    public static Set<String> of(Transaction txn) {
        NullableParameters n = new NullableParameters(txn);
        for (Stmt s : Blocks.flatten(txn.body())) {
            n.parts(s);
        }
        return n.out;
    }

    /** Walks the conditions and expressions of {@code s} itself (its blocks come from Blocks). */
    private void parts(Stmt s) {
        if (s instanceof Stmt.Select sel) {
            sel.where().accept(this);
            for (Stmt.Select j : sel.joinedFrom()) parts(j);
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
        return super.visitFieldIsNull(n);
    }
}
