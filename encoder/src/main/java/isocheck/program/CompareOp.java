package isocheck.program;

/** Comparisons of the paper's ⊙ (§3.1), plus {@code <>} which SQL users expect. */
public enum CompareOp {
    EQ("="),
    NE("<>"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** Whether the operator needs an ordering (strings compare lexicographically). */
    public boolean isOrdering() {
        return this != EQ && this != NE;
    }
}
