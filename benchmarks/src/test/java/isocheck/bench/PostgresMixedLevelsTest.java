package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.EntailmentOrder;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.weakest.Assignment;
import isocheck.weakest.HybridSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL SERIALIZABLE in a per-transaction mix ({@link HybridSpec}): SSI watches serializable
 * transactions only, so one type at SERIALIZABLE among REPEATABLE READ ones does not get ser's
 * {@code vis = ar}. SmallBank's read-only anomaly (Alomari et al., ICDE 2008) with only WriteCheck
 * at SERIALIZABLE is what the server allows; the earlier hybrid excluded it.
 */
class PostgresMixedLevelsTest {

    static final List<String> TYPES =
            List.of(
                    "Balance",
                    "DepositChecking",
                    "TransactSavings",
                    "Amalgamate",
                    "WriteCheck",
                    "SendPayment");

    static HybridSpec hybrid(String name, Set<String> serializable) throws Exception {
        Map<String, String> levels = new LinkedHashMap<>();
        for (String t : TYPES)
            levels.put(t, serializable.contains(t) ? "pg-serializable" : "pg-repeatable-read");
        return HybridSpec.of(
                name, new Assignment(levels), List.of(), List.of(), SpecLibrary.builtinSources());
    }

    @Test
    void oneSerializableTypeAmongRepeatableReadStillHasTheReadOnlyAnomaly() throws Exception {
        HybridSpec h = hybrid("smallbank-wc-ser", Set.of("WriteCheck"));
        assertTrue(h.text().contains("include pg-repeatable-read for WriteCheck"), h.text());
        assertTrue(h.text().contains("axiom pg_ssi_among_serializable"), h.text());
        assertFalse(h.text().contains("include pg-serializable"), h.text());
        Program p = ShippedProgramsTest.load("benchmarks/programs/smallbank.sql");
        Analysis.Outcome o = Analysis.run(p, h.spec(), Analysis.Options.defaults(3));
        assertEquals(Analysis.Verdict.FOUND, o.verdict(), "the server allows a cycle here");
        // the cycle runs through a REPEATABLE READ transaction (SSI does not see its reads)
        assertTrue(
                o.anomalies().get(0).txns().stream().anyMatch(t -> !t.type().equals("WriteCheck")),
                o.anomalies().get(0).toString());
    }

    @Test
    void theMixIsBetweenRepeatableReadAndSerAndGrowsWithTheSerializableSet() throws Exception {
        HybridSpec none = hybrid("mix-none", Set.of());
        HybridSpec one = hybrid("mix-one", Set.of("WriteCheck"));
        HybridSpec three = hybrid("mix-three", Set.of("Balance", "WriteCheck", "TransactSavings"));
        HybridSpec all = hybrid("mix-all", Set.copyOf(TYPES));
        assertTrue(all.text().contains("include pg-serializable for"), all.text());
        Spec serForWriteCheck =
                SpecLibrary.fromSources(
                                concat(
                                        "ser-for-wc",
                                        "include pg-repeatable-read\ninclude ser for WriteCheck\n"))
                        .get("ser-for-wc");
        EntailmentOrder o =
                EntailmentOrder.compute(
                        List.of(
                                none.spec(),
                                one.spec(),
                                three.spec(),
                                all.spec(),
                                serForWriteCheck),
                        new EntailmentOrder.Options(EntailmentOrder.Method.BOUNDED, 30_000, TYPES));
        assertEquals(EntailmentOrder.Verdict.ENTAILS, o.entails("mix-one", "mix-none"));
        assertEquals(EntailmentOrder.Verdict.ENTAILS, o.entails("mix-three", "mix-one"));
        assertEquals(EntailmentOrder.Verdict.ENTAILS, o.entails("mix-all", "mix-three"));
        assertEquals(EntailmentOrder.Verdict.DOES_NOT_ENTAIL, o.entails("mix-none", "mix-one"));
        assertEquals(EntailmentOrder.Verdict.DOES_NOT_ENTAIL, o.entails("mix-three", "mix-all"));
        // the old reading (vis = ar for WriteCheck alone) is strictly stronger than the server
        assertEquals(EntailmentOrder.Verdict.DOES_NOT_ENTAIL, o.entails("mix-one", "ser-for-wc"));
    }

