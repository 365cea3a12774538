package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.weakest.AssignmentSearch;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code weakest --per-transaction} asks the next candidate assignment's analysis beside the
 * current one (isocheck.weakest.SpeculativeAnalysis) and uses it only after dropping the queries it
 * learned unsatisfiable meanwhile. The report must be exactly the sequential search's: here both
 * run on shipped programs and every attempt (assignment, bounded result with its witness, the
 * queries asked with their answers), the skipped count and the solutions are compared; and some
 * analysis must have come from speculation, so the comparison is not vacuous.
 */
class SpeculativeSearchAgreementTest {

    static List<String> report(AssignmentSearch.Result r) {
        List<String> out = new ArrayList<>(PrunedSearchAgreementTest.attempts(r));
        for (AssignmentSearch.Attempt a : r.attempts()) {
            StringBuilder q = new StringBuilder(a.assignment() + " asked:");
            for (Analysis.Query x : a.queries())
                q.append(' ').append(x.name()).append('=').append(x.result());
            out.add(q.toString());
        }
        out.add("queries " + r.queries() + ", not asked " + r.skipped());
        return out;
    }

    @Test
    void perTransactionSearchIsTheSequentialOneOnBankCoursewareAndTpcc() throws Exception {
        int ahead = 0;
        for (String f :
                List.of(
                        "benchmarks/programs/bank.sql",
                        "benchmarks/programs/courseware.sql",
                        "benchmarks/programs/tpcc.sql")) {
            Program p = ShippedProgramsTest.load(f);
            List<SpecLibrary.Source> sources = SpecLibrary.builtinSources();
            AssignmentSearch.Result[] r = new AssignmentSearch.Result[2];
            for (int i = 0; i < 2; i++)
                r[i] =
                        AssignmentSearch.run(
                                p,
                                sources,
                                PrunedSearchAgreementTest.LEVELS,
                                List.of(),
                                PrunedSearchAgreementTest.sql(3)
                                        .withKeysBelowCounters(f.endsWith("tpcc.sql")),
                                WeakestSearchTest.NO_PROVER,
                                "speculative",
                                List.of(),
                                true,
                                i == 1);
            assertEquals(report(r[0]), report(r[1]), f);
            assertEquals(0, r[0].askedAhead(), f);
            ahead += r[1].askedAhead();
        }
        assertTrue(ahead > 0, "no analysis was asked ahead: the comparison shows nothing");
    }
}
