package isocheck.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.SourcePos;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpecLibraryTest {
    /** Surefire runs in the module directory. */
    static final Path COURSEWARE = Path.of("../benchmarks/programs/courseware-specs");

    static String axioms(Spec s) {
        return String.join("\n", s.axioms().stream().map(Axiom::toString).toList());
    }

    @Test
    void builtinsAreTheSixModelsOfThePaper() throws Exception {
        SpecLibrary lib = SpecLibrary.builtin();
        assertEquals(
                List.of(
                        "cc",
                        "ec",
                        "h2-read-committed",
                        "h2-serializable",
                        "h2-snapshot",
                        "mysql-read-committed",
                        "mysql-repeatable-read",
                        "mysql-serializable",
                        "pc",
                        "pg-read-committed",
                        "pg-repeatable-read",
                        "pg-serializable",
                        "psi",
                        "rc",
                        "ser",
                        "si"),
                lib.specs().stream().map(Spec::name).toList());
        for (String paper : List.of("cc", "ec", "pc", "psi", "ser", "si")) {
            assertEquals(
                    List.of(BasicAxioms.SINGLE_SNAPSHOT), lib.get(paper).snapshotAxioms(), paper);
            assertTrue(lib.get(paper).databases().isEmpty(), paper);
        }
        assertTrue(lib.get("rc").hasStatementSnapshots());
        assertTrue(lib.get("pg-read-committed").hasStatementSnapshots());
        assertEquals(List.of("postgresql"), lib.get("pg-read-committed").databases());
        assertEquals(List.of("postgresql"), lib.get("pg-repeatable-read").databases());
        assertTrue(!lib.get("pg-repeatable-read").hasStatementSnapshots());
        assertTrue(lib.get("ec").axioms().isEmpty());
        assertEquals(
                "cc.transitive_visibility: forall a, b, c: (vis(a, b) and vis(b, c)) -> vis(a, c)",
                axioms(lib.get("cc")));
        assertEquals(
                "pc.prefix: forall a, b, c: (ar(a, b) and vis(b, c)) -> vis(a, c)",
                axioms(lib.get("pc")));
        assertEquals(
                "psi.no_concurrent_writers: forall a, b: WW(a, b) -> vis(a, b)",
                axioms(lib.get("psi")));
        assertEquals(
                "ser.total_visibility: forall a, b: vis(a, b) <-> ar(a, b)",
                axioms(lib.get("ser")));
        assertEquals(axioms(lib.get("psi")) + "\n" + axioms(lib.get("pc")), axioms(lib.get("si")));
        assertEquals("specs/si.spec", lib.get("si").file());
        for (Spec s : lib.specs()) {
            assertTrue(s.isUniversal(), s.name());
            assertTrue(s.builtin());
        }
    }

    @Test
    void witnessCountsForCounterModels() throws Exception {
        SpecLibrary lib = SpecLibrary.builtin();
        assertEquals(1, lib.get("ec").falsifyingWitnesses());
        assertEquals(3, lib.get("cc").falsifyingWitnesses());
        assertEquals(2, lib.get("psi").falsifyingWitnesses());
        assertEquals(3, lib.get("si").falsifyingWitnesses()); // max over the conjuncts, not 2 + 3
        assertEquals(2, lib.get("ser").falsifyingWitnesses());
        assertEquals(3, BasicAxioms.spec().falsifyingWitnesses());
    }

    @Test
    void universalityFollowsPolarity() throws Exception {
        record Case(String formula, boolean universal) {}
        for (Case c :
                List.of(
                        new Case("forall a: exists b: vis(a, b)", false),
                        new Case("not forall a: vis(a, a)", false),
                        new Case("not exists a: vis(a, a)", true),
                        new Case("(exists a: vis(a, a)) -> false", true),
                        new Case("(forall a: vis(a, a)) -> false", false),
                        new Case("forall a: vis(a, a) <-> true", true),
                        new Case("(forall a: vis(a, a)) <-> true", false),
                        new Case("true", true))) {
            assertEquals(
                    c.universal(),
                    Universality.isUniversal(SpecParser.parseFormula("f", c.formula())),
                    c.formula());
        }
        Formula f =
                SpecParser.parseFormula(
                        "f", "forall a: (exists b: WR(b, a)) -> (forall c: ar(c, a))");
        assertEquals(
                3,
                Universality.falsifyingWitnesses(
                        f)); // a, b witnessing the premise, c the failing conclusion
        SpecLibrary lib =
                SpecLibrary.fromSources(
                        List.of(
                                new SpecLibrary.Source(
                                        "reads",
                                        "reads.spec",
                                        "\n\nforall a: exists b: WR(b, a)\n",
                                        false)));
        assertFalse(lib.get("reads").isUniversal());
        assertEquals(
                new SourcePos("reads.spec", 3, 11),
                lib.get("reads").firstExistential().orElseThrow());
    }

    @Test
    void coursewareSpecsLoadAndRestrictTheObserver() throws Exception {
        SpecLibrary lib = SpecLibrary.load(COURSEWARE);
        Spec psi = lib.get("courseware-hybrid-psi");
        assertFalse(psi.builtin());
        assertEquals(
                Set.of("AddCourse", "AddStudent", "Enroll", "RemCourse", "RemStudent"),
                psi.typeNames());
        assertEquals(5, psi.axioms().size());
        assertEquals(
                "psi.no_concurrent_writers [for Enroll]: forall a, b: (type(b) = Enroll) -> (WW(a, b) -> vis(a, b))",
                psi.axioms().get(0).toString());
        Spec si = lib.get("courseware-hybrid-si");
        assertEquals(6, si.axioms().size());
        assertEquals(
                "pc.prefix [for Enroll]: forall a, b, c: (type(c) = Enroll) -> ((ar(a, b) and vis(b, c)) -> vis(a, c))",
                si.axioms().get(1).toString());
        assertTrue(si.isUniversal());
        assertEquals(
                List.of(
                        "cc",
                        "ec",
                        "h2-read-committed",
                        "h2-serializable",
                        "h2-snapshot",
                        "mysql-read-committed",
                        "mysql-repeatable-read",
                        "mysql-serializable",
                        "pc",
                        "pg-read-committed",
                        "pg-repeatable-read",
                        "pg-serializable",
                        "psi",
                        "rc",
                        "ser",
                        "si",
                        "courseware-hybrid-psi",
                        "courseware-hybrid-psi-cc",
                        "courseware-hybrid-si",
                        "courseware-hybrid-si-cc",
                        "courseware-selective-ser"),
                lib.specs().stream().map(Spec::name).toList());
    }

    @Test
    void diamondIncludesKeepOneCopyOfEachAxiom() throws Exception {
        SpecLibrary lib =
                SpecLibrary.fromSources(
                        List.of(
                                new SpecLibrary.Source(
                                        "base",
                                        "base.spec",
                                        "axiom x observer b: forall a, b: WW(a, b) -> vis(a, b)\n",
                                        false),
                                new SpecLibrary.Source(
                                        "left", "left.spec", "include base\n", false),
                                new SpecLibrary.Source(
                                        "right", "right.spec", "include base\n", false),
                                new SpecLibrary.Source(
                                        "top",
                                        "top.spec",
                                        "include left\ninclude right\ninclude base for T\n",
                                        false)));
        assertEquals(
                List.of("base.x", "base.x [for T]"),
                lib.get("top").axioms().stream().map(Axiom::qualifiedName).toList());
    }

    /**
     * {@code snapshot first_read} (InnoDB's REPEATABLE READ) reaches a spec through an unrestricted
     * include, never through {@code include … for T} (the shared snapshot is a constraint: leaving
     * it out for some types only adds executions), and says nothing with one snapshot per
     * transaction.
     */
    @Test
    void firstReadSnapshotFollowsUnrestrictedIncludesOnly() throws Exception {
        SpecLibrary lib =
                SpecLibrary.fromSources(
                        List.of(
                                new SpecLibrary.Source(
                                        "rc",
                                        "rc.spec",
                                        "snapshot statement\naxiom p observer c: forall a, b, c:"
                                                + " ar(a, b) and vis(b, c) -> vis(a, c)\n",
                                        false),
                                new SpecLibrary.Source(
                                        "rr",
                                        "rr.spec",
                                        "snapshot first_read\ninclude rc\n",
                                        false),
                                new SpecLibrary.Source(
                                        "all",
                                        "all.spec",
                                        "snapshot statement\ninclude rr\n",
                                        false),
                                new SpecLibrary.Source(
                                        "some",
                                        "some.spec",
                                        "snapshot statement\ninclude rr for A\n",
                                        false),
                                new SpecLibrary.Source("one", "one.spec", "include rr\n", false)));
        assertTrue(lib.get("rr").firstReadSnapshot());
        assertTrue(lib.get("rr").hasStatementSnapshots());
        assertTrue(lib.get("all").firstReadSnapshot());
        assertFalse(lib.get("some").firstReadSnapshot());
        assertFalse(lib.get("rc").firstReadSnapshot());
        assertFalse(lib.get("one").firstReadSnapshot(), "one snapshot per transaction");
        assertTrue(SpecLibrary.builtin().get("mysql-repeatable-read").firstReadSnapshot());
        assertFalse(SpecLibrary.builtin().get("mysql-read-committed").firstReadSnapshot());
    }
}
