package isocheck.anomaly;

/** The kinds of edges in a witness cycle: session order, write-read, inferred commit order. */
public enum EdgeKind {
    SO("so"), WR("wr"), CO("co");

    private final String label;

    EdgeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
