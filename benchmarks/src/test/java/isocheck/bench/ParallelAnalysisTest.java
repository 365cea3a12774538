package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.query.KnownUnsat;
import isocheck.query.LikelySat;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Queries asked on several threads ({@link Analysis.Options#threads}) give the report of one
 * thread: the same verdict, the same queries in the same order with the same answers, the same
 * anomalies in the same order with the same witnesses, whichever query finished first. Rows where
 * the threads race: a satisfiable sequence query with more after it (the queries asked ahead are
 * cancelled and left out), {@code --all} enumerations merged from several sequences, and
 * whole-query lengths.
 */
class ParallelAnalysisTest {

    @ParameterizedTest(name = "{0} under {1}, k <= {2}, all={3}")
    @CsvSource({
        "tpcc.sql, psi, 3, false",
        "tpcc.sql, ec, 2, true",
        "courseware.sql, ec, 2, true",
        "courseware.sql, courseware-hybrid-psi, 4, true",
        "bank.sql, psi, 4, false",
        "litmus/long-fork.sql, psi, 4, true",
    })
    void threadsDoNotChangeTheReport(String program, String spec, int bound, boolean all)
            throws Exception {
        Analysis.Options opts = Analysis.Options.defaults(bound).withAll(all);
        String file = "benchmarks/programs/" + program;
        Analysis.Outcome one = AcceptanceTest.run(file, spec, opts.withThreads(1));
        Analysis.Outcome two = AcceptanceTest.run(file, spec, opts.withThreads(2));
        Analysis.Outcome three = AcceptanceTest.run(file, spec, opts.withThreads(3));
        assertNotEquals(Analysis.Verdict.UNKNOWN, one.verdict());
        assertEquals(render(one), render(two), "2 threads");
        assertEquals(render(one), render(three), "3 threads");
    }

    /**
     * A {@link LikelySat} hint only holds jobs back: every query expected satisfiable, or every
     * other one, gives the report of no hint, on a program with a cycle after unsatisfiable queries
     * (TPC-C under PSI at k = 3) and on one without (bank under PSI up to 4, every query asked).
     */
    @ParameterizedTest(name = "{0} under {1}, k <= {2}")
    @CsvSource({"tpcc.sql, psi, 3", "bank.sql, psi, 4"})
    void aLikelySatHintDoesNotChangeTheReport(String program, String spec, int bound)
            throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/" + program).withoutInvariants();
        Spec s = SpecLibrary.builtin().get(spec);
        Analysis.Options opts = Analysis.Options.defaults(bound).withThreads(2);
        String none = render(Analysis.run(p, s, opts, KnownUnsat.NONE, LikelySat.NONE));
        String every = render(Analysis.run(p, s, opts, KnownUnsat.NONE, (k, seq) -> true));
        String alternate =
                render(
                        Analysis.run(
                                p,
                                s,
                                opts,
                                KnownUnsat.NONE,
                                (k, seq) -> seq != null && seq.types().hashCode() % 2 == 0));
        assertEquals(none, every, "every query expected satisfiable");
        assertEquals(none, alternate, "every other query expected satisfiable");
    }

    /** Everything the report shows but the times. */
    static String render(Analysis.Outcome o) {
        StringBuilder sb = new StringBuilder(o.verdict().toString()).append('\n');
        sb.append(
                        o.queries().stream()
                                .map(q -> q.name() + " " + q.result())
                                .collect(Collectors.joining("\n")))
                .append('\n');
        for (Witness w : o.anomalies()) {
            sb.append(w.txns())
                    .append(w.edges())
                    .append(w.arOrder())
                    .append(w.anomaly())
                    .append(w.explanation());
            for (int[] pair : w.vis()) sb.append(java.util.Arrays.toString(pair));
            sb.append('\n');
        }
        return sb.toString();
    }
}
