package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Constructor;
import com.microsoft.z3.Context;
import com.microsoft.z3.DatatypeSort;
import com.microsoft.z3.EnumSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Sort;
import com.microsoft.z3.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

class SmtLibTextTest {

    /**
     * The query shapes the encoder makes: an uninterpreted sort, an enumeration, a record datatype
     * over a nested datatype, functions over them, a quantifier, arithmetic, a symbol that needs
     * bars. {@code reversed} allocates the constants in the other order and many unrelated terms
     * first, so that every term id differs from the other build.
     */
    private static BoolExpr[] query(Context ctx, boolean reversed) {
        if (reversed) for (int i = 0; i < 500; i++) ctx.mkIntConst("junk" + i);
        Sort txn = ctx.mkUninterpretedSort("Txn");
        EnumSort<?> type = ctx.mkEnumSort("TxnType", "NewOrder", "Payment");
        Constructor<?> inner =
                ctx.mkConstructor(
                        "key",
                        "is-key",
                        new String[] {"k.id"},
                        new Sort[] {ctx.getIntSort()},
                        null);
        DatatypeSort<?> key = ctx.mkDatatypeSort("Key", new Constructor[] {inner});
        Constructor<?> rc =
                ctx.mkConstructor(
                        "rec!stock",
                        "is-rec!stock",
                        new String[] {"stock.key", "stock.qty"},
                        new Sort[] {key, ctx.getIntSort()},
                        null);
        DatatypeSort<?> rec = ctx.mkDatatypeSort("Rec!stock", new Constructor[] {rc});
        FuncDecl<?> typeOf = ctx.mkFuncDecl("type", txn, type);
        FuncDecl<BoolSort> vis = ctx.mkFuncDecl("vis", new Sort[] {txn, txn}, ctx.getBoolSort());
        FuncDecl<?> val =
                ctx.mkFuncDecl("val!stock.s quantity", new Sort[] {rec, txn}, ctx.getIntSort());
        Expr<?> t1, t2;
        IntExpr x, y;
        if (reversed) {
            y = ctx.mkIntConst("y");
            x = ctx.mkIntConst("x");
            t2 = ctx.mkConst("t2", txn);
            t1 = ctx.mkConst("t1", txn);
        } else {
            t1 = ctx.mkConst("t1", txn);
            t2 = ctx.mkConst("t2", txn);
            x = ctx.mkIntConst("x");
            y = ctx.mkIntConst("y");
        }
        Expr<?> w = ctx.mkConst("w1!stock", rec);
        Expr<?> bound = ctx.mkConst("u", txn);
        BoolExpr acyclic =
                ctx.mkForall(
                        new Expr<?>[] {bound},
                        ctx.mkNot(vis.apply(bound, bound)),
                        0,
                        null,
                        null,
                        null,
                        null);
        return new BoolExpr[] {
            ctx.mkDistinct(t1, t2),
            ctx.mkOr(vis.apply(t2, t1), vis.apply(t1, t2)),
            ctx.mkEq(typeOf.apply(t1), type.getConst(0)),
            ctx.mkLe(y, x),
            ctx.mkGe((IntExpr) val.apply(w, t2), ctx.mkAdd(x, ctx.mkInt(1))),
            ctx.mkEq(w, rc.ConstructorDecl().apply(inner.ConstructorDecl().apply(x), y)),
            acyclic,
        };
    }

    @Test
    void textDependsOnTheAssertionsNotOnTermIds() {
        String a, b;
        try (Context ctx = new Context()) {
            a = SmtLibText.of(query(ctx, false));
        }
        try (Context ctx = new Context()) {
            b = SmtLibText.of(query(ctx, true));
        }
        assertEquals(a, b);
        // as built: Z3's simplifying solver printed (or (vis t1 t2) (vis t2 t1)) or (>= (+ x (* (-
        // 1) y)) 0) by ids
        assertTrue(a.contains("(assert (or (vis t2 t1) (vis t1 t2)))"), a);
        assertTrue(a.contains("(assert (<= y x))"), a);
    }

    @Test
    void sortsThenFunctionsInOrderOfFirstUseWithDatatypesAfterTheirFields() {
        try (Context ctx = new Context()) {
            List<String> decls =
                    SmtLibText.of(query(ctx, true))
                            .lines()
                            .filter(l -> l.startsWith("(declare-"))
                            .toList();
            assertEquals(
                    List.of(
                            "(declare-sort Txn 0)",
                            "(declare-datatypes ((TxnType 0)) (((NewOrder) (Payment))))",
                            "(declare-datatypes ((Key 0)) (((key (k.id Int)))))", // a field of
                            // Rec!stock, so
                            // before it
                            "(declare-datatypes ((Rec!stock 0)) (((rec!stock (stock.key Key) (stock.qty Int)))))",
                            "(declare-fun t1 () Txn)",
                            "(declare-fun t2 () Txn)",
                            "(declare-fun vis (Txn Txn) Bool)",
                            "(declare-fun type (Txn) TxnType)",
                            "(declare-fun y () Int)", // (<= y x): first used before x, though made
                            // after it
                            "(declare-fun x () Int)",
                            "(declare-fun |val!stock.s quantity| (Rec!stock Txn) Int)",
                            "(declare-fun w1!stock () Rec!stock)"),
                    decls);
        }
    }

    @Test
    void aFreshContextParsesTheTextToTheSameAnswerAndText() {
        try (Context ctx = new Context()) {
            BoolExpr[] q = query(ctx, false);
            String text = SmtLibText.of(q);
            Solver s = ctx.mkSolver();
            s.add(q);
            Status original = s.check();
            assertEquals(Status.SATISFIABLE, original);
            try (Context fresh = new Context()) {
                BoolExpr[] parsed = fresh.parseSMTLIB2String(text, null, null, null, null);
                assertEquals(q.length, parsed.length);
                Solver f = fresh.mkSolver();
                f.add(parsed);
                assertEquals(original, f.check());
                assertEquals(
                        text,
                        SmtLibText.of(parsed),
                        "printing the parsed assertions gives the text back");
            }
            // and an unsatisfiable variant stays unsatisfiable through the text
            BoolExpr[] unsat = java.util.Arrays.copyOf(q, q.length + 1);
            unsat[q.length] =
                    ctx.mkLt((IntExpr) ctx.mkIntConst("x"), (IntExpr) ctx.mkIntConst("y"));
            try (Context fresh = new Context()) {
                Solver f = fresh.mkSolver();
                f.add(fresh.parseSMTLIB2String(SmtLibText.of(unsat), null, null, null, null));
                assertEquals(Status.UNSATISFIABLE, f.check());
            }
        }
    }

    @Test
    void symbolsAreBarredOnlyWhenSmtLibRequires() {
        assertEquals("RW!orders.@alive", SmtLibText.symbol("RW!orders.@alive"));
        assertEquals("|val!stock.s quantity|", SmtLibText.symbol("val!stock.s quantity"));
        assertEquals("|1t|", SmtLibText.symbol("1t"));
        assertEquals("|forall|", SmtLibText.symbol("forall"));
        assertThrows(IllegalArgumentException.class, () -> SmtLibText.symbol("a|b"));
    }
}
