package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.anomaly.ReadWitness;
import isocheck.anomaly.Witness;
import isocheck.history.History;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * AWDIT's checkers (Algorithms 1–3 with the corrections of docs/DESIGN.md §5) agree with the
 * brute-force oracle on random small histories, with both verdicts well represented at every level.
 */
class OracleAgreementTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    private static void agree(Level level, long seed) {
        History h = RandomHistories.generate(seed);
        boolean expected = BruteForceOracle.holds(h, level);
        Verdict v = LevelChecker.of(level).check(h);
        boolean actual = v instanceof Verdict.Consistent;
        Statistics.label(level.id()).collect(expected ? "consistent" : "violated");
        Statistics.label(level.id())
                .coverage(
                        c -> {
                            c.check("consistent").percentage(p -> p >= 25.0);
                            c.check("violated").percentage(p -> p >= 25.0);
                        });
        // Violations must not all be the easy kinds: require cycles through inferred co edges.
        String reason = v instanceof Verdict.Violated vio ? reason(vio) : "consistent";
        Statistics.label(level.id() + " reason").collect(reason);
        Statistics.label(level.id() + " reason")
                .coverage(c -> c.check("inferred co cycle").percentage(p -> p >= 5.0));
        assertEquals(
                expected,
                actual,
                () ->
                        level
                                + " disagrees with the oracle (seed "
                                + seed
                                + "):\n"
                                + RandomHistories.dump(h)
                                + "checker said: "
                                + v);
    }

    private static String reason(Verdict.Violated v) {
        Witness w = v.witnesses().get(0);
        if (w instanceof ReadWitness) {
            return "read anomaly";
        }
        return w.name().equals("causality cycle") ? "so/wr cycle" : "inferred co cycle";
    }

    @Property(tries = 10_000)
    void readCommittedAgreesWithOracle(@ForAll("seeds") long seed) {
        agree(Level.RC, seed);
    }

    @Property(tries = 10_000)
    void readAtomicAgreesWithOracle(@ForAll("seeds") long seed) {
        agree(Level.RA, seed);
    }

    @Property(tries = 10_000)
    void causalAgreesWithOracle(@ForAll("seeds") long seed) {
        agree(Level.CC, seed);
    }
}
