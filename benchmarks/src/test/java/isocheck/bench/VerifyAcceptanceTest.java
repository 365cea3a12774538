package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.PathBudget;
import isocheck.query.Proof;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.query.ProofOutcome;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof rows of issue 4 (paper §2, §5.2, §5.3, §6) on our programs. Where the paper's result
 * does not hold for our programs (TPC-C with a one-transaction Delivery under SI; the Courseware SI
 * hybrid is not proved by shortest path, which has chordless paths even under SER), the tests
 * assert what does hold and why, with the evidence in benchmarks/RESULTS.md. Times are measured by
 * the harness, never asserted.
 */
class VerifyAcceptanceTest {

    static ProofOutcome verify(String program, String spec, ProofOptions opts) throws Exception {
        // the paper's rows: its reading of INSERT (the API's default) and only the assumptions the
        // row
        // asks for by option, so tpcc.sql's declared invariant is left out here (issue 13)
        Program p = ShippedProgramsTest.load(program).withoutInvariants();
        SpecLibrary lib =
                spec.startsWith("courseware-")
                        ? SpecLibrary.load(
                                ShippedProgramsTest.ROOT.resolve(
                                        "benchmarks/programs/courseware-specs"))
                        : spec.startsWith("tpcc-")
                                ? SpecLibrary.load(
                                        ShippedProgramsTest.ROOT.resolve(
                                                "benchmarks/programs/tpcc-specs"))
                                : SpecLibrary.builtin();
        return Proof.verify(p, lib.get(spec), opts);
    }

    static ProofOptions method(ProofMethod m) {
        return ProofOptions.defaults().withMethod(m);
    }

    static List<String> steps(ProofOutcome o) {
        return o.steps().stream()
                .map(
                        s ->
                                s.role().label()
                                        + (s.k() > 0 ? " " + s.k() : "")
                                        + (s.subset().isEmpty() ? "" : " " + s.subset())
                                        + " "
                                        + s.result())
                .toList();
    }

    /** The steps that decided their length or role (portfolio attempts left out). */
    static List<String> decidingSteps(ProofOutcome o) {
        return steps(
                new ProofOutcome(
                        o.verdict(),
                        o.provedBy(),
                        o.steps().stream().filter(s -> !s.attempt()).toList(),
                        o.anomaly(),
                        o.longestPath(),
                        o.rounds(),
                        o.remainder(),
                        o.reason(),
                        o.millis()));
    }

    /**
     * No brief whole query: every length after the first tries the type sequences, then the whole
     * query (deterministic portfolio).
     */
    static final PathBudget SEQUENCES_FIRST = new PathBudget(true, 0, 0, 30_000, 120_000);

    static List<String> types(Witness w) {
        return w.txns().stream().map(Witness.Txn::type).toList();
    }

    // ------------------------------------------------------------------ litmus programs

