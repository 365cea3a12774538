package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.program.JoinContinuations;
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
     * <b>iteration_snapshot</b> and <b>iteration_prefix</b>: the snapshot {@code vis@S(a, b, e…)}
     * one execution of a SELECT in loops over SELECTed rows reads (Encoder#iterationSnapshot) is,
     * like every statement snapshot, contained in ar and vis and a prefix of ar: the transactions
     * committed before that execution began (PostgreSQL manual §13.2.1). Before stop 33 only one
     * snapshot per execution was stated, so one visit could see a later Touch and miss an earlier
     * one that the later one overwrote (unique-visit.sql's READ COMMITTED lost update via 3
     * transactions, which no server can produce).
     */
    List<Part> iterationSnapshots(
            List<Expr<?>> txns,
            Transaction txn,
            String stmt,
            List<com.microsoft.z3.Sort> sorts,
            String shared) {
        List<Part> out = new ArrayList<>();
        // a query none of whose transactions may have the type gets nothing, and no fresh names:
        // the names of the query's other terms stay those they had without these rules (Z3's
        // models depend on them; AuctionMark's NewBid witnesses changed with the names alone)
        if (txns.stream().noneMatch(t -> mayBe(t, txn.name()))) return out;
        List<Expr<?>> es = new ArrayList<>();
        for (com.microsoft.z3.Sort s : sorts) es.add(v.fresh("e", s));
        if (shared != null) {
            // snapshot first_read: a consistent read in a loop reads the transaction's one
            // consistent-read snapshot like those outside loops (MySQL manual, "Consistent
            // Nonlocking Reads"), whose vis@s carries the containment and prefix rules
            out.add(
                    perPair(
                            "iteration_shared " + stmt,
                            txns,
                            txn,
                            es,
                            (a, b) ->
                                    ctx.mkEq(
                                            v.iterationVis(stmt, a, b, es),
                                            v.statementVis(shared, a, b))));
            return out;
        }
        out.add(
                perPair(
                        "iteration_snapshot " + stmt,
                        txns,
                        txn,
                        es,
                        (a, b) ->
                                ctx.mkImplies(
                                        v.iterationVis(stmt, a, b, es),
                                        ctx.mkAnd(v.ar(a, b), v.vis(a, b)))));
        out.add(
                new Part(
                        "iteration_prefix " + stmt,
                        forAllTxns(
                                txns,
                                3,
                                new int[][] {{0, 1}, {1, 2}, {0, 2}},
                                abc -> {
                                    Expr<?> a = abc.get(0), c = abc.get(1), b = abc.get(2);
                                    if (!mayBe(b, txn.name())) return ctx.mkTrue();
                                    return ctx.mkImplies(
                                            ctx.mkAnd(v.isType(b, txn.name()), v.ar(a, c)),
                                            forAllIn(
                                                    b,
                                                    es,
                                                    ctx.mkImplies(
                                                            v.iterationVis(stmt, c, b, es),
                                                            v.iterationVis(stmt, a, b, es))));
                                })));
        return out;
    }

    /**
     * <b>iteration_order</b>: within one iteration of a loop, the statements with per-iteration
     * snapshots ({@link Encoder#loopSnapshot}) take them in program order, so an earlier one's is
     * contained in a later one's: {@code vis@s(a, b, ē) ⇒ vis@s'(a, b, ē)} for consecutive such
     * statements s, s' in the same loops, at the same elements (manual, chapter "Concurrency
     * Control", §13.2.1: each command sees what was committed before it began, and commits are only
     * added). A statement that does not run in the iteration reads as the snapshot of the next that
     * does (or of the iteration's end, a prefix of ar within vis), as outside loops. Under {@code
     * snapshot first_read} (InnoDB's REPEATABLE READ) a consistent read reads the transaction's one
     * snapshot, which may be older than an earlier statement's: nothing is stated into a consistent
     * read, and out of one only where it surely runs ({@link #ordered}). Without it TPC-C's
     * Delivery found a NewOrder's order in an iteration and then missed its rows in the same
     * iteration's later statements (BenchBase TPC-C at READ COMMITTED, SER-consistent replays,
     * benchmarks/RESULTS.md stop 34).
     */
    List<Part> iterationOrder(List<Expr<?>> txns, Encoder encoder, boolean firstRead) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            if (txns.stream().noneMatch(t -> mayBe(t, txn.name()))) continue;
            // per loop nest, the statements with their own iteration snapshot, in program order
            // (a join's continuations share its first part's)
            java.util.Map<List<Stmt.Foreach>, List<StatementFacts>> chains =
                    new java.util.LinkedHashMap<>();
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (StatementFacts sf : tf.statements()) {
                java.util.Optional<String> snap = encoder.loopSnapshot(sf, txn);
                if (snap.isEmpty() || !seen.add(snap.get())) continue;
                chains.computeIfAbsent(sf.loops(), k -> new ArrayList<>()).add(sf);
            }
            for (var e : chains.entrySet()) {
                List<StatementFacts> chain = e.getValue();
                for (int j = 1; j < chain.size(); j++) {
                    if (firstRead && consistentRead(chain.get(j))) continue;
                    List<StatementFacts> before = new ArrayList<>(List.of(chain.get(j - 1)));
                    // under first_read also the nearest locking predecessor: a consistent read
                    // between them may read an older snapshot than it
                    for (int k = j - 2;
                            firstRead && consistentRead(chain.get(j - 1)) && k >= 0;
                            k--)
                        if (!consistentRead(chain.get(k))) {
                            before.add(chain.get(k));
                            break;
                        }
                    for (StatementFacts b : before)
                        out.add(
                                ordered(
                                        txns,
                                        txn,
                                        e.getKey(),
                                        encoder,
                                        firstRead,
                                        b,
                                        chain.get(j)));
                }
            }
        }
        return out;
    }

    /**
     * {@code vis@s1(a, b, ē) ⇒ vis@s2(a, b, ē)} for s1 before s2 in one iteration. Under {@code
     * snapshot first_read} a consistent read s1 reads the transaction's one snapshot, taken at the
     * first consistent read that ran: before s2 only if one ran before it, so the rule is stated
     * only where s1 surely runs in that iteration (its execution condition under-approximated).
     */
    private Part ordered(
            List<Expr<?>> txns,
            Transaction txn,
            List<Stmt.Foreach> loops,
            Encoder encoder,
            boolean firstRead,
            StatementFacts s1,
            StatementFacts s2) {
        String n1 = encoder.loopSnapshot(s1, txn).orElseThrow();
        String n2 = encoder.loopSnapshot(s2, txn).orElseThrow();
        List<Expr<?>> es = new ArrayList<>();
        for (Stmt.Foreach l : loops) es.add(v.fresh("e", terms.elementSort(txn, l.source())));
        boolean shared = consistentRead(s1) && firstRead;
        return perPair(
                "iteration_order " + n1 + " " + n2,
                txns,
                txn,
                es,
                (a, b) -> {
                    BoolExpr seen = v.iterationVis(n1, a, b, es);
                    if (shared)
                        seen = ctx.mkAnd(rules.exec(s1, rules.site(s1, txn, b, es), false), seen);
                    return ctx.mkImplies(seen, v.iterationVis(n2, a, b, es));
                });
    }

    /**
     * {@code ∀a ≠ b. type(b) = txn → ∀ē. body(a, b)}, ē over b's iteration elements (EXPANDED: the
     * witness elements of b).
     */
    private Part perPair(
            String name,
            List<Expr<?>> txns,
            Transaction txn,
            List<Expr<?>> es,
            java.util.function.BiFunction<Expr<?>, Expr<?>, BoolExpr> body) {
        return new Part(
                name,
                forAllTxns(
                        txns,
                        2,
                        PAIR,
                        ab -> {
                            Expr<?> a = ab.get(0), b = ab.get(1);
                            if (!mayBe(b, txn.name())) return ctx.mkTrue();
                            return ctx.mkImplies(
                                    v.isType(b, txn.name()), forAllIn(b, es, body.apply(a, b)));
                        }));
    }

    /**
     * Under {@code snapshot first_read}, the vis@s a consistent read in loops of type tf shares:
     * the first consistent read outside loops, or else {@code T.consistent_read}, a snapshot of no
     * statement's own that {@link #statementSnapshots} gives the same rules. Null otherwise.
     */
    static String sharedSnapshot(TransactionFacts tf, StatementFacts reader, boolean firstRead) {
        if (!firstRead || !consistentRead(reader)) return null;
        for (StatementFacts sf : tf.statements())
            if (hasSnapshot(sf) && consistentRead(sf))
                return tf.transaction().name() + "." + sf.id();
        return tf.transaction().name() + ".consistent_read";
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
            if (shared.isEmpty()) {
                // consistent reads only in loops: their one snapshot (sharedSnapshot)
                for (StatementFacts sf : tf.statements())
                    if (firstRead && consistentRead(sf) && !sf.loops().isEmpty()) {
                        shared.add(txn.name() + ".consistent_read");
                        break;
                    }
            }
            out.addAll(joinSnapshots(txns, tf));
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
     * <b>join_snapshot</b>: the SELECTs one join is read as share the join's one snapshot ({@link
     * JoinContinuations}): {@code vis@s(a, b) = vis@s'(a, b)} for each continuation s' and the part
     * s before it. They are consecutive in one block, so either all run or none does. Without it a
     * model read the join's tables at two moments, a read skew inside one statement that no
     * database produces and no schedule replays (perform-then-join.sql; AuctionMark's NewPurchase
     * and CloseAuctions joins: 8 of 11 witnesses without a schedule at stop 25).
     */
    private List<Part> joinSnapshots(List<Expr<?>> txns, TransactionFacts tf) {
        Transaction txn = tf.transaction();
        java.util.Set<Stmt.Select> continuations = JoinContinuations.of(txn.body());
        List<Part> out = new ArrayList<>();
        List<StatementFacts> stmts = tf.statements();
        for (int i = 1; i < stmts.size(); i++) {
            StatementFacts part = stmts.get(i), before = stmts.get(i - 1);
            if (!continuations.contains(part.statement())
                    || !hasSnapshot(part)
                    || !hasSnapshot(before)) continue;
            String st = txn.name() + "." + part.id(), prev = txn.name() + "." + before.id();
            out.add(
                    new Part(
                            "join_snapshot " + st,
                            forAllTxns(
                                    txns,
                                    2,
                                    PAIR,
                                    ab -> {
                                        Expr<?> a = ab.get(0), b = ab.get(1);
                                        if (!mayBe(b, txn.name())) return ctx.mkTrue();
                                        return ctx.mkImplies(
                                                v.isType(b, txn.name()),
                                                ctx.mkEq(
                                                        v.statementVis(prev, a, b),
                                                        v.statementVis(st, a, b)));
                                    })));
        }
        return out;
    }

    /**
     * <b>lock_order</b> (PostgreSQL READ COMMITTED): if statement s1 of t1 and statement s2 of t2
     * hold conflicting row locks on one record r (both outside loops, naming r by its whole key)
     * and t1 commits first, then t1 is in the snapshot of every statement of t2 after s2: {@code
     * vis@s'(t1, t2)} for the first statement s' after s2 with a snapshot (the chain gives the
     * later ones). Soundness (manual §13.3.2): each lock is held from its statement to its
     * transaction's end, and two conflicting locks are never held at once. Had t2 taken its lock
     * first, t1 would have waited for t2's end and committed after it; so t1 locked first, and s2
     * got its lock only after t1 committed, before s' began. Every pair except two share locks
     * conflicts ({@link AccessRules#sharedLock}); the lock premises are under-approximated ({@link
     * AccessRules#holdsLock}). This is how a lock on a shared parent row orders the rest of a
     * transaction: TPC-C's StockLevel with its district read FOR SHARE sees every NewOrder of the
     * district that committed before it, in its order_line and stock reads. Not stated with {@code
     * snapshot first_read} (InnoDB's consistent reads keep the first snapshot).
     */
    List<Part> lockOrder(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf2 : model.transactions()) {
            Transaction txn2 = tf2.transaction();
            List<StatementFacts> stmts = tf2.statements();
            java.util.Set<Stmt.Select> continuations = JoinContinuations.of(txn2.body());
            for (int i = 0; i < stmts.size(); i++) {
                StatementFacts s2 = stmts.get(i);
                if (!s2.loops().isEmpty() || !s2.pinsWholeKey()) continue;
                // the next statement with a snapshot of its own: a continuation of s2's join
                // reads the snapshot s2's join took before waiting for the lock (join_snapshot)
                String next = null;
                for (int j = i + 1; j < stmts.size() && next == null; j++)
                    if (hasSnapshot(stmts.get(j))
                            && !continuations.contains(stmts.get(j).statement()))
                        next = txn2.name() + "." + stmts.get(j).id();
                if (next == null) continue;
                final String after = next;
                for (TransactionFacts tf1 : model.transactions()) {
                    Transaction txn1 = tf1.transaction();
                    for (StatementFacts s1 : tf1.statements()) {
                        if (!s1.loops().isEmpty()
                                || !s1.pinsWholeKey()
                                || !s1.table().equals(s2.table())
                                || (AccessRules.sharedLock(s1) && AccessRules.sharedLock(s2)))
                            continue;
                        out.add(
                                new Part(
                                        "lock_order "
                                                + txn1.name()
                                                + "."
                                                + s1.id()
                                                + " "
                                                + txn2.name()
                                                + "."
                                                + s2.id(),
                                        forAllTxns(
                                                txns,
                                                2,
                                                PAIR,
                                                ab ->
                                                        lockOrdered(
                                                                txn1, s1, txn2, s2, after,
                                                                ab.get(0), ab.get(1)))));
                    }
                }
            }
        }
        return out;
    }

    private BoolExpr lockOrdered(
            Transaction txn1,
            StatementFacts s1,
            Transaction txn2,
            StatementFacts s2,
            String after,
            Expr<?> a,
            Expr<?> b) {
        if (!mayBe(a, txn1.name()) || !mayBe(b, txn2.name())) return ctx.mkTrue();
        Site site1 = rules.site(s1, txn1, a, List.of());
        Site site2 = rules.site(s2, txn2, b, List.of());
        var r1 = rules.pinnedRecord(s1, site1);
        var r2 = rules.pinnedRecord(s2, site2);
        if (r1.isEmpty() || r2.isEmpty()) return ctx.mkTrue();
        var l1 = rules.holdsLock(s1, site1, r1.get());
        var l2 = rules.holdsLock(s2, site2, r2.get());
        if (l1.isEmpty() || l2.isEmpty()) return ctx.mkTrue();
        return ctx.mkImplies(
                ctx.mkAnd(
                        v.isType(a, txn1.name()),
                        v.isType(b, txn2.name()),
                        ctx.mkEq(r1.get(), r2.get()),
                        l1.get(),
                        l2.get(),
                        v.ar(a, b)),
                v.statementVis(after, a, b));
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
