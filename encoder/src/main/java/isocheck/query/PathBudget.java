package isocheck.query;

/**
 * The time the shortest-path search (paper §5.2) gives its portfolio queries at a length k ≥ 3,
 * before the whole φ_ShortestPath,k gets the full {@code --timeout}: the whole query first, for
 * {@code wholeFactor} times the last whole query's time but at least {@code wholeMillis} (0 and 0:
 * not asked briefly); then each {@link PathExtensions} sequence for {@code sequenceMillis}, all of
 * them together for at most {@code sequencesMillis}. Every budget is capped by {@code --timeout}.
 * Only a sat answer of a sequence decides its length; see {@link Proof}.
 *
 * @param enabled false: every length is one whole query with the full time (no portfolio)
 */
public record PathBudget(
        boolean enabled,
        long wholeMillis,
        int wholeFactor,
        long sequenceMillis,
        long sequencesMillis) {

    /**
     * Measured in benchmarks/RESULTS.md (2026-11-24): 2 s or three times the last whole query, 5 s
     * per sequence, 15 s in all.
     */
    public static final PathBudget DEFAULT = new PathBudget(true, 2000, 3, 5000, 15000);

    /** Every length asks the whole query only (the search before the portfolio). */
    public static final PathBudget WHOLE_ONLY = new PathBudget(false, 0, 0, 0, 0);

    public PathBudget {
        if (wholeMillis < 0 || wholeFactor < 0 || sequenceMillis < 0 || sequencesMillis < 0) {
            throw new IllegalArgumentException("negative path budget");
        }
    }

    /** The brief whole query's time at the next length (0: skip it), within {@code full} ms. */
    long brief(long lastWhole, long full) {
        return Math.min(full, Math.max(wholeMillis, wholeFactor * lastWhole));
    }
}
