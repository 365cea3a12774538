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
import java.util.Optional;
import java.util.Set;

/**
 * The unique-insert facts: under {@code --assume-unique-keys} for every table, under SQL's key
 * uniqueness ({@link KeyModel#SQL}) or PostgreSQL's for the tables no program deletes from ({@link
 * Encoder#uniqueInsertTables}).
 */
final class UniqueInsertRules extends RuleFamily {
    UniqueInsertRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        super(v, model, rules, terms, quantification, mode);
    }

    /**
     * Assumption (off by default, {@code --assume-unique-keys}): no key is inserted twice in an
     * execution. Then two transactions never insert the same record, a transaction that sees a
     * record alive sees the one transaction that inserted it, and one that sees a deletion of a
     * record sees it dead (nobody inserts it again). (Without the assumption "an alive record was
     * inserted by a visible transaction" is existential, and that transaction need not be among the
     * cycle's, so the substructure encoding cannot use it.)
     */
    List<Part> uniqueInserts(
            List<Expr<?>> txns, Set<String> tables, boolean viewFacts, boolean assumed) {
        List<Part> out = new ArrayList<>();
        // a deleted record is never inserted again: whoever sees the deletion sees it dead
        if (viewFacts && assumed)
            for (TransactionFacts tf : model.transactions()) {
                for (StatementFacts c : tf.statements()) {
                    if (!(c.statement() instanceof Stmt.Delete) || !tables.contains(c.table()))
                        continue;
                    Transaction txn = tf.transaction();
                    for (Expr<?> r : recordTerms(c.table())) {
                        out.add(
                                new Part(
                                        "unique_inserts delete "
                                                + txn.name()
                                                + "."
                                                + c.id()
                                                + " "
                                                + r,
                                        forAllTxns(
                                                txns,
                                                2,
                                                PAIR,
                                                xt -> {
                                                    Expr<?> x = xt.get(0), t = xt.get(1);
                                                    if (!mayBe(x, txn.name())) return ctx.mkTrue();
                                                    List<Expr<?>> els =
                                                            rules.iterationElements(c, txn, "u");
                                                    Site site = rules.site(c, txn, x, els);
                                                    BoolExpr deletes =
                                                            ctx.mkAnd(
                                                                    v.isType(x, txn.name()),
                                                                    rules.writes(
                                                                            c,
                                                                            StatementFacts.ALIVE,
                                                                            site,
                                                                            r,
                                                                            false));
                                                    return forAllIn(
                                                            x,
                                                            els,
                                                            ctx.mkImplies(
                                                                    ctx.mkAnd(deletes, v.vis(x, t)),
                                                                    ctx.mkNot(
                                                                            v.alive(
                                                                                    c.table(), r,
                                                                                    t))));
                                                })));
                    }
                }
            }
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : tf.statements()) {
                if (!(c.statement() instanceof Stmt.Insert) || !tables.contains(c.table()))
                    continue;
                Transaction txn = tf.transaction();
                String table = c.table();
                if (!assumed && model.deletesFrom(table)) continue;
                out.add(pinnedPair(txns, txn, c));
                for (Expr<?> r : recordTerms(table)) {
                    out.add(
                            new Part(
                                    "unique_inserts " + txn.name() + "." + c.id() + " " + r,
                                    forAllTxns(
                                            txns,
                                            2,
                                            PAIR,
                                            xt -> {
                                                Expr<?> x = xt.get(0), t = xt.get(1);
                                                if (!mayBe(x, txn.name())) return ctx.mkTrue();
                                                List<Expr<?>> els =
                                                        rules.iterationElements(c, txn, "u");
                                                Site site = rules.site(c, txn, x, els);
                                                BoolExpr inserts =
                                                        ctx.mkAnd(
                                                                v.isType(x, txn.name()),
                                                                rules.exec(c, site, false),
                                                                rules.addresses(c, site, r, false));
                                                List<BoolExpr> facts = new ArrayList<>();
                                                if (viewFacts)
                                                    facts.add(
                                                            ctx.mkImplies(
                                                                    ctx.mkAnd(
                                                                            inserts,
                                                                            v.alive(table, r, t)),
                                                                    v.vis(x, t)));
                                                // no other transaction inserts it
                                                for (TransactionFacts tf2 : model.transactions()) {
                                                    for (StatementFacts c2 : tf2.statements()) {
                                                        if (!(c2.statement() instanceof Stmt.Insert)
                                                                || !c2.table().equals(table))
                                                            continue;
                                                        if (!mayBe(t, tf2.transaction().name()))
                                                            continue;
                                                        List<Expr<?>> els2 =
                                                                rules.iterationElements(
                                                                        c2, tf2.transaction(), "u");
                                                        Site site2 =
                                                                rules.site(
                                                                        c2,
                                                                        tf2.transaction(),
                                                                        t,
                                                                        els2);
                                                        BoolExpr other =
                                                                ctx.mkAnd(
                                                                        v.isType(
                                                                                t,
                                                                                tf2.transaction()
                                                                                        .name()),
                                                                        rules.exec(
                                                                                c2, site2, false),
                                                                        rules.addresses(
                                                                                c2, site2, r,
                                                                                false));
                                                        facts.add(
                                                                forAllIn(
                                                                        t,
                                                                        els2,
                                                                        ctx.mkNot(
                                                                                ctx.mkAnd(
                                                                                        inserts,
                                                                                        other))));
                                                    }
                                                }
                                                return forAllIn(x, els, and(facts));
                                            })));
                }
            }
        }
        return out;
    }

    /**
     * <b>unique_inserts pinned</b>: two transactions never both insert the record they name by its
     * whole key ({@link AccessRules#pinnedRecord}), for each INSERT of the other's type into the
     * table. The rule above states it for the query's witness records of the table only, so an
     * INSERT whose record is on no edge could share its key with another transaction's (two
     * CloseAuctions inserting one buyer's useracct_item, which the server refused with a duplicate
     * key, benchmarks/RESULTS.md stop 27). Same soundness: a unique index admits one committed
     * insert of a key into a table no statement deletes from.
     */
    private Part pinnedPair(List<Expr<?>> txns, Transaction txn, StatementFacts c) {
        return new Part(
                "unique_inserts pinned " + txn.name() + "." + c.id(),
                forAllTxns(
                        txns,
                        2,
                        PAIR,
                        xt -> {
                            Expr<?> x = xt.get(0), t = xt.get(1);
                            if (!mayBe(x, txn.name())) return ctx.mkTrue();
                            List<Expr<?>> els = rules.iterationElements(c, txn, "up");
                            Site site = rules.site(c, txn, x, els);
                            Optional<Expr<?>> rec = rules.pinnedRecord(c, site);
                            if (rec.isEmpty()) return ctx.mkTrue();
                            BoolExpr inserts =
                                    ctx.mkAnd(v.isType(x, txn.name()), rules.exec(c, site, false));
                            List<BoolExpr> facts = new ArrayList<>();
                            for (TransactionFacts tf2 : model.transactions()) {
                                for (StatementFacts c2 : tf2.statements()) {
                                    if (!(c2.statement() instanceof Stmt.Insert)
                                            || !c2.table().equals(c.table())
                                            || !mayBe(t, tf2.transaction().name())) continue;
                                    List<Expr<?>> els2 =
                                            rules.iterationElements(c2, tf2.transaction(), "uq");
                                    Site site2 = rules.site(c2, tf2.transaction(), t, els2);
                                    Optional<Expr<?>> rec2 = rules.pinnedRecord(c2, site2);
                                    if (rec2.isEmpty()) continue;
                                    BoolExpr other =
                                            ctx.mkAnd(
                                                    v.isType(t, tf2.transaction().name()),
                                                    rules.exec(c2, site2, false),
                                                    ctx.mkEq(rec.get(), rec2.get()));
                                    facts.add(
                                            forAllIn(
                                                    t, els2, ctx.mkNot(ctx.mkAnd(inserts, other))));
                                }
                            }
                            return forAllIn(x, els, and(facts));
                        }));
    }

    /**
     * <b>inserter_in_snapshot</b> (statement snapshots, SQL keys): a plain SELECT with its own
     * snapshot ({@link StatementSnapshotRules#hasSnapshot}, locking nothing) that sees record r of
     * a table no program deletes from alive has, in that snapshot, every transaction that inserts
     * r: {@code insert(x, r) ∧ Alive@s(r, t) → vis@s(x, t)} for x ≠ t. Soundness (PostgreSQL manual
     * §13.2.1 and the INSERT reference page; InnoDB and H2 alike): the primary key's unique index
     * makes an INSERT of a key alive in the newest committed state, or inserted by a concurrent
     * transaction that commits, fail; no statement makes a key absent again; so the record's first
     * version is x's, and a snapshot in which r is alive contains x's commit. The per-transaction
     * form of this fact ({@link #uniqueInserts} with view facts) is left out with statement views;
     * without this one a READ COMMITTED Status could read the newest order, inserted by a Place it
     * does not see (benchmarks/programs/litmus/loop-insert-key.sql).
     */
    List<Part> insertersInSnapshot(List<Expr<?>> txns, Set<String> tables) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts rf : model.transactions()) {
            Transaction reader = rf.transaction();
            for (StatementFacts s : rf.statements()) {
                if (!(s.statement() instanceof Stmt.Select sel)
                        || sel.lock().locks()
                        || !StatementSnapshotRules.hasSnapshot(s)
                        || !tables.contains(s.table())
                        || model.deletesFrom(s.table())
                        || !s.reads().contains(StatementFacts.ALIVE)) continue;
                String stmt = reader.name() + "." + s.id();
                for (TransactionFacts tf : model.transactions()) {
                    Transaction txn = tf.transaction();
                    for (StatementFacts c : tf.statements()) {
                        if (!(c.statement() instanceof Stmt.Insert) || !c.table().equals(s.table()))
                            continue;
                        out.add(
                                new Part(
                                        "inserter_in_snapshot "
                                                + txn.name()
                                                + "."
                                                + c.id()
                                                + " "
                                                + stmt,
                                        forAllTxns(
                                                txns,
                                                2,
                                                PAIR,
                                                xt -> {
                                                    Expr<?> x = xt.get(0), t = xt.get(1);
                                                    if (!mayBe(x, txn.name())
                                                            || !mayBe(t, reader.name()))
                                                        return ctx.mkTrue();
                                                    List<Expr<?>> els =
                                                            rules.iterationElements(c, txn, "u");
                                                    Site site = rules.site(c, txn, x, els);
                                                    // the record the INSERT writes, when its whole
                                                    // key is encodable (else no fact: sound)
                                                    Optional<Expr<?>> r =
                                                            rules.pinnedRecord(c, site);
                                                    if (r.isEmpty()) return ctx.mkTrue();
                                                    BoolExpr premise =
                                                            ctx.mkAnd(
                                                                    v.isType(x, txn.name()),
                                                                    v.isType(t, reader.name()),
                                                                    rules.exec(c, site, false),
                                                                    v.aliveAt(
                                                                            s.table(), stmt,
                                                                            r.get(), t, List.of()));
                                                    return forAllIn(
                                                            x,
                                                            els,
                                                            ctx.mkImplies(
                                                                    premise,
                                                                    v.statementVis(stmt, x, t)));
                                                })));
                    }
                }
            }
        }
        return out;
    }
}
