package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.program.RowLock;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * Records whose key is drawn from a counter ({@link CounterKey}) are inserted at most once in an
 * execution, under the spec condition of {@link CounterRules} (the counter's writers see the
 * earlier writers) and the initial-state assumption of {@link CounterRules#keyBelowCounter}:
 *
 * <ul>
 *   <li>no two transactions insert the same such record: they both increment the counter record and
 *       the one later in ar reads a strictly larger value;
 *   <li>no transaction inserts an initial one: a drawn key is at least the counter's initial value,
 *       which exceeds every initial key.
 * </ul>
 *
 * So such a record alive in a view was put there by its one inserter (or is initial and never
 * written by an INSERT), which {@link #inserterVisible} states. This is part of what {@code
 * --assume-unique-keys} assumes for every table, derived here for the counter-keyed ones.
 */
final class DrawnKeyRules {
    private final Vocabulary v;
    private final Context ctx;
    private final ProgramModel model;
    private final AccessRules rules;
    private final Quantification enc;
    private final WriterVisibility visibility;

    /** The per-iteration snapshot of a statement in loops ({@code Encoder#loopSnapshot}). */
    private final BiFunction<StatementFacts, Transaction, Optional<String>> loopSnapshot;

    DrawnKeyRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Quantification enc,
            WriterVisibility visibility,
            BiFunction<StatementFacts, Transaction, Optional<String>> loopSnapshot) {
        this.v = v;
        this.ctx = v.context();
        this.model = model;
        this.rules = rules;
        this.enc = enc;
        this.visibility = visibility;
        this.loopSnapshot = loopSnapshot;
    }

    /**
     * <b>inserter_visible</b>: if transaction i runs an INSERT of record x of a counter-keyed table
     * and another transaction t sees x alive, then t sees i, and (for an INSERT outside loops)
     * reads i's values of the fields only INSERTs write. Soundness: x is not initial (i drew its
     * key), so t's view has a last writer of x's Alive that inserted it, which can only be i; i is
     * also the only writer of those fields of x.
     */
    List<Part> inserterVisible(Spec spec, CounterKey ck, List<Expr<?>> txns) {
        if (!visibility.writersSeeEarlierWriters(spec, ck.counter().writerTypes()))
            return List.of();
        List<Part> out = new ArrayList<>();
        List<String> fields = insertOnlyFields(ck.table());
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : tf.statements()) {
                if (!(c.statement() instanceof Stmt.Insert ins) || !c.table().equals(ck.table()))
                    continue;
                out.add(
                        new Part(
                                "inserter_visible " + tf.transaction().name() + "." + c.id(),
                                enc.forAllTxns(
                                        txns,
                                        2,
                                        new int[][] {{0, 1}},
                                        it -> {
                                            Expr<?> i = it.get(0), t = it.get(1);
                                            if (!enc.mayBe(i, tf.transaction().name()))
                                                return ctx.mkTrue();
                                            List<Expr<?>> els =
                                                    rules.iterationElements(
                                                            c, tf.transaction(), "iv");
                                            Site site = rules.site(c, tf.transaction(), i, els);
                                            Optional<Expr<?>> x = rules.pinnedRecord(c, site);
                                            if (x.isEmpty()) return ctx.mkTrue();
                                            List<BoolExpr> then = new ArrayList<>();
                                            then.add(v.vis(i, t));
                                            // the values only for an INSERT outside loops: the
                                            // abstract model lets one
                                            // transaction insert a key twice (two iterations), the
                                            // later value winning
                                            for (int k = 0;
                                                    k < ins.columns().size() && c.loops().isEmpty();
                                                    k++) {
                                                String col = ins.columns().get(k);
                                                if (!fields.contains(col)) continue;
                                                rules.terms()
                                                        .value(ins.values().get(k), site, null)
                                                        .ifPresent(
                                                                val ->
                                                                        then.add(
                                                                                ctx.mkEq(
                                                                                        v.viewValue(
                                                                                                ck
                                                                                                        .table(),
                                                                                                col,
                                                                                                x
                                                                                                        .get(),
                                                                                                t),
                                                                                        val)));
                                            }
                                            BoolExpr premise =
                                                    ctx.mkAnd(
                                                            v.isType(i, tf.transaction().name()),
                                                            rules.exec(c, site, false),
                                                            v.alive(ck.table(), x.get(), t));
                                            return enc.forAllIn(
                                                    i, els, ctx.mkImplies(premise, enc.and(then)));
                                        })));
            }
        }
        return out;
    }

    /**
     * <b>inserter_in_snapshot</b>, the READ COMMITTED form of {@link #inserterVisible}: if
     * transaction i runs an INSERT of record x of a counter-keyed table and a SELECT s (outside
     * loops) of another transaction t finds x alive in its statement snapshot, then i is in that
     * snapshot: {@code vis@s(i, t)}. This ties what an aggregate or a later statement of t can see
     * to the row the SELECT saw: TPC-C's {@code MIN(no_o_id)} in Delivery (or {@code MAX(o_id)} in
     * OrderStatus) returns an order id only with the order's NewOrder in its snapshot, and so in
     * every later statement's snapshot of t ({@link StatementSnapshotRules}).
     *
     * <p>Soundness, for PostgreSQL READ COMMITTED (manual, chapter "Concurrency Control", §13.2.1),
     * only when every INSERT into the table draws its key with a {@code SELECT … FOR UPDATE} of the
     * counter row ({@link #drawnUnderLock}; the caller also requires the key-below-counter
     * invariant, declared or assumed): such a read waits for a concurrent holder of the row lock
     * and returns the newest committed version, and the same transaction's increment keeps the lock
     * to commit, so two committed transactions never draw the same key, and every drawn key is at
     * least the counter's initial value, above every initial key. So x is not initial and i is its
     * only committed inserter; alive in a snapshot, it was committed before the statement began. A
     * plain SELECT outside loops reads from exactly one snapshot (its view is that snapshot; own
     * writes are outside the view). A locking SELECT outside loops ({@code … ORDER BY k LIMIT 1 FOR
     * UPDATE}, the repaired Delivery) is included too: it reads a row it finds in its snapshot in
     * the newest version after the lock wait, and a row it does not find in its snapshot it never
     * locks or re-reads (§13.2.1: such statements "will only find target rows that were committed
     * as of the command start time"), so x alive in its view means x was found in its snapshot,
     * hence x's only inserter i committed before the statement began. UPDATE and DELETE (whose
     * views also hold the rows they write) and statements in loops are left out (fewer rules:
     * sound). With a plain SELECT of the counter two NewOrders may draw one key (the later INSERT
     * fails only if the first row is still alive), and the rule is off.
     */
    /**
     * @param lockingReads whether locking SELECTs get the rule too: only at PostgreSQL's levels,
     *     whose locking reads find rows in the statement's snapshot; InnoDB's locking reads are
     *     current reads of the latest committed rows (MySQL manual, "Locking Reads"), which may
     *     have been inserted after the statement began
     */
    List<Part> inserterInSnapshot(CounterKey ck, List<Expr<?>> txns, boolean lockingReads) {
        return perInsertAndReader(
                "inserter_in_snapshot",
                ck,
                txns,
                lockingReads,
                true,
                (rf, sel) -> true,
                2,
                new int[][] {{0, 1}},
                (tf, c, rf, s, sel, reader) ->
                        it -> inSnapshot(tf, c, rf, reader, it.get(0), it.get(1)));
    }

    private BoolExpr inSnapshot(
            TransactionFacts inserter,
            StatementFacts c,
            TransactionFacts readerTxn,
            Reader reader,
            Expr<?> i,
            Expr<?> t) {
        if (!enc.mayBe(i, inserter.transaction().name())
                || !enc.mayBe(t, readerTxn.transaction().name())) return ctx.mkTrue();
        List<Expr<?>> els = rules.iterationElements(c, inserter.transaction(), "is");
        Site site = rules.site(c, inserter.transaction(), i, els);
        Optional<Expr<?>> x = rules.pinnedRecord(c, site);
        if (x.isEmpty()) return ctx.mkTrue();
        BoolExpr premise =
                ctx.mkAnd(
                        v.isType(i, inserter.transaction().name()),
                        v.isType(t, readerTxn.transaction().name()),
                        rules.exec(c, site, false),
                        v.aliveAt(c.table(), reader.stmt(), x.get(), t, reader.elements()));
        return enc.forAllIn(
                i,
                els,
                enc.forAllIn(t, reader.elements(), ctx.mkImplies(premise, reader.sees(v, i, t))));
    }

    /**
     * <b>drawn_before_first_row</b>, for a SELECT s (outside loops) of {@code ORDER BY k LIMIT 1}
     * (ascending) over a counter-keyed table whose drawn key column is k: if s returns a row p and
     * transaction i runs an INSERT of a record x with the same counter record and {@code k(x) <
     * k(p)}, then i is in s's snapshot, {@code vis@s(i, t)}. This is what ties TPC-C's repaired
     * Delivery ({@code SELECT no_o_id … ORDER BY no_o_id LIMIT 1 FOR UPDATE}) to the NewOrders of
     * the orders older than the one it delivers, whichever transaction inserted that one.
     *
     * <p>Soundness, for PostgreSQL READ COMMITTED (manual, chapter "Concurrency Control", §13.2.1),
     * under the conditions of {@link #inserterInSnapshot} (every draw a {@code SELECT … FOR UPDATE}
     * of the counter row, the key-below-counter invariant): p is not initial, since an initial key
     * is below the counter's initial value and x's key, drawn by i, is at least that value. So p
     * was inserted by the one transaction j that drew k(p), and s found p in its snapshot (a plain
     * SELECT reads only its snapshot; a locking one finds only rows committed as of the command
     * start, {@link Encoder#insertFoundInSnapshot}), so j committed before s began (or j is t
     * itself, whose draw came before s). i and j both read the counter row under its lock and
     * increment it before commit, so the draws are serialized by the lock, each reads the value its
     * predecessor committed, and the values grow: i drew the smaller key, so i read first and j's
     * read waited for i's commit. Hence i committed before j's draw, before s began. Premises are
     * under-approximated (i's INSERT runs, s returned a row), so the rule holds in every execution
     * on the server.
     */
    List<Part> drawnBeforeFirstRow(CounterKey ck, List<Expr<?>> txns, boolean lockingReads) {
        return perInsertAndReader(
                "drawn_before_first_row",
                ck,
                txns,
                lockingReads,
                true,
                (rf, sel) ->
                        !sel.lock().skipLocked()
                                && !sel.isJoin()
                                && sel.aggregate().isEmpty()
                                && sel.limit().equals(Optional.of(1L))
                                && sel.orderBy().size() == 1
                                && !sel.orderBy().get(0).descending()
                                && sel.orderBy().get(0).column().equals(ck.column())
                                && model.assignments(rf.transaction(), sel.target()).size() == 1,
                2,
                new int[][] {{0, 1}},
                (tf, c, rf, s, sel, reader) ->
                        it -> drawnBefore(ck, tf, c, rf, s, sel, reader, it.get(0), it.get(1)));
    }

    private BoolExpr drawnBefore(
            CounterKey ck,
            TransactionFacts inserter,
            StatementFacts c,
            TransactionFacts readerTxn,
            StatementFacts s,
            Stmt.Select sel,
            Reader reader,
            Expr<?> i,
            Expr<?> t) {
        if (!enc.mayBe(i, inserter.transaction().name())
                || !enc.mayBe(t, readerTxn.transaction().name())) return ctx.mkTrue();
        Site readerSite = rules.site(s, readerTxn.transaction(), t, reader.elements());
        Optional<BoolExpr> ne = rules.terms().nonEmpty(sel.target(), readerSite);
        Optional<Expr<?>> pick = rules.terms().pick(sel.target(), readerSite);
        if (ne.isEmpty() || pick.isEmpty()) return ctx.mkTrue();
        List<Expr<?>> els = rules.iterationElements(c, inserter.transaction(), "fr");
        Site site = rules.site(c, inserter.transaction(), i, els);
        Optional<Expr<?>> x = rules.pinnedRecord(c, site);
        if (x.isEmpty()) return ctx.mkTrue();
        List<BoolExpr> premise = new ArrayList<>();
        premise.add(v.isType(i, inserter.transaction().name()));
        premise.add(v.isType(t, readerTxn.transaction().name()));
        premise.add(rules.exec(c, site, false));
        premise.add(rules.exec(s, readerSite, false));
        premise.add(ne.get());
        for (String col : ck.counterKey())
            premise.add(
                    ctx.mkEq(v.key(ck.table(), col, x.get()), v.key(ck.table(), col, pick.get())));
        premise.add(
                ctx.mkLt(
                        (com.microsoft.z3.IntExpr) v.key(ck.table(), ck.column(), x.get()),
                        (com.microsoft.z3.IntExpr) v.key(ck.table(), ck.column(), pick.get())));
        return enc.forAllIn(
                i,
                els,
                enc.forAllIn(
                        t,
                        reader.elements(),
                        ctx.mkImplies(enc.and(premise), reader.sees(v, i, t))));
    }

    /**
     * <b>draw_order</b> (READ COMMITTED with statement snapshots, where the counter rules of the
     * one-snapshot levels are off): if transactions i and j insert records x and y of the
     * counter-keyed table with the same counter record and i commits first ({@code ar(i, j)}), then
     * i drew the smaller key, {@code k(x) < k(y)}. Soundness (PostgreSQL, manual §13.2.1 and
     * §13.3.2), under the conditions of {@link #inserterInSnapshot}: each draws with a {@code
     * SELECT … FOR UPDATE} of the counter row and increments it in the same transaction, holding
     * the row lock from the draw to its commit. Had j taken the lock first, i would have waited for
     * j's commit and committed after it; so i held it first, and j's draw, after i's commit, read
     * i's increment or a later one: a value above i's draw (the counter only grows). Premises
     * under-approximated (both INSERTs run), so the rule holds in every execution on the server.
     */
    List<Part> drawOrder(CounterKey ck, List<Expr<?>> txns) {
        if (!drawnUnderLock(ck)) return List.of();
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf1 : model.transactions()) {
            for (StatementFacts c1 : insertsInto(tf1, ck)) {
                for (TransactionFacts tf2 : model.transactions()) {
                    for (StatementFacts c2 : insertsInto(tf2, ck)) {
                        out.add(
                                new Part(
                                        "draw_order "
                                                + tf1.transaction().name()
                                                + "."
                                                + c1.id()
                                                + " "
                                                + tf2.transaction().name()
                                                + "."
                                                + c2.id(),
                                        enc.forAllTxns(
                                                txns,
                                                2,
                                                new int[][] {{0, 1}},
                                                ij ->
                                                        drawnFirst(
                                                                ck, tf1, c1, tf2, c2, ij.get(0),
                                                                ij.get(1)))));
                    }
                }
            }
        }
        return out;
    }

    private BoolExpr drawnFirst(
            CounterKey ck,
            TransactionFacts tf1,
            StatementFacts c1,
            TransactionFacts tf2,
            StatementFacts c2,
            Expr<?> i,
            Expr<?> j) {
        if (!enc.mayBe(i, tf1.transaction().name()) || !enc.mayBe(j, tf2.transaction().name()))
            return ctx.mkTrue();
        List<Expr<?>> els1 = rules.iterationElements(c1, tf1.transaction(), "do1");
        List<Expr<?>> els2 = rules.iterationElements(c2, tf2.transaction(), "do2");
        Site site1 = rules.site(c1, tf1.transaction(), i, els1);
        Site site2 = rules.site(c2, tf2.transaction(), j, els2);
        Optional<Expr<?>> x = rules.pinnedRecord(c1, site1);
        Optional<Expr<?>> y = rules.pinnedRecord(c2, site2);
        if (x.isEmpty() || y.isEmpty()) return ctx.mkTrue();
        List<BoolExpr> premise = new ArrayList<>();
        premise.add(v.isType(i, tf1.transaction().name()));
        premise.add(v.isType(j, tf2.transaction().name()));
        premise.add(rules.exec(c1, site1, false));
        premise.add(rules.exec(c2, site2, false));
        premise.add(v.ar(i, j));
        for (String col : ck.counterKey())
            premise.add(ctx.mkEq(v.key(ck.table(), col, x.get()), v.key(ck.table(), col, y.get())));
        BoolExpr body =
                ctx.mkImplies(
                        enc.and(premise),
                        ctx.mkLt(
                                v.key(ck.table(), ck.column(), x.get()),
                                v.key(ck.table(), ck.column(), y.get())));
        return enc.forAllIn(i, els1, enc.forAllIn(j, els2, body));
    }

    /**
     * <b>drawn_before_read</b>, the form of {@link #drawnBeforeFirstRow} for any row a SELECT s
     * (outside loops) reads: if s reads record y's {@code @alive} in the version some transaction w
     * wrote (a refined WR into s, {@code WR!table.@alive@s(y, w, t)}) and transaction i runs an
     * INSERT of a record x with the same counter record and {@code k(x) < k(y)}, then i is in s's
     * snapshot, {@code vis@s(i, t)}. Stated on the witness records (the only records a refined WR
     * is asserted of, {@link Quantification#recordTerms}). This is what rules out a Delivery whose
     * {@code ORDER BY no_o_id LIMIT 1 FOR UPDATE} waits for a concurrent Delivery that deletes a
     * newer order and yet misses an older NewOrder's row.
     *
     * <p>Soundness (PostgreSQL READ COMMITTED, manual §13.2.1, under the conditions of {@link
     * #inserterInSnapshot}): y is not initial (an initial key is below the counter's initial value,
     * x's drawn key at least that), so y was inserted by the one transaction j that drew k(y), and
     * every version of y was written by j or by a transaction that found y after j committed. s
     * read w's version either from its snapshot (a plain SELECT: w committed before s began) or,
     * for a locking read, as the newest version of a row it found in its snapshot: either way some
     * version of y was in s's snapshot, so j committed before s began. As for {@link
     * #drawnBeforeFirstRow}, i drew the smaller key, so j's draw waited for i's commit: i committed
     * before s began. i = t is excluded (t's own insert is not in its snapshot).
     */
    List<Part> drawnBeforeRead(CounterKey ck, List<Expr<?>> txns, boolean lockingReads) {
        return perInsertAndReader(
                "drawn_before_read",
                ck,
                txns,
                lockingReads,
                false,
                (rf, sel) -> !sel.isJoin(),
                3,
                new int[][] {{0, 2}, {1, 2}},
                (tf, c, rf, s, sel, reader) ->
                        iwt ->
                                drawnBeforeRead(
                                        ck,
                                        tf,
                                        c,
                                        rf,
                                        reader.stmt(),
                                        iwt.get(0),
                                        iwt.get(1),
                                        iwt.get(2)));
    }

    private BoolExpr drawnBeforeRead(
            CounterKey ck,
            TransactionFacts inserter,
            StatementFacts c,
            TransactionFacts readerTxn,
            String reader,
            Expr<?> i,
            Expr<?> w,
            Expr<?> t) {
        if (!enc.mayBe(i, inserter.transaction().name())
                || !enc.mayBe(t, readerTxn.transaction().name())) return ctx.mkTrue();
        List<Expr<?>> ys = enc.recordTerms(ck.table());
        if (ys.isEmpty()) return ctx.mkTrue();
        List<Expr<?>> els = rules.iterationElements(c, inserter.transaction(), "dr");
        Site site = rules.site(c, inserter.transaction(), i, els);
        Optional<Expr<?>> x = rules.pinnedRecord(c, site);
        if (x.isEmpty()) return ctx.mkTrue();
        List<BoolExpr> all = new ArrayList<>();
        for (Expr<?> y : ys) {
            List<BoolExpr> premise = new ArrayList<>();
            premise.add(v.isType(i, inserter.transaction().name()));
            premise.add(v.isType(t, readerTxn.transaction().name()));
            premise.add(rules.exec(c, site, false));
            premise.add(v.refinedAt(DepKind.WR, ck.table(), StatementFacts.ALIVE, reader, y, w, t));
            for (String col : ck.counterKey())
                premise.add(ctx.mkEq(v.key(ck.table(), col, x.get()), v.key(ck.table(), col, y)));
            premise.add(
                    ctx.mkLt(
                            v.key(ck.table(), ck.column(), x.get()),
                            v.key(ck.table(), ck.column(), y)));
            all.add(ctx.mkImplies(enc.and(premise), v.statementVis(reader, i, t)));
        }
        return enc.forAllIn(i, els, enc.and(all));
    }

    /**
     * <b>inserted_by_drawer</b> (READ COMMITTED with statement snapshots): if transaction i runs an
     * INSERT (outside loops) of a record x whose key it drew from counter record r, and a SELECT s
     * of another transaction t returns a row p of a table {@code found} keyed by the same counter,
     * with p naming r and p's drawn key equal to x's, then i inserted p: some INSERT of i into that
     * table ran, in some iteration of its loops, on a record p can be. The iteration is a Skolem
     * term of (i, p) per loop. This is what rules out TPC-C's Delivery finding order lines of an
     * order whose NewOrder, given no items, inserted none (its {@code IF NOT FOUND THEN RAISE} made
     * the server's Delivery abort: SER-consistent replays, benchmarks/RESULTS.md stop 36).
     *
     * <p>Soundness (PostgreSQL READ COMMITTED, manual §13.2.1, under the conditions of {@link
     * #inserterInSnapshot}, with the key-below-counter invariant declared or assumed for {@code
     * found}): a row a statement returns is committed (or t's own write). It is not initial, since
     * an initial key of {@code found} is below r's initial value and x's key, a value read from r,
     * is at least that (the counter only grows). So a committed transaction j (or t) inserted p,
     * drawing p's key from r under r's row lock; two committed draws under the lock read distinct
     * values (the later waits for the earlier's commit and reads its increment), so j = i (t = i is
     * excluded by t ≠ i only to keep the instances few: the argument holds for it too). Keys are
     * never updated, so the record p is the one i's INSERT wrote. The conclusion is
     * over-approximated (the INSERT's guards and key values where not encodable), the premise
     * under-approximated, so the rule holds in every execution on the server.
     */
    List<Part> insertedByDrawer(
            List<CounterKey> sameCounter, CounterKey found, List<Expr<?>> txns) {
        if (!drawnUnderLock(found)) return List.of();
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            // one drawing INSERT per type: every INSERT of it outside loops carries the same draw
            // when it runs, and one premise suffices
            Optional<StatementFacts> draw = Optional.empty();
            CounterKey drawn = null;
            for (CounterKey ck : sameCounter) {
                if (draw.isPresent() || !drawnUnderLock(ck)) continue;
                for (StatementFacts c : insertsInto(tf, ck)) {
                    if (c.loops().isEmpty() && c.pinsWholeKey()) {
                        draw = Optional.of(c);
                        drawn = ck;
                        break;
                    }
                }
            }
            if (draw.isEmpty()) continue;
            StatementFacts c = draw.get();
            CounterKey dk = drawn;
            List<StatementFacts> inserts = insertsInto(tf, found);
            for (TransactionFacts rf : model.transactions()) {
                for (StatementFacts s : rf.statements()) {
                    if (!(s.statement() instanceof Stmt.Select sel)
                            || !returnsRowsOf(rf, sel, found.table())) continue;
                    out.add(
                            pairPart(
                                    "inserted_by_drawer",
                                    tf,
                                    c,
                                    rf,
                                    s,
                                    txns,
                                    (i, t) ->
                                            byDrawer(dk, found, tf, c, inserts, rf, s, sel, i, t)));
                }
            }
        }
        return out;
    }

    private BoolExpr byDrawer(
            CounterKey drawn,
            CounterKey found,
            TransactionFacts inserter,
            StatementFacts c,
            List<StatementFacts> inserts,
            TransactionFacts readerTxn,
            StatementFacts s,
            Stmt.Select sel,
            Expr<?> i,
            Expr<?> t) {
        if (!enc.mayBe(i, inserter.transaction().name())
                || !enc.mayBe(t, readerTxn.transaction().name())) return ctx.mkTrue();
        Site site = rules.site(c, inserter.transaction(), i, List.of());
        Optional<Expr<?>> x = rules.pinnedRecord(c, site);
        if (x.isEmpty()) return ctx.mkTrue();
        List<Expr<?>> els = rules.iterationElements(s, readerTxn.transaction(), "bd");
        Site readerSite = rules.site(s, readerTxn.transaction(), t, els);
        Optional<BoolExpr> ne = rules.terms().nonEmpty(sel.target(), readerSite);
        Optional<Expr<?>> pick = rules.terms().pick(sel.target(), readerSite);
        if (ne.isEmpty() || pick.isEmpty()) return ctx.mkTrue();
        Expr<?> p = pick.get();
        List<BoolExpr> premise = new ArrayList<>();
        premise.add(v.isType(i, inserter.transaction().name()));
        premise.add(v.isType(t, readerTxn.transaction().name()));
        premise.add(rules.exec(c, site, false));
        premise.add(rules.exec(s, readerSite, false));
        premise.add(ne.get());
        for (int k = 0; k < found.counterKey().size(); k++)
            premise.add(
                    ctx.mkEq(
                            v.key(drawn.table(), drawn.counterKey().get(k), x.get()),
                            v.key(found.table(), found.counterKey().get(k), p)));
        premise.add(
                ctx.mkEq(
                        v.key(drawn.table(), drawn.column(), x.get()),
                        v.key(found.table(), found.column(), p)));
        List<BoolExpr> ran = new ArrayList<>();
        for (StatementFacts b : inserts) {
            List<Expr<?>> at = new ArrayList<>();
            for (Stmt.Foreach l : b.loops())
                at.add(
                        v.apply(
                                "drawer!"
                                        + inserter.transaction().name()
                                        + "."
                                        + b.id()
                                        + "!"
                                        + l.variable(),
                                rules.terms().elementSort(inserter.transaction(), l.source()),
                                List.of(i, p)));
            Site bs = rules.site(b, inserter.transaction(), i, at);
            ran.add(ctx.mkAnd(rules.exec(b, bs, true), rules.addresses(b, bs, p, true)));
        }
        return enc.forAllIn(t, els, ctx.mkImplies(enc.and(premise), enc.or(ran)));
    }

    /**
     * <b>unseen_draw_above</b> (PostgreSQL READ COMMITTED): if transaction i runs an INSERT
     * (outside loops) of a record x whose key k it drew from counter record r, and a plain SELECT s
     * (outside loops) of another transaction t reads r's counter field without i in its snapshot
     * ({@code ¬vis@s(i, t)}), the value s reads is at most k. This is what keeps TPC-C's
     * StockLevel, reading {@code d_next_o_id} before a NewOrder commits, from counting that
     * NewOrder's order lines as older orders' (SER-consistent replays, benchmarks/RESULTS.md stop
     * 36).
     *
     * <p>Soundness (manual §13.2.1 and §13.3.2), under the conditions of {@link
     * #inserterInSnapshot}, and only when no statement inserts or deletes counter rows (the field
     * then only grows, every write an UPDATE that holds r's row lock to its commit): s reads the
     * version of its snapshot, written by some W committed before s began (or the initial one). Had
     * W written after i's draw, W's UPDATE would have waited for i's lock and committed after i, so
     * i too would have committed before s began: against the premise. So W committed before i took
     * the lock, and i's locking read returned W's version or a newer one: k ≥ W's value, and k ≥
     * the initial value when s reads that. Premises under-approximated.
     */
    List<Part> unseenDrawAbove(CounterKey ck, List<Expr<?>> txns) {
        if (!drawnUnderLock(ck)) return List.of();
        String counter = ck.counter().table();
        for (TransactionFacts tf : model.transactions())
            if (model.writesAlive(tf.transaction(), counter)) return List.of();
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : insertsInto(tf, ck)) {
                if (!c.loops().isEmpty() || !c.pinsWholeKey()) continue;
                for (TransactionFacts rf : model.transactions()) {
                    for (StatementFacts s : rf.statements()) {
                        if (!(s.statement() instanceof Stmt.Select sel)
                                || sel.lock().locks()
                                || !StatementSnapshotRules.hasSnapshot(s)
                                || !s.reads().contains(ck.counter().field())
                                || !returnsRowsOf(rf, sel, counter)) continue;
                        out.add(
                                pairPart(
                                        "unseen_draw_above",
                                        tf,
                                        c,
                                        rf,
                                        s,
                                        txns,
                                        (i, t) -> drawAbove(ck, tf, c, rf, s, sel, i, t)));
                    }
                }
                break;
            }
        }
        return out;
    }

    private BoolExpr drawAbove(
            CounterKey ck,
            TransactionFacts inserter,
            StatementFacts c,
            TransactionFacts readerTxn,
            StatementFacts s,
            Stmt.Select sel,
            Expr<?> i,
            Expr<?> t) {
        if (!enc.mayBe(i, inserter.transaction().name())
                || !enc.mayBe(t, readerTxn.transaction().name())) return ctx.mkTrue();
        Site site = rules.site(c, inserter.transaction(), i, List.of());
        Optional<Expr<?>> x = rules.pinnedRecord(c, site);
        if (x.isEmpty()) return ctx.mkTrue();
        Site readerSite = rules.site(s, readerTxn.transaction(), t, List.of());
        Optional<BoolExpr> ne = rules.terms().nonEmpty(sel.target(), readerSite);
        Optional<Expr<?>> pick = rules.terms().pick(sel.target(), readerSite);
        if (ne.isEmpty() || pick.isEmpty()) return ctx.mkTrue();
        Optional<Expr<?>> value =
                rules.terms().rowField(sel.target(), pick.get(), ck.counter().field(), readerSite);
        if (value.isEmpty()) return ctx.mkTrue();
        String counter = ck.counter().table();
        List<String> counterKey = v.keyColumns(counter);
        List<BoolExpr> premise = new ArrayList<>();
        premise.add(v.isType(i, inserter.transaction().name()));
        premise.add(v.isType(t, readerTxn.transaction().name()));
        premise.add(rules.exec(c, site, false));
        premise.add(rules.exec(s, readerSite, false));
        premise.add(ne.get());
        for (int k = 0; k < counterKey.size(); k++)
            premise.add(
                    ctx.mkEq(
                            v.key(counter, counterKey.get(k), pick.get()),
                            v.key(ck.table(), ck.counterKey().get(k), x.get())));
        premise.add(ctx.mkNot(v.statementVis(readerTxn.transaction().name() + "." + s.id(), i, t)));
        return ctx.mkImplies(
                enc.and(premise),
                ctx.mkLe(
                        (com.microsoft.z3.IntExpr) value.get(),
                        (com.microsoft.z3.IntExpr) v.key(ck.table(), ck.column(), x.get())));
    }

    /**
     * Whether the SELECT stores whole rows of {@code table} (one table, no aggregate) in its
     * target, so that the target's pick is a record of the table.
     */
    private boolean returnsRowsOf(TransactionFacts rf, Stmt.Select sel, String table) {
        return sel.target() != null
                && sel.table().equals(table)
                && !sel.isJoin()
                && sel.aggregate().isEmpty()
                && ProgramModel.rowTable(model.variable(rf.transaction(), sel.target()).type())
                        .equals(Optional.of(table));
    }

    /**
     * The part {@code name tf.c rf.s} of a rule over two distinct transactions, an inserter i of
     * type tf and a reader t of type rf.
     */
    private Part pairPart(
            String name,
            TransactionFacts tf,
            StatementFacts c,
            TransactionFacts rf,
            StatementFacts s,
            List<Expr<?>> txns,
            BiFunction<Expr<?>, Expr<?>, BoolExpr> body) {
        return new Part(
                name
                        + " "
                        + tf.transaction().name()
                        + "."
                        + c.id()
                        + " "
                        + rf.transaction().name()
                        + "."
                        + s.id(),
                enc.forAllTxns(
                        txns, 2, new int[][] {{0, 1}}, it -> body.apply(it.get(0), it.get(1))));
    }

    /**
     * Every INSERT into the counter-keyed table takes its key from a {@code SELECT … FOR UPDATE}
     * (waiting, not SKIP LOCKED) of the counter row: the draws are serialized by the row lock.
     */
    boolean drawnUnderLock(CounterKey ck) {
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : insertsInto(tf, ck)) {
                Optional<Stmt.Select> draw =
                        CounterKey.drawingSelect(model, tf.transaction(), c, ck);
                if (draw.isEmpty()) return false;
                RowLock lock = draw.get().lock();
                if (lock.strength() != RowLock.Strength.UPDATE || lock.skipLocked()) return false;
            }
        }
        return true;
    }

    /** The INSERT statements of one transaction type into the counter-keyed table. */
    private static List<StatementFacts> insertsInto(TransactionFacts tf, CounterKey ck) {
        List<StatementFacts> out = new ArrayList<>();
        for (StatementFacts c : tf.statements())
            if (c.statement() instanceof Stmt.Insert && c.table().equals(ck.table())) out.add(c);
        return out;
    }

    /** The body of a rule stated for one INSERT c of {@code tf} and one SELECT s of {@code rf}. */
    @FunctionalInterface
    private interface InsertReaderRule {
        Function<List<Expr<?>>, BoolExpr> body(
                TransactionFacts tf,
                StatementFacts c,
                TransactionFacts rf,
                StatementFacts s,
                Stmt.Select sel,
                Reader reader);
    }

    /**
     * The SELECT a rule reads through: {@code stmt} names its views ({@code T.S}), {@code snapshot}
     * the snapshot relation it reads (itself outside loops; in loops, the iteration's snapshot of
     * {@code Encoder#loopSnapshot}, over the fresh iteration elements {@code elements}).
     */
    private record Reader(String stmt, String snapshot, List<Expr<?>> elements) {
        BoolExpr sees(Vocabulary v, Expr<?> i, Expr<?> t) {
            return elements.isEmpty()
                    ? v.statementVis(snapshot, i, t)
                    : v.iterationVis(snapshot, i, t, elements);
        }
    }

    /**
     * The parts {@code name tf.c rf.s} of a rule stated for every INSERT c into the counter-keyed
     * table and every SELECT s (with a statement snapshot, on that table; a locking one only with
     * {@code lockingReads}) that {@code selects} admits, quantified over {@code arity} transactions
     * of which the pairs {@code distinct} differ; none unless every draw is under the counter row's
     * lock ({@link #drawnUnderLock}). s is outside loops, or (with {@code inLoops}) in loops whose
     * iterations have their own snapshots: each execution of s reads its one snapshot, so the
     * rule's argument holds of each (the rule quantifies over the iteration elements).
     */
    private List<Part> perInsertAndReader(
            String name,
            CounterKey ck,
            List<Expr<?>> txns,
            boolean lockingReads,
            boolean inLoops,
            BiPredicate<TransactionFacts, Stmt.Select> selects,
            int arity,
            int[][] distinct,
            InsertReaderRule rule) {
        if (!drawnUnderLock(ck)) return List.of();
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : insertsInto(tf, ck)) {
                for (TransactionFacts rf : model.transactions()) {
                    for (StatementFacts s : rf.statements()) {
                        if (!(s.statement() instanceof Stmt.Select sel)
                                || (sel.lock().locks() && !lockingReads)
                                || !s.table().equals(ck.table())
                                || !selects.test(rf, sel)) continue;
                        String stmt = rf.transaction().name() + "." + s.id();
                        Reader reader;
                        if (StatementSnapshotRules.hasSnapshot(s)) {
                            reader = new Reader(stmt, stmt, List.of());
                        } else {
                            Optional<String> snap =
                                    inLoops
                                            ? loopSnapshot.apply(s, rf.transaction())
                                            : Optional.empty();
                            if (snap.isEmpty()) continue;
                            reader =
                                    new Reader(
                                            stmt,
                                            snap.get(),
                                            rules.iterationElements(s, rf.transaction(), "rd"));
                        }
                        out.add(
                                new Part(
                                        name
                                                + " "
                                                + tf.transaction().name()
                                                + "."
                                                + c.id()
                                                + " "
                                                + stmt,
                                        enc.forAllTxns(
                                                txns,
                                                arity,
                                                distinct,
                                                rule.body(tf, c, rf, s, sel, reader))));
                    }
                }
            }
        }
        return out;
    }

    /** Non-key fields of the table that only INSERT statements write and some statement reads. */
    private List<String> insertOnlyFields(String table) {
        Set<String> written = new LinkedHashSet<>();
        Set<String> read = new LinkedHashSet<>();
        Set<String> updated = new LinkedHashSet<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (!sf.table().equals(table)) continue;
                read.addAll(model.readFields(sf));
                if (sf.statement() instanceof Stmt.Insert) written.addAll(model.writeFields(sf));
                else updated.addAll(model.writeFields(sf));
            }
        }
        List<String> out = new ArrayList<>();
        for (String f : written) {
            if (!f.equals(StatementFacts.ALIVE) && !updated.contains(f) && read.contains(f))
                out.add(f);
        }
        return out;
    }
}
