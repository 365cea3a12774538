package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.program.Column;
import isocheck.program.Constraint;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * <b>parent_in_view</b> (a database's levels only): a FOREIGN KEY holds in every state a statement
 * reads. A child row alive in a view has its parent alive in that view, and, when no program
 * deletes from the parent's table or updates its key, in every later snapshot of the same
 * transaction too.
 *
 * <p>Soundness (PostgreSQL manual §5.5.5 "Foreign Keys" and §13.2; InnoDB and H2 check a FOREIGN
 * KEY the same way, at the end of each statement): a non-deferrable FOREIGN KEY is checked when a
 * statement inserts or updates a child row (its parent must exist in the newest committed state or
 * among the transaction's own rows) and when one deletes or re-keys a parent (it must have no
 * child), so every committed state, and every committed state with one transaction's own completed
 * statements on top, satisfies it. A snapshot is such a state. With no DELETE from the parent's
 * table and no UPDATE of its key, a parent once committed (or written by the transaction itself)
 * stays alive in every later state; a later statement's snapshot (READ COMMITTED takes them in
 * program order, docs/postgresql-levels.md §3) therefore sees it, and a later INSERT of it, whose
 * view is the newest state, fails. Under InnoDB's REPEATABLE READ ({@code snapshot first_read})
 * only the consistent reads are related, as they share one snapshot; a locking statement's may be
 * older or newer. Statements in loops are left out. The child columns must be NOT NULL or key
 * columns (a NULL reference is not checked, MATCH SIMPLE) and the referenced columns the parent's
 * primary key (records are keyed by it). The paper's specs (geo-replicated stores) enforce no
 * FOREIGN KEY: the rule is not stated for them.
 *
 * <p>Only executions no database produces are removed: a view that sees a child without its parent.
 * Without the rule a statement view that finds no visible writer of the parent could have it absent
 * while an earlier statement saw the child (BenchBase AuctionMark's NewPurchase: the seller of an
 * item the join read, absent at the seller's UPDATE), and the replay's seed was refused by the
 * database.
 */
final class ForeignKeyRules extends RuleFamily {
    ForeignKeyRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        super(v, model, rules, terms, quantification, mode);
    }

    /**
     * One part per (transaction type, statement reading a child row it names by its whole key,
     * FOREIGN KEY of that row's table): with statement views, {@code exec(S1) ∧ exec(S2) ∧
     * Alive@S1(c, t) → Alive@S2(parent(c), t)} for S1 and every statement S2 of the type at or
     * after it that reads the parent's table or inserts into it outside loops (an INSERT's view is
     * the newest state; under {@code snapshot first_read} the reads are every other consistent read
     * of it, when S1 is one); with one view per transaction, {@code Alive(c, t) → Alive(parent(c),
     * t)}.
     */
    List<Part> parentsInView(List<Expr<?>> txns, boolean statementViews, boolean firstRead) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<StatementFacts> stmts = tf.statements();
            for (int i = 0; i < stmts.size(); i++) {
                StatementFacts s1 = stmts.get(i);
                if (!readsAlive(s1) || !s1.pinsWholeKey()) continue;
                Table child = model.program().schema().table(s1.table()).orElse(null);
                if (child == null) continue;
                for (Constraint c : child.constraints()) {
                    if (!(c instanceof Constraint.ForeignKey fk)) continue;
                    Optional<List<String>> keyOrder = parentKeyOrder(child, fk);
                    if (keyOrder.isEmpty()) continue;
                    List<StatementFacts> later = new ArrayList<>();
                    if (statementViews) {
                        for (int j = firstRead ? 0 : i + 1; j < stmts.size(); j++) {
                            StatementFacts s2 = stmts.get(j);
                            if (!s2.table().equals(fk.table())) continue;
                            // a later INSERT of the parent checks its key against a newer state,
                            // in which the parent is alive: it fails (AuxRules#auxInsertFresh)
                            if (j > i
                                    && s2.statement() instanceof Stmt.Insert
                                    && s2.loops().isEmpty()) {
                                later.add(s2);
                                continue;
                            }
                            if (!readsAlive(s2)) continue;
                            // InnoDB's REPEATABLE READ: only the consistent reads, which share
                            // one snapshot in whichever order they run
                            if (firstRead
                                    && (j == i
                                            || !StatementSnapshotRules.consistentRead(s1)
                                            || !StatementSnapshotRules.consistentRead(s2)))
                                continue;
                            later.add(s2);
                        }
                        if (later.isEmpty()) continue;
                    }
                    out.add(
                            new Part(
                                    "parent_in_view " + txn.name() + "." + s1.id() + " " + fk.sql(),
                                    forAllTxns(
                                            txns,
                                            1,
                                            new int[0][],
                                            ts -> {
                                                Expr<?> t = ts.get(0);
                                                if (!mayBe(t, txn.name())) return ctx.mkTrue();
                                                Site site = rules.site(s1, txn, t, List.of());
                                                Optional<Expr<?>> rec =
                                                        rules.pinnedRecord(s1, site);
                                                if (rec.isEmpty()) return ctx.mkTrue();
                                                String at = txn.name() + "." + s1.id();
                                                Expr<?> parent =
                                                        parent(
                                                                child,
                                                                fk,
                                                                keyOrder.get(),
                                                                rec.get(),
                                                                t,
                                                                statementViews ? at : null);
                                                List<BoolExpr> facts = new ArrayList<>();
                                                if (!statementViews) {
                                                    facts.add(
                                                            ctx.mkImplies(
                                                                    v.alive(
                                                                            child.name(),
                                                                            rec.get(),
                                                                            t),
                                                                    v.alive(
                                                                            fk.table(),
                                                                            parent,
                                                                            t)));
                                                } else {
                                                    BoolExpr seen =
                                                            ctx.mkAnd(
                                                                    rules.exec(s1, site, false),
                                                                    v.aliveAt(
                                                                            child.name(),
                                                                            at,
                                                                            rec.get(),
                                                                            t,
                                                                            List.of()));
                                                    for (StatementFacts s2 : later) {
                                                        Site site2 =
                                                                rules.site(s2, txn, t, List.of());
                                                        facts.add(
                                                                ctx.mkImplies(
                                                                        ctx.mkAnd(
                                                                                seen,
                                                                                rules.exec(
                                                                                        s2, site2,
                                                                                        false)),
                                                                        parentAlive(
                                                                                fk, txn, s2, parent,
                                                                                t)));
                                                    }
                                                }
                                                return ctx.mkImplies(
                                                        v.isType(t, txn.name()), and(facts));
                                            })));
                }
            }
        }
        return out;
    }

    /**
     * <b>parent_of_insert</b> (a database's levels only): a committed INSERT of a child row has its
     * parent alive in the state the FOREIGN KEY is checked against. PostgreSQL checks a
     * non-deferrable FOREIGN KEY at the end of the inserting statement against the newest committed
     * state and the transaction's own rows (manual §5.5.5; the RI trigger's row lock on the parent
     * waits for a concurrent writer of it), and fails the statement, so the transaction, when the
     * parent is missing; InnoDB and H2 check it the same way. One part per (transaction type,
     * INSERT outside loops, FOREIGN KEY of its table to another table whose primary key it
     * references from NOT NULL or key columns): {@code exec(S) → Alive(parent(c), t)}, on the
     * parent table's one Alive when no statement inserts into or deletes from it ({@link
     * Vocabulary#alive}: every state has the initial rows, at every level), else, with statement
     * views, on the INSERT's own view of the parent table {@code Alive!P@T.S} (the newest state
     * when it runs, as the INSERT's view of its own table is, §2 of docs/postgresql-levels.md; at
     * READ COMMITTED the check's snapshot is taken when it runs, at the statement's end, and an
     * INSERT … VALUES reads nothing else, so its view may stand for that later snapshot), and not
     * for a transaction that itself inserts into or deletes from the parent table (its view is the
     * state before its own writes, without a parent it inserted itself); and then the parent is
     * alive in the views of the later statements that read its table ({@link #laterReadsOfParent}).
     * The premise is under-approximated, so the conclusion holds in every execution a database
     * runs: only executions it refuses are removed. Without it the model's NewComment inserted a
     * comment on an item absent from every view, and NewItem an item of a seller absent from the
     * never-written useracct table; the replays failed on the FOREIGN KEY (BenchBase AuctionMark,
     * benchmarks/RESULTS.md stop 29).
     */
    List<Part> parentsOfInserts(List<Expr<?>> txns, boolean statementViews, boolean firstRead) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            for (StatementFacts s : tf.statements()) {
                if (!(s.statement() instanceof Stmt.Insert ins) || !s.loops().isEmpty()) continue;
                Table child = model.program().schema().table(s.table()).orElse(null);
                if (child == null) continue;
                for (Constraint c : child.constraints()) {
                    if (!(c instanceof Constraint.ForeignKey fk) || fk.table().equals(child.name()))
                        continue;
                    Optional<List<String>> keyOrder = referencedKeyOrder(child, fk);
                    if (keyOrder.isEmpty()) continue;
                    boolean staticParent = v.isStatic(fk.table());
                    if (!staticParent && !statementViews) continue;
                    // a statement view is the state before the transaction's own writes: where
                    // the transaction itself inserts or deletes parents (an order and its lines in
                    // one transaction), the parent the key needs may be its own, which the view
                    // does not hold; no rule there (stating it would remove those executions)
                    if (!staticParent && model.writesAlive(txn, fk.table())) continue;
                    // the inserted value of each child column, in the parent key's order
                    List<isocheck.program.Expr> values = new ArrayList<>();
                    for (String col : keyOrder.get()) {
                        int at = ins.columns().indexOf(col);
                        if (at < 0) break;
                        values.add(ins.values().get(at));
                    }
                    if (values.size() != keyOrder.get().size()) continue;
                    String stmtId = txn.name() + "." + s.id();
                    List<StatementFacts> later =
                            statementViews && !firstRead && !staticParent
                                    ? laterReadsOfParent(tf.statements(), s, child, fk)
                                    : List.of();
                    out.add(
                            new Part(
                                    "parent_of_insert " + stmtId + " " + fk.sql(),
                                    forAllTxns(
                                            txns,
                                            1,
                                            new int[0][],
                                            ts -> {
                                                Expr<?> t = ts.get(0);
                                                if (!mayBe(t, txn.name())) return ctx.mkTrue();
                                                Site site = rules.site(s, txn, t, List.of());
                                                List<Expr<?>> key = new ArrayList<>();
                                                for (isocheck.program.Expr e : values) {
                                                    Optional<Expr<?>> x =
                                                            terms.value(e, site, null);
                                                    if (x.isEmpty()) return ctx.mkTrue();
                                                    key.add(x.get());
                                                }
                                                Expr<?> parent = v.record(fk.table(), key);
                                                BoolExpr alive =
                                                        staticParent
                                                                ? v.alive(fk.table(), parent, t)
                                                                : v.aliveAt(
                                                                        fk.table(),
                                                                        stmtId,
                                                                        parent,
                                                                        t,
                                                                        List.of());
                                                List<BoolExpr> facts =
                                                        new ArrayList<>(List.of(alive));
                                                for (StatementFacts s2 : later)
                                                    facts.add(
                                                            ctx.mkImplies(
                                                                    rules.exec(
                                                                            s2,
                                                                            rules.site(
                                                                                    s2, txn, t,
                                                                                    List.of()),
                                                                            false),
                                                                    parentAlive(
                                                                            fk, txn, s2, parent,
                                                                            t)));
                                                return ctx.mkImplies(
                                                        ctx.mkAnd(
                                                                v.isType(t, txn.name()),
                                                                rules.exec(s, site, false)),
                                                        and(facts));
                                            })));
                }
            }
        }
        return out;
    }

    /** The parent record is alive in the view of statement s of transaction t (of type txn). */
    private BoolExpr parentAlive(
            Constraint.ForeignKey fk,
            Transaction txn,
            StatementFacts s,
            Expr<?> parent,
            Expr<?> t) {
        return v.aliveAt(fk.table(), txn.name() + "." + s.id(), parent, t, List.of());
    }

    /**
     * The statements after INSERT s, outside loops, that read whether rows of the parent table are
     * alive, when no program deletes a parent or changes its key ({@link #parentKeyOrder}): the
     * FOREIGN KEY check at s's end found the parent committed, it stays alive, and each later
     * statement's snapshot (READ COMMITTED takes one per statement, in program order) is taken
     * after that check, so it sees the parent too. Not under InnoDB's REPEATABLE READ, whose
     * consistent reads keep the transaction's first snapshot. AuctionMark's NewComment inserted a
     * comment on an item its later {@code UPDATE item} found absent (a NewItem inserted it unseen):
     * a run has the FOREIGN KEY fail instead, and the replay aborted NewComment
     * (benchmarks/RESULTS.md stop 38).
     */
    private List<StatementFacts> laterReadsOfParent(
            List<StatementFacts> stmts, StatementFacts s, Table child, Constraint.ForeignKey fk) {
        if (parentKeyOrder(child, fk).isEmpty()) return List.of();
        List<StatementFacts> out = new ArrayList<>();
        for (int j = stmts.indexOf(s) + 1; j < stmts.size(); j++) {
            StatementFacts s2 = stmts.get(j);
            if (s2.table().equals(fk.table()) && readsAlive(s2)) out.add(s2);
        }
        return out;
    }

    /**
     * A statement with one snapshot (outside loops, not an INSERT: {@link
     * StatementSnapshotRules#hasSnapshot}) that reads whether rows are alive.
     */
    private static boolean readsAlive(StatementFacts s) {
        return StatementSnapshotRules.hasSnapshot(s) && s.reads().contains(StatementFacts.ALIVE);
    }

    /**
     * The child's FOREIGN KEY columns in the order of the parent's primary key, when the rule
     * applies: the referenced columns are exactly that key, the child columns are NOT NULL or key
     * columns, and no program deletes from the parent's table or updates its key columns.
     */
    private Optional<List<String>> parentKeyOrder(Table child, Constraint.ForeignKey fk) {
        Optional<List<String>> order = referencedKeyOrder(child, fk);
        if (order.isEmpty()) return order;
        Table parent = model.program().schema().table(fk.table()).orElseThrow();
        List<String> key = parent.primaryKey();
        if (model.deletesFrom(parent.name())) return Optional.empty();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts s : tf.statements()) {
                if (s.table().equals(parent.name())
                        && s.statement() instanceof Stmt.Update u
                        && u.assignments().stream().anyMatch(a -> key.contains(a.column())))
                    return Optional.empty();
            }
        }
        return order;
    }

    /**
     * The child's FOREIGN KEY columns in the order of the parent's primary key, when the referenced
     * columns are exactly that key and the child columns are NOT NULL or key columns (never NULL,
     * so always checked: MATCH SIMPLE skips a NULL reference).
     */
    private Optional<List<String>> referencedKeyOrder(Table child, Constraint.ForeignKey fk) {
        Table parent = model.program().schema().table(fk.table()).orElse(null);
        if (parent == null || fk.columns().size() != fk.referenced().size())
            return Optional.empty();
        List<String> key = parent.primaryKey();
        if (key.size() != fk.referenced().size()
                || !new HashSet<>(key).containsAll(fk.referenced())) return Optional.empty();
        for (String col : fk.columns()) {
            Optional<Column> c = child.column(col);
            if (c.isEmpty() || !(child.isKey(col) || c.get().notNull())) return Optional.empty();
        }
        List<String> order = new ArrayList<>();
        for (String k : key) order.add(fk.columns().get(fk.referenced().indexOf(k)));
        return Optional.of(order);
    }

    /**
     * The parent record of child record r: its key is r's FOREIGN KEY columns, key columns by their
     * accessor, others as the view (of statement {@code at}, or t's) has them.
     */
    private Expr<?> parent(
            Table child,
            Constraint.ForeignKey fk,
            List<String> childColumns,
            Expr<?> r,
            Expr<?> t,
            String at) {
        List<Expr<?>> key = new ArrayList<>();
        for (String col : childColumns) {
            if (child.isKey(col)) key.add(v.key(child.name(), col, r));
            else if (at != null) key.add(v.viewValueAt(child.name(), col, at, r, t, List.of()));
            else key.add(v.viewValue(child.name(), col, r, t));
        }
        return v.record(fk.table(), key);
    }
}
