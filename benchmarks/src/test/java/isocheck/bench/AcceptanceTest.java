package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The acceptance table of issue 3 (paper §2 and §6) on our programs, as far as it reproduces; what
 * does not reproduce, and why, is in benchmarks/RESULTS.md, and the facts that explanation rests on
 * are asserted here too. Times are measured by the harness, never asserted.
 */
class AcceptanceTest {

    static Analysis.Outcome run(String program, String spec, Analysis.Options opts) throws Exception {
        Program p = ShippedProgramsTest.load(program);
        SpecLibrary lib = spec.startsWith("courseware-")
                ? SpecLibrary.load(ShippedProgramsTest.ROOT.resolve("benchmarks/programs/courseware-specs"))
                : spec.equals("psi-cc") ? SpecLibrary.load(ShippedProgramsTest.ROOT.resolve("benchmarks/programs/tpcc-specs"))
                : SpecLibrary.builtin();
        return Analysis.run(p, lib.get(spec), opts);
    }

    static Analysis.Options upTo(int k) {
        return Analysis.Options.defaults(k);
    }

    /** The transaction types of a witness's cycle, sorted. */
    static List<String> types(Witness w) {
        return w.txns().stream().map(Witness.Txn::type).sorted().toList();
    }

    static Set<String> tables(Witness w) {
        return w.edges().stream().map(Witness.Edge::table).collect(Collectors.toCollection(TreeSet::new));
    }

    // ------------------------------------------------------------------ bank (paper §2)

