package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.query.Analysis;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The decomposition of each cycle query into one query per cyclic type sequence ({@link
 * isocheck.query.TypeSequence}, the default) against the whole query over every type: the same
 * verdict, the same cycle length and, with {@code --all}, the same set of distinct shapes (types,
 * edge kinds and tables, up to rotation). Both enumerations run to completion, so equal sets mean
 * the decomposition neither loses nor invents an anomaly on these rows.
 */
class TypeSequenceEquivalenceTest {

    @ParameterizedTest(name = "{0} under {1}, k <= {2}, all={3}")
    @CsvSource({
        "bank.sql, ec, 4, true, false",
        "bank.sql, psi, 4, true, false",
        "courseware.sql, ec, 2, true, false",
        "courseware.sql, courseware-hybrid-psi, 4, true, false",
        "courseware.sql, courseware-hybrid-psi-cc, 4, true, true",
        "courseware.sql, courseware-hybrid-si, 4, false, true",
        "litmus/lost-update.sql, pc, 4, true, false",
        "litmus/write-skew.sql, si, 4, true, false",
        "litmus/long-fork.sql, psi, 4, true, false",
        "litmus/long-fork.sql, si, 4, true, false",
        "litmus/duplicate-insert.sql, si, 4, true, false",
        "litmus/causality-violation.sql, ec, 4, true, false",
        "litmus/causality-violation.sql, cc, 4, true, false",
        "tpcc.sql, psi-cc, 3, false, false",
        "tpcc.sql, si, 3, false, false",
        "tpcc.sql, ec, 2, true, false",
    })
    void sameAnswersAsTheWholeQuery(
            String program, String spec, int bound, boolean all, boolean unique) throws Exception {
        Analysis.Options opts =
                Analysis.Options.defaults(bound)
                        .withAll(all)
                        .withUniqueKeys(unique)
                        .withKeysBelowCounters(program.equals("tpcc.sql") && spec.equals("psi-cc"));
        String file = "benchmarks/programs/" + program;
        Analysis.Outcome bySequence =
                AcceptanceTest.run(file, spec, opts.withMaxTypeSequences(Integer.MAX_VALUE));
        Analysis.Outcome whole = AcceptanceTest.run(file, spec, opts.withMaxTypeSequences(0));
        assertEquals(whole.verdict(), bySequence.verdict(), program + " under " + spec);
        assertFalse(bySequence.verdict() == Analysis.Verdict.UNKNOWN, "a row that decides");
        if (whole.verdict() == Analysis.Verdict.FOUND) {
            assertEquals(
                    whole.anomalies().get(0).k(),
                    bySequence.anomalies().get(0).k(),
                    "cycle length");
        }
        if (all) assertEquals(shapes(whole), shapes(bySequence), "distinct shapes");
        // the decomposed run asks one query per sequence, each named by its types
        assertTrue(
                bySequence.queries().stream().allMatch(q -> q.name().contains("[")),
                bySequence.queries().toString());
    }

    /**
     * Each anomaly's shape: the types, edge kinds and tables of its cycle, from the rotation that
     * reads least.
     */
    static Set<String> shapes(Analysis.Outcome o) {
        return o.anomalies().stream()
                .map(TypeSequenceEquivalenceTest::shape)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static String shape(Witness w) {
        List<String> edges = new ArrayList<>();
        for (Witness.Edge e : w.edges()) {
            edges.add(
                    w.txns().get(e.from()).type()
                            + " "
                            + e.kind().lower()
                            + " "
                            + e.table()
                            + " "
                            + w.txns().get(e.to()).type());
        }
        String best = null;
        for (int s = 0; s < edges.size(); s++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < edges.size(); i++)
                sb.append(edges.get((s + i) % edges.size())).append("; ");
            if (best == null || sb.toString().compareTo(best) < 0) best = sb.toString();
        }
        return best;
    }
}
