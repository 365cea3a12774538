package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.history.History;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The checkers agree with the oracles on random histories with predicate reads, at every level. The
 * oracles take Adya's predicate edges from the predicate reads themselves ({@link PredicateEdges}:
 * a change seen orders like wr, a change missed must not be visible to the reader under the level's
 * premise), not from the item keys the checkers see; at least 10% of the histories at SER have a
 * verdict that their predicate reads decide (it differs without them).
 */
class PredicateOracleAgreementTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 1_500)
    void checkersAgreeWithTheOraclesOnPredicateReads(@ForAll("seeds") long seed) {
        History[] hs = PredicateHistories.generate(seed);
        History h = hs[0];
        for (Level level : Level.values()) {
            boolean oracle = BruteForceOracle.holds(h, level);
            Verdict v = LevelChecker.of(level).check(h);
            assertEquals(
                    oracle,
                    v instanceof Verdict.Consistent,
                    () -> level + " seed " + seed + ": " + v);
            if (level == Level.SER) {
                boolean without = BruteForceOracle.holds(hs[1], level);
                Statistics.label("SER")
                        .collect(
                                oracle == without
                                        ? (oracle ? "consistent" : "violated")
                                                + ", predicates do not decide"
                                        : oracle ? "consistent" : "violated by predicate edges");
            }
        }
        Statistics.label("SER")
                .coverage(
                        c -> {
                            c.check("violated by predicate edges").percentage(p -> p >= 10.0);
                            c.check("consistent, predicates do not decide")
                                    .percentage(p -> p >= 10.0);
                        });
    }
}
