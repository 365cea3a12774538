package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import isocheck.spec.BasicAxioms;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecTranslator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * What a spec guarantees about the visibility among the writers of one field, decided by Z3 (never
 * by the spec's name), as {@code isocheck.spec.EntailmentOrder} decides entailment: φ_basic ∧ Ψ is
 * universal, so Ψ entails a universal property with n variables iff φ_basic ∧ Ψ ∧ ¬property is
 * unsatisfiable over n transaction constants (Bernays–Schönfinkel small models). A spec that is not
 * universal gets "no" (the rules that need the property are then left out, which is sound).
 *
 * <ul>
 *   <li>{@link #writersSeeEarlierWriters}: ∀a,b. type(a), type(b) ∈ W ∧ WW(a,b) ⇒ vis(a,b) (paper
 *       §3.2, PSI's axiom restricted to W): the writers of a record's field, which WW orders by ar,
 *       each see every earlier one.
 *   <li>{@link #earlierWritersVisibleThroughLater}: ∀a,b,c. type(a), type(b) ∈ W ∧ ar(a,b) ∧
 *       WW(a,b) ∧ vis(b,c) ⇒ vis(a,c): whoever sees a writer sees the earlier writers of the same
 *       item (PC's axiom restricted to such a, b; also implied by PSI's together with CC's).
 * </ul>
 */
public final class WriterVisibility {
    private final Vocabulary v;
    private final Context ctx;
    private final Map<String, Boolean> cache = new HashMap<>();

    public WriterVisibility(Vocabulary v) {
        this.v = v;
        this.ctx = v.context();
    }

    public boolean writersSeeEarlierWriters(Spec spec, Set<String> writerTypes) {
        return decide(
                "see " + writerTypes,
                spec,
                2,
                t ->
                        ctx.mkAnd(
                                inTypes(t.get(0), writerTypes),
                                inTypes(t.get(1), writerTypes),
                                v.ww(t.get(0), t.get(1)),
                                ctx.mkNot(v.vis(t.get(0), t.get(1)))));
    }

    public boolean earlierWritersVisibleThroughLater(Spec spec, Set<String> writerTypes) {
        return decide(
                "prefix " + writerTypes,
                spec,
                3,
                t ->
                        ctx.mkAnd(
                                inTypes(t.get(0), writerTypes),
                                inTypes(t.get(1), writerTypes),
                                v.ar(t.get(0), t.get(1)),
                                v.ww(t.get(0), t.get(1)),
                                v.vis(t.get(1), t.get(2)),
                                ctx.mkNot(v.vis(t.get(0), t.get(2)))));
    }

    /**
     * The types among {@code observers} whose instances see the earlier writers of an item whenever
     * they see a later one: {@link #earlierWritersVisibleThroughLater} with the observer c of that
     * type. A hybrid spec (per-type levels) can give this to some observers only, e.g. to a type at
     * SI (PC's prefix) but not to one at PSI; a rule that needs it for its observer stays sound
     * when it is restricted to these types.
     */
    public Set<String> observersSeeingEarlierWritersThroughLater(
            Spec spec, Set<String> writerTypes, Set<String> observers) {
        Set<String> out = new java.util.LinkedHashSet<>();
        if (earlierWritersVisibleThroughLater(spec, writerTypes)) {
            out.addAll(observers);
            return out;
        }
        for (String o : observers) {
            if (decide(
                    "prefix " + writerTypes + " seen by " + o,
                    spec,
                    3,
                    t ->
                            ctx.mkAnd(
                                    inTypes(t.get(0), writerTypes),
                                    inTypes(t.get(1), writerTypes),
                                    v.isType(t.get(2), o),
                                    v.ar(t.get(0), t.get(1)),
                                    v.ww(t.get(0), t.get(1)),
                                    v.vis(t.get(1), t.get(2)),
                                    ctx.mkNot(v.vis(t.get(0), t.get(2)))))) {
                out.add(o);
            }
        }
        return out;
    }

    BoolExpr inTypes(Expr<?> t, Set<String> types) {
        List<BoolExpr> out = new ArrayList<>();
        for (String name : types) out.add(v.isType(t, name));
        return out.isEmpty() ? ctx.mkFalse() : ctx.mkOr(out.toArray(new BoolExpr[0]));
    }

    /**
     * The decisions of every context of this process, keyed by what they depend on: the program
     * (which fixes the vocabulary φ_basic is stated over), the spec's axioms and the property. A
     * query is one {@code CycleJob} with a context of its own, so without this each query of a
     * search asked Z3 the same entailments again (TPC-C's {@code weakest --per-transaction}: 30% of
     * its CPU, benchmarks/RESULTS.md 2026-11-26 static). The answer is the one Z3 gives in any
     * context (no time limit): the same encoding. Each decision is asked once: the two queries an
     * analysis starts together under a new spec used to ask all of its decisions twice at the same
     * moment (137 of TPC-C's 171, RESULTS 2026-11-26 static6), so the second waits for the first's
     * answer. An unknown (the job was cancelled mid-check) is not kept: it would turn into "no" for
     * every later query of the spec, a weaker encoding than a fresh context gives. Bounded, least
     * recently used out first.
     */
    private static final Map<Decision, CompletableFuture<Boolean>> DECIDED =
            java.util.Collections.synchronizedMap(
                    new java.util.LinkedHashMap<>(256, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(
                                Map.Entry<Decision, CompletableFuture<Boolean>> e) {
                            return size() > 4096;
                        }
                    });

    private record Decision(
            isocheck.program.Program program, List<isocheck.spec.Axiom> axioms, String property) {}

    private boolean decide(
            String property,
            Spec spec,
            int n,
            java.util.function.Function<List<Expr<?>>, BoolExpr> violation) {
        return cache.computeIfAbsent(
                spec.name() + " " + property,
                k -> {
                    if (!spec.isUniversal()) return false;
                    // by axioms, not by name: weakest's hybrid candidates share one name
                    Decision d = new Decision(v.program(), spec.axioms(), property);
                    CompletableFuture<Boolean> mine = new CompletableFuture<>();
                    CompletableFuture<Boolean> other = DECIDED.putIfAbsent(d, mine);
                    if (other != null) {
                        Boolean known = other.join();
                        if (known != null) return known;
                        // its asker got no answer: ask here, for this context only
                        Boolean holds = v.withoutUsingFreshNames(() -> ask(spec, n, violation));
                        return holds != null && holds;
                    }
                    Boolean holds = null;
                    try {
                        holds = v.withoutUsingFreshNames(() -> ask(spec, n, violation));
                    } finally {
                        if (holds == null) DECIDED.remove(d, mine);
                        mine.complete(holds);
                    }
                    return holds != null && holds;
                });
    }

    /** True: the spec entails the property; false: it does not; null: Z3 gave no answer. */
    private Boolean ask(
            Spec spec, int n, java.util.function.Function<List<Expr<?>>, BoolExpr> violation) {
        List<Expr<?>> txns = new ArrayList<>();
        for (int i = 0; i < n; i++) txns.add(v.fresh("wv", v.txnSort()));
        // Z3's SMT kernel alone: the default solver's preprocessing of these small ground formulas
        // took 60x the kernel's time (TPC-C per-transaction: 16.8 s against 1.4 s for the same
        // 171 answers, RESULTS 2026-11-26 static6); sat and unsat are exact in either
        Solver s = ctx.mkSimpleSolver();
        try {
            s.add(BasicAxioms.expanded(v, txns));
            s.add(new SpecTranslator(v).expanded(spec, txns));
        } catch (SpecException e) {
            return false;
        }
        s.add(violation.apply(txns));
        Status st = s.check();
        return st == Status.UNKNOWN ? null : st == Status.UNSATISFIABLE;
    }
}
