package isocheck.spec;

import static isocheck.spec.EntailmentOrder.Verdict.DOES_NOT_ENTAIL;
import static isocheck.spec.EntailmentOrder.Verdict.ENTAILS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.spec.EntailmentOrder.Method;
import isocheck.spec.EntailmentOrder.Options;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EntailmentOrderTest {
    private static SpecLibrary lib;
    private static EntailmentOrder order;

    @BeforeAll
    static void compute() throws Exception {
        lib = SpecLibrary.builtin();
        // the paper's six models (the database levels have a test of their own below)
        order =
                EntailmentOrder.compute(
                        lib.specs().stream().filter(s -> PAPER.contains(s.name())).toList());
        System.out.println(order.render());
        System.out.println(order.renderCounterexamples());
    }

    static final List<String> PAPER = List.of("ec", "cc", "pc", "psi", "si", "ser");

    /**
     * Transitivity (the per-type level order's option) leaves out the pairs two decided checks
     * imply: every verdict must be the one Z3 gives the pair itself, on every built-in spec (the
     * paper's, rc and the databases' levels, with equivalent, incomparable and stated pairs), and
     * some pairs must have been left out, so the comparison is not vacuous.
     */
    @Test
    void transitivityGivesEveryPairZ3sOwnVerdict() {
        List<Spec> specs = lib.specs();
        EntailmentOrder asked = EntailmentOrder.compute(specs);
        EntailmentOrder implied =
                EntailmentOrder.compute(specs, Options.defaults().withTransitive());
        for (Spec a : specs)
            for (Spec b : specs)
                if (a != b)
                    assertEquals(
                            asked.entails(a.name(), b.name()),
                            implied.entails(a.name(), b.name()),
                            a.name() + " => " + b.name());
        assertEquals(asked.checks().size(), implied.checks().size());
        assertEquals(asked.checks().size(), asked.solverChecks());
        assertTrue(
                implied.solverChecks() < asked.checks().size() / 2,
                implied.solverChecks() + " of " + asked.checks().size() + " asked");
    }

    /**
     * Statement snapshots (docs/postgresql-levels.md §1): rc is pc without the single snapshot, so
     * rc < pc; rc's snapshots are prefixes of ar (ec's need not be) while ec reads from one
     * snapshot (rc need not), so rc and ec are incomparable; the PostgreSQL levels are equivalent
     * to their visibility specs (the database's write-time rules are not axioms).
     */
    @Test
    void readCommittedAndThePostgresLevels() throws Exception {
        EntailmentOrder all = EntailmentOrder.compute(lib.specs());
        assertEquals(
                "cc < pc, ec < cc, ec < psi, "
                        + "h2-read-committed=mysql-read-committed=pg-read-committed=rc"
                        + " < mysql-repeatable-read, "
                        + "h2-serializable=h2-snapshot=pg-repeatable-read=si"
                        + " < mysql-serializable=pg-serializable=ser, "
                        + "mysql-repeatable-read < pc, "
                        + "pc < h2-serializable=h2-snapshot=pg-repeatable-read=si, "
                        + "psi < h2-serializable=h2-snapshot=pg-repeatable-read=si",
                hasse(all));
        // snapshot first_read (InnoDB's REPEATABLE READ) is stated, not computed: statement
        // snapshots without it do not entail it; with it, or with one snapshot per transaction,
        // they do (docs/mysql-levels.md §4)
        assertEquals(DOES_NOT_ENTAIL, all.entails("rc", "mysql-repeatable-read"));
        assertEquals(DOES_NOT_ENTAIL, all.entails("mysql-read-committed", "mysql-repeatable-read"));
        assertEquals(ENTAILS, all.entails("mysql-repeatable-read", "mysql-read-committed"));
        assertEquals(ENTAILS, all.entails("pc", "mysql-repeatable-read"));
        assertEquals(DOES_NOT_ENTAIL, all.entails("rc", "ec"));
        assertEquals(DOES_NOT_ENTAIL, all.entails("ec", "rc"));
        assertEquals(DOES_NOT_ENTAIL, all.entails("rc", "cc"));
        assertEquals(DOES_NOT_ENTAIL, all.entails("rc", "psi"));
        assertEquals(ENTAILS, all.entails("pc", "rc"));
        assertEquals(ENTAILS, all.entails("ser", "rc"));
        assertEquals(ENTAILS, all.entails("pg-read-committed", "rc"));
        assertEquals(ENTAILS, all.entails("rc", "pg-read-committed"));
        assertEquals(ENTAILS, all.entails("pg-repeatable-read", "si"));
        assertEquals(ENTAILS, all.entails("pg-serializable", "ser"));
        assertTrue(all.unknowns().isEmpty());
        assertTrue(all.transitivityViolations().isEmpty());
    }

    static String hasse(EntailmentOrder o) {
        return o.hasse().stream()
                .map(c -> String.join("=", c.weaker()) + " < " + String.join("=", c.stronger()))
                .sorted()
                .collect(Collectors.joining(", "));
    }

    @Test
    void theHasseDiagramOfTheBuiltins() {
        assertEquals("cc < pc, ec < cc, ec < psi, pc < si, psi < si, si < ser", hasse(order));
        assertEquals(
                List.of(
                        List.of("ec"),
                        List.of("cc"),
                        List.of("pc"),
                        List.of("psi"),
                        List.of("si"),
                        List.of("ser")),
                order.equivalenceClasses());
        assertEquals(List.of(List.of("cc", "psi"), List.of("pc", "psi")), order.incomparable());
        assertTrue(order.unknowns().isEmpty());
        assertTrue(order.transitivityViolations().isEmpty());
    }

    /** Each claim, with the argument from the paper's axioms that makes it true or false. */
    @Test
    void eachClaimAsTheAxiomsDecideIt() {
        for (String s : PAPER) assertEquals(ENTAILS, order.entails(s, "ec"), s); // ec has no axioms
        // SER ⇒ PSI: WW ⇒ ar (φ_basic) = vis.  SER ⇒ PC: ar;vis ⊆ ar;ar ⊆ ar = vis.
        assertEquals(ENTAILS, order.entails("ser", "si"));
        // SI is literally PSI ∧ PC.
        assertEquals(ENTAILS, order.entails("si", "psi"));
        assertEquals(ENTAILS, order.entails("si", "pc"));
        // PC ⇒ CC: vis ⊆ ar, so vis;vis ⊆ ar;vis ⊆ vis.
        assertEquals(ENTAILS, order.entails("pc", "cc"));
        assertEquals(ENTAILS, order.entails("si", "cc"));
        // The paper's PSI is only WW ⊆ vis (no transitive visibility, unlike Cerone et al.'s PSI):
        // vis = {t1→t2, t2→t3} with no writes satisfies it and violates CC.
        assertEquals(DOES_NOT_ENTAIL, order.entails("psi", "cc"));
        // CC and PC say nothing about writers: a lost update (WW with no vis) satisfies both.
        assertEquals(DOES_NOT_ENTAIL, order.entails("cc", "psi"));
        assertEquals(DOES_NOT_ENTAIL, order.entails("pc", "psi"));
        assertEquals(DOES_NOT_ENTAIL, order.entails("psi", "pc"));
        // SI allows write skew: two transactions that see nothing of each other and do not
        // write-conflict.
        assertEquals(DOES_NOT_ENTAIL, order.entails("si", "ser"));
        assertEquals(DOES_NOT_ENTAIL, order.entails("cc", "pc"));
        // Every refutation comes with an execution of at most 3 transactions.
        for (EntailmentOrder.Check c : order.checks()) {
            if (c.verdict() == DOES_NOT_ENTAIL)
                assertTrue(c.detail().matches("[123] transactions?, .*"), c.detail());
        }
    }

    @Test
    void quantifiedSolvingAgreesWithTheBoundedExpansion() {
        EntailmentOrder q =
                EntailmentOrder.compute(lib.specs(), new Options(Method.QUANTIFIED, 10_000, null));
        System.out.println(
                "bounded: "
                        + order.totalMillis()
                        + " ms, quantified (MBQI): "
                        + q.totalMillis()
                        + " ms");
        assertTrue(q.unknowns().isEmpty(), q.unknowns().toString());
        for (EntailmentOrder.Check c : order.checks()) {
            assertEquals(
                    c.verdict(),
                    q.entails(c.stronger(), c.weaker()),
                    c.stronger() + " ⇒ " + c.weaker());
            assertEquals(Method.QUANTIFIED, q.check(c.stronger(), c.weaker()).method());
            assertEquals(Method.BOUNDED, c.method());
        }
    }

    @Test
    void coursewareHybrids() throws Exception {
        SpecLibrary all = SpecLibrary.load(SpecLibraryTest.COURSEWARE);
        EntailmentOrder o = EntailmentOrder.compute(all.specs());
        System.out.println(o.render());
        assertTrue(o.unknowns().isEmpty());
        assertTrue(o.transitivityViolations().isEmpty());
        // SER ⇒ hybrid-SI ⇒ hybrid-PSI ⇒ selective SER; no global level below SER gives selective
        // SER.
        assertEquals(ENTAILS, o.entails("ser", "courseware-hybrid-si"));
        assertEquals(ENTAILS, o.entails("courseware-hybrid-si", "courseware-hybrid-psi"));
        assertEquals(ENTAILS, o.entails("courseware-hybrid-psi", "courseware-selective-ser"));
        assertEquals(DOES_NOT_ENTAIL, o.entails("si", "courseware-selective-ser"));
        // Restricting to Enroll observers really weakens: the hybrids entail neither psi nor pc.
        assertEquals(DOES_NOT_ENTAIL, o.entails("courseware-hybrid-si", "psi"));
        assertEquals(DOES_NOT_ENTAIL, o.entails("courseware-hybrid-si", "pc"));
        assertEquals(DOES_NOT_ENTAIL, o.entails("courseware-hybrid-psi", "courseware-hybrid-si"));
        assertTrue(hasse(o).contains("courseware-selective-ser < courseware-hybrid-psi"), hasse(o));
        // Running every type of a (closed) program at PSI is PSI; leaving one type out is weaker.
        SpecLibrary every =
                SpecLibrary.fromSources(
                        List.of(
                                new SpecLibrary.Source(
                                        "psi",
                                        "psi.spec",
                                        "axiom w observer b: forall a, b: WW(a, b) -> vis(a, b)\n",
                                        false),
                                new SpecLibrary.Source(
                                        "psi-a-b",
                                        "psi-a-b.spec",
                                        "include psi for A\ninclude psi for B\n",
                                        false),
                                new SpecLibrary.Source(
                                        "psi-a", "psi-a.spec", "include psi for A\n", false)));
        EntailmentOrder e =
                EntailmentOrder.compute(
                        every.specs(), new Options(Method.BOUNDED, 10_000, List.of("A", "B")));
        assertEquals(List.of(List.of("psi-a"), List.of("psi", "psi-a-b")), e.equivalenceClasses());
        EntailmentOrder open = EntailmentOrder.compute(every.specs());
        assertEquals(
                DOES_NOT_ENTAIL,
                open.entails("psi-a-b", "psi")); // open world: a third type may exist
    }
}
