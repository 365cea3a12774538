package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import java.util.List;
import java.util.function.Function;

/**
 * What every family of the encoder's rules shares: the vocabulary, the program's facts, the access
 * rules and the quantification over the query's constants ({@link Quantification}).
 */
abstract class RuleFamily {
    /** ∀ over two distinct transactions. */
    static final int[][] PAIR = {{0, 1}};

    final Vocabulary v;
    final Context ctx;
    final ProgramModel model;
    final AccessRules rules;
    final Terms terms;
    final Quantification quantification;
    final Mode mode;

    RuleFamily(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        this.v = v;
        this.ctx = v.context();
        this.model = model;
        this.rules = rules;
        this.terms = terms;
        this.quantification = quantification;
        this.mode = mode;
    }

    boolean mayBe(Expr<?> t, String type) {
        return quantification.mayBe(t, type);
    }

    BoolExpr forAllTxns(
            List<Expr<?>> txns, int n, int[][] distinct, Function<List<Expr<?>>, BoolExpr> body) {
        return quantification.forAllTxns(txns, n, distinct, body);
    }

    BoolExpr forAll(List<Expr<?>> vars, BoolExpr body) {
        return quantification.forAll(vars, body);
    }

    BoolExpr forAllIn(Expr<?> owner, List<Expr<?>> elements, BoolExpr body) {
        return quantification.forAllIn(owner, elements, body);
    }

    BoolExpr forAllGround(Expr<?> owner, List<Expr<?>> vars, BoolExpr body, List<Expr<?>> extra) {
        return quantification.forAllGround(owner, vars, body, extra);
    }

    BoolExpr and(List<BoolExpr> parts) {
        return quantification.and(parts);
    }

    BoolExpr or(List<BoolExpr> parts) {
        return quantification.or(parts);
    }

    List<Expr<?>> recordTerms(String table) {
        return quantification.recordTerms(table);
    }
}
