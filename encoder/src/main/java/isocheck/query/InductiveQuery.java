package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.Vocabulary;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * φ_D ∧ φ_Inductive,T' (paper §5.3, eq. 7), the conditions of Lemma 11 negated:
 *
 * <pre>
 *   (∃ t1, t2. Γ(t1) ∈ T' ∧ D(t1, t2) ∧ t1 ≠ t2 ∧ ¬ar(t1, t2))                                   — A_T'
 *   ∨ (∃ t1, t2, t3. D(t1, t2) ∧ D(t2, t3) ∧ ∧_{i&lt;j} t_i ≠ t_j ∧ ¬ar(t1, t3) ∧ ¬ar(t2, t3))  — B
 * </pre>
 *
 * φ_{T,Ψ} ∧ (A_T' ∨ B) is unsat iff φ_{T,Ψ} ∧ A_T' and φ_{T,Ψ} ∧ B both are, so the two disjuncts
 * are built as two queries, each over its own transaction constants ({@link #edgeOutOf} with 2,
 * {@link #twoStep} with 3): a model of one disjunct needs no third transaction. Moreover A_T' =
 * ∨_{τ ∈ T'} A_{τ} and B does not mention T', so φ_Inductive,T' is unsat iff B and every A_{τ}, τ ∈
 * T', are: the largest T' of a round is the set of all types τ whose A_{τ} is unsat (the driver,
 * {@link Proof}, asks single types, then confirms their union).
 *
 * <p>Later rounds (Theorem 12's "re-apply on T ∖ T'") restrict the program to the remaining types
 * {@code among}: every query constant has one of those types (EXPANDED) or every transaction has
 * (QUANTIFIED). D and the edges are the cycle query's η-selectors ({@link CycleQuery#edge}).
 * EXPANDED mode is sound for the same reason as in {@link ShortestPathQuery}: the witnesses are
 * existential constants and φ_{T,Ψ} is universal, so it holds on the substructure of the two or
 * three transactions; ar restricted to them is still a strict total order.
 *
 * <p>Eq. (7) asks t1, t2, t3 pairwise distinct, which leaves out condition 2's case t3 = t1: a
 * 2-cycle σ1 → σ2 → σ1 with σ1 ∈ T', σ2 ∉ T' satisfies both conditions as encoded (ar(σ1, σ2) by
 * the first; no distinct triple) yet is not serializable. Lemma 11's induction needs that case only
 * for cycles of length 2, so {@link Proof} adds φ_Cycle,2 to the inductive certificate.
 */
public final class InductiveQuery {

    /** Which disjunct of eq. (7). */
    public enum Disjunct {
        EDGE_OUT_OF_SUBSET,
        TWO_STEP
    }

    /**
     * @param subset T' (empty for {@link Disjunct#TWO_STEP})
     * @param among the types the execution is restricted to
     */
    public record Built(
            Disjunct disjunct,
            List<String> subset,
            List<String> among,
            List<Expr<?>> txns,
            List<Part> parts,
            List<List<CycleQuery.Selector>> edges,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground) {}

    private InductiveQuery() {}

    /** A_T': ∃ t1 ≠ t2. Γ(t1) ∈ T' ∧ D(t1, t2) ∧ ¬ar(t1, t2). */
    public static Built edgeOutOf(
            Vocabulary v, Encoder encoder, Collection<String> subset, Collection<String> among) {
        if (subset.isEmpty()) throw new IllegalArgumentException("T' must not be empty");
        Context ctx = v.context();
        List<Expr<?>> txns = v.transactions(2);
        Expr<?> t1 = txns.get(0), t2 = txns.get(1);
        List<Part> parts = new ArrayList<>();
        Map<String, List<Expr<?>>> records = new LinkedHashMap<>();
        Map<String, List<Expr<?>>> ground = new LinkedHashMap<>();
        parts.add(new Part("phi_inductive distinct", ctx.mkDistinct(t1, t2)));
        parts.add(new Part("phi_inductive type(t1) in T'", oneOf(v, t1, subset)));
        List<List<CycleQuery.Selector>> edges = new ArrayList<>();
        edges.add(
                CycleQuery.edge(
                        v, encoder, 0, t1, t2, "phi_inductive D(t1,t2)", parts, records, ground));
        parts.add(new Part("phi_inductive not ar(t1,t2)", ctx.mkNot(v.ar(t1, t2))));
        parts.addAll(restriction(v, encoder, txns, among));
        return new Built(
                Disjunct.EDGE_OUT_OF_SUBSET,
                List.copyOf(subset),
                List.copyOf(among),
                txns,
                parts,
                edges,
                records,
                ground);
    }

    /** B: ∃ t1, t2, t3 pairwise distinct. D(t1, t2) ∧ D(t2, t3) ∧ ¬ar(t1, t3) ∧ ¬ar(t2, t3). */
    public static Built twoStep(Vocabulary v, Encoder encoder, Collection<String> among) {
        Context ctx = v.context();
        List<Expr<?>> txns = v.transactions(3);
        Expr<?> t1 = txns.get(0), t2 = txns.get(1), t3 = txns.get(2);
        List<Part> parts = new ArrayList<>();
        Map<String, List<Expr<?>>> records = new LinkedHashMap<>();
        Map<String, List<Expr<?>>> ground = new LinkedHashMap<>();
        parts.add(new Part("phi_inductive distinct", ctx.mkDistinct(t1, t2, t3)));
        List<List<CycleQuery.Selector>> edges = new ArrayList<>();
        edges.add(
                CycleQuery.edge(
                        v, encoder, 0, t1, t2, "phi_inductive D(t1,t2)", parts, records, ground));
        edges.add(
                CycleQuery.edge(
                        v, encoder, 1, t2, t3, "phi_inductive D(t2,t3)", parts, records, ground));
        parts.add(new Part("phi_inductive not ar(t1,t3)", ctx.mkNot(v.ar(t1, t3))));
        parts.add(new Part("phi_inductive not ar(t2,t3)", ctx.mkNot(v.ar(t2, t3))));
        parts.addAll(restriction(v, encoder, txns, among));
        return new Built(
                Disjunct.TWO_STEP,
                List.of(),
                List.copyOf(among),
                txns,
                parts,
                edges,
                records,
                ground);
    }

    /** Every transaction has one of the types {@code among} (nothing when that is every type). */
    static List<Part> restriction(
            Vocabulary v, Encoder encoder, List<Expr<?>> txns, Collection<String> among) {
        if (among.containsAll(v.typeNames())) return List.of();
        Context ctx = v.context();
        if (encoder.mode() == Encoder.Mode.QUANTIFIED) {
            Expr<?> x = v.fresh("tx", v.txnSort());
            return List.of(
                    new Part(
                            "program restricted to " + among,
                            ctx.mkForall(
                                    new Expr<?>[] {x},
                                    oneOf(v, x, among),
                                    0,
                                    null,
                                    null,
                                    null,
                                    null)));
        }
        List<Part> out = new ArrayList<>();
        for (Expr<?> t : txns)
            out.add(new Part("program restricted to " + among + ": " + t, oneOf(v, t, among)));
        return out;
    }

    static BoolExpr oneOf(Vocabulary v, Expr<?> t, Collection<String> types) {
        Context ctx = v.context();
        if (types.isEmpty()) return ctx.mkFalse();
        return ctx.mkOr(types.stream().map(n -> v.isType(t, n)).toArray(BoolExpr[]::new));
    }
}
