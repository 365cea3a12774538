package isocheck.program;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The variables an expression or condition names, in order of appearance: {@code :v} and {@code
 * :v.f} references, and the row sets of {@code IS [NOT] NULL} and {@code = ANY(:rows.f)} tests.
 */
public final class VarRefs extends TreeWalk {

    private final Set<String> out = new LinkedHashSet<>();

    /** Whether an {@code IS [NOT] NULL} test names its variable (not when only values count). */
    private final boolean nullTests;

    private VarRefs() {
        this(true);
    }

    private VarRefs(boolean nullTests) {
        this.nullTests = nullTests;
    }

    public static Set<String> of(Expr e) {
        VarRefs refs = new VarRefs();
        e.accept(refs);
        return refs.out;
    }

    public static Set<String> of(Cond c) {
        VarRefs refs = new VarRefs();
        c.accept(refs);
        return refs.out;
    }

    /**
     * The variables a statement itself names (its expressions and conditions, not those of the
     * statements nested in its blocks), with a FOREACH's or CHOOSE's source row set.
     */
    public static Set<String> ofStatement(Stmt s) {
        return ofStatement(s, new VarRefs());
    }

    /**
     * The variables whose values a statement reads: {@link #ofStatement} without the variables only
     * tested by {@code IS [NOT] NULL} (FOUND after a PERFORM or SELECT … INTO tests whether a row
     * set is empty, not what its rows hold).
     */
    public static Set<String> valuesReadBy(Stmt s) {
        return ofStatement(s, new VarRefs(false));
    }

    private static Set<String> ofStatement(Stmt s, VarRefs refs) {
        if (s instanceof Stmt.Select sel) {
            sel.where().accept(refs);
            for (Stmt.Select part : sel.joinedFrom()) part.where().accept(refs);
        } else if (s instanceof Stmt.Update u) {
            u.where().accept(refs);
            for (Assignment a : u.assignments()) a.value().accept(refs);
        } else if (s instanceof Stmt.Insert i) {
            for (Expr e : i.values()) e.accept(refs);
        } else if (s instanceof Stmt.Delete d) {
            d.where().accept(refs);
        } else if (s instanceof Stmt.Assign a) {
            a.value().accept(refs);
        } else if (s instanceof Stmt.If i) {
            i.condition().accept(refs);
        } else if (s instanceof Stmt.Foreach f) {
            refs.out.add(f.source());
        } else if (s instanceof Stmt.Choose c) {
            refs.out.add(c.source());
        }
        return refs.out;
    }

    @Override
    public Void visitVarRef(Expr.VarRef ref) {
        out.add(ref.variable());
        return null;
    }

    @Override
    public Void visitIsNull(Cond.IsNull isNull) {
        if (nullTests) out.add(isNull.variable());
        return null;
    }

    @Override
    public Void visitMember(Cond.Member member) {
        out.add(member.rows());
        return member.element().accept(this);
    }
}
