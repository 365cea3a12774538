package isocheck.witness;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.FuncInterp;
import com.microsoft.z3.Model;
import com.microsoft.z3.Sort;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A model read through terms of another context: each term is translated into the model's context
 * before it is evaluated, and universe elements come back translated into the terms' context. The
 * canonical model of a query lives in a context of its own ({@code ReproducibleCheck}); the query's
 * terms, and the vocabulary the witness builds more from, in the encoder's. Translation maps each
 * term to the very term the translated assertions use, sorts included; building the terms again in
 * the model's context would not (Z3 declares a new, different sort for a second {@code
 * mkUninterpretedSort} or {@code mkEnumSort} of the same name, and every function over it is then
 * unconstrained in the model).
 *
 * <p>Every object a read creates in the model's context goes into {@code retained}, which the owner
 * of that context keeps until it closes it: the Java binding frees a term when the garbage
 * collector reclaims its last wrapper, at a moment that varies from run to run, and Z3 gives a
 * freed term's id to the next new term. A context that is solved in again after the reads (the
 * {@code --all} enumeration's incremental solves) must see no such free, or its term ids, and with
 * them Z3's search and the model, would depend on the garbage collector.
 */
public final class Valuation {

    private final Model model;
    private final Context modelContext;
    private final Context termContext;
    private final List<Object> retained;

    private Valuation(
            Model model, Context modelContext, Context termContext, List<Object> retained) {
        this.model = model;
        this.modelContext = modelContext;
        this.termContext = termContext;
        this.retained = retained;
    }

    /** Terms of the model's own context. */
    public static Valuation of(Model m) {
        return new Valuation(m, null, null, new java.util.ArrayList<>());
    }

    /**
     * Terms of {@code termContext}, a model of {@code modelContext}; what the reads create in
     * {@code modelContext} is added to {@code retained} (kept alive by the caller as long as it
     * needs that context's term ids stable).
     */
    public static Valuation translating(
            Model m, Context modelContext, Context termContext, List<Object> retained) {
        return new Valuation(m, modelContext, termContext, retained);
    }

    private <T> T keep(T o) {
        retained.add(o);
        return o;
    }

    /**
     * The term's value in the model (a term of the model's context: read it, do not combine it).
     */
    public Expr<?> eval(Expr<?> e, boolean completion) {
        return evalIn(e, completion);
    }

    private <R extends Sort> Expr<R> evalIn(Expr<R> e, boolean completion) {
        if (modelContext == null) return model.eval(e, completion);
        return keep(model.eval(keep(e.translate(modelContext)), completion));
    }

    /** Whether the model has a universe for the sort (a sort the query never mentions has none). */
    public boolean hasSort(Sort s) {
        return Arrays.asList(model.getSorts()).contains(toModel(s));
    }

    /** The sort's universe in the model, as terms of the terms' context; null if there is none. */
    public Expr<?>[] universe(Sort s) {
        Expr<?>[] u = model.getSortUniverse(toModel(s));
        if (u == null || modelContext == null) return u;
        keep(u);
        Expr<?>[] out = new Expr<?>[u.length];
        for (int i = 0; i < u.length; i++) out[i] = u[i].translate(termContext);
        return out;
    }

    /** The values of the model's constants of the sort, as terms of the terms' context. */
    public Set<Expr<?>> constantValues(Sort s) {
        Sort ms = toModel(s);
        Set<Expr<?>> out = new LinkedHashSet<>();
        for (FuncDecl<?> d : keep(model.getConstDecls())) {
            if (!d.getRange().equals(ms)) continue;
            Expr<?> val = keep(model.eval(keep(d.apply()), true));
            out.add(modelContext == null ? val : val.translate(termContext));
        }
        return out;
    }

    /**
     * The values of a sort that the model's interpretation of f mentions (in its entries and its
     * default, e.g. the records a row set's membership {@code T.v!in} is true of), as terms of the
     * terms' context: the finite candidates for a set the model chose, to be tested one by one.
     */
    public Set<Expr<?>> valuesIn(FuncDecl<?> f, Sort s) {
        FuncDecl<?> mf = modelContext == null ? f : f.translate(modelContext);
        Sort ms = toModel(s);
        Set<Expr<?>> found = new LinkedHashSet<>();
        FuncInterp<?> fi = model.getFuncInterp(mf);
        if (fi == null) return found;
        for (FuncInterp.Entry<?> e : fi.getEntries()) {
            for (Expr<?> a : e.getArgs()) collect(a, ms, found);
        }
        collect(fi.getElse(), ms, found);
        Set<Expr<?>> out = new LinkedHashSet<>();
        for (Expr<?> x : found) out.add(modelContext == null ? x : x.translate(termContext));
        return out;
    }

    /**
     * Whether the model interprets the function: a function no assertion of the solved query
     * mentions has no interpretation, and its applications evaluate to an arbitrary default.
     */
    public boolean interprets(FuncDecl<?> f) {
        if (f.getDomainSize() == 0) return true;
        FuncDecl<?> mf = modelContext == null ? f : keep(f.translate(modelContext));
        return model.getFuncInterp(mf) != null;
    }

    /** The ground subterms of e of sort s (no bound variables), outermost first. */
    private static void collect(Expr<?> e, Sort s, Set<Expr<?>> out) {
        if (e.isVar() || e.isQuantifier()) return;
        if (e.getSort().equals(s) && isGround(e)) {
            out.add(e);
            return;
        }
        if (e.isApp()) for (Expr<?> a : e.getArgs()) collect(a, s, out);
    }

    private static boolean isGround(Expr<?> e) {
        if (e.isVar() || e.isQuantifier()) return false;
        if (e.isApp()) for (Expr<?> a : e.getArgs()) if (!isGround(a)) return false;
        return true;
    }

    private Sort toModel(Sort s) {
        return modelContext == null ? s : keep((Sort) s.translate(modelContext));
    }
}
