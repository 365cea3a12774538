package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-statement snapshots vis@s of PostgreSQL's READ COMMITTED (docs/postgresql-levels.md §3).
 */
final class StatementSnapshotRules extends RuleFamily {
    StatementSnapshotRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        super(v, model, rules, terms, quantification, mode);
    }

    /**
     * The snapshots of one transaction's SELECTs, UPDATEs and DELETEs outside loops ({@link
     * #hasSnapshot}), {@code vis@s(a, b)}: a committed before statement s of b began (manual,
     * chapter "Concurrency Control", §13.2.1). Each is contained in ar and in vis (vis is the
     * union), is a prefix of ar, and a later statement's contains an earlier one's (program order:
     * when both run, the earlier runs first). For a statement that does not run, read vis@s as the
     * snapshot of the next of these statements that does run, or as vis if none does (vis is the
     * last statement's snapshot, itself a prefix of ar): every rule still holds in every real
     * execution, so they are sound.
     */
    /**
     * Whether statement sf gets a snapshot relation {@code vis@T.S}: a SELECT, UPDATE or DELETE
     * outside loops (run at most once, so one snapshot). An UPDATE's or DELETE's snapshot is the
     * one it finds rows in; what it reads on a row it locks comes from the newest version instead,
     * so only its reads of absent rows are tied to it ({@code CycleQuery#edge}).
     */
    static boolean hasSnapshot(StatementFacts sf) {
        return sf.loops().isEmpty() && !(sf.statement() instanceof Stmt.Insert);
    }

    /**
     * Whether statement sf reads a transaction's consistent-read snapshot under {@code snapshot
     * first_read}: a SELECT that locks nothing (InnoDB's "consistent nonlocking read"). UPDATE,
     * DELETE and SELECT … FOR UPDATE/SHARE read the latest committed rows instead (MySQL manual,
     * "Locking Reads").
     */
    static boolean consistentRead(StatementFacts sf) {
        return sf.statement() instanceof Stmt.Select sel && !sel.lock().locks();
    }

    /**
     * @param firstRead {@code snapshot first_read} (InnoDB's REPEATABLE READ): the transaction's
     *     consistent reads ({@link #consistentRead}) share one snapshot, taken at the first that
     *     runs, so their vis@s are equal; its other statements keep their own, growing in program
     *     order among themselves. Between a consistent read and another statement nothing is
     *     stated: a locking statement before the first consistent read sees less than the shared
     *     snapshot and one after it more, but which consistent read runs first depends on the
     *     branches taken, and leaving the relation out only adds executions (sound). A consistent
     *     read that does not run reads the shared snapshot (or, if none runs, any common one).
     */
    List<Part> statementSnapshots(List<Expr<?>> txns, boolean firstRead) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<String> chain = new ArrayList<>();
            List<String> shared = new ArrayList<>();
            for (StatementFacts sf : tf.statements()) {
                if (!hasSnapshot(sf)) continue;
                String id = txn.name() + "." + sf.id();
                if (firstRead && consistentRead(sf)) shared.add(id);
                else chain.add(id);
            }
            List<String> all = new ArrayList<>(chain);
            all.addAll(shared);
            for (String st : all) {
                // st is in one of the two lists: its successor in the other is null
                String next = successor(chain, st);
                String same = successor(shared, st);
                out.add(
                        new Part(
                                "statement_snapshot " + st,
                                forAllTxns(
                                        txns,
                                        2,
                                        PAIR,
                                        ab -> {
                                            Expr<?> a = ab.get(0), b = ab.get(1);
                                            if (!mayBe(b, txn.name())) return ctx.mkTrue();
                                            BoolExpr seen = v.statementVis(st, a, b);
                                            List<BoolExpr> then =
                                                    new ArrayList<>(
                                                            List.of(v.ar(a, b), v.vis(a, b)));
                                            if (next != null) then.add(v.statementVis(next, a, b));
                                            BoolExpr body =
                                                    ctx.mkImplies(
                                                            ctx.mkAnd(
                                                                    v.isType(b, txn.name()), seen),
                                                            and(then));
                                            if (same == null) return body;
                                            // consistent reads: one snapshot
                                            return ctx.mkAnd(
                                                    body,
                                                    ctx.mkImplies(
                                                            v.isType(b, txn.name()),
                                                            ctx.mkEq(
                                                                    seen,
                                                                    v.statementVis(same, a, b))));
                                        })));
                out.add(
                        new Part(
                                "statement_prefix " + st,
                                forAllTxns(
                                        txns,
                                        3,
                                        new int[][] {{0, 1}, {1, 2}, {0, 2}},
                                        abc -> {
                                            Expr<?> a = abc.get(0), c = abc.get(1), b = abc.get(2);
                                            if (!mayBe(b, txn.name())) return ctx.mkTrue();
                                            return ctx.mkImplies(
                                                    ctx.mkAnd(
                                                            v.isType(b, txn.name()),
                                                            v.ar(a, c),
                                                            v.statementVis(st, c, b)),
                                                    v.statementVis(st, a, b));
                                        })));
            }
        }
        return out;
    }

    /**
     * The statement after {@code st} in {@code order} (growth among locking statements, equality
     * among consistent reads: both chains), or null.
     */
    private static String successor(List<String> order, String st) {
        int i = order.indexOf(st);
        return i >= 0 && i + 1 < order.size() ? order.get(i + 1) : null;
    }
}
