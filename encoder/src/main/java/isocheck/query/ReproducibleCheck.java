package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Global;
import com.microsoft.z3.Model;
import com.microsoft.z3.Native;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * One satisfiability check whose answer and model depend only on the query's text. Z3 is
 * deterministic for one sequence of API calls, but the encoder's sequence is not one: the Java
 * binding frees a term when the garbage collector reclaims its wrapper, Z3 recycles the freed term
 * ids, and term ids order Z3's internal tables, so the same assertions built in one context gave
 * different models (and witnesses) from run to run. Here the assertions are printed as SMT-LIB (a
 * deterministic text, the one {@code --smt-out} writes), parsed into a fresh context that holds
 * nothing else, solved there with the random seeds fixed, and the model is translated back into the
 * caller's context, where declarations with the same names and sorts are the same declarations.
 */
final class ReproducibleCheck {

    /** Z3's seeds, fixed explicitly (0 is Z3's default; the point is that nothing else decides them). */
    static final String SEED = "0";

    static {
        Global.setParameter("smt.random_seed", SEED);
        Global.setParameter("sat.random_seed", SEED);
    }

    /** The answer; the model (in the caller's context) when satisfiable; Z3's reason when unknown. */
    record Result(Status status, Model model, String reasonUnknown) {}

    private ReproducibleCheck() {}

    /**
     * Asks the caller's solver first: unsat and unknown do not depend on term order in any way a
     * user sees, so only a satisfiable answer pays for the canonical re-solve that fixes its model.
     */
    static Result check(Context ctx, Solver solver, int timeoutSeconds) {
        Status first = solver.check();
        if (first == Status.UNKNOWN) return new Result(first, null, solver.getReasonUnknown());
        if (first == Status.UNSATISFIABLE) return new Result(first, null, null);
        // the assertions alone (after a check, the solver's own text also carries its model)
        Solver copy = ctx.mkSolver();
        copy.add(solver.getAssertions());
        String text = copy.toString();
        try (Context fresh = new Context()) {
            Solver s = fresh.mkSolver();
            Params p = fresh.mkParams();
            p.add("timeout", timeoutSeconds * 1000);
            p.add("random_seed", Integer.parseInt(SEED));
            s.setParameters(p);
            BoolExpr[] assertions = fresh.parseSMTLIB2String(text, null, null, null, null);
            s.add(assertions);
            Status st = s.check();
            if (st == Status.UNKNOWN) return new Result(st, null, s.getReasonUnknown());
            if (st == Status.UNSATISFIABLE) return new Result(st, null, null);
            return new Result(st, translate(s.getModel(), fresh, ctx), null);
        }
    }

    /**
     * Z3_model_translate; the Java binding does not expose it for models, so its native entry point
     * and Model's (package-private) constructor are used directly.
     */
    private static Model translate(Model model, Context from, Context to) {
        try {
            Method nCtx = Context.class.getDeclaredMethod("nCtx");
            nCtx.setAccessible(true);
            Method nObj = com.microsoft.z3.Z3Object.class.getDeclaredMethod("getNativeObject");
            nObj.setAccessible(true);
            long ptr = Native.modelTranslate((long) nCtx.invoke(from), (long) nObj.invoke(model), (long) nCtx.invoke(to));
            Constructor<Model> make = Model.class.getDeclaredConstructor(Context.class, long.class);
            make.setAccessible(true);
            return make.newInstance(to, ptr);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Z3 Java binding cannot translate models between contexts", e);
        }
    }
}
