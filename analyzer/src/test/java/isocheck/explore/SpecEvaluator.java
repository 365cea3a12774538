package isocheck.explore;

import isocheck.spec.Axiom;
import isocheck.spec.Formula;
import isocheck.spec.Spec;
import isocheck.spec.Term;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a spec's axioms (the spec package's {@link Formula}s) on a finite execution: instances
 * 0..k-1 with their type names, ar positions, vis and the dependency relations. Quantifiers range
 * over the k instances.
 */
final class SpecEvaluator {

    /** A finite abstract execution with its dependency graph. */
    record Structure(List<String> types, int[] rank, boolean[][] vis, Dependencies deps) {}

    private SpecEvaluator() {}

    static boolean holds(Spec spec, Structure s) {
        for (Axiom a : spec.axioms()) if (!eval(a.formula(), s, new HashMap<>())) return false;
        return true;
    }

    static boolean eval(Formula f, Structure s, Map<String, Integer> env) {
        if (f instanceof Formula.Const c) return c.value();
        if (f instanceof Formula.Atom a) return atom(a, s, env.get(a.left()), env.get(a.right()));
        if (f instanceof Formula.Equals e) return term(e.left(), s, env).equals(term(e.right(), s, env)) != e.negated();
        if (f instanceof Formula.Not n) return !eval(n.body(), s, env);
        if (f instanceof Formula.Binary b) {
            return switch (b.op()) {
                case AND -> eval(b.left(), s, env) && eval(b.right(), s, env);
                case OR -> eval(b.left(), s, env) || eval(b.right(), s, env);
                case IMPLIES -> !eval(b.left(), s, env) || eval(b.right(), s, env);
                case IFF -> eval(b.left(), s, env) == eval(b.right(), s, env);
            };
        }
        return quantified((Formula.Quantified) f, 0, s, env);
    }

    private static boolean quantified(Formula.Quantified q, int i, Structure s, Map<String, Integer> env) {
        if (i == q.variables().size()) return eval(q.body(), s, env);
        boolean forall = q.quantifier() == Formula.Quantifier.FORALL;
        String x = q.variables().get(i);
        Integer saved = env.get(x);
        try {
            for (int t = 0; t < s.types().size(); t++) {
                env.put(x, t);
                boolean v = quantified(q, i + 1, s, env);
                if (forall && !v) return false;
                if (!forall && v) return true;
            }
            return forall;
        } finally {
            if (saved == null) env.remove(x);
            else env.put(x, saved);
        }
    }

    private static boolean atom(Formula.Atom a, Structure s, int x, int y) {
        return switch (a.relation()) {
            case VIS -> s.vis()[x][y];
            case AR -> s.rank()[x] < s.rank()[y];
            case WR -> x != y && s.deps().wr[x][y];
            case WW -> x != y && s.deps().ww[x][y];
            case RW -> x != y && s.deps().rw[x][y];
            case D -> s.deps().dep(x, y);
        };
    }

    private static Object term(Term t, Structure s, Map<String, Integer> env) {
        if (t instanceof Term.Var v) return env.get(v.name());
        if (t instanceof Term.TypeOf o) return s.types().get(env.get(o.variable()));
        return ((Term.TypeName) t).name();
    }
}
