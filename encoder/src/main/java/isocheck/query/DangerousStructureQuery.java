package isocheck.query;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.encoding.DepKind;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.Vocabulary;
import isocheck.spec.Axiom;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dangerous structure of snapshot isolation (Fekete, Liarokapis, O'Neil, O'Neil, Shasha,
 * "Making snapshot isolation serializable", TODS 2005, Theorem 2.1, with the refinement
 * PostgreSQL's SSI relies on: Ports and Grittner, "Serializable Snapshot Isolation in PostgreSQL",
 * VLDB 2012, §3.1 Theorem 1, "T3 must be the first transaction in the cycle to commit"):
 *
 * <pre>
 *   ∃ t1, t2, t3 distinct. RW(t1, t2) ∧ RW(t2, t3) ∧ ar(t3, t1) ∧ ar(t3, t2)
 * </pre>
 *
 * Unsat, together with φ_Cycle,2 unsat (the case t3 = t1, {@link CycleQuery}), proves every
 * execution serializable, for a spec with snapshot isolation's axioms ({@link #applies}). The
 * argument, in the vocabulary's terms: take a dependency cycle and its ar-least transaction T3. Its
 * predecessor T2's edge into it is not WR (WR ⊆ vis ⊆ ar) nor WW (WW ⊆ ar), so RW(T2, T3). If the
 * cycle has two transactions, the edge T3 → T2 is not WR or WW either (both ⊆ vis under SI's
 * no_concurrent_writers, and RW(T2, T3) ⇒ ¬vis(T3, T2), rw_not_seen). Else T2's predecessor T1 ≠ T3
 * has ar(T3, T1); a WR or WW edge T1 → T2 is vis(T1, T2), and pc's prefix axiom gives vis(T3, T2),
 * again against rw_not_seen: so RW(T1, T2). Only axioms every SI execution satisfies are used, so
 * the method is sound wherever the encoding is.
 *
 * <p>The edges are the cycle query's η-selectors restricted to anti-dependency candidates ({@link
 * CycleQuery#edge}); EXPANDED mode is sound for the reason given in {@link ShortestPathQuery} (the
 * structure's transactions form a substructure). PostgreSQL's locked_read rule is what makes the
 * method bite on promoted programs: an anti-dependency read by a locking statement goes forward in
 * ar, so its overwriter cannot be the structure's first committer.
 */
public final class DangerousStructureQuery {

    /** The query: three transactions and two edges of anti-dependency selectors. */
    public record Built(
            List<Expr<?>> txns,
            List<Part> parts,
            List<List<CycleQuery.Selector>> edges,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground) {}

    private DangerousStructureQuery() {}

    /**
     * Whether the theorem holds for the spec's executions: one snapshot per transaction, and every
     * axiom of the built-in {@code si} (pc's prefix, psi's no_concurrent_writers and the rest)
     * present unrestricted. Stronger specs (more axioms) qualify; hybrids that restrict an SI axiom
     * to some types do not.
     */
    public static boolean applies(Spec spec) throws SpecException {
        if (spec.hasStatementSnapshots()) return false;
        Spec si = SpecLibrary.builtin().get("si");
        for (Axiom a : si.axioms()) {
            boolean found = false;
            for (Axiom b : spec.axioms()) {
                if (b.restrictedTo().isEmpty()
                        && b.qualifiedName().equals(a.qualifiedName())
                        && b.formula().toString().equals(a.formula().toString())) {
                    found = true;
                    break;
                }
            }
            if (!found) return false;
        }
        return true;
    }

    public static Built build(Vocabulary v, Encoder encoder) {
        Context ctx = v.context();
        List<Expr<?>> txns = v.transactions(3);
        List<Part> parts = new ArrayList<>();
        Map<String, List<Expr<?>>> records = new LinkedHashMap<>();
        Map<String, List<Expr<?>>> ground = new LinkedHashMap<>();
        parts.add(new Part("phi_dangerous distinct", ctx.mkDistinct(txns.toArray(new Expr<?>[0]))));
        List<List<CycleQuery.Selector>> edges = new ArrayList<>();
        Expr<?> t1 = txns.get(0), t2 = txns.get(1), t3 = txns.get(2);
        edges.add(
                CycleQuery.edge(
                        v,
                        encoder,
                        0,
                        t1,
                        t2,
                        "phi_dangerous rw(t1,t2)",
                        parts,
                        records,
                        ground,
                        c -> c.kind() == DepKind.RW));
        edges.add(
                CycleQuery.edge(
                        v,
                        encoder,
                        1,
                        t2,
                        t3,
                        "phi_dangerous rw(t2,t3)",
                        parts,
                        records,
                        ground,
                        c -> c.kind() == DepKind.RW));
        // t3 commits first among the structure's transactions
        parts.add(new Part("phi_dangerous ar(t3,t2)", v.ar(t3, t2)));
        parts.add(new Part("phi_dangerous ar(t3,t1)", v.ar(t3, t1)));
        return new Built(txns, parts, edges, records, ground);
    }
}
