package isocheck.level;

import java.time.Duration;

/**
 * Checker options.
 *
 * @param maxWitnesses how many independent witnesses to report at most (≥ 1): read anomalies each
 *     count as one, cycles are reported one per strongly connected component
 * @param timeout a time limit for the NP-complete levels (PC, PSI, SI, SER, SSER), or null for
 *     none; when it expires the verdict is {@link Verdict.Unknown}, saying what remained
 * @param strategy force a strategy for the exact levels (testing and benchmarks), or AUTO
 */
public record CheckOptions(int maxWitnesses, Duration timeout, Strategy strategy) {
    public static final CheckOptions DEFAULT = new CheckOptions(1);

    /** How the exact levels search for a commit order. */
    public enum Strategy {
        /** Choose automatically (see {@link ExactChecker}). */
        AUTO,
        /** The polygraph with pruning and a search with learned nogoods. */
        POLYGRAPH,
        /** The Biswas–Enea search over session prefixes with memoised failures (not PSI). */
        PREFIX_SEARCH,
        /**
         * The polygraph's search alone, without pruning (tests the search and its learned nogoods).
         */
        SEARCH_ONLY
    }

    public CheckOptions {
        if (maxWitnesses < 1) {
            throw new IllegalArgumentException("maxWitnesses must be at least 1");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (strategy == null) {
            strategy = Strategy.AUTO;
        }
    }

    public CheckOptions(int maxWitnesses) {
        this(maxWitnesses, null, Strategy.AUTO);
    }

    public CheckOptions withTimeout(Duration t) {
        return new CheckOptions(maxWitnesses, t, strategy);
    }

    public CheckOptions withStrategy(Strategy s) {
        return new CheckOptions(maxWitnesses, timeout, s);
    }
}
