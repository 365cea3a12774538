package isocheck.encoding;

import isocheck.vocabulary.EdgeKind;

/**
 * The three dependency kinds of paper Def. 3: read (WR), write (WW) and anti-dependency (RW), the
 * relations the encoding declares. They are the subset of the shared {@link EdgeKind} that a static
 * witness can have (no session order, inferred commit order or real time): {@link #edgeKind()} is
 * the one-to-one mapping, and witnesses are named through it.
 */
public enum DepKind {
    WR,
    WW,
    RW;

    public String lower() {
        return edgeKind().label();
    }

    /** The shared edge kind of the same name. */
    public EdgeKind edgeKind() {
        return switch (this) {
            case WR -> EdgeKind.WR;
            case WW -> EdgeKind.WW;
            case RW -> EdgeKind.RW;
        };
    }
}
