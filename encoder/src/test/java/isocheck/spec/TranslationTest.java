package isocheck.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lost update of paper §2 (two withdraws of one account, Fig. 2) as bare relations: both read
 * the initial balance and both write it, t1 arbitrated first: WW(t1,t2), RW(t1,t2), RW(t2,t1).
 */
class TranslationTest {
    private static Context ctx;
    private static FreeExecution exec;
    private static SpecLibrary lib;

    @BeforeAll
    static void setUp() throws Exception {
        ctx = new Context();
        exec =
                new FreeExecution(
                        ctx,
                        List.of("AddCourse", "AddStudent", "Enroll", "RemCourse", "RemStudent"));
        lib = SpecLibrary.load(SpecLibraryTest.COURSEWARE);
    }

    @AfterAll
    static void tearDown() {
        ctx.close();
    }

    static BoolExpr lostUpdate(Expr<?> t1, Expr<?> t2) {
        return ctx.mkAnd(
                ctx.mkNot(ctx.mkEq(t1, t2)), exec.ww(t1, t2), exec.rw(t1, t2), exec.rw(t2, t1));
    }

    static Status solve(BoolExpr... fs) {
        Solver s = ctx.mkSolver();
        Params p = ctx.mkParams();
        p.add("timeout", 10_000);
        s.setParameters(p);
        s.add(fs);
        return s.check();
    }

    /** Expanded over the scenario's two transactions. */
    static Status expanded(String spec, BoolExpr... extra) throws SpecException {
        List<Expr<?>> ts = exec.transactions("t", 2);
        BoolExpr[] all = new BoolExpr[3 + extra.length];
        all[0] = BasicAxioms.expanded(exec, ts);
        all[1] = new SpecTranslator(exec).expanded(lib.get(spec), ts);
        all[2] = lostUpdate(ts.get(0), ts.get(1));
        System.arraycopy(extra, 0, all, 3, extra.length);
        return solve(all);
    }

    /** Quantified over the transaction sort (MBQI). */
    static Status quantified(String spec, BoolExpr... extra) throws SpecException {
        List<Expr<?>> ts = exec.transactions("q", 2);
        BoolExpr[] all = new BoolExpr[3 + extra.length];
        all[0] = BasicAxioms.quantified(exec);
        all[1] = new SpecTranslator(exec).quantified(lib.get(spec));
        all[2] = lostUpdate(ts.get(0), ts.get(1));
        System.arraycopy(extra, 0, all, 3, extra.length);
        return solve(all);
    }

    @Test
    void lostUpdateIsPossibleUnderEcAndImpossibleUnderPsi() throws Exception {
        assertEquals(Status.SATISFIABLE, expanded("ec"));
        assertEquals(Status.UNSATISFIABLE, expanded("psi"));
        assertEquals(Status.SATISFIABLE, quantified("ec"));
        assertEquals(Status.UNSATISFIABLE, quantified("psi"));
    }

    @Test
    void lostUpdateAcrossAllBuiltinLevelsBothTranslationsAgree() throws Exception {
        // CC and PC constrain only chains of visibility; with no vis edge at all they allow it.
        Map<String, Status> expected =
                Map.of(
                        "ec",
                        Status.SATISFIABLE,
                        "cc",
                        Status.SATISFIABLE,
                        "pc",
                        Status.SATISFIABLE,
                        "psi",
                        Status.UNSATISFIABLE,
                        "si",
                        Status.UNSATISFIABLE,
                        "ser",
                        Status.UNSATISFIABLE);
        for (var e : expected.entrySet()) {
            assertEquals(e.getValue(), expanded(e.getKey()), "expanded " + e.getKey());
            assertEquals(e.getValue(), quantified(e.getKey()), "quantified " + e.getKey());
        }
    }

    @Test
    void perTypeLevelsAndSelectiveSerializability() throws Exception {
        List<Expr<?>> ts = exec.transactions("t", 2);
        List<Expr<?>> qs = exec.transactions("q", 2);
        for (String t : List.of("Enroll", "AddCourse", "RemCourse")) {
            BoolExpr typedT =
                    ctx.mkAnd(
                            ctx.mkEq(exec.type(ts.get(0)), exec.typeConstant(t)),
                            ctx.mkEq(exec.type(ts.get(1)), exec.typeConstant(t)));
            BoolExpr typedQ =
                    ctx.mkAnd(
                            ctx.mkEq(exec.type(qs.get(0)), exec.typeConstant(t)),
                            ctx.mkEq(exec.type(qs.get(1)), exec.typeConstant(t)));
            // Enroll runs at PSI; AddCourse pairs are serialized; RemCourse pairs are
            // unconstrained.
            Status want = t.equals("RemCourse") ? Status.SATISFIABLE : Status.UNSATISFIABLE;
            assertEquals(want, expanded("courseware-hybrid-psi", typedT), t);
            assertEquals(want, quantified("courseware-hybrid-psi", typedQ), t);
        }
    }

    @Test
    void expansionIsRefusedForNonUniversalSpecs() throws Exception {
        SpecLibrary l =
                SpecLibrary.fromSources(
                        List.of(
                                new SpecLibrary.Source(
                                        "reads",
                                        "reads.spec",
                                        "forall a: exists b: WR(b, a)\n",
                                        false)));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                new SpecTranslator(exec)
                                        .expanded(l.get("reads"), exec.transactions("t", 2)));
        assertTrue(e.getMessage().contains("reads.spec:1:11"), e.getMessage());
        new SpecTranslator(exec).quantified(l.get("reads")); // fine
    }

    @Test
    void expansionShapes() throws Exception {
        List<Expr<?>> ts = exec.transactions("t", 2);
        SpecTranslator tr = new SpecTranslator(exec);
        assertEquals(
                "(and (not (WW t1 t1)) (not (WW t1 t2)) (not (WW t2 t1)) (not (WW t2 t2)))",
                tr.expanded(SpecParser.parseFormula("f", "forall a, b: not WW(a, b)"), ts)
                        .toString());
        assertEquals(
                "(or (WR t1 t1) (WW t1 t1) (RW t1 t1) (WR t2 t2) (WW t2 t2) (RW t2 t2))",
                tr.expanded(SpecParser.parseFormula("f", "exists a: D(a, a)"), ts).toString());
        assertEquals(
                "true",
                tr.expanded(SpecParser.parseFormula("f", "forall a: false"), List.of()).toString());
        assertTrue(
                tr.quantified(SpecParser.parseFormula("f", "forall a: exists b: vis(b, a)"))
                        .isQuantifier());
    }
}
