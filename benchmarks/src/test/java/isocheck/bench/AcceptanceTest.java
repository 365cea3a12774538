package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.encoding.DepKind;
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
 * are asserted here too (the paper's literal PSI axiom lacks causality; a one-transaction Delivery
 * has a real SI anomaly). Times are measured by the harness, never asserted.
 */
class AcceptanceTest {

    static Analysis.Outcome run(String program, String spec, Analysis.Options opts)
            throws Exception {
        // the paper's rows: its reading of INSERT (the API's default) and only the assumptions the
        // row
        // asks for by option, so tpcc.sql's declared invariant is left out here (issue 13)
        Program p = ShippedProgramsTest.load(program).withoutInvariants();
        SpecLibrary lib =
                spec.startsWith("courseware-")
                        ? SpecLibrary.load(
                                ShippedProgramsTest.ROOT.resolve(
                                        "benchmarks/programs/courseware-specs"))
                        : spec.equals("psi-cc")
                                ? SpecLibrary.load(
                                        ShippedProgramsTest.ROOT.resolve(
                                                "benchmarks/programs/tpcc-specs"))
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
        return w.edges().stream()
                .map(Witness.Edge::table)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    // ------------------------------------------------------------------ bank (paper §2)

    @Test
    void bankUnderEcHasALostUpdateOfTwoWithdraws() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/bank.sql", "ec", upTo(4).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertTrue(o.anomalies().stream().allMatch(w -> w.k() == 2));
        assertTrue(
                o.anomalies().stream()
                        .anyMatch(
                                w ->
                                        types(w).equals(List.of("withdraw", "withdraw"))
                                                && w.anomaly().equals("lost update")),
                o.anomalies().toString());
    }

    @Test
    void bankUnderPsiHasNoCycleUpToFour() throws Exception {
        assertEquals(
                Analysis.Verdict.NONE,
                run("benchmarks/programs/bank.sql", "psi", upTo(4)).verdict());
    }

    // ------------------------------------------------------------------ TPC-C (paper §6)

