package isocheck.level;

import isocheck.anomaly.Witness;
import java.util.List;

/**
 * The answer of a {@link LevelChecker}: exact, never "probably". Each verdict may carry the notes
 * of how it was reached ({@code explain}: strategy, sizes, what pruning did), shown by {@code
 * isocheck check --explain}.
 */
public sealed interface Verdict permits Verdict.Consistent, Verdict.Violated, Verdict.Unknown {
    Level level();

    /** How the verdict was reached, one line per note (may be empty). */
    List<String> explain();

    /**
     * Some commit order satisfies the level's axioms. For PC, PSI, SI, SER and SSER, {@code
     * commitOrder} is such an order (transaction numbers of the history, committed transactions
     * only), which {@link CommitOrderValidator} checks in linear time; null for RC/RA/CC.
     */
    record Consistent(Level level, int[] commitOrder, List<String> explain) implements Verdict {
        public Consistent {
            explain = explain == null ? List.of() : List.copyOf(explain);
        }

        public Consistent(Level level) {
            this(level, null, List.of());
        }
    }

    /** No commit order does; each witness explains one independent reason (at least one). */
    record Violated(Level level, List<Witness> witnesses, List<String> explain) implements Verdict {
        public Violated {
            witnesses = List.copyOf(witnesses);
            explain = explain == null ? List.of() : List.copyOf(explain);
            if (witnesses.isEmpty()) {
                throw new IllegalArgumentException("a violation needs a witness");
            }
        }

        public Violated(Level level, List<Witness> witnesses) {
            this(level, witnesses, List.of());
        }
    }

    /** The checker could not decide (a time limit expired); {@code reason} says what remained. */
    record Unknown(Level level, String reason, List<String> explain) implements Verdict {
        public Unknown {
            explain = explain == null ? List.of() : List.copyOf(explain);
        }

        public Unknown(Level level, String reason) {
            this(level, reason, List.of());
        }
    }
}
