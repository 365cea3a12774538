package isocheck.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.SourcePos;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpecParserTest {

    static ParsedSpec parse(String text) throws SpecException {
        return SpecParser.parse("bad", "bad.spec", text);
    }

    static String error(String text) {
        return assertThrows(SpecException.class, () -> parse(text)).getMessage();
    }

    /** Loads one in-memory spec "bad" next to the built-ins, so includes resolve against them. */
    static String libraryError(SpecLibrary.Source... extra) {
        List<SpecLibrary.Source> sources = new ArrayList<>(SpecLibrary.builtinSources());
        sources.addAll(List.of(extra));
        return assertThrows(SpecException.class, () -> SpecLibrary.fromSources(sources))
                .getMessage();
    }

    static SpecLibrary.Source src(String name, String text) {
        return new SpecLibrary.Source(name, name + ".spec", text, false);
    }

    // ------------------------------------------------------------ well-formed

    @Test
    void precedenceNotAndOrImpliesIff() throws Exception {
        Formula f =
                SpecParser.parseFormula(
                        "f",
                        "forall a, b: not vis(a, b) and ar(a, b) or WW(a, b) -> RW(a, b) -> D(a, b) <-> a = b");
        assertEquals(
                "forall a, b: (((not vis(a, b) and ar(a, b)) or WW(a, b)) -> (RW(a, b) -> D(a, b))) <-> (a = b)",
                f.toString());
    }

    @Test
    void quantifierBodyExtendsToTheRight() throws Exception {
        Formula f =
                SpecParser.parseFormula(
                        "f", "forall a: vis(a, a) and forall b: ar(a, b) or ar(b, a)");
        assertEquals("forall a: vis(a, a) and (forall b: ar(a, b) or ar(b, a))", f.toString());
    }

    @Test
    void symbolicAndWordConnectivesAreTheSame() throws Exception {
        String words =
                SpecParser.parseFormula(
                                "f",
                                "forall a, b: not vis(a,b) and ar(a,b) or WR(a,b) implies WW(a,b) iff RW(a,b)")
                        .toString();
        String symbols =
                SpecParser.parseFormula(
                                "f",
                                "forall a, b: !vis(a,b) & ar(a,b) | WR(a,b) -> WW(a,b) <-> RW(a,b)")
                        .toString();
        assertEquals(words, symbols);
    }

    @Test
    void typeComparisons() throws Exception {
        Formula f =
                SpecParser.parseFormula(
                        "f",
                        "forall s, t: type(s) = Enroll and Enroll != type(t) and type(s) = type(t) and s != t -> true");
        assertEquals(
                "forall s, t: ((((type(s) = Enroll) and (Enroll != type(t))) and (type(s) = type(t))) and (s != t)) -> true",
                f.toString());
        assertEquals(java.util.Set.of("Enroll"), Formula.typeNames(f));
    }

    @Test
    void printedFormulasParseBackToTheSameFormula() throws Exception {
        for (Spec s : SpecLibrary.builtin().specs()) {
            for (Axiom a : s.axioms()) {
                String printed = a.formula().toString();
                assertEquals(printed, SpecParser.parseFormula("again", printed).toString());
            }
        }
    }

    @Test
    void commentsAxiomsObserversIncludesAndBareFormulas() throws Exception {
        ParsedSpec p =
                parse(
                        """
                # A spec about nothing much.
                -- second comment style
                include psi for Enroll, AddCourse   # trailing comment
                include pc
                axiom one observer b: forall a, b: WW(a, b) -> vis(a, b)
                forall a: not vis(a, a)
                """);
        assertEquals("A spec about nothing much. second comment style", p.description());
        assertEquals(List.of("psi", "pc"), p.includes().stream().map(Include::target).toList());
        assertEquals(List.of("Enroll", "AddCourse"), p.includes().get(0).forTypes());
        assertEquals(List.of("one", "#2"), p.axioms().stream().map(Axiom::name).toList());
        assertEquals("b", p.axioms().get(0).observer());
        assertEquals(new SourcePos("bad.spec", 3, 9), p.includes().get(0).position());
    }

    @Test
    void emptySpecIsTrue() throws Exception {
        assertTrue(parse("# nothing\n").axioms().isEmpty());
    }

    // ------------------------------------------------------------ malformed: exact file:line:col
    // messages

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            textBlock =
                    """
            forall a, b: vis(a, b) -> vis(b, c)          | bad.spec:1:34: free variable 'c'
            forall a, b: so(a, b)                        | bad.spec:1:14: unknown relation 'so'; relations are vis, ar, WR, WW, RW, D, and type(t) = Name
            forall a, b: Vis(a, b)                       | bad.spec:1:14: unknown relation 'Vis' (did you mean 'vis'?); relations are vis, ar, WR, WW, RW, D, and type(t) = Name
            forall a: vis(a)                             | bad.spec:1:11: relation 'vis' takes 2 arguments, found 1
            forall a, b, c: ar(a, b, c)                  | bad.spec:1:17: relation 'ar' takes 2 arguments, found 3
            forall a, b: type(a, b) = Enroll             | bad.spec:1:14: type(...) takes 1 argument, found 2
            forall a vis(a, a)                           | bad.spec:1:10: expected ':' or ',' after the quantified variables, found 'vis'
            forall a: vis(a, a) @ ar(a, a)               | bad.spec:1:21: unexpected character '@'
            forall a: (vis(a, a) and ar(a, a)            | bad.spec:1:34: expected ')', found end of file
            forall a, a: vis(a, a)                       | bad.spec:1:11: variable 'a' appears twice in this quantifier
            forall a, b: type(a) = b                     | bad.spec:1:24: cannot compare a transaction type with transaction variable 'b'; write type(b) to compare types
            forall a: a = Enroll                         | bad.spec:1:15: free variable 'Enroll' (to compare with a transaction type write type(a) = Enroll)
            forall a: a -> vis(a, a)                     | bad.spec:1:13: expected '=' or '!=' after 'a', found '->'
            axiom x observer c: forall a, b: vis(a, b)   | bad.spec:1:18: observer 'c' is not a variable of the axiom's leading forall
            axiom x: true axiom x: false                 | bad.spec:1:21: duplicate axiom name 'x'
            axiom: true                                  | bad.spec:1:6: expected an axiom name after 'axiom', found ':'
            include                                      | bad.spec:1:8: expected a spec name after 'include', found end of file
            include psi for                              | bad.spec:1:16: expected a transaction type name after 'for', found end of file
            forall a: vis(a, a) ->                       | bad.spec:1:23: expected a formula, found end of file
            ) vis                                        | bad.spec:1:1: expected 'include', 'axiom' or a formula, found ')'
            """)
    void malformedSpec(String text, String message) {
        assertEquals(message, error(text.strip()));
    }

    @Test
    void positionsCountLinesAndColumnsAcrossCommentsAndTabs() {
        assertEquals(
                "bad.spec:3:28: free variable 'z' (to compare with a transaction type write type(x) = z)",
                error(
                        "# header comment\naxiom ok: forall a: not ar(a, a)\n\tforall x, y: vis(x, y) -> z = x\n"));
    }

    @Test
    void snapshotAndDatabaseDirectives() throws Exception {
        assertEquals(
                "bad.spec:1:10: expected 'statement', 'transaction' or 'first_read' after 'snapshot', found 'query'",
                error("snapshot query\n"));
        assertEquals(
                "bad.spec:1:10: unknown database 'oracle'; known: postgresql, mysql, h2",
                error("database oracle\n"));
        // not keywords: still usable as variables
        parse(
                "axiom v: forall snapshot, database: vis(snapshot, database) -> ar(snapshot, database)\n");
        List<SpecLibrary.Source> sources = new ArrayList<>(SpecLibrary.builtinSources());
        sources.add(
                src(
                        "mixed",
                        "snapshot statement\ninclude si for A\ninclude rc for B\ndatabase postgresql\n"));
        Spec mixed = SpecLibrary.fromSources(sources).get("mixed");
        // A keeps one snapshot (si's implicit single_snapshot, restricted to A); B reads per
        // statement
        assertEquals(1, mixed.snapshotAxioms().size());
        assertEquals(List.of("A"), mixed.snapshotAxioms().get(0).restrictedTo());
        assertTrue(mixed.hasStatementSnapshots());
        assertEquals(List.of("postgresql"), mixed.databases());
    }

    @Test
    void unknownInclude() {
        assertEquals(
                "bad.spec:2:9: unknown spec 'snapshot' in include; known specs: bad, cc, ec, h2-read-committed, h2-serializable, h2-snapshot, mysql-read-committed, mysql-repeatable-read, mysql-serializable, pc, pg-read-committed, pg-repeatable-read, pg-serializable, psi, rc, ser, si",
                libraryError(src("bad", "# uses a name that does not exist\ninclude snapshot\n")));
    }

    @Test
    void includeCycle() {
        assertEquals(
                "b.spec:1:9: include cycle: a -> b -> a",
                libraryError(src("a", "include b\n"), src("b", "include a\n")));
    }

    @Test
    void selfInclude() {
        assertEquals(
                "loop.spec:2:11: include cycle: loop -> loop",
                libraryError(src("loop", "include si\ninclude   loop\n")));
    }

    @Test
    void restrictingAnAxiomWithoutObserver() {
        assertEquals(
                "bad.spec:1:9: cannot include 'noobs' for Enroll: axiom noobs.x (noobs.spec:1:7) declares no observer",
                libraryError(
                        src("noobs", "axiom x: forall a, b: WW(a, b) -> vis(a, b)\n"),
                        src("bad", "include noobs for Enroll\n")));
    }

    @Test
    void redefiningABuiltinName() {
        assertEquals(
                "psi.spec:1:1: spec 'psi' is already defined by specs/psi.spec",
                libraryError(src("psi", "forall a, b: WW(a, b) -> vis(a, b)\n")));
    }

    @Test
    void unknownTransactionTypeIsReportedAtTranslation() throws Exception {
        SpecLibrary lib =
                SpecLibrary.fromSources(
                        List.of(src("typo", "\nforall a, b: type(a) = Enrol -> vis(a, b)\n")));
        try (com.microsoft.z3.Context ctx = new com.microsoft.z3.Context()) {
            FreeExecution exec = new FreeExecution(ctx, List.of("Enroll", "AddCourse"));
            SpecException e =
                    assertThrows(
                            SpecException.class,
                            () -> new SpecTranslator(exec).quantified(lib.get("typo")));
            assertEquals(
                    "typo.spec:2:24: unknown transaction type 'Enrol'; the program's types are: AddCourse, Enroll",
                    e.getMessage());
        }
    }
}
