package isocheck.level;

/**
 * Checker options.
 *
 * @param maxWitnesses how many independent witnesses to report at most (≥ 1): read anomalies
 *                     each count as one, cycles are reported one per strongly connected component
 */
public record CheckOptions(int maxWitnesses) {
    public static final CheckOptions DEFAULT = new CheckOptions(1);

    public CheckOptions {
        if (maxWitnesses < 1) {
            throw new IllegalArgumentException("maxWitnesses must be at least 1");
        }
    }
}
