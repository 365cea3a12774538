package isocheck.level;

import isocheck.history.History;

/**
 * Decides one isolation level on a history. All checkers first check read consistency (AWDIT
 * Algorithm 4), then causality (so ∪ wr acyclic). RC, RA and CC then saturate a minimal commit
 * relation co' and look for a cycle (AWDIT Lemma 3.2); PC, PSI, SI, SER and SSER search for a
 * commit order exactly ({@link ExactChecker}).
 */
public interface LevelChecker {
    Level level();

    Verdict check(History history);

    /** The checker for {@code level} with default options (one witness). */
    static LevelChecker of(Level level) {
        return of(level, CheckOptions.DEFAULT);
    }

    static LevelChecker of(Level level, CheckOptions options) {
        LevelChecker checker =
                switch (level) {
                    case RC -> new ReadCommittedChecker(options);
                    case RA -> new ReadAtomicChecker(options);
                    case CC -> new CausalChecker(options);
                    case PC, PSI, SI, SER, SSER -> new ExactChecker(level, options);
                };
        return new UncertainPredicateReads(checker);
    }
}
