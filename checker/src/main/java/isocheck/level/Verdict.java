package isocheck.level;

import isocheck.anomaly.Witness;
import java.util.List;

/** The answer of a {@link LevelChecker}: exact, never "probably". */
public sealed interface Verdict permits Verdict.Consistent, Verdict.Violated, Verdict.Unknown {
    Level level();

    /** Some commit order satisfies the level's axioms. */
    record Consistent(Level level) implements Verdict {
    }

    /** No commit order does; each witness explains one independent reason (at least one). */
    record Violated(Level level, List<Witness> witnesses) implements Verdict {
        public Violated {
            witnesses = List.copyOf(witnesses);
            if (witnesses.isEmpty()) {
                throw new IllegalArgumentException("a violation needs a witness");
            }
        }
    }

    /** The checker could not decide (e.g. a time limit); {@code reason} says why. */
    record Unknown(Level level, String reason) implements Verdict {
    }
}
