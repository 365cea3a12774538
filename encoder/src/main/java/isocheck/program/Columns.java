package isocheck.program;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The columns of the visited record an expression or condition mentions, in order of appearance.
 */
public final class Columns extends TreeWalk {

    private final Set<String> out = new LinkedHashSet<>();

    private Columns() {}

    public static Set<String> of(Expr e) {
        Columns c = new Columns();
        e.accept(c);
        return c.out;
    }

    public static Set<String> of(Cond c) {
        Columns cs = new Columns();
        c.accept(cs);
        return cs.out;
    }

    @Override
    public Void visitColumnRef(Expr.ColumnRef ref) {
        out.add(ref.column());
        return null;
    }
}
