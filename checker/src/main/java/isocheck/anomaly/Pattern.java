package isocheck.anomaly;

/**
 * Why an inferred commit-order edge {@code t2 → t1} is forced, where the reader t3 reads key x from
 * t1 and t2 also writes x (AWDIT §3.4; the repository's CoJustificationKind). Ordered from the
 * weakest level whose axiom already forces the edge to the strongest.
 */
public enum Pattern {
    /** t3 read from t2 earlier in program order (RC axiom, Def. 2.4). */
    NON_MONOTONIC("non-monotonic", "non-monotonic read", "RC"),
    /** t2 precedes t3 in its session (RA axiom, so case, Def. 2.6). */
    FRACTURED_SO("fractured-so", "fractured read", "RA"),
    /** t3 also reads from t2 (RA axiom, wr case, Def. 2.6). */
    FRACTURED_WR("fractured-wr", "fractured read", "RA"),
    /** t2 happens before t3 through (so ∪ wr)+ (CC axiom, Def. 2.8). */
    CAUSAL("causal", "causality violation", "CC");

    private final String id;
    private final String anomaly;
    private final String level;

    Pattern(String id, String anomaly, String level) {
        this.id = id;
        this.anomaly = anomaly;
        this.level = level;
    }

    public String id() {
        return id;
    }

    /** The name of a cycle whose strongest inferred edge has this pattern. */
    public String anomaly() {
        return anomaly;
    }

    /** The weakest level whose axiom forces such an edge. */
    public String level() {
        return level;
    }
}
