package isocheck.explore;

import isocheck.spec.Axiom;
import isocheck.spec.Formula;
import isocheck.spec.Spec;
import isocheck.spec.Term;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a spec's axioms (the spec package's {@link Formula}s) on a finite execution: instances
 * 0..n-1 with their type names, ar positions, vis and the dependency relations. Quantifiers range
 * over the n instances. A spec is compiled once ({@link #compile}): variables become slots of an
 * int array, so the explorer's millions of evaluations allocate nothing.
 */
final class SpecEvaluator {

    /**
     * A finite abstract execution with its dependency graph; {@code types.size()} is the number of
     * instances.
     */
    record Structure(List<String> types, int[] rank, boolean[][] vis, Dependencies deps) {}

    private SpecEvaluator() {}

    static boolean holds(Spec spec, Structure s) {
        return compile(spec).holds(s);
    }

    /** A spec's axioms, compiled. */
    static Compiled compile(Spec spec) {
        List<Node> axioms = new ArrayList<>();
        for (Axiom a : spec.axioms()) {
            Map<String, Integer> slots = new HashMap<>();
            axioms.add(node(a.formula(), slots));
        }
        int width = 0;
        for (Node n : axioms) width = Math.max(width, n.slots());
        return new Compiled(List.copyOf(axioms), width);
    }

    record Compiled(List<Node> axioms, int width) {
        boolean holds(Structure s) {
            int[] env = new int[Math.max(1, width)];
            for (Node a : axioms) if (!a.eval(s, env)) return false;
            return true;
        }
    }

    /**
     * A compiled formula; {@code slots()} is one more than the highest variable slot it uses (0:
     * none).
     */
    sealed interface Node {
        boolean eval(Structure s, int[] env);

        int slots();
    }

    record Const(boolean value) implements Node {
        public boolean eval(Structure s, int[] env) {
            return value;
        }

        public int slots() {
            return 0;
        }
    }

    record Atom(Formula.Atom atom, int x, int y) implements Node {
        public boolean eval(Structure s, int[] env) {
            int a = env[x], b = env[y];
            return switch (atom.relation()) {
                case VIS -> s.vis()[a][b];
                case AR -> s.rank()[a] < s.rank()[b];
                case WR -> a != b && s.deps().wr(a, b);
                case WW -> a != b && s.deps().ww(a, b);
                case RW -> a != b && s.deps().rw(a, b);
                case D -> s.deps().dep(a, b);
            };
        }

        public int slots() {
            return Math.max(x, y) + 1;
        }
    }

    /** An operand of = : a variable's slot (instance index), its type, or a type name. */
    record Operand(int slot, boolean typeOf, String name) {
        Object value(Structure s, int[] env) {
            if (name != null) return name;
            return typeOf ? s.types().get(env[slot]) : (Object) env[slot];
        }
    }

    record Equals(Operand left, Operand right, boolean negated) implements Node {
        public boolean eval(Structure s, int[] env) {
            return left.value(s, env).equals(right.value(s, env)) != negated;
        }

        public int slots() {
            return Math.max(left.slot(), right.slot()) + 1;
        }
    }

    record Not(Node body) implements Node {
        public boolean eval(Structure s, int[] env) {
            return !body.eval(s, env);
        }

        public int slots() {
            return body.slots();
        }
    }

    record Binary(Formula.BinaryOp op, Node left, Node right) implements Node {
        public boolean eval(Structure s, int[] env) {
            return switch (op) {
                case AND -> left.eval(s, env) && right.eval(s, env);
                case OR -> left.eval(s, env) || right.eval(s, env);
                case IMPLIES -> !left.eval(s, env) || right.eval(s, env);
                case IFF -> left.eval(s, env) == right.eval(s, env);
            };
        }

        public int slots() {
            return Math.max(left.slots(), right.slots());
        }
    }

    /** A block of quantified variables in slots {@code first .. first+count-1}. */
    record Quantified(boolean forall, int first, int count, Node body) implements Node {
        public boolean eval(Structure s, int[] env) {
            return loop(s, env, 0);
        }

        private boolean loop(Structure s, int[] env, int i) {
            if (i == count) return body.eval(s, env);
            int n = s.types().size();
            for (int t = 0; t < n; t++) {
                env[first + i] = t;
                boolean v = loop(s, env, i + 1);
                if (forall && !v) return false;
                if (!forall && v) return true;
            }
            return forall;
        }

        public int slots() {
            return Math.max(first + count, body.slots());
        }
    }

    private static Node node(Formula f, Map<String, Integer> slots) {
        if (f instanceof Formula.Const c) return new Const(c.value());
        if (f instanceof Formula.Atom a)
            return new Atom(a, slot(slots, a.left()), slot(slots, a.right()));
        if (f instanceof Formula.Equals e)
            return new Equals(operand(e.left(), slots), operand(e.right(), slots), e.negated());
        if (f instanceof Formula.Not n) return new Not(node(n.body(), slots));
        if (f instanceof Formula.Binary b)
            return new Binary(b.op(), node(b.left(), slots), node(b.right(), slots));
        Formula.Quantified q = (Formula.Quantified) f;
        Map<String, Integer> inner =
                new HashMap<>(slots); // a bound variable shadows an outer one of the same name
        int first = maxSlot(slots) + 1;
        for (int i = 0; i < q.variables().size(); i++) inner.put(q.variables().get(i), first + i);
        return new Quantified(
                q.quantifier() == Formula.Quantifier.FORALL,
                first,
                q.variables().size(),
                node(q.body(), inner));
    }

    private static int maxSlot(Map<String, Integer> slots) {
        int m = -1;
        for (int v : slots.values()) m = Math.max(m, v);
        return m;
    }

    private static int slot(Map<String, Integer> slots, String variable) {
        Integer s = slots.get(variable);
        if (s == null) throw new IllegalArgumentException("free variable " + variable);
        return s;
    }

    private static Operand operand(Term t, Map<String, Integer> slots) {
        if (t instanceof Term.Var v) return new Operand(slot(slots, v.name()), false, null);
        if (t instanceof Term.TypeOf o) return new Operand(slot(slots, o.variable()), true, null);
        return new Operand(-1, false, ((Term.TypeName) t).name());
    }
}
