package isocheck.level;

import isocheck.history.History;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The read-modify-write chain rule ({@link RmwChains}) against the axioms ({@link ExactOracle}):
 * random histories in which most transactions overwrite what they read ({@link
 * LevelHistories#generateRmw}), decided by the polygraph (where chains collapse writer pairs and
 * add the initial chain's edges) and by the automatic choice. Both verdicts are well represented,
 * chains with links are built in most histories, lost updates (a version with two read-modify-write
 * successors) occur, and every commit order passes the validator. PC, which allows lost updates and
 * so never chains, is checked on the same histories.
 */
class RmwChainOracleTest {
    private static final Pattern LINKS = Pattern.compile("read-modify-write chains: (\\d+) links");

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    private static void agree(Level level, long seed, CheckOptions.Strategy strategy) {
        History h = LevelHistories.generateRmw(seed);
        String label = level.id() + " " + strategy;
        ExactOracleAgreement.Outcome outcome =
                ExactOracleAgreement.check(h, level, strategy, seed, label);
        boolean expected = outcome.consistent();
        Verdict v = outcome.verdict();
        if (strategy == CheckOptions.Strategy.POLYGRAPH && level != Level.PC) {
            Statistics.label(label + " chains").collect(chainKind(v, expected));
            Statistics.label(label + " chains")
                    .coverage(
                            c -> {
                                c.check("links, consistent").percentage(p -> p >= 10.0);
                                // SER sees lost updates already in the known graph (rw both ways);
                                // violations that need
                                // two chains ordered are rare here: ChainPairRefutationTest has one
                                if (level == Level.SI || level == Level.PSI) {
                                    c.check("links, violated, lost update")
                                            .percentage(p -> p >= 5.0);
                                }
                            });
        }
    }

    /** Whether the polygraph built chains with at least one link, by verdict. */
    private static String chainKind(Verdict v, boolean consistent) {
        for (String note : v.explain()) {
            Matcher mm = LINKS.matcher(note);
            if (mm.find()) {
                boolean lost = note.contains("lost updates");
                return (Integer.parseInt(mm.group(1)) > 0 ? "links" : "no links")
                        + (consistent
                                ? ", consistent"
                                : lost ? ", violated, lost update" : ", violated, no lost update");
            }
        }
        return "decided before the constraints";
    }

    @Property(tries = 3_000)
    void serializabilityAgrees(@ForAll("seeds") long seed) {
        agree(Level.SER, seed, CheckOptions.Strategy.POLYGRAPH);
        agree(Level.SER, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 3_000)
    void strictSerializabilityAgrees(@ForAll("seeds") long seed) {
        agree(Level.SSER, seed, CheckOptions.Strategy.POLYGRAPH);
    }

    @Property(tries = 3_000)
    void snapshotIsolationAgrees(@ForAll("seeds") long seed) {
        agree(Level.SI, seed, CheckOptions.Strategy.POLYGRAPH);
        agree(Level.SI, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 3_000)
    void parallelSnapshotIsolationAgrees(@ForAll("seeds") long seed) {
        agree(Level.PSI, seed, CheckOptions.Strategy.POLYGRAPH);
        agree(Level.PSI, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 3_000)
    void prefixConsistencyAgreesWithoutChains(@ForAll("seeds") long seed) {
        agree(Level.PC, seed, CheckOptions.Strategy.POLYGRAPH);
    }
}
