package isocheck.spec;

import java.util.Optional;

/** The binary relations over transaction instances a spec may mention. */
public enum Relation {
    VIS("vis"),
    AR("ar"),
    WR("WR"),
    WW("WW"),
    RW("RW"),
    /** Any dependency edge: WR ∪ WW ∪ RW (not reflexive; see specs/README.md). */
    D("D");

    private final String spelling;

    Relation(String spelling) {
        this.spelling = spelling;
    }

    public String spelling() {
        return spelling;
    }

    public static Optional<Relation> bySpelling(String s) {
        for (Relation r : values()) {
            if (r.spelling.equals(s)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** A relation whose name differs from {@code s} only in letter case, for "did you mean". */
    public static Optional<Relation> byIgnoringCase(String s) {
        for (Relation r : values()) {
            if (r.spelling.equalsIgnoreCase(s)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    public static String allSpellings() {
        return "vis, ar, WR, WW, RW, D";
    }
}
