package isocheck.weakest;

import isocheck.query.Analysis;
import isocheck.witness.Witness;

/** What the bounded cycle search (paper §5.1) says about one spec, or why it was not asked. */
public sealed interface BoundedResult {

    /** A cycle the spec allows: the first witness, shortest first. */
    record Anomaly(Witness witness) implements BoundedResult {}

    /** No dependency cycle of 2..bound transactions. */
    record NoneUpTo(int bound) implements BoundedResult {}

    /**
     * Not asked: the spec entails {@code weaker}, which has no cycle up to the bound. Every
     * execution the stronger spec allows, the weaker allows too, so it has no cycle either.
     */
    record EntailedBy(String weaker) implements BoundedResult {}

    /** A query gave no answer (time limit): nothing is claimed. */
    record Unknown(String query, String reason) implements BoundedResult {}

    /**
     * What a bounded analysis's outcome says: its first anomaly, none up to {@code bound}, or
     * unknown.
     */
    static BoundedResult of(Analysis.Outcome o, int bound) {
        return switch (o.verdict()) {
            case FOUND -> new Anomaly(o.anomalies().get(0));
            case NONE -> new NoneUpTo(bound);
            case UNKNOWN -> new Unknown(o.unknownQuery(), o.unknownReason());
        };
    }

    default boolean anomalyFree() {
        return this instanceof NoneUpTo || this instanceof EntailedBy;
    }
}
