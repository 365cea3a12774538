package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.weakest.Assignment;
import isocheck.weakest.AssignmentSearch;
import isocheck.weakest.BoundedResult;
import isocheck.weakest.ForwardDependencyProver;
import isocheck.weakest.HybridSpec;
import isocheck.weakest.ProofStatus;
import isocheck.weakest.Prover;
import isocheck.weakest.SearchOptions;
import isocheck.weakest.SpecVerdict;
import isocheck.weakest.TypeLevelOrder;
import isocheck.weakest.WeakestSpecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two searches of {@code isocheck weakest} on litmus programs whose answer is known from their
 * documented weakest level (benchmarks/programs/litmus/*.sql), and the search's claims checked
 * independently: the answer is anomaly-free, and every one-step downgrade of it has a cycle.
 */
class WeakestSearchTest {

    static final List<String> LEVELS = List.of("ec", "cc", "pc", "psi", "si", "ser");
    static final Prover NO_PROVER = Prover.unavailable("test: no prover");

    static List<Spec> builtins(List<String> names) throws Exception {
        SpecLibrary lib = SpecLibrary.builtin();
        List<Spec> out = new ArrayList<>();
        for (String n : names) out.add(lib.get(n));
        return out;
    }

    static SpecVerdict row(WeakestSpecs.Result r, String spec) {
        return r.rows().stream().filter(v -> v.spec().equals(spec)).findFirst().orElseThrow();
    }

    @Test
    void perTypeLevelOrderIsTheSpecOrder() throws Exception {
        TypeLevelOrder o = TypeLevelOrder.compute(SpecLibrary.builtinSources(), LEVELS);
        assertEquals(List.of("ec"), o.minima());
        assertEquals(
                Map.of("ec", 0, "cc", 1, "psi", 1, "pc", 2, "si", 4, "ser", 5),
                Map.of(
                        "ec",
                        o.rank("ec"),
                        "cc",
                        o.rank("cc"),
                        "psi",
                        o.rank("psi"),
                        "pc",
                        o.rank("pc"),
                        "si",
                        o.rank("si"),
                        "ser",
                        o.rank("ser")));
        assertEquals(List.of("cc", "psi"), o.upgrades("ec").stream().sorted().toList());
        assertEquals(List.of("si"), o.upgrades("pc"));
        assertTrue(o.atLeast("si", "psi"));
        assertFalse(o.atLeast("pc", "psi"), "pc and psi are incomparable per type too");
        assertTrue(o.upgrades("ser").isEmpty());
    }

    @Test
    void longForkNeedsPrefixConsistencyAndInheritsUpwards() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/long-fork.sql");
        List<String> proved = new ArrayList<>();
        // A test double for the prover: records which specs it is asked about and "proves" them.
        Prover recording =
                (prog, spec) -> {
                    proved.add(spec.name());
                    return new ProofStatus.Proved("test double", "");
                };
        WeakestSpecs.Result r =
                WeakestSpecs.run(p, builtins(LEVELS), SearchOptions.defaults(4), recording);
        assertEquals(WeakestSpecs.Verdict.ANSWERED, r.verdict());
        assertEquals(List.of("pc"), r.answer());
        for (String weaker : List.of("ec", "cc", "psi")) {
            BoundedResult b = row(r, weaker).bounded();
            assertInstanceOf(BoundedResult.Anomaly.class, b, weaker);
            assertEquals(4, ((BoundedResult.Anomaly) b).witness().k(), weaker);
            assertEquals("long fork", ((BoundedResult.Anomaly) b).witness().anomaly(), weaker);
        }
        assertEquals(new BoundedResult.NoneUpTo(4), row(r, "pc").bounded());
        // si and ser entail pc: not queried, anomaly-free by entailment, proof inherited
        for (String stronger : List.of("si", "ser")) {
            assertEquals(new BoundedResult.EntailedBy("pc"), row(r, stronger).bounded());
            assertTrue(row(r, stronger).queries().isEmpty());
            assertInstanceOf(ProofStatus.Inherited.class, row(r, stronger).proof());
        }
        assertEquals(
                List.of("pc"), proved, "only the weakest anomaly-free spec is given to the prover");
    }

    @Test
    void writeSkewNeedsSerializability() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/write-skew.sql");
        WeakestSpecs.Result r =
                WeakestSpecs.run(p, builtins(LEVELS), SearchOptions.defaults(4), NO_PROVER);
        assertEquals(List.of("ser"), r.answer());
        assertEquals(
                "write skew", ((BoundedResult.Anomaly) row(r, "si").bounded()).witness().anomaly());
        assertInstanceOf(
                ProofStatus.NotAttempted.class,
                row(r, "ser").proof(),
                "no proof is claimed without a prover");
    }

    @Test
    void noSpecAnomalyFreeIsAnAnswerToo() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/write-skew.sql");
        WeakestSpecs.Result r =
                WeakestSpecs.run(
                        p,
                        builtins(List.of("ec", "psi", "si")),
                        SearchOptions.defaults(3),
                        NO_PROVER);
        assertEquals(WeakestSpecs.Verdict.NONE_ANOMALY_FREE, r.verdict());
        assertTrue(r.answer().isEmpty());
    }

    /**
     * The long fork litmus: the readers need PC (they observe writers' order), the blind writers
     * nothing.
     */
    @Test
    void assignmentSearchOnLongForkUpgradesOnlyTheReader() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/long-fork.sql");
        AssignmentSearch.Result r =
                AssignmentSearch.run(
                        p,
                        SpecLibrary.builtinSources(),
                        LEVELS,
                        List.of(),
                        SearchOptions.defaults(4),
                        NO_PROVER,
                        "long-fork-per-type",
                        List.of("test"));
        assertEquals(AssignmentSearch.Verdict.FOUND, r.verdict());
        assertEquals(1, r.solutions().size());
        AssignmentSearch.Solution s = r.solutions().get(0);
        assertEquals(Map.of("Write", "ec", "ReadPair", "pc"), s.assignment().levels());
        assertEquals(2, s.strength());
        // the first assignment (all at ec) has the long fork; only ReadPair and Write are
        // candidates
        assertEquals(
                Map.of("Write", "ec", "ReadPair", "ec"), r.attempts().get(0).assignment().levels());
        assertInstanceOf(BoundedResult.Anomaly.class, r.attempts().get(0).bounded());
        assertMinimal(p, s.assignment(), r.order(), List.of(), 4, false);
        assertTrue(s.spec().text().contains("include pc for ReadPair"), s.spec().text());
    }

    @Test
    void assignmentSearchOnLostUpdateFindsPsi() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/lost-update.sql");
        AssignmentSearch.Result r =
                AssignmentSearch.run(
                        p,
                        SpecLibrary.builtinSources(),
                        LEVELS,
                        List.of(),
                        SearchOptions.defaults(3),
                        NO_PROVER,
                        "lost-update-per-type",
                        List.of());
        assertEquals(1, r.solutions().size());
        assertEquals(Map.of("Increment", "psi"), r.solutions().get(0).assignment().levels());
        assertMinimal(p, r.solutions().get(0).assignment(), r.order(), List.of(), 3, false);
    }

    @Test
    void assignmentLimitGivesUnknownNotAnAnswer() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/long-fork.sql");
        AssignmentSearch.Result r =
                AssignmentSearch.run(
                        p,
                        SpecLibrary.builtinSources(),
                        LEVELS,
                        List.of(),
                        SearchOptions.defaults(4).withMaxAssignments(1),
                        NO_PROVER,
                        "x",
                        List.of());
        assertEquals(AssignmentSearch.Verdict.UNKNOWN, r.verdict());
        assertTrue(r.solutions().isEmpty());
        assertTrue(r.unknownReason().contains("assignment limit"), r.unknownReason());
    }

    /**
     * SER (and only the specs that force every dependency forward in ar) is proved without the
     * §5.2/§5.3 search.
     */
    @Test
    void forwardDependencyProofCoversSerOnly() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/litmus/write-skew.sql");
        List<String> delegated = new ArrayList<>();
        Prover prover =
                new ForwardDependencyProver(
                        (prog, spec) -> {
                            delegated.add(spec.name());
                            return new ProofStatus.NotProved("fallback");
                        });
        SpecLibrary lib = SpecLibrary.builtin();
        assertTrue(prover.prove(p, lib.get("ser")).proved());
        for (String weaker : List.of("ec", "cc", "pc", "psi", "si")) {
            assertFalse(prover.prove(p, lib.get(weaker)).proved(), weaker);
        }
        assertEquals(List.of("ec", "cc", "pc", "psi", "si"), delegated);
        // every type of the program at ser is ser for this program (closed world over its types)
        HybridSpec allSer =
                HybridSpec.of(
                        "all-ser",
                        Assignment.uniform(List.of("GoOffCall"), "ser"),
                        List.of(),
                        List.of(),
                        SpecLibrary.builtinSources());
        assertTrue(prover.prove(p, allSer.spec()).proved());
        HybridSpec allSi =
                HybridSpec.of(
                        "all-si",
                        Assignment.uniform(List.of("GoOffCall"), "si"),
                        List.of(),
                        List.of(),
                        SpecLibrary.builtinSources());
        assertFalse(prover.prove(p, allSi.spec()).proved());
    }

    /**
     * Independent check of a search answer: its hybrid has no cycle up to the bound, and lowering
     * any one type by one step of the per-type order gives a cycle.
     */
    static void assertMinimal(
            Program p,
            Assignment a,
            TypeLevelOrder order,
            List<String> base,
            int bound,
            boolean uniqueKeys)
            throws Exception {
        Analysis.Options opts = Analysis.Options.defaults(bound).withUniqueKeys(uniqueKeys);
        HybridSpec h = HybridSpec.of("check", a, base, List.of(), SpecLibrary.builtinSources());
        assertEquals(
                Analysis.Verdict.NONE, Analysis.run(p, h.spec(), opts).verdict(), a.toString());
        for (String type : a.levels().keySet()) {
            for (String lower : order.levels()) {
                if (!order.upgrades(lower).contains(a.level(type))) continue;
                Assignment down = a.with(type, lower);
                HybridSpec hd =
                        HybridSpec.of(
                                "check-down", down, base, List.of(), SpecLibrary.builtinSources());
                assertEquals(
                        Analysis.Verdict.FOUND,
                        Analysis.run(p, hd.spec(), opts).verdict(),
                        "downgrade " + down);
            }
        }
    }
}
