package isocheck.spec;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.List;

/**
 * φ_basic, paper §4.2 eq. (5), which every abstract execution and its dependency graph satisfy
 * (Def. 2 and Lemma 4): TOTALORDER(ar) (a strict total order: irreflexive, transitive, total), vis
 * asymmetric (hence irreflexive) and contained in ar, WR ⇒ vis, WW ⇒ ar, RW(a,b) ⇒ ¬vis(b,a).
 * Written in the spec language so it is printed, translated and expanded like any spec. It is
 * universal, so it may be expanded over a query's transaction constants.
 *
 * <p>Not included: φ_dep (needs the record-refined relations) and φ_D (paper §5.1 defines D(t1,t2)
 * ⇔ t1 = t2 ∨ WR ∨ RW ∨ WW, reflexive, for the cycle query); both belong to the encoder.
 */
public final class BasicAxioms {
    private BasicAxioms() {}

    public static final String SOURCE =
            """
            # phi_basic (Nagar & Jagannathan, CONCUR 2018, §4.2 eq. 5)
            axiom ar_irreflexive:  forall a: not ar(a, a)
            axiom ar_transitive:   forall a, b, c: ar(a, b) and ar(b, c) -> ar(a, c)
            axiom ar_total:        forall a, b: a != b -> ar(a, b) or ar(b, a)
            axiom vis_asymmetric:  forall a, b: vis(a, b) -> not vis(b, a)
            axiom vis_in_ar:       forall a, b: vis(a, b) -> ar(a, b)
            axiom wr_in_vis:       forall a, b: WR(a, b) -> vis(a, b)
            axiom ww_in_ar:        forall a, b: WW(a, b) -> ar(a, b)
            axiom rw_not_seen:     forall a, b: RW(a, b) -> not vis(b, a)
            """;

    /**
     * φ_basic's {@code rw_not_seen} on its own: the axiom that says a transaction reads from one
     * snapshot. Under one snapshot per statement (PostgreSQL's READ COMMITTED, manual chapter
     * "Concurrency Control", §13.2.1) a's first statement may miss b and a later one see it, so the
     * axiom fails; every other axiom of φ_basic still holds when vis(a, b) means "a is visible to
     * some statement of b" (docs/postgresql-levels.md §1). Its observer is the reader a, so {@code
     * include L for T} restricts it like any axiom (T reads from one snapshot).
     */
    public static final Axiom SINGLE_SNAPSHOT;

    /**
     * φ_basic without {@link #SINGLE_SNAPSHOT}: what every execution satisfies, with statement
     * snapshots.
     */
    public static final String STATEMENT_SOURCE =
            """
            # phi_basic for statement snapshots: phi_basic without rw_not_seen
            axiom ar_irreflexive:  forall a: not ar(a, a)
            axiom ar_transitive:   forall a, b, c: ar(a, b) and ar(b, c) -> ar(a, c)
            axiom ar_total:        forall a, b: a != b -> ar(a, b) or ar(b, a)
            axiom vis_asymmetric:  forall a, b: vis(a, b) -> not vis(b, a)
            axiom vis_in_ar:       forall a, b: vis(a, b) -> ar(a, b)
            axiom wr_in_vis:       forall a, b: WR(a, b) -> vis(a, b)
            axiom ww_in_ar:        forall a, b: WW(a, b) -> ar(a, b)
            """;

    private static final Spec SPEC;
    private static final Spec STATEMENT_SPEC;

    static {
        try {
            ParsedSpec s =
                    SpecParser.parse(
                            "basic",
                            "phi_basic",
                            "axiom rw_not_seen observer a: forall a, b: RW(a, b) -> not vis(b, a)\n");
            SINGLE_SNAPSHOT = s.axioms().get(0);
            ParsedSpec p = SpecParser.parse("basic", "phi_basic", SOURCE);
            SPEC = new Spec("basic", "phi_basic", p.description(), true, List.of(), p.axioms());
            ParsedSpec q = SpecParser.parse("basic", "phi_basic", STATEMENT_SOURCE);
            STATEMENT_SPEC =
                    new Spec(
                            "basic",
                            "phi_basic",
                            q.description(),
                            true,
                            List.of(),
                            q.axioms(),
                            List.of(),
                            List.of());
        } catch (SpecException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * φ_basic as it holds for executions of {@code spec}: the paper's φ_basic when every
     * transaction of the spec reads from one snapshot, else φ_basic without {@link
     * #SINGLE_SNAPSHOT} plus the spec's (restricted) single-snapshot axioms.
     */
    public static BoolExpr expanded(
            ExecutionVocabulary v, List<? extends Expr<?>> txns, Spec spec) {
        if (!spec.hasStatementSnapshots()) return expanded(v, txns);
        try {
            SpecTranslator tr = new SpecTranslator(v);
            return v.context()
                    .mkAnd(tr.expanded(STATEMENT_SPEC, txns), tr.expanded(snapshots(spec), txns));
        } catch (SpecException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@link #expanded(ExecutionVocabulary, List, Spec)} quantified over the transaction sort. */
    public static BoolExpr quantified(ExecutionVocabulary v, Spec spec) {
        if (!spec.hasStatementSnapshots()) return quantified(v);
        try {
            SpecTranslator tr = new SpecTranslator(v);
            return v.context().mkAnd(tr.quantified(STATEMENT_SPEC), tr.quantified(snapshots(spec)));
        } catch (SpecException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A spec with no axioms and no single-snapshot axiom: its φ_basic is {@link #STATEMENT_SOURCE}.
     */
    static Spec withoutSnapshots() {
        return STATEMENT_SPEC;
    }

    /** The spec's single-snapshot axioms as a spec of their own (for translation). */
    static Spec snapshots(Spec spec) {
        return new Spec(
                spec.name() + ".snapshots",
                spec.file(),
                "",
                spec.builtin(),
                List.of(),
                spec.snapshotAxioms(),
                List.of(),
                List.of());
    }

    /** φ_basic as a spec (not part of any {@link SpecLibrary}). */
    public static Spec spec() {
        return SPEC;
    }

    /** φ_basic quantified over the transaction sort. */
    public static BoolExpr quantified(ExecutionVocabulary v) {
        try {
            return new SpecTranslator(v).quantified(SPEC);
        } catch (SpecException e) {
            throw new IllegalStateException(e);
        }
    }

    /** φ_basic with its quantifiers expanded over {@code txns}. */
    public static BoolExpr expanded(ExecutionVocabulary v, List<? extends Expr<?>> txns) {
        try {
            return new SpecTranslator(v).expanded(SPEC, txns);
        } catch (SpecException e) {
            throw new IllegalStateException(e);
        }
    }
}
