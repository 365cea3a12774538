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
 * The checkers agree with the oracles at every level on random histories whose writes record the
 * version they replaced ({@link RandomHistories#generate(long, boolean)}): the commit graph of RC,
 * RA and CC, the polygraph and its fast paths, against orders enumerated straight from the axioms
 * with the recorded pairs as required co pairs. At least 2% of the histories at SER (measured:
 * 2.7%) have a verdict the records decide (it differs without them).
 */
class RecordedOrderOracleAgreementTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 3_000)
    void checkersAgreeWithTheOraclesOnRecordedOrders(@ForAll("seeds") long seed) {
        History h = RandomHistories.generate(seed, true);
        for (Level level : Level.values()) {
            boolean oracle = BruteForceOracle.holds(h, level);
            Verdict v = LevelChecker.of(level).check(h);
            assertEquals(
                    oracle,
                    v instanceof Verdict.Consistent,
                    () ->
                            level
                                    + " seed "
                                    + seed
                                    + ":\n"
                                    + RandomHistories.dump(h)
                                    + "checker said: "
                                    + v);
            if (level == Level.SER || level == Level.CC) {
                boolean without = BruteForceOracle.holds(RandomHistories.generate(seed), level);
                Statistics.label(level.id())
                        .collect(
                                oracle == without
                                        ? (oracle ? "consistent" : "violated")
                                                + ", records do not decide"
                                        : oracle ? "consistent" : "violated by the records");
            }
        }
        Statistics.label("ser")
                .coverage(c -> c.check("violated by the records").percentage(p -> p >= 2.0));
    }
}
