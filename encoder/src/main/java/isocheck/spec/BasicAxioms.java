package isocheck.spec;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;

import java.util.List;

/**
 * φ_basic, paper §4.2 eq. (5), which every abstract execution and its dependency graph satisfy
 * (Def. 2 and Lemma 4): TOTALORDER(ar) (a strict total order: irreflexive, transitive, total),
 * vis asymmetric (hence irreflexive) and contained in ar, WR ⇒ vis, WW ⇒ ar, RW(a,b) ⇒ ¬vis(b,a).
 * Written in the spec language so it is printed, translated and expanded like any spec. It is
 * universal, so it may be expanded over a query's transaction constants.
 *
 * <p>Not included: φ_dep (needs the record-refined relations) and φ_D (paper §5.1 defines
 * D(t1,t2) ⇔ t1 = t2 ∨ WR ∨ RW ∨ WW, reflexive, for the cycle query); both belong to the encoder.
 */
public final class BasicAxioms {
    private BasicAxioms() { }

    public static final String SOURCE = """
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

    private static final Spec SPEC;

    static {
        try {
            ParsedSpec p = SpecParser.parse("basic", "phi_basic", SOURCE);
            SPEC = new Spec("basic", "phi_basic", p.description(), true, List.of(), p.axioms());
        } catch (SpecException e) {
            throw new ExceptionInInitializerError(e);
        }
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
