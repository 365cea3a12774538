package isocheck.spec;

import isocheck.program.SourcePos;
import java.util.Optional;

/**
 * Polarity analysis of quantifiers. A formula is <em>universal in transactions</em> when, put in
 * negation normal form, it has no {@code exists}: every {@code forall} sits under an even number of
 * negations (counting the left side of {@code ->} as one), every {@code exists} under an odd
 * number, and no quantifier sits under {@code <->} (whose operands occur with both polarities).
 * Universal sentences are preserved under substructures, which is what lets the encoder expand
 * quantifiers over a query's own transaction constants (docs/DESIGN.md §2 "analyze").
 */
public final class Universality {
    private Universality() {}

    /** The position of the first quantifier that breaks universality, if any. */
    public static Optional<SourcePos> firstExistential(Formula f) {
        return find(f, true);
    }

    public static boolean isUniversal(Formula f) {
        return firstExistential(f).isEmpty();
    }

    private static Optional<SourcePos> find(Formula f, boolean positive) {
        if (f instanceof Formula.Not n) {
            return find(n.body(), !positive);
        }
        if (f instanceof Formula.Binary b) {
            switch (b.op()) {
                case AND, OR -> {
                    Optional<SourcePos> l = find(b.left(), positive);
                    return l.isPresent() ? l : find(b.right(), positive);
                }
                case IMPLIES -> {
                    Optional<SourcePos> l = find(b.left(), !positive);
                    return l.isPresent() ? l : find(b.right(), positive);
                }
                default -> {
                    Optional<SourcePos> l = anyQuantifier(b.left());
                    return l.isPresent() ? l : anyQuantifier(b.right());
                }
            }
        }
        if (f instanceof Formula.Quantified q) {
            boolean universal = (q.quantifier() == Formula.Quantifier.FORALL) == positive;
            return universal ? find(q.body(), positive) : Optional.of(q.position());
        }
        return Optional.empty();
    }

    private static Optional<SourcePos> anyQuantifier(Formula f) {
        if (f instanceof Formula.Quantified q) {
            return Optional.of(q.position());
        }
        if (f instanceof Formula.Not n) {
            return anyQuantifier(n.body());
        }
        if (f instanceof Formula.Binary b) {
            Optional<SourcePos> l = anyQuantifier(b.left());
            return l.isPresent() ? l : anyQuantifier(b.right());
        }
        return Optional.empty();
    }

    /**
     * For a universal formula f: how many transaction instances a counter-model of f needs at most,
     * i.e. the number of existential witnesses of ¬f in negation normal form (a conjunction of
     * requirements adds, a disjunction takes the maximum). Throws if f is not universal.
     */
    public static int falsifyingWitnesses(Formula f) {
        if (!isUniversal(f)) {
            throw new IllegalArgumentException("not universal: " + f);
        }
        return fal(f);
    }

    /** Witnesses needed to make f false (f in positive, universal position). */
    private static int fal(Formula f) {
        if (f instanceof Formula.Not n) return sat(n.body());
        if (f instanceof Formula.Binary b) {
            return switch (b.op()) {
                case AND -> Math.max(fal(b.left()), fal(b.right()));
                case OR -> fal(b.left()) + fal(b.right());
                case IMPLIES -> sat(b.left()) + fal(b.right());
                case IFF -> 0; // quantifier-free, by universality
            };
        }
        if (f instanceof Formula.Quantified q) return q.variables().size() + fal(q.body());
        return 0;
    }

    /** Witnesses needed to make f true (f in negative position, so existential). */
    private static int sat(Formula f) {
        if (f instanceof Formula.Not n) return fal(n.body());
        if (f instanceof Formula.Binary b) {
            return switch (b.op()) {
                case AND -> sat(b.left()) + sat(b.right());
                case OR -> Math.max(sat(b.left()), sat(b.right()));
                case IMPLIES -> Math.max(fal(b.left()), sat(b.right()));
                case IFF -> 0;
            };
        }
        if (f instanceof Formula.Quantified q) return q.variables().size() + sat(q.body());
        return 0;
    }
}
