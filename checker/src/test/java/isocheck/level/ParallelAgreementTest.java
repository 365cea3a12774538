package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.history.History;
import isocheck.primitive.Parallel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The parallel paths (index, read consistency, RC and RA saturation split over cores) give exactly
 * what one thread gives (and the scans for small transactions what the per-transaction arrays
 * give): the same verdict, the same witnesses and the same number of inferred edges, on random
 * histories split as finely as the machine's cores allow (threshold 0). The exact levels too (PSI,
 * SI, SER, PC: the index and read checks of their CC check and of the certificate check): the same
 * verdict, notes (times masked), witnesses and commit order.
 */
class ParallelAgreementTest {

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    private static String run(Level level, History h, boolean parallel) {
        int old = Parallel.setThreshold(parallel ? 0 : Integer.MAX_VALUE);
        // One thread also takes the other way of finding first reads and distinct writers.
        ReadCommittedChecker.scanLimit = parallel ? 24 : 0;
        HistoryIndex.scanLimit = parallel ? 24 : 0;
        try {
            Verdict v = LevelChecker.of(level).check(h);
            HistoryIndex idx = new HistoryIndex(h);
            CommitGraph g = new CommitGraph(idx);
            // every read anomaly, not only the verdict's first (the read-consistency split)
            String edges = ReadConsistency.anomalies(idx, new Views(idx), Integer.MAX_VALUE) + "\n";
            if (level == Level.RC) {
                ReadCommittedChecker.saturate(idx, g);
                edges += g.edgeText();
            } else if (level == Level.RA) {
                ReadAtomicChecker.saturate(idx, g);
                edges += g.edgeText();
            }
            String order =
                    v instanceof Verdict.Consistent c && c.commitOrder() != null
                            ? java.util.Arrays.toString(c.commitOrder())
                            : "";
            // times masked; the commit order by value, not by the array's identity
            return (v + "\n" + order + "\n" + edges)
                    .replaceAll("[0-9.]+ ms", "_ ms")
                    .replaceAll("\\[I@[0-9a-f]+", "[I");
        } finally {
            Parallel.setThreshold(old);
            ReadCommittedChecker.scanLimit = 24;
            HistoryIndex.scanLimit = 24;
        }
    }

    private static void agree(Level level, long seed) {
        History h = RandomHistories.generate(seed);
        assertEquals(
                run(level, h, false),
                run(level, h, true),
                () ->
                        level
                                + " differs in parallel (seed "
                                + seed
                                + "):\n"
                                + RandomHistories.dump(h));
    }

    @Property(tries = 3_000)
    void readCommittedIsTheSameInParallel(@ForAll("seeds") long seed) {
        agree(Level.RC, seed);
    }

    @Property(tries = 3_000)
    void readAtomicIsTheSameInParallel(@ForAll("seeds") long seed) {
        agree(Level.RA, seed);
    }

    @Property(tries = 1_000)
    void exactLevelsAreTheSameInParallel(@ForAll("seeds") long seed) {
        for (Level level : new Level[] {Level.PSI, Level.SI, Level.SER, Level.PC}) {
            agree(level, seed);
        }
    }

    @Property(tries = 1_000)
    void causalIsTheSameInParallel(@ForAll("seeds") long seed) {
        agree(Level.CC, seed);
    }
}
