package isocheck.anomaly;

import isocheck.history.PredicateKey;
import isocheck.vocabulary.CycleEdge;
import isocheck.vocabulary.EdgeKind;

/**
 * One edge of a witness cycle. For {@code wr}, {@code read} is the read in {@code to} that observes
 * {@code from}; for {@code rw}, {@code read} is the read in {@code from} of a version that {@code
 * to} overwrites; for {@code co}, {@code justification} says why the commit order is forced; for
 * {@code so}, {@code from} precedes {@code to} in session order (possibly not directly). {@code
 * key} names the key of wr/ww/rw edges (null otherwise); {@code note} says why a ww edge holds
 * (inferred from a read-modify-write, forced because the other order closes a cycle, or chosen by
 * the search) or gives the real-time stamps of an rt edge.
 */
public record WitnessEdge(
        EdgeKind kind,
        String from,
        String to,
        OpRef read,
        Justification justification,
        String key,
        String note)
        implements CycleEdge {

    public WitnessEdge(
            EdgeKind kind, String from, String to, OpRef read, Justification justification) {
        this(
                kind,
                from,
                to,
                read,
                justification,
                justification != null ? justification.key() : read != null ? read.op().key() : null,
                null);
    }

    /**
     * An edge on a predicate read's key ({@link PredicateKey}) stands for an Adya predicate
     * dependency.
     */
    @Override
    public boolean predicate() {
        return key != null && PredicateKey.parse(key).isPresent();
    }
}
