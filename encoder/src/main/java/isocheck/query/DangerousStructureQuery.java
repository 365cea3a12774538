package isocheck.query;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.encoding.DepKind;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.Vocabulary;
import isocheck.spec.Axiom;
import isocheck.spec.EntailmentOrder;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /**
     * The program's types whose instances read from one snapshot that is closed under pc's prefix
     * and psi's no_concurrent_writers in every execution of {@code spec}: all of them if {@link
     * #applies}, else those T for which Z3 proves that {@code spec} entails {@code include si for
     * T} (with statement snapshots for the other types, closed world over {@code types}, as {@code
     * specs} decides entailment). In a per-transaction hybrid these are the types at REPEATABLE
     * READ or SERIALIZABLE; a type at READ COMMITTED is not among them.
     */
    public static Set<String> snapshotIsolatedTypes(Spec spec, List<String> types)
            throws SpecException {
        if (applies(spec)) return new LinkedHashSet<>(types);
        Set<String> out = new LinkedHashSet<>();
        for (String t : types) {
            String name = "si-for-" + t.replaceAll("[^A-Za-z0-9_-]", "_");
            List<SpecLibrary.Source> sources = new ArrayList<>(SpecLibrary.builtinSources());
            sources.add(
                    new SpecLibrary.Source(
                            name,
                            "(" + name + ")",
                            "snapshot statement\ninclude si for " + t + "\n",
                            false));
            Spec target = SpecLibrary.fromSources(sources).get(name);
            EntailmentOrder o =
                    EntailmentOrder.compute(
                            List.of(spec, target),
                            new EntailmentOrder.Options(
                                    EntailmentOrder.Method.BOUNDED, 10_000, types));
            if (o.entails(spec.name(), name) == EntailmentOrder.Verdict.ENTAILS) out.add(t);
        }
        return out;
    }

    public static Built build(Vocabulary v, Encoder encoder) {
        return build(v, encoder, new LinkedHashSet<>(v.typeNames()));
    }

    /**
     * The commit-first structure, for any spec: {@code t1 -D-> t2 -rw-> t3 ∧ ar(t3, t1) ∧ ar(t3,
     * t2)}, where the edge t1 → t2 must be an anti-dependency when t2's type is in {@code
     * snapshotTypes} ({@link #snapshotIsolatedTypes}) and may be any dependency otherwise. Why it
     * is necessary for every cycle of three or more transactions: take the cycle's ar-least T3 and
     * its predecessor T2. The edge T2 → T3 is not WR (WR ⊆ vis ⊆ ar) nor WW (WW ⊆ ar), both in
     * φ_basic at every level, statement snapshots included (docs/postgresql-levels.md §1): so
     * RW(T2, T3) and ar(T3, T2). T2's predecessor T1 ≠ T3 has ar(T3, T1). If T2 reads from one
     * prefix-closed snapshot that includes its earlier writers (its type in snapshotTypes), a WR or
     * WW edge T1 → T2 gives vis(T1, T2), prefix gives vis(T3, T2), against rw_not_seen for T2's
     * RW(T2, T3): so RW(T1, T2), Fekete et al.'s structure. A type at READ COMMITTED keeps any
     * edge. With every type in snapshotTypes this is {@link #build(Vocabulary, Encoder)}'s query.
     * The 2-cycles (T1 = T3) are φ_Cycle,2's, asked separately. PostgreSQL's locked_read is what
     * makes it bite at READ COMMITTED: an UPDATE's anti-dependency goes forward in ar, so a
     * transaction whose reads are all UPDATEs is never t2.
     */
    public static Built build(Vocabulary v, Encoder encoder, Set<String> snapshotTypes) {
        return build(v, encoder, snapshotTypes, false);
    }

    /**
     * The structure of {@link #build(Vocabulary, Encoder, Set)} with t1's predecessor t0 in the
     * cycle: {@code t0 -D-> t1 -> t2 -rw-> t3}, four distinct transactions, t3 committing first
     * ({@code ar(t3, t0)} too). Necessary for every cycle of four or more (t0 is T1's predecessor,
     * distinct from T3 when the cycle is longer than three); cycles of two and three are the cycle
     * queries'. What the extra transaction buys: if t1 reads from one snapshot and t0 -> t1 is WR
     * or WW, then vis(t0, t1) and prefix give vis(t3, t1), "T3 committed before T1's snapshot",
     * which is what PostgreSQL's SSI among serializable transactions forbids even for a read-only
     * T1 (Ports and Grittner, VLDB 2012, §4.1; HybridSpec's pg_ssi_among_serializable): the solver
     * derives it from the spec, the query only adds t0.
     */
    public static Built buildWithPredecessor(
            Vocabulary v, Encoder encoder, Set<String> snapshotTypes) {
        return build(v, encoder, snapshotTypes, true);
    }

    private static Built build(
            Vocabulary v, Encoder encoder, Set<String> snapshotTypes, boolean predecessor) {
        Context ctx = v.context();
        int n = predecessor ? 4 : 3;
        List<Expr<?>> txns = v.transactions(n);
        List<Part> parts = new ArrayList<>();
        Map<String, List<Expr<?>>> records = new LinkedHashMap<>();
        Map<String, List<Expr<?>>> ground = new LinkedHashMap<>();
        parts.add(new Part("phi_dangerous distinct", ctx.mkDistinct(txns.toArray(new Expr<?>[0]))));
        List<List<CycleQuery.Selector>> edges = new ArrayList<>();
        int e = 0;
        Expr<?> t1 = txns.get(n - 3), t2 = txns.get(n - 2), t3 = txns.get(n - 1);
        if (predecessor) {
            Expr<?> t0 = txns.get(0);
            edges.add(
                    CycleQuery.edge(
                            v,
                            encoder,
                            e++,
                            t0,
                            t1,
                            "phi_dangerous d(t0,t1)",
                            parts,
                            records,
                            ground,
                            c -> true));
            parts.add(new Part("phi_dangerous ar(t3,t0)", v.ar(t3, t0)));
        }
        edges.add(
                CycleQuery.edge(
                        v,
                        encoder,
                        e++,
                        t1,
                        t2,
                        snapshotTypes.containsAll(v.typeNames())
                                ? "phi_dangerous rw(t1,t2)"
                                : "phi_dangerous d(t1,t2)",
                        parts,
                        records,
                        ground,
                        c -> c.kind() == DepKind.RW || !snapshotTypes.contains(c.t2().name())));
        edges.add(
                CycleQuery.edge(
                        v,
                        encoder,
                        e,
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
