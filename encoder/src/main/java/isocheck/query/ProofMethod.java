package isocheck.query;

/** How {@link Proof#verify} tries to prove every execution serializable (paper §5.2, §5.3). */
public enum ProofMethod {
    /** Shortest path up to the length limit, then the inductive method. */
    AUTO,
    /** Paper §5.2, Theorem 10: no chordless path of length k and no cycle of length ≤ k. */
    SHORTEST_PATH,
    /** Paper §5.3, Lemma 11 and Theorem 12, with the subsets T' searched automatically. */
    INDUCTIVE,
    /**
     * Snapshot isolation only: no dangerous structure whose last transaction commits first (Fekete
     * et al., TODS 2005, Theorem 2.1; {@link DangerousStructureQuery}).
     */
    DANGEROUS_STRUCTURE;

    /**
     * The command-line spelling: {@code auto}, {@code shortest-path}, {@code inductive}, {@code
     * dangerous-structure}.
     */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
