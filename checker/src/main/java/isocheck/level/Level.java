package isocheck.level;

import java.util.Locale;

/** Isolation levels with polynomial checkers (AWDIT §2): CC ⊑ RA ⊑ RC. */
public enum Level {
    /** Read Committed: Read Consistency plus monotonic reads within a transaction (AWDIT Def. 2.4). */
    RC,
    /** Read Atomic: all or none of a transaction's effects are observed (AWDIT Def. 2.6). */
    RA,
    /** Causal Consistency: (so ∪ wr)+ predecessors are observed (AWDIT Def. 2.8). */
    CC;

    /** Parses "rc", "ra", "cc" (any case). */
    public static Level parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown level '" + s + "' (expected rc, ra or cc)", e);
        }
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