    @Test
    void tpccUnderEcHasLostUpdatesAtTwo() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/tpcc.sql", "ec", upTo(2).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Set<String> lost =
                o.anomalies().stream()
                        .filter(w -> w.anomaly().equals("lost update"))
                        .map(w -> String.join("+", types(w)) + " " + tables(w))
                        .collect(Collectors.toSet());
        for (String expected :
                List.of(
                        "Payment+Payment [warehouse]",
                        "Payment+Payment [district]",
                        "NewOrder+NewOrder [district]",
                        "Delivery+Payment [customer]")) {
            assertTrue(lost.contains(expected), expected + " in " + lost);
        }
        // the two NewOrders' cycle on stock that --all reports has its ww and rw on different stock
        // items: one anti-dependency, no item overwritten after a stale read of it, so read-write
        // skew (Adya G-single), not a lost update (same item, paper §2)
        Set<String> readWriteSkew =
                o.anomalies().stream()
                        .filter(w -> w.anomaly().equals("read-write skew"))
                        .map(w -> String.join("+", types(w)) + " " + tables(w))
                        .collect(Collectors.toSet());
        assertTrue(
                readWriteSkew.contains("NewOrder+NewOrder [stock]"),
                "NewOrder+NewOrder [stock] in " + readWriteSkew);
    }

    @Test
    void tpccUnderPsiHasNoCycleOfTwo() throws Exception {
        assertEquals(
                Analysis.Verdict.NONE,
                run("benchmarks/programs/tpcc.sql", "psi", upTo(2)).verdict());
    }

    @Test
    void tpccUnderSiHasNoCycleOfTwo() throws Exception {
        assertEquals(
                Analysis.Verdict.NONE,
                run("benchmarks/programs/tpcc.sql", "si", upTo(2)).verdict());
    }

    /**
     * TPC-C's order ids come from {@code d_next_o_id}, which only NewOrder increments: under PSI
     * and SI each NewOrder sees the earlier ones of its district, so ids grow along ar (the counter
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
        for (List<String> shape :
                List.of(
                        List.of("NewOrder", "OrderStatus", "OrderStatus", "Payment"),
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

    /**
     * Paper §6: none at k = 4 under SI (Delivery one transaction per district, tpcc.sql's header).
     */
    @Test
    void tpccUnderSiWithConsistentKeysHasNoCycleUpToFour() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run(TPCC, "si", counters(4)).verdict());
    }

    /**
     * With Delivery as one transaction for every district (tpcc-batch-delivery.sql) SI has a real
     * 4-cycle, the read-only anomaly with Delivery as the pivot: Delivery -rw(new_order.@alive)->
     * NewOrder (it finds an empty district, missing that insert), and an OrderStatus that saw a
     * later NewOrder reads a balance Delivery then changes (replayed on H2 and PostgreSQL in
     * RunContract).
     */
    @Test
    void batchDeliveryUnderSiHasAReadOnlyAnomalyAtFour() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/tpcc-batch-delivery.sql", "si", counters(4));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Witness w = o.anomalies().get(0);
        assertEquals(4, w.k());
        assertTrue(
                types(w).containsAll(List.of("Delivery", "NewOrder", "OrderStatus")),
                types(w).toString());
        assertTrue(
                w.edges().stream()
                        .anyMatch(
                                e ->
                                        e.kind() == DepKind.RW
                                                && e.table().equals("new_order")
                                                && w.txns()
                                                        .get(e.from())
                                                        .type()
                                                        .equals("Delivery")),
                w.signature());
    }

    @Test
    void tpccUnderSiWithConsistentKeysNeedsEachCounterRule() throws Exception {
        // each rule is needed, and so is the assumption: from an initial database with an order
        // id at or above its district's counter the 3-cycle is a real execution
        assertEquals(
                3,
                run(TPCC, "si", counters(3).without("counter_unseen_writer"))
                        .anomalies()
                        .get(0)
                        .k());
        assertEquals(
                3,
                run(TPCC, "si", counters(3).without("key_below_counter")).anomalies().get(0).k());
        assertEquals(3, run(TPCC, "si", upTo(3)).anomalies().get(0).k());
    }

    // ------------------------------------------------------------------ Courseware (paper §6)

    @Test
    void coursewareUnderEcHasThePapersFourAnomaliesAtTwo() throws Exception {
        Analysis.Outcome o = run("benchmarks/programs/courseware.sql", "ec", upTo(2).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Set<String> shapes =
                o.anomalies().stream()
                        .map(w -> String.join("+", types(w)))
                        .collect(Collectors.toSet());
        // over-capacity enrolment, duplicate course / student names, enrolment during removal
        for (String expected :
                List.of(
                        "Enroll+Enroll",
                        "AddCourse+AddCourse",
                        "AddStudent+AddStudent",
                        "Enroll+RemStudent",
                        "Enroll+RemCourse")) {
            assertTrue(shapes.contains(expected), expected + " in " + shapes);
        }
        assertTrue(
                o.anomalies().stream()
                        .anyMatch(
                                w ->
                                        types(w).equals(List.of("Enroll", "Enroll"))
                                                && w.edges().stream()
                                                        .anyMatch(
                                                                e ->
                                                                        e.field()
                                                                                .equals(
                                                                                        "co_enrolled"))),
                "over-capacity: the counter");
    }

    @Test
    void coursewareHybridsRuleOutEveryCycleOfTwo() throws Exception {
        for (String spec : List.of("courseware-hybrid-psi", "courseware-hybrid-si")) {
            assertEquals(
                    Analysis.Verdict.NONE,
                    run("benchmarks/programs/courseware.sql", spec, upTo(2)).verdict(),
                    spec);
        }
    }

    /**
     * The paper's row (§6): under Enroll at PSI plus the selective serializability, nothing at k =
     * 2, 3 and at k = 4 the long fork of two Enrolls, each seeing only one of a new student and a
     * new course. Every anomaly at k = 4 is enumerated and the paper's shape must be among them.
     * Names are assumed registered at most once (courseware.sql's header; without it, the 3-cycle
     * asserted below).
     */
    @Test
    void coursewareHybridPsiHasTheLongForkOfTwoEnrollsAtFourAndNothingShorter() throws Exception {
        Analysis.Outcome o =
                run(
                        "benchmarks/programs/courseware.sql",
                        "courseware-hybrid-psi",
                        upTo(4).withUniqueKeys(true).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertTrue(
                o.anomalies().stream().allMatch(w -> w.k() == 4),
                "no cycle shorter than 4: " + o.anomalies());
        assertTrue(
                o.anomalies().stream()
                        .anyMatch(
                                w ->
                                        w.anomaly().equals("long fork")
                                                && types(w).equals(
                                                                List.of(
                                                                        "AddCourse",
                                                                        "AddStudent",
                                                                        "Enroll",
                                                                        "Enroll"))
                                                && enrollsEachSeeOneCreation(w)),
                o.anomalies().toString());
    }

    /**
     * The paper's shape: each Enroll reads what one creation wrote (wr) and misses the other's
     * insert (rw), on the student and on the course table respectively.
     */
    static boolean enrollsEachSeeOneCreation(Witness w) {
        Set<String> seen = new TreeSet<>();
        Set<String> missed = new TreeSet<>();
        for (Witness.Edge e : w.edges()) {
            String from = w.txns().get(e.from()).type();
            String to = w.txns().get(e.to()).type();
            if (e.kind() == DepKind.WR && to.equals("Enroll") && from.startsWith("Add"))
                seen.add(e.table());
            if (e.kind() == DepKind.RW && from.equals("Enroll") && to.startsWith("Add"))
                missed.add(e.table());
        }
        return seen.size() == 2 && missed.size() == 2;
    }

    /**
     * Without the unique-names assumption the first cycle has three transactions and an Enroll in
     * it (reading two incarnations of a re-registered course: PSI as the paper states it is not
     * causal); with causal visibility for every transaction the paper's answer comes out without
     * the assumption.
     */
    @Test
    void coursewareHybridPsiWithoutUniqueNamesHasAThreeCycleThatCausalityRemoves()
            throws Exception {
        Analysis.Outcome stated =
                run("benchmarks/programs/courseware.sql", "courseware-hybrid-psi", upTo(4));
        assertEquals(3, stated.anomalies().get(0).k());
        assertTrue(types(stated.anomalies().get(0)).contains("Enroll"));

        Analysis.Outcome o =
                run("benchmarks/programs/courseware.sql", "courseware-hybrid-psi-cc", upTo(4));
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertEquals(4, o.anomalies().get(0).k());
    }

    /**
     * The removals test `enrolled IS NULL`: a removal that sees an enrolment alive must not delete.
     * Without the encoder's rows_complete rule (a SELECT matching a record alive in its view is
     * non-empty) and select_complete (which, where an IS NULL test uses the result, says the same
     * of every matching alive witness record) the solver lets it delete anyway, a spurious 3-cycle
     * under the hybrid.
     */
    @Test
    void aRemovalThatSeesAnEnrolmentDoesNotDelete() throws Exception {
        Analysis.Options opts = upTo(3).withUniqueKeys(true);
        assertEquals(
                Analysis.Verdict.NONE,
                run("benchmarks/programs/courseware.sql", "courseware-hybrid-psi", opts).verdict());
        Analysis.Outcome without =
                run(
                        "benchmarks/programs/courseware.sql",
                        "courseware-hybrid-psi",
                        opts.without("rows_complete", "select_complete"));
        assertEquals(Analysis.Verdict.FOUND, without.verdict());
        Witness w = without.anomalies().get(0);
        assertTrue(
                w.edges().stream()
                        .anyMatch(
                                e ->
                                        e.kind() == DepKind.WR
                                                && e.table().equals("enrollment")
                                                && w.txns().get(e.to()).type().startsWith("Rem")),
                w.toString());
    }

    @Test
    void coursewareHybridSiHasNoCycleUpToSix() throws Exception {
        assertEquals(
                Analysis.Verdict.NONE,
                run(
                                "benchmarks/programs/courseware.sql",
                                "courseware-hybrid-si",
                                upTo(6).withUniqueKeys(true))
                        .verdict());
    }

    // ------------------------------------------------------------------ litmus programs

    static void found(String litmus, String spec, int k, String name) throws Exception {
        Analysis.Outcome o =
                run("benchmarks/programs/litmus/" + litmus + ".sql", spec, upTo(4).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, o.verdict(), litmus + " under " + spec);
        assertTrue(
                o.anomalies().stream().anyMatch(w -> w.k() == k && w.anomaly().startsWith(name)),
                litmus
                        + " under "
                        + spec
                        + ": "
                        + o.anomalies().stream().map(Witness::anomaly).toList());
    }

    static void none(String litmus, String spec) throws Exception {
        assertEquals(
                Analysis.Verdict.NONE,
                run("benchmarks/programs/litmus/" + litmus + ".sql", spec, upTo(4)).verdict(),
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
        // CC still allows the re-publication cycle the file documents, but not the causality
        // violation
        Analysis.Outcome cc =
                run(
                        "benchmarks/programs/litmus/causality-violation.sql",
                        "cc",
                        upTo(3).withAll(true));
        assertTrue(
                cc.anomalies().stream().noneMatch(w -> w.anomaly().equals("causality violation")),
                cc.anomalies().stream().map(Witness::signature).toList().toString());
    }
}
