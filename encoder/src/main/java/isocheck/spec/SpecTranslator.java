package isocheck.spec;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.program.SourcePos;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Translates specs to Z3 over an {@link ExecutionVocabulary}, in one of two ways:
 *
 * <ul>
 *   <li>{@link #quantified}: quantifiers become Z3 quantifiers over {@link
 *       ExecutionVocabulary#txnSort()}; exact for every spec, needs quantified solving (MBQI).
 *   <li>{@link #expanded}: {@code forall} becomes a conjunction and {@code exists} a disjunction
 *       over a given finite list of transaction constants; the result is quantifier-free. This
 *       asserts the spec of the <em>substructure</em> on those constants, which every model of the
 *       spec satisfies only when the spec is universal (universal sentences are preserved under
 *       substructures); so it is refused for non-universal specs.
 * </ul>
 */
public final class SpecTranslator {
    private final ExecutionVocabulary v;
    private final Context ctx;
    private int fresh;

    public SpecTranslator(ExecutionVocabulary vocabulary) {
        this.v = vocabulary;
        this.ctx = vocabulary.context();
    }

    /** The conjunction of the spec's axioms, quantified over the transaction sort. */
    public BoolExpr quantified(Spec spec) throws SpecException {
        return conjunction(spec.axioms(), null);
    }

    /**
     * The conjunction of the spec's axioms with quantifiers expanded over {@code txns}.
     *
     * @throws IllegalArgumentException if the spec is not universal in transactions
     */
    public BoolExpr expanded(Spec spec, List<? extends Expr<?>> txns) throws SpecException {
        spec.firstExistential()
                .ifPresent(
                        p -> {
                            throw new IllegalArgumentException(
                                    "spec '"
                                            + spec.name()
                                            + "' is not universal in transactions (exists at "
                                            + p
                                            + "); expanding it over a fixed set of transactions would be unsound; use quantified()");
                        });
        return conjunction(spec.axioms(), List.copyOf(txns));
    }

    /** One closed formula, quantified. */
    public BoolExpr quantified(Formula f) throws SpecException {
        return translate(f, new HashMap<>(), null);
    }

    /**
     * One closed formula, expanded over {@code txns} (for an existential formula: witnesses among
     * txns).
     */
    public BoolExpr expanded(Formula f, List<? extends Expr<?>> txns) throws SpecException {
        return translate(f, new HashMap<>(), List.copyOf(txns));
    }

    private BoolExpr conjunction(List<Axiom> axioms, List<Expr<?>> domain) throws SpecException {
        List<BoolExpr> parts = new ArrayList<>();
        for (Axiom a : axioms) parts.add(translate(a.formula(), new HashMap<>(), domain));
        return parts.isEmpty()
                ? ctx.mkTrue()
                : parts.size() == 1 ? parts.get(0) : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    private BoolExpr translate(Formula f, Map<String, Expr<?>> env, List<Expr<?>> domain)
            throws SpecException {
        if (f instanceof Formula.Const c) {
            return ctx.mkBool(c.value());
        }
        if (f instanceof Formula.Atom a) {
            Expr<?> l = lookup(env, a.left(), a.position());
            Expr<?> r = lookup(env, a.right(), a.position());
            return switch (a.relation()) {
                case VIS -> v.vis(l, r);
                case AR -> v.ar(l, r);
                case WR -> v.wr(l, r);
                case WW -> v.ww(l, r);
                case RW -> v.rw(l, r);
                case D -> ctx.mkOr(v.wr(l, r), v.ww(l, r), v.rw(l, r));
            };
        }
        if (f instanceof Formula.Equals e) {
            BoolExpr eq = equality(e, env);
            return e.negated() ? ctx.mkNot(eq) : eq;
        }
        if (f instanceof Formula.Not n) {
            return ctx.mkNot(translate(n.body(), env, domain));
        }
        if (f instanceof Formula.Binary b) {
            BoolExpr l = translate(b.left(), env, domain);
            BoolExpr r = translate(b.right(), env, domain);
            return switch (b.op()) {
                case AND -> ctx.mkAnd(l, r);
                case OR -> ctx.mkOr(l, r);
                case IMPLIES -> ctx.mkImplies(l, r);
                case IFF -> ctx.mkIff(l, r);
            };
        }
        Formula.Quantified q = (Formula.Quantified) f;
        boolean forall = q.quantifier() == Formula.Quantifier.FORALL;
        if (domain == null) {
            Map<String, Expr<?>> inner = new HashMap<>(env);
            Expr<?>[] bound = new Expr<?>[q.variables().size()];
            for (int i = 0; i < bound.length; i++) {
                bound[i] = ctx.mkConst(q.variables().get(i) + "!" + (fresh++), v.txnSort());
                inner.put(q.variables().get(i), bound[i]);
            }
            BoolExpr body = translate(q.body(), inner, null);
            return forall
                    ? ctx.mkForall(bound, body, 0, null, null, null, null)
                    : ctx.mkExists(bound, body, 0, null, null, null, null);
        }
        List<BoolExpr> cases = new ArrayList<>();
        expand(q, 0, new HashMap<>(env), domain, cases);
        BoolExpr[] arr = cases.toArray(new BoolExpr[0]);
        if (arr.length == 0) return ctx.mkBool(forall);
        return forall ? ctx.mkAnd(arr) : ctx.mkOr(arr);
    }

    private void expand(
            Formula.Quantified q,
            int i,
            Map<String, Expr<?>> env,
            List<Expr<?>> domain,
            List<BoolExpr> out)
            throws SpecException {
        if (i == q.variables().size()) {
            out.add(translate(q.body(), new HashMap<>(env), domain));
            return;
        }
        for (Expr<?> c : domain) {
            env.put(q.variables().get(i), c);
            expand(q, i + 1, env, domain, out);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private BoolExpr equality(Formula.Equals e, Map<String, Expr<?>> env) throws SpecException {
        if (e.left() instanceof Term.TypeName a && e.right() instanceof Term.TypeName b) {
            typeConstant(a);
            typeConstant(b);
            return ctx.mkBool(a.name().equals(b.name()));
        }
        Expr l = term(e.left(), env);
        Expr r = term(e.right(), env);
        return ctx.mkEq(l, r);
    }

    private Expr<?> term(Term t, Map<String, Expr<?>> env) throws SpecException {
        if (t instanceof Term.Var var) return lookup(env, var.name(), var.position());
        if (t instanceof Term.TypeOf to) return v.type(lookup(env, to.variable(), to.position()));
        return typeConstant((Term.TypeName) t);
    }

    private Expr<?> typeConstant(Term.TypeName n) throws SpecException {
        if (!v.typeNames().contains(n.name())) {
            TreeSet<String> known = new TreeSet<>(v.typeNames());
            known.remove(FreeExecution.OTHER_TYPE);
            throw new SpecException(
                    n.position(),
                    "unknown transaction type '"
                            + n.name()
                            + "'; the program's types are: "
                            + String.join(", ", known));
        }
        return v.typeConstant(n.name());
    }

    private static Expr<?> lookup(Map<String, Expr<?>> env, String name, SourcePos pos) {
        Expr<?> e = env.get(name);
        if (e == null) {
            // The parser rejects free variables, so this only happens for hand-built formulas.
            throw new IllegalArgumentException(pos + ": free variable '" + name + "'");
        }
        return e;
    }
}
