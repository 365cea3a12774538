package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.DatatypeSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Global;
import com.microsoft.z3.IntNum;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Sort;
import com.microsoft.z3.Status;
import com.microsoft.z3.enumerations.Z3_sort_kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One satisfiability check whose model depends only on the query's text. Z3 is deterministic for
 * one sequence of API calls, but the encoder's sequence is not one: the Java binding frees a term
 * when the garbage collector reclaims its wrapper, Z3 recycles the freed term ids, and term ids
 * order Z3's internal tables, so the same assertions built in one context gave different models
 * (and witnesses) from run to run. Here the assertions are printed as SMT-LIB by {@link SmtLibText}
 * (a text that depends only on the assertions as built, the one {@code --smt-out} writes), parsed
 * into a fresh context that holds nothing else and solved there with the random seeds fixed: the
 * <em>canonical model</em>.
 *
 * <p>That model cannot simply be carried back: Z3 does not identify uninterpreted sorts across
 * contexts by name (a translated model's {@code Txn} is another sort, and every term over the
 * caller's {@code Txn} then evaluates to a default). Instead the caller's solver is asked again
 * under assumptions that pin, by name, every constant and every function application over the
 * query's constants to its canonical value; the caller's model then agrees with the canonical one
 * on everything a witness reads (selectors, types, vis, ar, parameters, record keys). The pins hold
 * in the canonical model of the same formula, so the pinned check is satisfiable; should it not be
 * (a pin Z3 printed in a form this class cannot rebuild), the caller's solver is asked for its own model: still a model of
 * the query, only not canonical.
 */
final class ReproducibleCheck {

    /** Z3's seeds, fixed explicitly (0 is Z3's default; the point is that nothing else decides them). */
    static final String SEED = "0";

    /** At most this many pinned applications per function (products of candidate arguments). */
    private static final int MAX_PINS_PER_FUNCTION = 4096;

    static {
        Global.setParameter("smt.random_seed", SEED);
        Global.setParameter("sat.random_seed", SEED);
    }

    /** The answer; the model (in the caller's context) when satisfiable; Z3's reason when unknown. */
    record Result(Status status, Model model, String reasonUnknown) {}

    private ReproducibleCheck() {}

    /**
     * With {@code likelySat} false, asks the caller's solver first: unsat and unknown do not depend
     * on term order in any way a user sees, so only a satisfiable answer pays for the canonical
     * re-solve. With {@code likelySat} true (the next query of an {@code --all} enumeration, mostly
     * satisfiable) it solves the canonical text first and answers with its status, and the caller's
     * solver only carries a satisfiable answer's model back, under the pins: one solve instead of
     * two. Should the pinned check fail, the caller's own model is taken: still a model of the
     * query, only not canonical.
     */
    static Result check(Context ctx, Solver solver, int timeoutSeconds, boolean likelySat) {
        if (!likelySat) {
            Status first = solver.check();
            if (first == Status.UNKNOWN) return new Result(first, null, solver.getReasonUnknown());
            if (first == Status.UNSATISFIABLE) return new Result(first, null, null);
        }
        BoolExpr[] original = solver.getAssertions();
        // the assertions alone, as --smt-out writes them (Z3's solver printing orders by term ids)
        String text = SmtLibText.of(original);
        List<BoolExpr> pins;
        try (Context fresh = new Context()) {
            Solver s = fresh.mkSolver();
            Params p = fresh.mkParams();
            p.add("timeout", timeoutSeconds * 1000);
            p.add("random_seed", Integer.parseInt(SEED));
            s.setParameters(p);
            BoolExpr[] parsed = fresh.parseSMTLIB2String(text, null, null, null, null);
            s.add(parsed);
            long t0 = System.nanoTime();
            Status canonical = s.check();
            if (Boolean.getBoolean("isocheck.progress")) {
                System.err.println("canonical re-solve: " + canonical + " " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            }
            if (canonical == Status.UNKNOWN) return new Result(canonical, null, s.getReasonUnknown());
            if (canonical == Status.UNSATISFIABLE) return new Result(canonical, null, null);
            pins = pins(ctx, declarations(original), fresh, declarations(parsed), s.getModel());
        }
        if (pins == null) return callersModel(solver);
        // the pins as assertions of a fresh solver, not as assumptions of the caller's: Z3's
        // preprocessing then propagates the pinned values through the whole query, leaving little to
        // search (as assumptions, the pinned re-check of a TPC-C 4-cycle took seconds)
        Solver pinned = ctx.mkSolver();
        Params pp = ctx.mkParams();
        pp.add("timeout", timeoutSeconds * 1000);
        pinned.setParameters(pp);
        pinned.add(original);
        pinned.add(pins.toArray(new BoolExpr[0]));
        Status pinnedStatus = pinned.check();
        if (Boolean.getBoolean("isocheck.progress")) System.err.println("pinned re-check: " + pinnedStatus);
        if (pinnedStatus != Status.SATISFIABLE) return callersModel(solver);
        return new Result(Status.SATISFIABLE, pinned.getModel(), null);
    }

    private static Result callersModel(Solver solver) {
        Status st = solver.check();
        return new Result(st, st == Status.SATISFIABLE ? solver.getModel() : null,
                st == Status.UNKNOWN ? solver.getReasonUnknown() : null);
    }

    /**
     * Pins for the caller's context: each 0-ary constant of the canonical model whose sort is not
     * uninterpreted, and each function applied to every tuple of constants of its argument sorts.
     */
    private static List<BoolExpr> pins(Context ctx, Map<String, FuncDecl<?>> ours, Context fresh,
            Map<String, FuncDecl<?>> theirs, Model canonical) {
        Map<String, List<String>> constantsBySort = new LinkedHashMap<>();
        for (FuncDecl<?> d : theirs.values()) {
            if (d.getArity() == 0 && d.getDeclKind() == com.microsoft.z3.enumerations.Z3_decl_kind.Z3_OP_UNINTERPRETED) {
                constantsBySort.computeIfAbsent(d.getRange().getName().toString(), x -> new ArrayList<>()).add(d.getName().toString());
            }
        }
        List<BoolExpr> out = new ArrayList<>();
        List<FuncDecl<?>> decls = new ArrayList<>();
        for (FuncDecl<?> d : canonical.getConstDecls()) decls.add(d);
        for (FuncDecl<?> d : canonical.getFuncDecls()) decls.add(d);
        for (FuncDecl<?> d : decls) {
            String name = d.getName().toString();
            FuncDecl<?> mine = ours.get(name);
            FuncDecl<?> theirsDecl = theirs.get(name);
            if (mine == null || theirsDecl == null || mine.getArity() != d.getArity()) continue;
            if (uninterpreted(d.getRange())) continue;
            List<List<String>> choices = new ArrayList<>();
            long product = 1;
            for (Sort s : d.getDomain()) {
                List<String> cs = constantsBySort.getOrDefault(s.getName().toString(), List.of());
                choices.add(cs);
                product *= cs.size();
            }
            if (product == 0 || product > MAX_PINS_PER_FUNCTION) continue;
            int[] idx = new int[choices.size()];
            while (true) {
                Expr<?>[] freshArgs = new Expr<?>[idx.length];
                Expr<?>[] ourArgs = new Expr<?>[idx.length];
                boolean ok = true;
                for (int i = 0; i < idx.length; i++) {
                    String c = choices.get(i).get(idx[i]);
                    FuncDecl<?> f = theirs.get(c);
                    FuncDecl<?> m = ours.get(c);
                    if (f == null || m == null) { ok = false; break; }
                    freshArgs[i] = f.apply();
                    ourArgs[i] = m.apply();
                }
                if (ok) {
                    Expr<?> value = canonical.eval(theirsDecl.apply(freshArgs), true);
                    Expr<?> mineValue = rebuild(ctx, value, mine.getRange(), ours);
                    if (mineValue == null) return null;
                    out.add(ctx.mkEq(mine.apply(ourArgs), mineValue));
                }
                int i = idx.length - 1;
                while (i >= 0 && ++idx[i] == choices.get(i).size()) idx[i--] = 0;
                if (i < 0) break;
            }
        }
        return out;
    }

    /** The canonical value as a term of the caller's context: integers, Booleans, datatype values. */
    private static Expr<?> rebuild(Context ctx, Expr<?> value, Sort sort, Map<String, FuncDecl<?>> ours) {
        if (value instanceof IntNum n) return ctx.mkInt(n.getBigInteger().toString());
        if (value.isTrue()) return ctx.mkTrue();
        if (value.isFalse()) return ctx.mkFalse();
        if (sort instanceof DatatypeSort<?> ds && value.isApp()) {
            String ctor = value.getFuncDecl().getName().toString();
            for (FuncDecl<?> c : ds.getConstructors()) {
                if (!c.getName().toString().equals(ctor) || c.getArity() != value.getNumArgs()) continue;
                Expr<?>[] args = new Expr<?>[c.getArity()];
                for (int i = 0; i < args.length; i++) {
                    args[i] = rebuild(ctx, value.getArgs()[i], c.getDomain()[i], ours);
                    if (args[i] == null) return null;
                }
                return c.apply(args);
            }
        }
        return null;
    }

    private static boolean uninterpreted(Sort s) {
        return s.getSortKind() == Z3_sort_kind.Z3_UNINTERPRETED_SORT;
    }

    /** Every uninterpreted function and constant the formulas mention, by name (names are unique in a query). */
    private static Map<String, FuncDecl<?>> declarations(BoolExpr[] formulas) {
        Map<String, FuncDecl<?>> out = new LinkedHashMap<>();
        Set<Integer> seen = new HashSet<>();
        List<Expr<?>> stack = new ArrayList<>(List.of(formulas));
        while (!stack.isEmpty()) {
            Expr<?> e = stack.remove(stack.size() - 1);
            if (!seen.add(e.getId())) continue;
            if (e.isApp()) {
                FuncDecl<?> d = e.getFuncDecl();
                if (d.getDeclKind() == com.microsoft.z3.enumerations.Z3_decl_kind.Z3_OP_UNINTERPRETED) {
                    out.putIfAbsent(d.getName().toString(), d);
                }
                for (Expr<?> a : e.getArgs()) stack.add(a);
            } else if (e.isQuantifier()) {
                stack.add(((com.microsoft.z3.Quantifier) e).getBody());
            }
        }
        return out;
    }
}