    /**
     * Under SER (vis = ar) every dependency follows ar, so both conditions of Lemma 11 hold: each
     * litmus program is proved inductively in one round with every writing type in T'.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(
            strings = {
                "lost-update",
                "write-skew",
                "read-skew",
                "long-fork",
                "fractured-read",
                "causality-violation",
                "duplicate-insert"
            })
    void litmusUnderSerIsProvedInductively(String name) throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/litmus/" + name + ".sql",
                        "ser",
                        method(ProofMethod.INDUCTIVE));
        assertEquals(ProofOutcome.Verdict.PROVED, o.verdict(), o.reason());
        assertEquals(ProofMethod.INDUCTIVE, o.provedBy());
        assertEquals(1, o.rounds().size(), o.rounds().toString());
        assertTrue(
                o.steps().stream()
                        .filter(s -> s.role() != ProofOutcome.Role.NO_DEPENDENCY)
                        .allMatch(ProofOutcome.Step::unsat),
                steps(o).toString());
    }

    @Test
    void writeSkewUnderSiIsAnAnomalyOfTheInductiveMethodsTwoCycleStep() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/litmus/write-skew.sql",
                        "si",
                        method(ProofMethod.INDUCTIVE));
        assertEquals(ProofOutcome.Verdict.ANOMALY, o.verdict(), o.reason());
        assertEquals(List.of("cycle 2 sat"), steps(o));
        assertEquals(2, o.anomaly().k());
    }

    // ------------------------------------------------------------------ bank (paper §2)

    @Test
    void bankUnderPsiIsProvedByShortestPath() throws Exception {
        ProofOutcome o = verify("benchmarks/programs/bank.sql", "psi", method(ProofMethod.AUTO));
        assertEquals(ProofOutcome.Verdict.PROVED, o.verdict(), o.reason());
        assertEquals(ProofMethod.SHORTEST_PATH, o.provedBy());
        // no chordless path of length 4 (paper §2); Theorem 10 then needs no cycle of length <= 4
        // (the paper's §2 says <= 3; a shortest cycle of 4 has a chordless path of 3 edges only)
        assertEquals(
                List.of(
                        "chordless path 2 sat",
                        "chordless path 3 sat",
                        "chordless path 4 unsat",
                        "cycle 2 unsat",
                        "cycle 3 unsat",
                        "cycle 4 unsat"),
                steps(o));
        assertNull(o.longestPath());
    }

    @Test
    void bankUnderEcIsALostUpdateNotAProof() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/bank.sql",
                        "ec",
                        method(ProofMethod.AUTO).withMaxLength(3));
        assertEquals(ProofOutcome.Verdict.ANOMALY, o.verdict(), o.reason());
        assertEquals("lost update", o.anomaly().anomaly());
        assertEquals(2, o.anomaly().k());
        // the shortest-path search fails (a lost update makes chordless paths possible), then the
        // inductive method's first step, phi_Cycle,2, is the anomaly
        assertEquals(ProofOutcome.Role.CYCLE, o.steps().get(o.steps().size() - 1).role());
        assertTrue(o.steps().get(o.steps().size() - 1).sat());
    }

    // ------------------------------------------------------------------ TPC-C under SI (paper §6)

    @Test
    void tpccUnderSiShortestPathFailsWithAChordlessPath() throws Exception {
        // length 3 here (seconds); length 4 is sat too, after 42 s (benchmarks/RESULTS.md)
        ProofOutcome o =
                verify(
                        "benchmarks/programs/tpcc.sql",
                        "si",
                        method(ProofMethod.SHORTEST_PATH).withMaxLength(3));
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, o.verdict(), o.reason());
        assertEquals(List.of("chordless path 2 sat", "chordless path 3 sat"), decidingSteps(o));
        Witness path = o.longestPath();
        assertNotNull(path);
        assertEquals(3, path.edges().size());
        assertEquals(4, path.txns().size());
        for (int i = 0; i < 3; i++) {
            assertEquals(i, path.edges().get(i).from());
            assertEquals(i + 1, path.edges().get(i).to());
        }
    }

    /**
     * Paper §6: T' = {NewOrder, Payment}, then {Delivery}; OrderStatus and StockLevel remain,
     * read-only.
     */
    static void assertProvedByThePapersRounds(ProofOutcome o) {
        assertEquals(ProofOutcome.Verdict.PROVED, o.verdict(), o.reason());
        assertEquals(ProofMethod.INDUCTIVE, o.provedBy());
        assertEquals(List.of(List.of("NewOrder", "Payment"), List.of("Delivery")), o.rounds());
        assertEquals(List.of("OrderStatus", "StockLevel"), o.remainder());
        assertTrue(
                o.steps().stream()
                        .filter(s -> s.role() == ProofOutcome.Role.INDUCTIVE_TWO_STEP)
                        .allMatch(ProofOutcome.Step::unsat),
                steps(o).toString());
    }

