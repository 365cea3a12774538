package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.encoding.KeyModel;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.weakest.AssignmentSearch;
import isocheck.weakest.BoundedResult;
import isocheck.weakest.SearchOptions;
import isocheck.weakest.SpecVerdict;
import isocheck.weakest.WeakestSpecs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The searches of {@code weakest} leave out a query that was unsatisfiable under a weaker spec or
 * assignment (isocheck.weakest.UnsatQueries). That is sound only if the answer is exactly the one
 * of the unpruned search: here both are run on shipped programs and compared row by row — each
 * spec's or assignment's bounded result with its witness, the answer, and the assignments tried —
 * and the pruning must have left something out, so the comparison is not vacuous.
 */
class PrunedSearchAgreementTest {

    static final List<String> LEVELS = WeakestSearchTest.LEVELS;

    /**
     * What a bounded result says: an anomaly with its witness (the explanation names the
     * parameters, the arbitration order, who sees whom and every edge), none up to k, entailed,
     * unknown.
     */
    static String describe(BoundedResult b) {
        if (b instanceof BoundedResult.Anomaly a)
            return "anomaly k="
                    + a.witness().k()
                    + " "
                    + a.witness().signature()
                    + " "
                    + a.witness().explanation();
        return b.toString();
    }

    static List<String> rows(WeakestSpecs.Result r) {
        List<String> out = new ArrayList<>();
        for (SpecVerdict v : r.rows()) out.add(v.spec() + ": " + describe(v.bounded()));
        out.add("answer " + r.answer() + " " + r.verdict());
        return out;
    }

    static List<String> attempts(AssignmentSearch.Result r) {
        List<String> out = new ArrayList<>();
        for (AssignmentSearch.Attempt a : r.attempts())
            out.add(a.assignment() + " (from " + a.reusedFrom() + "): " + describe(a.bounded()));
        for (AssignmentSearch.Solution s : r.solutions()) out.add("solution " + s.assignment());
        out.add(r.verdict().toString());
        return out;
    }

    static SearchOptions sql(int bound) {
        return SearchOptions.defaults(bound).withUniqueKeys(true).withKeys(KeyModel.SQL);
    }

    @Test
    void weakestSpecAgreesOnBankAndTheLitmusPrograms() throws Exception {
        List<Spec> specs = WeakestSearchTest.builtins(LEVELS);
        List<String> files = new ArrayList<>(List.of("benchmarks/programs/bank.sql"));
        try (Stream<Path> litmus =
                Files.list(ShippedProgramsTest.ROOT.resolve("benchmarks/programs/litmus"))) {
            litmus.filter(p -> p.toString().endsWith(".sql"))
                    .sorted()
                    .forEach(p -> files.add(ShippedProgramsTest.ROOT.relativize(p).toString()));
        }
        int skipped = 0;
        int compared = 0;
        for (String f : files) {
            Program p = ShippedProgramsTest.load(f);
            WeakestSpecs.Result pruned =
                    WeakestSpecs.run(p, specs, sql(3), WeakestSearchTest.NO_PROVER, true);
            // nothing left out: the pruned search asked every query the unpruned one asks, the
            // same computation (only UnsatQueries' skips differ), so there is nothing to compare
            if (pruned.skipped() == 0) continue;
            WeakestSpecs.Result full =
                    WeakestSpecs.run(p, specs, sql(3), WeakestSearchTest.NO_PROVER, false);
            assertEquals(rows(full), rows(pruned), f);
            assertEquals(0, full.skipped(), f);
            assertTrue(pruned.queries() < full.queries(), f);
            skipped += pruned.skipped();
            compared++;
        }
        System.out.printf(
                "weakest: %d of %d programs had queries left out (%d in all), each compared%n",
                compared, files.size(), skipped);
        assertTrue(compared >= 5, "fewer than 5 programs had a query left out: " + compared);
    }

    @Test
    void perTransactionSearchAgreesOnBankAndCourseware() throws Exception {
        int skipped = 0;
        for (String f :
                List.of("benchmarks/programs/bank.sql", "benchmarks/programs/courseware.sql")) {
            Program p = ShippedProgramsTest.load(f);
            List<SpecLibrary.Source> sources = SpecLibrary.builtinSources();
            AssignmentSearch.Result pruned =
                    AssignmentSearch.run(
                            p,
                            sources,
                            LEVELS,
                            List.of(),
                            sql(3),
                            WeakestSearchTest.NO_PROVER,
                            "pruned",
                            List.of(),
                            true);
            AssignmentSearch.Result full =
                    AssignmentSearch.run(
                            p,
                            sources,
                            LEVELS,
                            List.of(),
                            sql(3),
                            WeakestSearchTest.NO_PROVER,
                            "pruned",
                            List.of(),
                            false);
            assertEquals(attempts(full), attempts(pruned), f);
            assertEquals(0, full.skipped(), f);
            assertTrue(pruned.queries() < full.queries() || pruned.skipped() == 0, f);
            skipped += pruned.skipped();
        }
        assertTrue(skipped > 0, "no query was left out: the comparison shows nothing");
    }
}
