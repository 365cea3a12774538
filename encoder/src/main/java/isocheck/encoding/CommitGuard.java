package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import java.util.ArrayList;
import java.util.List;

/** The commit guard: no transaction of the query reaches one of its aborts. */
final class CommitGuard extends RuleFamily {
    CommitGuard(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        super(v, model, rules, terms, quantification, mode);
    }

    /**
     * The commit guard: an execution holds committed transactions only, and a transaction that
     * reaches a ROLLBACK or RAISE EXCEPTION aborts (its writes never happen, it is in no
     * dependency), so no transaction of the query reaches one of its aborts ({@link
     * isocheck.program.AbortFacts}). The reaching condition is under-approximated (it is negated
     * here): where it cannot be decided exactly, an instance that would abort may still be taken as
     * committed, with the statements after the abort running as if it were not there — more
     * executions, never fewer. In EXPANDED mode the loop elements are the transaction's witness
     * elements (an instance of a universal fact).
     */
    List<Part> commitGuard(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            for (isocheck.program.AbortFacts a : tf.aborts()) {
                out.add(
                        new Part(
                                "commit_guard "
                                        + txn.name()
                                        + " "
                                        + a.statement().pos().lineColumn(),
                                forAllTxns(
                                        txns,
                                        1,
                                        new int[0][],
                                        ts -> {
                                            Expr<?> t = ts.get(0);
                                            if (!mayBe(t, txn.name())) return ctx.mkTrue();
                                            return ctx.mkImplies(
                                                    v.isType(t, txn.name()), notReached(txn, t, a));
                                        })));
            }
        }
        return out;
    }

    /** Instance t of txn reaches none of its aborts: the commit guard of one instance. */
    List<BoolExpr> commitGuard(Transaction txn, Expr<?> t) {
        List<BoolExpr> out = new ArrayList<>();
        for (isocheck.program.AbortFacts a : model.facts(txn.name()).aborts())
            out.add(notReached(txn, t, a));
        return out;
    }

    private BoolExpr notReached(Transaction txn, Expr<?> t, isocheck.program.AbortFacts a) {
        List<Expr<?>> els = new ArrayList<>();
        for (Stmt.Foreach l : a.loops())
            els.add(v.fresh("ab!" + l.variable(), terms.elementSort(txn, l.source())));
        Site site = Site.of(txn, t, a.loops(), els);
        return forAllIn(t, els, ctx.mkNot(rules.exec(a.guard(), a.loops(), site, false)));
    }
}
