package isocheck.program;

import java.util.LinkedHashSet;
import java.util.Set;

/** The columns of the visited record an expression or condition mentions, in order of appearance. */
public final class Columns {

    private Columns() {}

    public static Set<String> of(Expr e) {
        Set<String> out = new LinkedHashSet<>();
        add(e, out);
        return out;
    }

    public static Set<String> of(Cond c) {
        Set<String> out = new LinkedHashSet<>();
        add(c, out);
        return out;
    }

    private static void add(Expr e, Set<String> out) {
        if (e instanceof Expr.ColumnRef c) {
            out.add(c.column());
        } else if (e instanceof Expr.Arith a) {
            add(a.left(), out);
            add(a.right(), out);
        } else if (e instanceof Expr.Negate n) {
            add(n.operand(), out);
        } else if (e instanceof Expr.Case c) {
            for (int i = 0; i < c.conditions().size(); i++) {
                add(c.conditions().get(i), out);
                add(c.values().get(i), out);
            }
            add(c.otherwise(), out);
        } else if (e instanceof Expr.Coalesce c) {
            c.args().forEach(x -> add(x, out));
        }
    }

    private static void add(Cond c, Set<String> out) {
        if (c instanceof Cond.Compare cmp) {
            add(cmp.left(), out);
            add(cmp.right(), out);
        } else if (c instanceof Cond.Member m) {
            add(m.element(), out);
        } else if (c instanceof Cond.FieldIsNull n) {
            add(n.operand(), out);
        } else if (c instanceof Cond.Not n) {
            add(n.operand(), out);
        } else if (c instanceof Cond.And a) {
            add(a.left(), out);
            add(a.right(), out);
        } else if (c instanceof Cond.Or o) {
            add(o.left(), out);
            add(o.right(), out);
        }
    }
}
