package isocheck.level;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Isolation levels, weakest first. RC, RA and CC have polynomial checkers (AWDIT §2); PC, PSI, SI,
 * SER and strict SER are NP-complete in general and are decided exactly by {@link ExactChecker}
 * (Biswas & Enea, OOPSLA 2019, §2.2; Cerone et al. 2015 for PSI; MTC for strict SER's real-time
 * order).
 *
 * <p>Strength: SSER ⇒ SER ⇒ SI ⇒ PC ⇒ CC ⇒ RA ⇒ RC, and SI ⇒ PSI ⇒ CC (PC and PSI are incomparable:
 * PC allows lost update, PSI allows long fork).
 */
public enum Level {
    /**
     * Read Committed: Read Consistency plus monotonic reads within a transaction (AWDIT Def. 2.4).
     */
    RC,
    /** Read Atomic: all or none of a transaction's effects are observed (AWDIT Def. 2.6). */
    RA,
    /** Causal Consistency: (so ∪ wr)+ predecessors are observed (AWDIT Def. 2.8). */
    CC,
    /**
     * Prefix Consistency: Biswas–Enea's Prefix axiom; every transaction observes a prefix of co.
     */
    PC,
    /**
     * Parallel Snapshot Isolation (Cerone, Bernardi, Gotsman 2015): causal visibility plus no
     * concurrent conflicting writers — some co ⊇ so ∪ wr such that, with vis = (so ∪ wr ∪ ww_co)+
     * where ww_co orders each pair of writers of a common key as co does, every read of x observes
     * the co-last x-writer visible to it.
     */
    PSI,
    /** Snapshot Isolation: Biswas–Enea's Prefix ∧ Conflict axioms. */
    SI,
    /** Serializability: Biswas–Enea's Serialization axiom. */
    SER,
    /**
     * Strict serializability: SER whose commit order also contains real time (commit before start).
     */
    SSER;

    /** Parses "rc", "ra", "cc", "pc", "psi", "si", "ser", "sser" (any case; "strict-ser" too). */
    public static Level parse(String s) {
        String n = s.trim().toLowerCase(Locale.ROOT);
        if (n.equals("strict-ser") || n.equals("strict-serializability")) {
            return SSER;
        }
        try {
            return valueOf(n.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "unknown level '" + s + "' (expected rc, ra, cc, pc, psi, si, ser or sser)", e);
        }
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The levels with polynomial saturation checkers: RC, RA, CC. */
    public static List<Level> polynomial() {
        return Arrays.stream(values())
                .filter(l -> l.traits().decidedBy() == LevelTraits.Decision.SATURATION)
                .toList();
    }

    /** Whether this level is decided by a search ({@link ExactChecker}) rather than saturation. */
    public boolean exact() {
        return traits().decidedBy() == LevelTraits.Decision.SEARCH;
    }

    private LevelTraits
            traits; // cached row of LevelTraits (immutable; a racy first read is harmless)

    /** What this level is, as data: its row in {@link LevelTraits}. */
    public LevelTraits traits() {
        LevelTraits t = traits;
        if (t == null) {
            t = LevelTraits.of(this);
            traits = t;
        }
        return t;
    }
}
