package isocheck.vocabulary;

/**
 * The kinds of edges in a witness cycle: session order, write-read, commit order inferred by a
 * saturation (RC/RA/CC), and the dependency edges of the exact levels: write-write (version order),
 * read-write (anti-dependency) and real time (strict SER). Shared by both halves: a static witness
 * has only WR, WW and RW (Nagar & Jagannathan, CONCUR 2018, Def. 3; the encoder's {@code
 * encoding.DepKind} maps onto them), the checker all six.
 */
public enum EdgeKind {
    SO("so"),
    WR("wr"),
    CO("co"),
    WW("ww"),
    RW("rw"),
    RT("rt");

    private final String label;

    EdgeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
