package isocheck.vocabulary;

/**
 * Coo's classification of a cycle (Li, Chen, Li, the Coo paper on POP graphs, §2.3–2.4): by the
 * conflicts on it — RAT (at least one wr), WAT (no wr, at least one ww), IAT (neither) — and by
 * size — SDA (two transactions, one key), DDA (two transactions, two keys), MDA (anything else).
 * Inferred commit edges between writers of a key count as ww; session order counts as no conflict.
 */
public record CooClass(String type, String size) {
    @Override
    public String toString() {
        return type + "/" + size;
    }
}