    /**
     * Paper §6, exactly: TPC-C under SI is proved for every execution by the inductive method, T' =
     * {NewOrder, Payment}, then {Delivery}, and the remaining OrderStatus and StockLevel are
     * read-only. Delivery is one database transaction per district (tpcc.sql's header), and the
     * initial database keeps every order id below its district's counter, as TPC-C's population
     * does.
     */
    @Test
    void tpccUnderSiIsProvedInductivelyByThePapersRounds() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/tpcc.sql",
                        "si",
                        method(ProofMethod.INDUCTIVE).withKeysBelowCounters(true));
        assertProvedByThePapersRounds(o);
        assertTrue(steps(o).contains("cycle 2 unsat"), steps(o).toString());
    }

    /**
     * Without the counter assumption the initial database may hold an undelivered order above its
     * district's counter; then a Delivery can miss a NewOrder's insert and deliver a newer order,
     * and condition 2 of Lemma 11 fails on OrderStatus -rw-> Delivery -rw-> NewOrder. No proof is
     * claimed.
     */
    @Test
    void tpccUnderSiWithoutTheCounterAssumptionIsNotProved() throws Exception {
        ProofOutcome o =
                verify("benchmarks/programs/tpcc.sql", "si", method(ProofMethod.INDUCTIVE));
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, o.verdict(), o.reason());
        assertTrue(o.reason().startsWith("condition 2 of Lemma 11 fails"), o.reason());
    }

    /**
     * TPC-C with Delivery as ONE transaction for every district (tpcc-batch-delivery.sql):
     * condition 1 of Lemma 11 holds for exactly the paper's rounds, but condition 2 (eq. (7)'s
     * T'-independent second disjunct) is satisfiable even on a consistent initial database:
     * OrderStatus -rw-> Delivery -rw-> NewOrder with NewOrder first in ar, a real SI execution
     * (Delivery's MIN over an empty district misses a concurrent NewOrder's insert while it
     * delivers an order that an OrderStatus saw undelivered elsewhere: the read-only anomaly
     * replayed in RunContract). No proof is claimed.
     */
    @Test
    void batchDeliveryUnderSiFindsThePapersRoundsButConditionTwoFails() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/tpcc-batch-delivery.sql",
                        "si",
                        method(ProofMethod.INDUCTIVE).withKeysBelowCounters(true));
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, o.verdict(), o.reason());
        assertEquals(List.of(List.of("NewOrder", "Payment"), List.of("Delivery")), o.rounds());
        assertEquals(List.of("OrderStatus", "StockLevel"), o.remainder());
        ProofOutcome.Step two =
                o.steps().stream()
                        .filter(s -> s.role() == ProofOutcome.Role.INDUCTIVE_TWO_STEP)
                        .findFirst()
                        .orElseThrow();
        assertTrue(two.sat());
        assertEquals(List.of("OrderStatus", "Delivery", "NewOrder"), types(two.witness()));
        assertTrue(steps(o).contains("cycle 2 unsat"), steps(o).toString());
    }

    /**
     * The per-type levels `weakest --per-transaction` finds for TPC-C (Delivery at SI, NewOrder and
     * Payment at PSI, the read-only types at PC; tpcc-specs/tpcc-per-type.spec) are proved for
     * every execution by the paper's inductive method with the paper's rounds, on a consistent
     * initial database (the assumption the search made).
     */
    @Test
    void tpccPerTypeLevelsAreProvedInductively() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/tpcc.sql",
                        "tpcc-per-type",
                        method(ProofMethod.INDUCTIVE).withKeysBelowCounters(true));
        assertProvedByThePapersRounds(o);
    }

    /**
     * auto: a chordless-path query that runs out of time leaves the inductive method to try, and
     * its proof stands on its own steps. With 5 s per query and the whole query only (as before the
     * portfolio), TPC-C's chordless-path search gives up (paths exist at every length and their
     * queries grow: 4 edges take 7-40 s); the inductive queries answer in well under a second each;
     * the certificate keeps the abandoned steps, labelled. With the default portfolio the type
     * sequences usually find a path at every length within the 5 s (benchmarks/RESULTS.md,
     * 2026-11-24), and auto proves it inductively all the same.
     */
    @Test
    void autoTriesInductiveWhenAChordlessPathQueryGivesUp() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/tpcc.sql",
                        "si",
                        method(ProofMethod.AUTO)
                                .withTimeout(5)
                                .withPathBudget(PathBudget.WHOLE_ONLY)
                                .withKeysBelowCounters(true));
        assertEquals(ProofOutcome.Verdict.PROVED, o.verdict(), o.reason());
        assertEquals(ProofMethod.INDUCTIVE, o.provedBy());
        assertTrue(
                o.steps().stream()
                        .anyMatch(
                                s ->
                                        s.method() == ProofMethod.SHORTEST_PATH
                                                && s.result().equals("unknown")),
                steps(o).toString());
        assertTrue(
                o.steps().stream()
                        .filter(
                                s ->
                                        s.method() == ProofMethod.INDUCTIVE
                                                && s.role() != ProofOutcome.Role.NO_DEPENDENCY)
                        .noneMatch(s -> s.result().equals("unknown")),
                steps(o).toString());
        assertTrue(o.reason().startsWith("shortest path gave up"), o.reason());
        ProofOutcome portfolio =
                verify(
                        "benchmarks/programs/tpcc.sql",
                        "si",
                        method(ProofMethod.AUTO).withTimeout(5).withKeysBelowCounters(true));
        assertEquals(ProofOutcome.Verdict.PROVED, portfolio.verdict(), portfolio.reason());
        assertEquals(ProofMethod.INDUCTIVE, portfolio.provedBy());
    }

    /**
     * auto on the Courseware SI hybrid within 1 s per query: nothing proved, so unknown, never a
     * proof. Up to 16 edges: the type-sequence portfolio answers some lengths within 1 s, but the
     * queries keep growing until one length runs out.
     */
    @Test
    void autoIsUnknownWhenShortestPathGivesUpAndInductiveFails() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/courseware.sql",
                        "courseware-hybrid-si",
                        method(ProofMethod.AUTO).withTimeout(1).withMaxLength(16));
        assertEquals(ProofOutcome.Verdict.UNKNOWN, o.verdict(), o.reason());
    }

    // ------------------------------------------------------------------ Courseware (paper §6)

    /**
     * Our Courseware under the SI hybrid has chordless paths that keep growing (Enrolls that fail
     * because the student or course is not there yet, chained through AddStudent/AddCourse); 5
     * edges here, every length up to 8 in benchmarks/RESULTS.md.
     */
    @Test
    void coursewareSiHybridHasLongChordlessPaths() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/courseware.sql",
                        "courseware-hybrid-si",
                        method(ProofMethod.SHORTEST_PATH).withMaxLength(5));
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, o.verdict(), o.reason());
        assertEquals(5, o.longestPath().edges().size());
        assertTrue(o.steps().stream().allMatch(ProofOutcome.Step::sat), steps(o).toString());
    }

    /**
     * Why no shortest-path proof exists for Courseware (the paper's "no shortest path of length
     * 8"): even under SER (vis = ar), where every execution is serial, Courseware has a chordless
     * path of every length up to 8, e.g. an Enroll that finds no student (rw to the AddStudent that
     * adds it), an Enroll that finds that student but no course (rw to the AddCourse), and so on. A
     * serial execution is real on any database, so phi_ShortestPath,8 is satisfiable for every spec
     * between EC and SER, and Theorem 10 cannot apply to this program.
     */
    @Test
    void coursewareHasChordlessPathsOfEveryLengthUpToEightEvenUnderSer() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/courseware.sql",
                        "ser",
                        method(ProofMethod.SHORTEST_PATH).withMaxLength(8).withUniqueKeys(true));
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, o.verdict(), o.reason());
        assertEquals(
                List.of(
                        "chordless path 2 sat",
                        "chordless path 3 sat",
                        "chordless path 4 sat",
                        "chordless path 5 sat",
                        "chordless path 6 sat",
                        "chordless path 7 sat",
                        "chordless path 8 sat"),
                decidingSteps(o));
        Witness path = o.longestPath();
        assertEquals(8, path.edges().size());
        assertEquals(9, path.txns().size());
        for (int i = 0; i < 8; i++) {
            assertEquals(i, path.edges().get(i).from());
            assertEquals(i + 1, path.edges().get(i).to());
            Witness.Edge e = path.edges().get(i);
            assertTrue(
                    path.arOrder().indexOf(e.from()) < path.arOrder().indexOf(e.to()),
                    "serial: every edge follows ar");
        }
    }

    // ------------------------------------------------------------------ the chordless-path
    // portfolio (§5.2)

    /**
     * A length decided by a type-sequence query: its path is a chordless path of that length (k
     * edges t_i -> t_{i+1} through k+1 transactions of the sequence's types, in order), the lengths
     * answered are those of the whole queries, and every other query of that length is an attempt.
     */
    @Test
    void aSatLengthDecidedByATypeSequenceIsAChordlessPathOfThatLength() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/courseware.sql",
                        "ser",
                        method(ProofMethod.SHORTEST_PATH)
                                .withMaxLength(5)
                                .withPathBudget(SEQUENCES_FIRST));
        ProofOutcome whole =
                verify(
                        "benchmarks/programs/courseware.sql",
                        "ser",
                        method(ProofMethod.SHORTEST_PATH)
                                .withMaxLength(5)
                                .withPathBudget(PathBudget.WHOLE_ONLY));
        assertEquals(ProofOutcome.Verdict.NOT_PROVED, o.verdict(), o.reason());
        assertEquals(decidingSteps(whole), decidingSteps(o));
        assertTrue(
                whole.steps().stream().noneMatch(s -> s.attempt() || !s.types().isEmpty()),
                steps(whole).toString());
        for (int k = 2; k <= 5; k++) {
            final int len = k;
            List<ProofOutcome.Step> atK = o.steps().stream().filter(s -> s.k() == len).toList();
            List<ProofOutcome.Step> deciding = atK.stream().filter(s -> !s.attempt()).toList();
            assertEquals(1, deciding.size(), steps(o).toString());
            ProofOutcome.Step d = deciding.get(0);
            assertTrue(d.sat(), steps(o).toString());
            assertEquals(
                    k == 2,
                    d.types().isEmpty(),
                    "k = 2 is the whole query, later lengths a sequence: " + steps(o));
            assertTrue(
                    atK.stream()
                            .filter(ProofOutcome.Step::attempt)
                            .noneMatch(ProofOutcome.Step::sat),
                    steps(o).toString());
            Witness path = d.witness();
            assertEquals(k, path.edges().size());
            assertEquals(k + 1, path.txns().size());
            for (int i = 0; i < k; i++) {
                assertEquals(i, path.edges().get(i).from());
                assertEquals(i + 1, path.edges().get(i).to());
            }
            if (k > 2) assertEquals(d.types(), types(path));
        }
        assertEquals(5, o.longestPath().edges().size());
    }

    /**
     * An unsat length is decided by the whole query only: bank under PSI with every sequence tried
     * first still has its 4-edge query over all types answer unsat (after sequence attempts, none
     * sat), and the proof rests on it and the cycles; the default portfolio gives the six steps.
     */
    @Test
    void anUnsatLengthIsDecidedByTheWholeQuery() throws Exception {
        ProofOutcome o =
                verify(
                        "benchmarks/programs/bank.sql",
                        "psi",
                        method(ProofMethod.SHORTEST_PATH).withPathBudget(SEQUENCES_FIRST));
        assertEquals(ProofOutcome.Verdict.PROVED, o.verdict(), o.reason());
        assertEquals(
                List.of(
                        "chordless path 2 sat",
                        "chordless path 3 sat",
                        "chordless path 4 unsat",
                        "cycle 2 unsat",
                        "cycle 3 unsat",
                        "cycle 4 unsat"),
                decidingSteps(o));
        List<ProofOutcome.Step> atFour =
                o.steps().stream()
                        .filter(s -> s.role() == ProofOutcome.Role.SHORTEST_PATH && s.k() == 4)
                        .toList();
        assertTrue(atFour.size() > 1, "sequence attempts before the whole query: " + steps(o));
        ProofOutcome.Step last = atFour.get(atFour.size() - 1);
        assertTrue(last.unsat() && last.types().isEmpty() && !last.attempt(), steps(o).toString());
        assertTrue(
                atFour.subList(0, atFour.size() - 1).stream()
                        .allMatch(s -> s.attempt() && s.unsat() && s.types().size() == 5),
                steps(o).toString());
    }

    /**
     * With --smt-out, every query of the portfolio is written, the deciding sequence queries and
     * the attempts; the z3 command line (ISOCHECK_TEST_Z3) gives each file the step's sat/unsat.
     */
    @Test
    void portfolioSmtFilesRecheckWithTheZ3CommandLine(@TempDir Path dir) throws Exception {
        String z3 = System.getenv(Z3CommandLineTest.VARIABLE);
        Assumptions.assumeTrue(
                z3 != null && !z3.isBlank(),
                Z3CommandLineTest.VARIABLE + " is not set (scripts/test sets it)");
        ProofOutcome bank =
                verify(
                        "benchmarks/programs/bank.sql",
                        "psi",
                        method(ProofMethod.SHORTEST_PATH)
                                .withPathBudget(SEQUENCES_FIRST)
                                .withSmtOut(dir.resolve("bank")));
        ProofOutcome cw =
                verify(
                        "benchmarks/programs/courseware.sql",
                        "ser",
                        method(ProofMethod.SHORTEST_PATH)
                                .withMaxLength(4)
                                .withPathBudget(SEQUENCES_FIRST)
                                .withSmtOut(dir.resolve("cw")));
        int checked = 0, sequences = 0;
        for (ProofOutcome o : List.of(bank, cw)) {
            for (ProofOutcome.Step s : o.steps()) {
                assertTrue(s.smtFile() != null && Files.isRegularFile(s.smtFile()), s.toString());
                if (!s.types().isEmpty()) {
                    sequences++;
                    assertTrue(
                            s.smtFile()
                                    .getFileName()
                                    .toString()
                                    .contains(String.join("-", s.types())),
                            s.smtFile().toString());
                }
                Z3CommandLineTest.Run r =
                        Z3CommandLineTest.run(
                                List.of(
                                        z3,
                                        "-T:" + Z3CommandLineTest.Z3_TIMEOUT,
                                        s.smtFile().toString()));
                assertEquals(
                        s.result(),
                        r.output().lines().findFirst().orElse(""),
                        s.smtFile() + ": " + r.output());
                checked++;
            }
        }
        assertTrue(sequences >= 4, "sequence queries written: " + sequences);
        assertTrue(checked >= 12, "files checked: " + checked);
    }
}
