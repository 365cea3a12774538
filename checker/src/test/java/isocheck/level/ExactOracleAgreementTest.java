package isocheck.level;

import isocheck.history.History;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The exact checkers agree with the axioms ({@link ExactOracle}) on 5,000 random histories of at
 * most 8 transactions per level, with both verdicts well represented (consistent ≥ 20%, violated ≥
 * 15%, and ≥ 15% of the violations not already CC violations); every returned commit order passes
 * {@link CommitOrderValidator}, and so does every order the oracle finds. Each strategy is
 * exercised: AUTO (which picks the fast path, the prefix search or the polygraph) and, forced, the
 * polygraph and the prefix search.
 */
class ExactOracleAgreementTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    private static void agree(Level level, long seed, CheckOptions.Strategy strategy) {
        History h = LevelHistories.generate(seed, level == Level.PC);
        String label = level.id() + (strategy == CheckOptions.Strategy.AUTO ? "" : " " + strategy);
        ExactOracleAgreement.Outcome outcome =
                ExactOracleAgreement.check(h, level, strategy, seed, label);
        boolean expected = outcome.consistent();
        Verdict v = outcome.verdict();
        if (!expected) {
            // violations must not all be inherited from CC: many are specific to the level
            boolean cc = LevelChecker.of(Level.CC).check(h) instanceof Verdict.Consistent;
            Statistics.label(label + " violations").collect(cc ? "beyond CC" : "CC violated");
            Statistics.label(label + " violations")
                    .coverage(c -> c.check("beyond CC").percentage(p -> p >= 15.0));
        }
        if (strategy == CheckOptions.Strategy.AUTO) {
            Statistics.label(label + " strategy").collect(strategyOf(v));
        }
        if (strategy == CheckOptions.Strategy.POLYGRAPH
                || strategy == CheckOptions.Strategy.SEARCH_ONLY) {
            Statistics.label(strategy + " search").collect(searchKind(v));
        }
        if (strategy == CheckOptions.Strategy.SEARCH_ONLY) {
            Statistics.label(strategy + " search")
                    .coverage(
                            c -> {
                                c.check("search with backjumps").percentage(p -> p >= 0.1);
                                c.check("search refuted every branch").percentage(p -> p >= 2.0);
                            });
        }
    }

    /** Whether the polygraph needed its search, and whether the search backjumped. */
    private static String searchKind(Verdict v) {
        for (String note : v.explain()) {
            if (note.startsWith("search: ")) {
                return note.matches(".* 0 backjumps.*")
                        ? "search, no backjump"
                        : "search with backjumps";
            }
        }
        if (v instanceof Verdict.Violated
                && v.explain().stream()
                        .anyMatch(n -> n.startsWith("violation found by the search"))) {
            return "search refuted every branch";
        }
        return "decided before any search";
    }

    private static String strategyOf(Verdict v) {
        for (String note : v.explain()) {
            if (note.startsWith("strategy: ")) {
                return note.substring(10).replaceAll(" \\(.*", "").replaceAll(":.*", "");
            }
        }
        return "CC check";
    }

    @Property(tries = 5_000)
    void prefixConsistencyAgrees(@ForAll("seeds") long seed) {
        agree(Level.PC, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 5_000)
    void parallelSnapshotIsolationAgrees(@ForAll("seeds") long seed) {
        agree(Level.PSI, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 5_000)
    void snapshotIsolationAgrees(@ForAll("seeds") long seed) {
        agree(Level.SI, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 5_000)
    void serializabilityAgrees(@ForAll("seeds") long seed) {
        agree(Level.SER, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 5_000)
    void strictSerializabilityAgrees(@ForAll("seeds") long seed) {
        agree(Level.SSER, seed, CheckOptions.Strategy.AUTO);
    }

    @Property(tries = 2_000)
    void polygraphAgreesOnEveryLevel(@ForAll("seeds") long seed) {
        for (Level l : new Level[] {Level.PC, Level.SI, Level.SER, Level.SSER}) {
            agree(l, seed, CheckOptions.Strategy.POLYGRAPH);
        }
    }

    /**
     * Without pruning the search decides alone: backjumps, learned nogoods and refutations get
     * exercised.
     */
    @Property(tries = 2_000)
    void searchWithoutPruningAgreesOnEveryLevel(@ForAll("seeds") long seed) {
        for (Level l : new Level[] {Level.PC, Level.PSI, Level.SI, Level.SER, Level.SSER}) {
            agree(l, seed, CheckOptions.Strategy.SEARCH_ONLY);
        }
    }

    @Property(tries = 2_000)
    void prefixSearchAgreesOnEveryLevel(@ForAll("seeds") long seed) {
        for (Level l : new Level[] {Level.PC, Level.SI, Level.SER, Level.SSER}) {
            agree(l, seed, CheckOptions.Strategy.PREFIX_SEARCH);
        }
    }
}
