package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.Vocabulary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * φ_D ∧ φ_ShortestPath,k (paper §5.2):
 *
 * <pre>
 *   ∃ t1 … t(k+1).  ∧_{i=1..k} D(t_i, t_{i+1})  ∧  ∧_{i=1..k-1} ∧_{j=i+2..k+1} ¬D(t_i, t_j)  ∧  ∧_{i&lt;j} t_i ≠ t_j
 * </pre>
 *
 * a path of k edges through k+1 pairwise distinct transactions with no <em>forward</em> chord: no D
 * from a transaction to any later one except its successor. The paper excludes forward chords only,
 * and so does this query: a backward edge D(t_j, t_i), j &gt; i, does not shorten the path from t_1
 * to t_{k+1}, and excluding it too would ask for fewer paths than the argument needs (unsound: an
 * unsat answer could hide a shortest path that has one).
 *
 * <p>Why an unsat answer, with φ_Cycle,k' unsat for every k' ≤ k, proves every execution
 * serializable (Theorem 10): in a shortest cycle of n transactions, a forward chord t_i → t_j (j ≥
 * i+2) along t_1 … t_n would close a shorter cycle, so t_1 … t_n is a chordless path of n−1 edges;
 * a chordless path contains chordless paths of every smaller length; so if none has k edges, every
 * shortest cycle has n ≤ k.
 *
 * <p>The edges are the cycle query's η-selectors ({@link CycleQuery#edge}); a chord's absence is
 * ¬WR ∧ ¬RW ∧ ¬WW on the pair (φ_D without its reflexive case, the constants being distinct).
 * <b>EXPANDED mode is sound here</b>: a valid execution with such a path restricts to the
 * substructure of the path's k+1 transactions; the path's edges and non-edges are ground facts
 * about them, the existential edge witnesses (records, loop iterations) are the query's constants,
 * and every universal axiom of φ_{T,Ψ} (φ_basic, φ_Ψ for a spec universal in transactions, the
 * rules of the encoder) still holds in the substructure. The encoding forces no WR or RW and only
 * some WW, so the solver may leave a chord out where a real execution would have one: that makes
 * more paths possible (the method fails more often), never fewer.
 */
public final class ShortestPathQuery {

    /** The query for one k: k+1 transaction constants and k edges of selectors. */
    public record Built(
            int k,
            List<Expr<?>> txns,
            List<Part> parts,
            List<List<CycleQuery.Selector>> edges,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground,
            Map<Expr<?>, String> fixedTypes) {}

    private ShortestPathQuery() {}

    public static Built build(Vocabulary v, Encoder encoder, int k) {
        if (k < 1) throw new IllegalArgumentException("a path has at least one edge, not " + k);
        Context ctx = v.context();
        List<Expr<?>> txns = v.transactions(k + 1);
        List<Part> parts = new ArrayList<>();
        parts.add(
                new Part(
                        "phi_shortest_path distinct",
                        ctx.mkDistinct(txns.toArray(new Expr<?>[0]))));
        List<List<CycleQuery.Selector>> edges = new ArrayList<>();
        Map<String, List<Expr<?>>> records = new LinkedHashMap<>();
        Map<String, List<Expr<?>>> ground = new LinkedHashMap<>();
        for (int i = 0; i < k; i++) {
            edges.add(
                    CycleQuery.edge(
                            v,
                            encoder,
                            i,
                            txns.get(i),
                            txns.get(i + 1),
                            "phi_shortest_path edge " + (i + 1),
                            parts,
                            records,
                            ground));
        }
        for (int i = 0; i + 2 < txns.size(); i++) {
            for (int j = i + 2; j < txns.size(); j++) {
                parts.add(
                        new Part(
                                "phi_shortest_path no chord " + (i + 1) + "->" + (j + 1),
                                noDependency(v, txns.get(i), txns.get(j))));
            }
        }
        return new Built(k, txns, parts, edges, records, ground, Map.of());
    }

    /**
     * φ_ShortestPath,k for paths whose k+1 transactions have the types of {@code seq}, in this
     * order (k = seq.size() − 1): the type facts, and on edge i only the selectors from type i to
     * type i+1. Every path has one type sequence, so the query over all types is satisfiable iff
     * one of {@link TypeSequence#paths} is (paths are not rotated: their ends differ).
     */
    public static Built build(Vocabulary v, Encoder encoder, TypeSequence seq) {
        int k = seq.size() - 1;
        if (k < 1) throw new IllegalArgumentException("a path has at least one edge, not " + k);
        Context ctx = v.context();
        List<Expr<?>> txns = v.transactions(k + 1);
        List<Part> parts = new ArrayList<>();
        parts.add(
                new Part(
                        "phi_shortest_path distinct",
                        ctx.mkDistinct(txns.toArray(new Expr<?>[0]))));
        parts.add(
                new Part(
                        "phi_shortest_path types " + seq.label(),
                        CycleQuery.typeFacts(v, txns, seq)));
        List<List<CycleQuery.Selector>> edges = new ArrayList<>();
        Map<String, List<Expr<?>>> records = new LinkedHashMap<>();
        Map<String, List<Expr<?>>> ground = new LinkedHashMap<>();
        for (int i = 0; i < k; i++) {
            String from = seq.get(i), to = seq.get(i + 1);
            edges.add(
                    CycleQuery.edge(
                            v,
                            encoder,
                            i,
                            txns.get(i),
                            txns.get(i + 1),
                            "phi_shortest_path edge " + (i + 1),
                            parts,
                            records,
                            ground,
                            c -> c.t1().name().equals(from) && c.t2().name().equals(to)));
        }
        for (int i = 0; i + 2 < txns.size(); i++) {
            for (int j = i + 2; j < txns.size(); j++) {
                parts.add(
                        new Part(
                                "phi_shortest_path no chord " + (i + 1) + "->" + (j + 1),
                                noDependency(v, txns.get(i), txns.get(j))));
            }
        }
        return new Built(k, txns, parts, edges, records, ground, seq.on(txns));
    }

    /** ¬D(a, b) for distinct a, b: no WR, RW or WW from a to b. */
    static BoolExpr noDependency(Vocabulary v, Expr<?> a, Expr<?> b) {
        Context ctx = v.context();
        return ctx.mkNot(ctx.mkOr(v.wr(a, b), v.rw(a, b), v.ww(a, b)));
    }
}
