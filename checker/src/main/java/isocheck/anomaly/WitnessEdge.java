package isocheck.anomaly;

/**
 * One edge of a witness cycle. For {@code wr}, {@code read} is the read in {@code to} that observes
 * {@code from}; for {@code co}, {@code justification} says why the commit order is forced; for
 * {@code so}, {@code from} precedes {@code to} in session order (possibly not directly).
 */
public record WitnessEdge(EdgeKind kind, String from, String to, OpRef read, Justification justification) {
}
