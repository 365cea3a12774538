package isocheck.vocabulary;

/**
 * The kinds of edges in a dependency cycle, shared by the static and dynamic halves: session order,
 * write-read (read dependency), commit order inferred by a saturation (RC/RA/CC), write-write
 * (version order), read-write (anti-dependency) and real time (strict SER). The static encoding
 * has only WR, WW and RW (Nagar & Jagannathan, CONCUR 2018, Def. 3; the encoder's
 * {@code encoding.DepKind} maps onto these three); the checker uses all six (Adya 1999, §3 and
 * §4.4; Biswas & Enea 2019 for the inferred commit order).
 */
public enum EdgeKind {
    SO("so"), WR("wr"), CO("co"), WW("ww"), RW("rw"), RT("rt");

    private final String label;

    EdgeKind(String label) {
        this.label = label;
    }

    /** The lower-case name both halves print ({@code -rw->}, {@code "kind":"rw"}). */
    public String label() {
        return label;
    }
}
