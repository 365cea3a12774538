package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import java.util.Optional;
import net.jqwik.api.statistics.Statistics;

/**
 * One round of the agreement loop of the oracle tests: the axioms ({@link ExactOracle}) decide a
 * history, every order they find passes {@link CommitOrderValidator}, the checker under test (a
 * level and a strategy) gives the same verdict with a valid certificate when consistent, and both
 * verdicts are well represented under {@code label} (consistent ≥ 20 %, violated ≥ 15 %).
 */
final class ExactOracleAgreement {
    private ExactOracleAgreement() {}

    /** What the oracle decided and what the checker said (already asserted to agree). */
    record Outcome(boolean consistent, Verdict verdict) {}

    static Outcome check(
            History h, Level level, CheckOptions.Strategy strategy, long seed, String label) {
        int[] oracleOrder = ExactOracle.commitOrder(h, level);
        boolean expected = oracleOrder != null;
        if (expected) {
            Optional<String> bad = CommitOrderValidator.check(h, level, oracleOrder);
            assertTrue(
                    bad.isEmpty(),
                    () ->
                            "validator rejects the oracle's order (seed "
                                    + seed
                                    + "): "
                                    + bad.get()
                                    + "\n"
                                    + RandomHistories.dump(h));
        }
        Verdict v = LevelChecker.of(level, new CheckOptions(1).withStrategy(strategy)).check(h);
        Statistics.label(label).collect(expected ? "consistent" : "violated");
        Statistics.label(label)
                .coverage(
                        c -> {
                            c.check("consistent").percentage(p -> p >= 20.0);
                            c.check("violated").percentage(p -> p >= 15.0);
                        });
        assertEquals(
                expected,
                v instanceof Verdict.Consistent,
                () ->
                        level
                                + "/"
                                + strategy
                                + " disagrees with the oracle (seed "
                                + seed
                                + "):\n"
                                + RandomHistories.dump(h)
                                + "checker said: "
                                + v);
        if (v instanceof Verdict.Consistent c) {
            Optional<String> bad = CommitOrderValidator.check(h, level, c.commitOrder());
            assertTrue(
                    bad.isEmpty(), () -> "invalid certificate (seed " + seed + "): " + bad.get());
        }
        return new Outcome(expected, v);
    }
}
