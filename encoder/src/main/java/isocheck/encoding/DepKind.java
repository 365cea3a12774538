package isocheck.encoding;

/** The three dependency kinds of paper Def. 3: read (WR), write (WW) and anti-dependency (RW). */
public enum DepKind {
    WR, WW, RW;

    public String lower() {
        return name().toLowerCase();
    }
}