    /**
     * The per-transaction answer for SmallBank (issue 14): the three types of Alomari et al.'s
     * structure at SERIALIZABLE, DepositChecking (whose only read is its UPDATE) at READ COMMITTED,
     * the others at REPEATABLE READ. The dangerous-structure proof proves it with t1's predecessor
     * (the SSI axiom needs "T3 committed before T1's snapshot"), where the shortest-path method ran
     * out of 900 s; with WriteCheck at REPEATABLE READ the 3-cycle is found instead.
     */
    @Test
    void smallBanksAssignmentIsProvedByTheDangerousStructureAndNotWithoutWriteCheck()
            throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/smallbank.sql");
        isocheck.query.ProofOptions ds =
                isocheck.query.ProofOptions.defaults()
                        .withMethod(isocheck.query.ProofMethod.DANGEROUS_STRUCTURE);
        isocheck.query.ProofOutcome proved =
                isocheck.query.Proof.verify(
                        p,
                        mix(
                                        "sb-answer",
                                        Set.of("Balance", "WriteCheck", "TransactSavings"),
                                        Set.of("DepositChecking"))
                                .spec(),
                        ds);
        assertEquals(isocheck.query.ProofOutcome.Verdict.PROVED, proved.verdict(), proved.reason());
        isocheck.query.ProofOutcome without =
                isocheck.query.Proof.verify(
                        p,
                        mix(
                                        "sb-no-wc",
                                        Set.of("Balance", "TransactSavings"),
                                        Set.of("DepositChecking"))
                                .spec(),
                        ds);
        assertEquals(
                isocheck.query.ProofOutcome.Verdict.ANOMALY, without.verdict(), without.reason());
    }

    /**
     * Courseware's cycles need every type at SERIALIZABLE: before the search tried that assignment
     * itself it answered "no assignment is anomaly-free" once a cycle's types were all at
     * SERIALIZABLE in a mix (AssignmentSearch).
     */
    @Test
    void theSearchTriesEveryTypeAtSerializable() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/courseware.sql");
        isocheck.weakest.AssignmentSearch.Result r =
                isocheck.weakest.AssignmentSearch.run(
                        p,
                        SpecLibrary.builtinSources(),
                        List.of("pg-read-committed", "pg-repeatable-read", "pg-serializable"),
                        List.of(),
                        isocheck.weakest.SearchOptions.defaults(4),
                        isocheck.weakest.Prover.unavailable("test"),
                        "courseware-per-type",
                        List.of());
        assertEquals(isocheck.weakest.AssignmentSearch.Verdict.FOUND, r.verdict());
        for (String level : r.solutions().get(0).assignment().levels().values())
            assertEquals("pg-serializable", level, r.solutions().get(0).assignment().toString());
    }

    static HybridSpec mix(String name, Set<String> serializable, Set<String> readCommitted)
            throws Exception {
        Map<String, String> levels = new LinkedHashMap<>();
        for (String t : TYPES)
            levels.put(
                    t,
                    serializable.contains(t)
                            ? "pg-serializable"
                            : readCommitted.contains(t)
                                    ? "pg-read-committed"
                                    : "pg-repeatable-read");
        return HybridSpec.of(
                name, new Assignment(levels), List.of(), List.of(), SpecLibrary.builtinSources());
    }

    private static List<SpecLibrary.Source> concat(String name, String text) {
        List<SpecLibrary.Source> all = new java.util.ArrayList<>(SpecLibrary.builtinSources());
        all.add(new SpecLibrary.Source(name, name + ".spec", text, false));
        return all;
    }
}