    @Test
    void bankUnderEcHasALostUpdateOfTwoWithdraws() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/bank.sql", "ec", upTo(4).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertTrue(o.anomalies().stream().allMatch(w -> w.k() == 2));
        assertTrue(o.anomalies().stream().anyMatch(w -> types(w).equals(List.of("withdraw", "withdraw"))
                && w.anomaly().equals("lost update")), o.anomalies().toString());
    }

    @Test
    void bankUnderPsiHasNoCycleUpToFour() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run("benchmarks/programs/bank.sql", "psi", upTo(4)).verdict());
    }

    // ------------------------------------------------------------------ TPC-C (paper §6)

    @Test
    void tpccUnderEcHasLostUpdatesAtTwo() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/tpcc.sql", "ec", upTo(2).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Set<String> lost = o.anomalies().stream().filter(w -> w.anomaly().startsWith("lost update"))
                .map(w -> String.join("+", types(w)) + " " + tables(w)).collect(Collectors.toSet());
        for (String expected : List.of("Payment+Payment [warehouse]", "Payment+Payment [district]",
                "NewOrder+NewOrder [district]", "NewOrder+NewOrder [stock]", "Delivery+Payment [customer]")) {
            assertTrue(lost.contains(expected), expected + " in " + lost);
        }
    }

    @Test
    void tpccUnderPsiHasNoCycleOfTwo() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run("benchmarks/programs/tpcc.sql", "psi", upTo(2)).verdict());
    }

    @Test
    void tpccUnderSiHasNoCycleOfTwo() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run("benchmarks/programs/tpcc.sql", "si", upTo(2)).verdict());
    }

    /**
     * TPC-C's order ids come from {@code d_next_o_id}, which only NewOrder increments: under PSI and
     * SI each NewOrder sees the earlier ones of its district, so ids grow along ar (the counter
     * rules), and with the initial database consistent as TPC-C populates it (every order id below
     * its district's counter, {@code --assume-keys-below-counters}) every order a transaction sees
     * is below the counter it sees.
     */
    static Analysis.Options counters(int k) {
        return upTo(k).withKeysBelowCounters(true);
    }

    static final String TPCC = "benchmarks/programs/tpcc.sql";

    @Test
    void tpccUnderCausalPsiHasNoCycleUpToThree() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run(TPCC, "psi-cc", counters(3)).verdict());
    }

    @Test
    void tpccUnderCausalPsiHasThePapersTwoLongForksAtFour() throws Exception {
        for (List<String> shape : List.of(List.of("NewOrder", "OrderStatus", "OrderStatus", "Payment"),
                List.of("NewOrder", "NewOrder", "StockLevel", "StockLevel"))) {
            Analysis.Outcome o = run(TPCC, "psi-cc", counters(4).withTypes(shape));
            assertEquals(Analysis.Verdict.FOUND, o.verdict(), shape.toString());
            Witness w = o.anomalies().get(0);
            assertEquals(shape, types(w));
            assertEquals("long fork", w.anomaly(), w.signature());
        }
    }

    /**
     * Without causality the paper's PSI axiom (WW ⇒ vis only) admits real 3-cycles in TPC-C: a
     * transaction sees another but not one that the other saw (among the three, or a NewOrder
     * outside the cycle whose order it reads); PSI + CC, above, has none.
     */
    @Test
    void tpccUnderThePapersPsiAxiomHasACycleOfThree() throws Exception {
        Analysis.Outcome o = run(TPCC, "psi", counters(3));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertEquals(3, o.anomalies().get(0).k());
    }

    @Test
    void tpccUnderSiWithConsistentKeysHasNoCycleUpToThree() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run(TPCC, "si", counters(3)).verdict());
        // each rule is needed, and so is the assumption: from an initial database with an order
        // id at or above its district's counter the 3-cycle is a real execution
        assertEquals(3, run(TPCC, "si", counters(3).without("counter_unseen_writer")).anomalies().get(0).k());
        assertEquals(3, run(TPCC, "si", counters(3).without("key_below_counter")).anomalies().get(0).k());
        assertEquals(3, run(TPCC, "si", upTo(3)).anomalies().get(0).k());
    }

    // ------------------------------------------------------------------ Courseware (paper §6)

    @Test
    void coursewareUnderEcHasThePapersFourAnomaliesAtTwo() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/courseware.sql", "ec", upTo(2).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Set<String> shapes = o.anomalies().stream().map(w -> String.join("+", types(w))).collect(Collectors.toSet());
        // over-capacity enrolment, duplicate course / student names, enrolment during removal
        for (String expected : List.of("Enroll+Enroll", "AddCourse+AddCourse", "AddStudent+AddStudent",
                "Enroll+RemStudent", "Enroll+RemCourse")) {
            assertTrue(shapes.contains(expected), expected + " in " + shapes);
        }
        assertTrue(o.anomalies().stream().anyMatch(w -> types(w).equals(List.of("Enroll", "Enroll"))
                && w.edges().stream().anyMatch(e -> e.field().equals("co_enrolled"))), "over-capacity: the counter");
    }

    @Test
    void coursewareHybridsRuleOutEveryCycleOfTwo() throws Exception {
        for (String spec : List.of("courseware-hybrid-psi", "courseware-hybrid-si")) {
            assertEquals(Analysis.Verdict.NONE, run("benchmarks/programs/courseware.sql", spec, upTo(2)).verdict(), spec);
        }
    }

    /**
     * Not the paper's row as stated: under courseware-hybrid-psi RemCourse/RemStudent/AddCourse/AddStudent
     * run at EC, and a 3-cycle exists in which one of them sees a transaction but not one it saw
     * (RESULTS.md). With visibility transitive as well, the paper's result is exact: nothing at k = 2, 3
     * and at k = 4 the long fork of two Enrolls.
     */
    @Test
    void coursewareHybridPsiWithCausalityHasTheLongForkOfTwoEnrollsAtFour() throws Exception {
        Analysis.Outcome stated = run("benchmarks/programs/courseware.sql", "courseware-hybrid-psi", upTo(4));
        assertEquals(3, stated.anomalies().get(0).k());
        assertFalse(types(stated.anomalies().get(0)).stream().allMatch(t -> t.equals("Enroll")));

        Analysis.Outcome o = run("benchmarks/programs/courseware.sql", "courseware-hybrid-psi-cc",
                upTo(4).withUniqueKeys(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Witness w = o.anomalies().get(0);
        assertEquals(4, w.k());
        assertEquals("long fork", w.anomaly());
        assertEquals(List.of("AddCourse", "AddStudent", "Enroll", "Enroll"), types(w));
    }

    @Test
    void coursewareHybridSiWithCausalityHasNoCycleUpToFour() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run("benchmarks/programs/courseware.sql", "courseware-hybrid-si-cc",
                upTo(4).withUniqueKeys(true)).verdict());
    }

    // ------------------------------------------------------------------ litmus programs

    static void found(String litmus, String spec, int k, String name) throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/litmus/" + litmus + ".sql", spec, upTo(4).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict(), litmus + " under " + spec);
        assertTrue(o.anomalies().stream().anyMatch(w -> w.k() == k && w.anomaly().startsWith(name)),
                litmus + " under " + spec + ": " + o.anomalies().stream().map(Witness::anomaly).toList());
    }

    static void none(String litmus, String spec) throws Exception {
        assertEquals(Analysis.Verdict.NONE, run("benchmarks/programs/litmus/" + litmus + ".sql", spec, upTo(4)).verdict(),
                litmus + " under " + spec);
    }

    @Test
    void lostUpdateIsAllowedUpToPcAndForbiddenByPsi() throws Exception {
        found("lost-update", "pc", 2, "lost update");
        found("lost-update", "cc", 2, "lost update");
        none("lost-update", "psi");
        none("lost-update", "si");
    }

    @Test
    void writeSkewIsAllowedBySiAndForbiddenBySer() throws Exception {
        found("write-skew", "si", 2, "write skew");
        none("write-skew", "ser");
    }

    @Test
    void longForkIsAllowedByPsiAndCcAndForbiddenByPc() throws Exception {
        found("long-fork", "psi", 4, "long fork");
        found("long-fork", "cc", 4, "long fork");
        none("long-fork", "pc");
        none("long-fork", "si");
    }

    @Test
    void readSkewAndFracturedReadNeedBrokenAtomicVisibility() throws Exception {
        none("read-skew", "ec");
        none("fractured-read", "ec");
    }

    @Test
    void duplicateInsertIsAllowedBySiAndForbiddenBySer() throws Exception {
        found("duplicate-insert", "si", 2, "write skew (phantom)");
        none("duplicate-insert", "ser");
    }

    @Test
    void causalityViolationIsAllowedByEcAndPsiButNotByCc() throws Exception {
        found("causality-violation", "ec", 3, "causality violation");
        found("causality-violation", "psi", 3, "causality violation");
        // CC still allows the re-publication cycle the file documents, but not the causality violation
        Analysis.Outcome cc = run("benchmarks/programs/litmus/causality-violation.sql", "cc", upTo(3).withAll(true));
        assertTrue(cc.anomalies().stream().noneMatch(w -> w.anomaly().equals("causality violation")),
                cc.anomalies().stream().map(Witness::signature).toList().toString());
    }
}
