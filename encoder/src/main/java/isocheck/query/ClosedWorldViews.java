package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import isocheck.encoding.AccessRules;
import isocheck.encoding.Encoder;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Site;
import isocheck.encoding.Vocabulary;
import isocheck.program.OrderKey;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The witness preference for one satisfiable cycle ({@code --schedule-out}, {@link
 * Analysis.Options#withClosedWorld}, at a database's own level): the same cycle, its edge selectors
 * pinned, in an execution of the cycle's transactions alone on one initial state. Not part of any
 * query and never used for a proof, so soundness does not rest on it. The encoding is open-world
 * (paper §3): the values a view reads are free where no cycle transaction decides them, since a
 * transaction outside the cycle may commit between two snapshots, and with statement snapshots
 * (READ COMMITTED) each statement's view is its own function. A witness schedule replays the
 * cycle's transactions alone ({@link InitialState}), where two reads of a version see one value:
 * AuctionMark's CloseAuctions pair read one item's i_num_bids as 0 in one loop and 80 in the other,
 * and the replay took a branch the model never did (benchmarks/RESULTS.md stop 27). {@link
 * CycleJob} solves the query with these constraints added and extracts the witness from that model
 * when it is satisfiable, from the query's own model otherwise.
 *
 * <p>The constraints: (1) every view of a field (or a table's Alive) no cycle transaction writes is
 * one function of the record; a field one of them writes, in a statement that runs before its own
 * transaction's writes of it, is that function too while the statement's snapshot holds no other
 * cycle transaction. Covered view functions: a transaction's ({@code val!T.f}, {@code Alive!T}), a
 * statement's ({@code val!T.f@S/n}, {@code Alive!T@S/n}), and the per-variable field functions of a
 * SELECT into a row set ({@code X.v.f}). (2) {@link #firstRows}. (3) {@link #limitedLoops}. (4)
 * {@link #distinctInsertingElements}. (5) {@link #freshIdentities}. (6) {@link #sameAggregates}.
 * (7) {@link #keyLookups}. (8) {@link #uniqueInViews} (with {@link #uniqueAgainstInserts}), {@link
 * #uniqueInitially}, {@link #uniqueBetweenInserts}. {@link CycleJob} adds the cycle's edges ({@link
 * #pins}, or some statement pair of its class, {@link #classPins}), the edges' guards on integer
 * values ({@link #edgeGuards}), and {@link #loops}' preferences, asked first and dropped when
 * unsatisfiable. The checks ({@link Preferences#checks}), held to the model after the solve: the
 * equations of (1) on the rows {@link #knownRows} adds, {@link #completeAtKnownRows}, {@link
 * #keysBelowDrawn}, {@link #insertedRowsPassChecks}.
 */
final class ClosedWorldViews {
    private ClosedWorldViews() {}

    /**
     * The closed world's constraints: {@code base}, asked as they are, and {@code checks}, facts of
     * every execution of the cycle's transactions alone that a model of the base is held to
     * afterwards ({@link CycleJob}: when one is false there, the solve is asked again with them),
     * so that a witness whose model already satisfies them stays as it was.
     */
    record Preferences(List<BoolExpr> base, List<BoolExpr> checks) {}

    /** The constraints for the cycle of these selectors; empty when there is nothing to equate. */
    static Preferences of(
            Vocabulary v,
            ProgramModel model,
            Encoder encoder,
            CycleQuery.Built q,
            BoolExpr[] query,
            List<CycleQuery.Selector> shape) {
        AccessRules rules = encoder.rules();
        Set<Transaction> types = new HashSet<>();
        for (Member m : members(model, q, shape)) types.add(m.type());
        Set<String> written = new HashSet<>();
        for (Transaction t : types)
            for (StatementFacts sf : model.facts(t.name()).statements())
                for (String f : sf.writes()) written.add(sf.table() + "." + f);
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        // by name: the constraints' order is the canonical solve's input, the same in every run
        Map<String, View> views = new java.util.TreeMap<>();
        for (Map.Entry<String, FuncDecl<?>> e : v.declaredFunctions().entrySet()) {
            Optional<View> found = view(v, model, e.getKey(), e.getValue());
            if (found.isEmpty()) continue;
            View view = found.get();
            boolean unwritten = !written.contains(view.table() + "." + view.field());
            // a field a cycle transaction writes: only a statement that runs before its own
            // transaction's writes of it, and only while every other cycle transaction visible
            // to it left the record's field as it was (notWritten)
            if (!unwritten && (view.statement() == null || ownEarlierWrites(model, view) == null))
                continue;
            views.put(e.getKey(), view);
        }
        // each equation on the query's ground applications of the function, not under a
        // quantifier: a universally quantified one made every closed-world solve of a BenchBase
        // TPC-C witness take seconds (model-based instantiation), 20x the query's own solve
        Map<Integer, List<Expr<?>[]>> apps = groundApplications(query, views.keySet(), v);
        List<Member> cycle = members(model, q, shape);
        groundRecordApplications(v, q, views, apps, Map.of());
        // the base's applications first in each list, then those on the known rows (checks)
        Map<Integer, Integer> baseApps = new java.util.HashMap<>();
        for (Map.Entry<Integer, List<Expr<?>[]>> e : apps.entrySet())
            baseApps.put(e.getKey(), e.getValue().size());
        Map<String, List<Expr<?>>> known = knownRows(rules, q, cycle);
        groundRecordApplications(v, q, views, apps, known);
        List<BoolExpr> checks = new ArrayList<>();
        // the initial-value functions the equations use, by "table.field" (uniqueInitially)
        Map<String, FuncDecl<?>> initial = new java.util.TreeMap<>();
        for (Map.Entry<String, View> e : views.entrySet()) {
            View view = e.getValue();
            FuncDecl<?> f = v.declaredFunctions().get(e.getKey());
            boolean unwritten = !written.contains(view.table() + "." + view.field());
            FuncDecl<?> init =
                    ctx.mkFuncDecl(
                            "cw!" + view.table() + "." + view.field(),
                            new com.microsoft.z3.Sort[] {f.getDomain()[view.recordAt()]},
                            f.getRange());
            initial.put(view.table() + "." + view.field(), init);
            FuncDecl<?> snapshot =
                    view.statement() == null
                            ? null
                            : v.declaredFunctions()
                                    .get("vis@" + view.type().name() + "." + view.statement().id());
            List<Expr<?>[]> applied = apps.getOrDefault(f.getId(), List.of());
            int inBase = baseApps.getOrDefault(f.getId(), 0);
            for (int a = 0; a < applied.size(); a++) {
                Expr<?>[] args = applied.get(a);
                BoolExpr eq = ctx.mkEq(ctx.mkApp(f, args), ctx.mkApp(init, args[view.recordAt()]));
                boolean afterOwn = false;
                if (!unwritten) {
                    // the statement's own snapshot where it has one (READ COMMITTED: a
                    // transaction's later statements may see a commit its earlier ones do not),
                    // else the transaction's
                    Expr<?> t = args[view.txnAt()];
                    Expr<?> r = args[view.recordAt()];
                    List<Expr<?>> elements = view.elements(args);
                    // a statement in a loop has one snapshot per execution (vis@T.S/n over the
                    // iteration's elements, Vocabulary#iterationVis): the transaction's
                    // visibility stood for it, and a CloseAuctions join that ran before a NewBid
                    // committed lost its equation, read another bid than the NewBid's read of
                    // the same item_max_bid row, and the server's join found none
                    FuncDecl<?> iteration =
                            elements.isEmpty() || view.statement() == null
                                    ? null
                                    : v.declaredFunctions()
                                            .get(
                                                    "vis@"
                                                            + view.type().name()
                                                            + "."
                                                            + view.statement().id()
                                                            + "/"
                                                            + (2 + elements.size()));
                    List<BoolExpr> unseen = new ArrayList<>();
                    for (Member c : cycle)
                        unseen.add(
                                ctx.mkOr(
                                        ctx.mkEq(c.t(), t),
                                        ctx.mkNot(
                                                iteration == null
                                                        ? seen(v, snapshot, c.t(), t)
                                                        : seen(v, iteration, c.t(), t, elements)),
                                        notWritten(ctx, rules, c, view.table(), view.field(), r)));
                    // after its own transaction's writes of the field: only on records none of
                    // them writes (their necessary conditions), and as a check, so that the
                    // witnesses these views did not constrain before keep their models
                    List<StatementFacts> own = ownEarlierWrites(model, view);
                    for (StatementFacts sf : own)
                        unseen.add(
                                ctx.mkNot(
                                        rules.writes(
                                                sf,
                                                view.field(),
                                                rules.site(sf, view.type(), t, List.of()),
                                                r,
                                                true)));
                    if (!own.isEmpty()) afterOwn = true;
                    eq = ctx.mkImplies(ctx.mkAnd(unseen.toArray(new BoolExpr[0])), eq);
                    checks.addAll(
                            lastWriterValues(
                                    v,
                                    rules,
                                    cycle,
                                    view,
                                    ctx.mkApp(f, args),
                                    t,
                                    r,
                                    c ->
                                            iteration == null
                                                    ? seen(v, snapshot, c, t)
                                                    : seen(v, iteration, c, t, elements)));
                }
                (a < inBase && !afterOwn ? out : checks).add(eq);
            }
        }
        // family by family, in cycle order: the canonical solve's input order
        List<Member> members = members(model, q, shape);
        for (Member m : members) out.addAll(firstRows(v, rules, q, members, m));
        for (Member m : members) out.addAll(limitedLoops(v, rules, q, m));
        for (Member m : members) out.addAll(distinctInsertingElements(v, rules, q, m));
        out.addAll(freshIdentities(v, rules, members));
        out.addAll(sameAggregates(v, model, rules, q, members));
        for (Member m : members) out.addAll(keyLookups(v, rules, q, m));
        out.addAll(uniqueInViews(v, model, rules, q, members));
        out.addAll(uniqueInitially(v, model, q, initial));
        Inserts inserts = inserts(model, rules, members);
        out.addAll(uniqueBetweenInserts(v, model, inserts));
        for (Member m : members) checks.addAll(completeAtKnownRows(v, rules, m, known));
        checks.addAll(keysBelowDrawn(v, encoder, q, cycle, known, views, apps));
        checks.addAll(insertedRowsPassChecks(v, rules, q, cycle));
        checks.addAll(updatedRowsPassChecks(v, rules, q, cycle));
        checks.addAll(insertedOnce(v, model, rules, members, inserts));
        checks.addAll(insertAfterDelete(v, model, rules, q, members, inserts, initial));
        checks.addAll(initialForeignKeys(v, model, q, initial));
        checks.addAll(absentRowsHoldTheirInsert(v, inserts, initial));
        checks.addAll(insertOnInitialRow(v, model, rules, q, members, inserts, initial));
        return new Preferences(out, checks);
    }

    /**
     * Two rows INSERTs of the cycle wrote differ in some column of each UNIQUE constraint (NOT NULL
     * columns) of their table, when no cycle transaction's type deletes from the table or updates
     * those columns: in an execution of the cycle's transactions alone both stay alive, and the
     * second INSERT fails on the unique index (PostgreSQL manual §5.5.3). The query states the
     * pairwise half for primary keys; two of SEATS' NewReservations took one seat of one flight,
     * and the server's second INSERT failed on UNIQUE (r_f_id, r_seat) (benchmarks/RESULTS.md stop
     * 39).
     */
    private static List<BoolExpr> uniqueBetweenInserts(
            Vocabulary v, ProgramModel model, Inserts inserts) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        Map<String, List<Written>> byTable = inserts.byTable();
        java.util.Set<String> changed = inserts.changed();
        for (Map.Entry<String, List<Written>> e : byTable.entrySet()) {
            String table = e.getKey();
            List<Written> ws = e.getValue();
            isocheck.program.Table t = model.program().schema().table(table).orElse(null);
            if (t == null || ws.size() < 2 || changed.contains(table)) continue;
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                boolean usable = true;
                for (String col : u.columns())
                    usable &=
                            !changed.contains(table + "." + col)
                                    && t.column(col)
                                            .map(isocheck.program.Column::notNull)
                                            .orElse(false);
                if (!usable) continue;
                for (int i = 0; i < ws.size(); i++)
                    for (int j = i + 1; j < ws.size(); j++) {
                        Written x = ws.get(i), y = ws.get(j);
                        List<BoolExpr> differ = new ArrayList<>();
                        for (String col : u.columns()) {
                            Expr<?> a = x.values().get(col), b = y.values().get(col);
                            if (a == null || b == null || !a.getSort().equals(b.getSort())) {
                                differ = null;
                                break;
                            }
                            differ.add(ctx.mkNot(ctx.mkEq(a, b)));
                        }
                        if (differ == null) continue;
                        out.add(
                                ctx.mkImplies(
                                        ctx.mkAnd(
                                                x.wrote(),
                                                y.wrote(),
                                                ctx.mkNot(ctx.mkEq(x.row(), y.row()))),
                                        ctx.mkOr(differ.toArray(new BoolExpr[0]))));
                    }
            }
        }
        return out;
    }

    /** An INSERT of the cycle outside loops: whether it wrote, its row, its columns' values. */
    private record Written(
            BoolExpr wrote,
            Expr<?> row,
            Map<String, Expr<?>> values,
            Expr<?> t,
            Member by,
            StatementFacts statement) {}

    /**
     * The members' INSERTs outside loops by table, and the tables they delete from and the
     * "table.column"s they update.
     */
    private record Inserts(Map<String, List<Written>> byTable, java.util.Set<String> changed) {}

    private static Inserts inserts(ProgramModel model, AccessRules rules, List<Member> members) {
        Map<String, List<Written>> byTable = new java.util.TreeMap<>();
        java.util.Set<String> changed = new java.util.HashSet<>();
        for (Member c : members)
            for (StatementFacts sf : model.facts(c.type().name()).statements()) {
                if (sf.statement() instanceof Stmt.Delete) changed.add(sf.table());
                if (sf.statement() instanceof Stmt.Update up)
                    for (isocheck.program.Assignment a : up.assignments())
                        changed.add(sf.table() + "." + a.column());
                if (!(sf.statement() instanceof Stmt.Insert ins) || !sf.loops().isEmpty()) continue;
                Site site = rules.site(sf, c.type(), c.t(), List.of());
                Optional<Expr<?>> row = rules.pinnedRecord(sf, site);
                if (row.isEmpty()) continue;
                Map<String, Expr<?>> values = new java.util.HashMap<>();
                for (int i = 0; i < ins.columns().size(); i++) {
                    String col = ins.columns().get(i);
                    rules.terms()
                            .value(ins.values().get(i), site, null)
                            .ifPresent(x -> values.put(col, x));
                }
                BoolExpr wrote = rules.writes(sf, StatementFacts.ALIVE, site, row.get(), false);
                byTable.computeIfAbsent(sf.table(), k -> new ArrayList<>())
                        .add(new Written(wrote, row.get(), values, c.t(), c, sf));
            }
        return new Inserts(byTable, changed);
    }

    /**
     * Two INSERTs of the members write one record only if a member's DELETE (outside loops) deletes
     * it and commits between them: else, in an execution of these transactions alone, the first row
     * stays alive and the second INSERT fails on the primary key (PostgreSQL manual §5.5.4). The
     * query leaves it open where the program deletes from the table, since a transaction outside
     * the cycle may delete the row between the two: two Reserves of one reservation, each PERFORM
     * missing the other's INSERT, replayed SER-consistent as a 2-transaction witness, and with a
     * Cancel outside the cycle that deleted another reservation of the customer
     * (litmus/reinsert.sql). A check, held to the model after the solve.
     */
    private static List<BoolExpr> insertedOnce(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            List<Member> members,
            Inserts inserts) {
        Context ctx = v.context();
        record Deleter(Member member, StatementFacts sf) {}
        List<BoolExpr> out = new ArrayList<>();
        for (Map.Entry<String, List<Written>> e : inserts.byTable().entrySet()) {
            List<Deleter> deleters = new ArrayList<>();
            for (Member c : members)
                for (StatementFacts sf : model.facts(c.type().name()).statements())
                    if (sf.statement() instanceof Stmt.Delete
                            && sf.table().equals(e.getKey())
                            && sf.loops().isEmpty()) deleters.add(new Deleter(c, sf));
            // deleted in a loop only: left open
            if (inserts.changed().contains(e.getKey()) && deleters.isEmpty()) continue;
            List<Written> ws = e.getValue();
            for (int i = 0; i < ws.size(); i++)
                for (int j = i + 1; j < ws.size(); j++) {
                    Written x = ws.get(i), y = ws.get(j);
                    if (!x.row().getSort().equals(y.row().getSort())) continue;
                    List<BoolExpr> deleted = new ArrayList<>();
                    for (Deleter d : deleters) {
                        Member c = d.member();
                        deleted.add(
                                ctx.mkAnd(
                                        rules.writes(
                                                d.sf(),
                                                StatementFacts.ALIVE,
                                                rules.site(d.sf(), c.type(), c.t(), List.of()),
                                                x.row(),
                                                false),
                                        ctx.mkOr(
                                                ctx.mkAnd(v.ar(x.t(), c.t()), v.ar(c.t(), y.t())),
                                                ctx.mkAnd(
                                                        v.ar(y.t(), c.t()), v.ar(c.t(), x.t())))));
                    }
                    out.add(
                            ctx.mkImplies(
                                    ctx.mkAnd(x.wrote(), y.wrote(), ctx.mkEq(x.row(), y.row())),
                                    ctx.mkOr(deleted.toArray(new BoolExpr[0]))));
                }
        }
        return out;
    }

    /**
     * An INSERT whose row agrees on every column of a UNIQUE constraint with a row another member
     * DELETEs, a row no member inserted (so alive until that DELETE), runs after the deleter
     * commits: before, it fails on the unique index, or waits for the deleter's row lock and
     * proceeds once it commits (PostgreSQL manual §5.5.3; the index's check waits for an
     * in-progress deleter). So the deleter commits first, and every later statement of the inserter
     * sees it. The encoding leaves that order free, an INSERT having no snapshot of its own:
     * Wikipedia's AddWatchList inserted (user 1, namespace 1, title) while the model's
     * RemoveWatchList outside the cycle deleted the row holding it, and AddWatchList's later UPDATE
     * did not see that commit; on the server the INSERT failed at once (benchmarks/RESULTS.md stop
     * 41, Wikipedia 5). Only for two distinct records (a UNIQUE constraint besides the key); a
     * key's one record is {@link #insertedOnce}'s. A check.
     */
    private static List<BoolExpr> insertAfterDelete(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<Member> members,
            Inserts inserts,
            Map<String, FuncDecl<?>> initial) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        Map<String, FuncDecl<?>> fs = v.declaredFunctions();
        for (Map.Entry<String, List<Written>> e : inserts.byTable().entrySet()) {
            String table = e.getKey();
            isocheck.program.Table t = model.program().schema().table(table).orElse(null);
            if (t == null) continue;
            List<Expr<?>> ground = q.groundOf(v.recordSort(table));
            for (Member d : members)
                for (StatementFacts del : model.facts(d.type().name()).statements()) {
                    if (!(del.statement() instanceof Stmt.Delete)
                            || !del.table().equals(table)
                            || !del.loops().isEmpty()) continue;
                    Site site = rules.site(del, d.type(), d.t(), List.of());
                    String suffix = "@" + d.type().name() + "." + del.id() + "/2";
                    // the key's one record: alive initially, deleted by d, inserted again
                    for (Written w : e.getValue()) {
                        BoolExpr alive = initiallyAlive(v, initial, table, w.row());
                        if (w.by() == d || alive == null) continue;
                        out.add(
                                ctx.mkImplies(
                                        ctx.mkAnd(
                                                w.wrote(),
                                                alive,
                                                rules.writes(
                                                        del,
                                                        StatementFacts.ALIVE,
                                                        site,
                                                        w.row(),
                                                        true)),
                                        ctx.mkAnd(
                                                after(v, model, fs, d, w)
                                                        .toArray(new BoolExpr[0]))));
                    }
                    for (isocheck.program.Constraint c : t.constraints()) {
                        if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                        List<ColumnView> cols = new ArrayList<>();
                        for (String col : u.columns()) {
                            ColumnView f = columnView(v, fs, table, col, suffix);
                            boolean notNull =
                                    t.column(col)
                                            .map(isocheck.program.Column::notNull)
                                            .orElse(false);
                            if (f == null || !notNull) {
                                cols = null;
                                break;
                            }
                            cols.add(f);
                        }
                        if (cols == null || cols.isEmpty()) continue;
                        for (Written w : e.getValue()) {
                            if (w.by() == d) continue;
                            List<Expr<?>> values = new ArrayList<>();
                            for (int i = 0; i < cols.size(); i++) {
                                Expr<?> x = w.values().get(u.columns().get(i));
                                if (x == null || !x.getSort().equals(cols.get(i).sort())) {
                                    values = null;
                                    break;
                                }
                                values.add(x);
                            }
                            if (values == null) continue;
                            List<BoolExpr> after = after(v, model, fs, d, w);
                            for (Expr<?> y : ground) {
                                List<BoolExpr> when = new ArrayList<>();
                                when.add(w.wrote());
                                // the DELETE's necessary condition (its WHERE holds on y, alive
                                // in its view): the sufficient one is false where the DELETE acts
                                // on the newest version (READ COMMITTED). It claims too much only
                                // where another member deleted y first, which costs a witness
                                when.add(rules.writes(del, StatementFacts.ALIVE, site, y, true));
                                when.add(ctx.mkNot(ctx.mkEq(y, w.row())));
                                for (int i = 0; i < cols.size(); i++)
                                    when.add(ctx.mkEq(cols.get(i).at(y, d.t()), values.get(i)));
                                for (Written z : e.getValue())
                                    when.add(ctx.mkNot(ctx.mkAnd(z.wrote(), ctx.mkEq(z.row(), y))));
                                out.add(
                                        ctx.mkImplies(
                                                ctx.mkAnd(when.toArray(new BoolExpr[0])),
                                                ctx.mkAnd(after.toArray(new BoolExpr[0]))));
                            }
                        }
                    }
                }
        }
        return out;
    }

    /**
     * Column {@code col} of record r in the initial state: its key, its one value ({@link
     * Vocabulary#oneValue}), or its {@code cw!} function; null when the closed world has none.
     */
    private static Expr<?> initialColumn(
            Vocabulary v, Map<String, FuncDecl<?>> initial, String table, String col, Expr<?> r) {
        if (v.isKey(table, col)) return v.key(table, col, r);
        if (v.hasOneValue(table, col)) return v.oneValue(table, col, r);
        FuncDecl<?> f = initial.get(table + "." + col);
        return f == null ? null : v.context().mkApp(f, r);
    }

    /** Whether record r is alive in the initial state; null when the closed world does not say. */
    private static BoolExpr initiallyAlive(
            Vocabulary v, Map<String, FuncDecl<?>> initial, String table, Expr<?> r) {
        if (v.isStatic(table)) return v.alive(table, r, null);
        FuncDecl<?> f = initial.get(table + "." + StatementFacts.ALIVE);
        return f == null ? null : (BoolExpr) v.context().mkApp(f, r);
    }

    /**
     * Deleter d commits before w's INSERT: first in ar, and in the snapshot of every later
     * statement (outside loops) of w's transaction.
     */
    private static List<BoolExpr> after(
            Vocabulary v, ProgramModel model, Map<String, FuncDecl<?>> fs, Member d, Written w) {
        List<BoolExpr> out = new ArrayList<>();
        out.add(v.ar(d.t(), w.t()));
        List<StatementFacts> all = model.facts(w.by().type().name()).statements();
        for (StatementFacts later : all.subList(all.indexOf(w.statement()) + 1, all.size())) {
            String id = w.by().type().name() + "." + later.id();
            if (later.loops().isEmpty() && fs.containsKey("vis@" + id))
                out.add(v.statementVis(id, d.t(), w.t()));
        }
        return out;
    }

    /**
     * A record absent initially that a member inserts holds, initially, the values its INSERT
     * writes. An absent row's values are read by no one, so this removes no execution; what it
     * removes is a statement view of the absent row with other values, which a predicate read's
     * anti-dependency on the INSERT compared with its WHERE: a RemoveWatch DELETE of (user 6,
     * namespace 1, title 5) "missed" an AddWatch INSERT of (6, 0, 4) (watch.sql, stop 42), an
     * INSERT that cannot change which rows that DELETE finds (Adya's predicate dependencies). A
     * check.
     */
    private static List<BoolExpr> absentRowsHoldTheirInsert(
            Vocabulary v, Inserts inserts, Map<String, FuncDecl<?>> initial) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Map.Entry<String, List<Written>> e : inserts.byTable().entrySet())
            for (Written w : e.getValue()) {
                BoolExpr alive = initiallyAlive(v, initial, e.getKey(), w.row());
                if (alive == null) continue;
                List<BoolExpr> same = new ArrayList<>();
                for (Map.Entry<String, Expr<?>> c :
                        new java.util.TreeMap<>(w.values()).entrySet()) {
                    if (v.isKey(e.getKey(), c.getKey())) continue;
                    Expr<?> held = initialColumn(v, initial, e.getKey(), c.getKey(), w.row());
                    if (held != null && held.getSort().equals(c.getValue().getSort()))
                        same.add(ctx.mkEq(held, c.getValue()));
                }
                if (same.isEmpty()) continue;
                out.add(
                        ctx.mkImplies(
                                ctx.mkAnd(w.wrote(), ctx.mkNot(alive)),
                                ctx.mkAnd(same.toArray(new BoolExpr[0]))));
            }
        return out;
    }

    /**
     * The initial state satisfies every FOREIGN KEY onto a whole primary key (PostgreSQL manual
     * §5.5.5): a ground record alive initially references a parent alive initially. The encoding
     * states foreign keys where a statement inserts or deletes, so a model's initial rows could
     * hold a Wikipedia watchlist row of a user the model has absent, or an AuctionMark item_max_bid
     * pointing at the bid a NewBid outside the cycle inserts later; the seed could not load them
     * (stop 42). A check.
     */
    private static List<BoolExpr> initialForeignKeys(
            Vocabulary v,
            ProgramModel model,
            CycleQuery.Built q,
            Map<String, FuncDecl<?>> initial) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (isocheck.program.Table t : model.program().schema().tables())
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.ForeignKey fk)) continue;
                List<String> parentKey = v.keyColumns(fk.table());
                if (!new java.util.HashSet<>(fk.referenced())
                                .equals(new java.util.HashSet<>(parentKey))
                        || fk.referenced().size() != parentKey.size()) continue;
                boolean nullable = false;
                for (String col : fk.columns())
                    nullable |= !t.column(col).map(isocheck.program.Column::notNull).orElse(false);
                for (Expr<?> r : q.groundOf(v.recordSort(t.name()))) {
                    BoolExpr alive = initiallyAlive(v, initial, t.name(), r);
                    if (alive == null) break;
                    List<Expr<?>> key = new ArrayList<>();
                    for (String pk : parentKey) {
                        Expr<?> x =
                                initialColumn(
                                        v,
                                        initial,
                                        t.name(),
                                        fk.columns().get(fk.referenced().indexOf(pk)),
                                        r);
                        // keys are integers (strings by their codes)
                        if (x == null || !x.getSort().equals(ctx.getIntSort())) {
                            key = null;
                            break;
                        }
                        key.add(x);
                    }
                    if (key == null) continue;
                    BoolExpr parent =
                            initiallyAlive(v, initial, fk.table(), v.record(fk.table(), key));
                    // a NULL column (not encoded) satisfies the key: only NOT NULL columns
                    if (parent == null || nullable) continue;
                    out.add(ctx.mkImplies(alive, parent));
                }
            }
        return out;
    }

    /**
     * A member's INSERT does not write the values of a UNIQUE constraint (NOT NULL columns) that
     * another ground record holds initially, alive, when no member's DELETE may delete that record
     * (their necessary conditions): the record is then alive when the INSERT runs, and the INSERT
     * fails (PostgreSQL manual §5.5.3). {@link #uniqueAgainstInserts} states it per statement view
     * where no member deletes from the table at all; Wikipedia's AddWatchList inserted (user 1,
     * namespace 1, title) beside an initial watchlist row with those values that the
     * RemoveWatchList outside the cycle, a watch of another user, did not delete (stop 42). A
     * check.
     */
    private static List<BoolExpr> insertOnInitialRow(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<Member> members,
            Inserts inserts,
            Map<String, FuncDecl<?>> initial) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Map.Entry<String, List<Written>> e : inserts.byTable().entrySet()) {
            String table = e.getKey();
            isocheck.program.Table t = model.program().schema().table(table).orElse(null);
            if (t == null) continue;
            // the key's one record, alive initially, that no member's DELETE may delete
            for (Written w : e.getValue()) {
                BoolExpr alive = initiallyAlive(v, initial, table, w.row());
                if (alive == null) continue;
                List<BoolExpr> all = new ArrayList<>(List.of(w.wrote(), alive));
                boolean loops = false;
                for (Member d : members)
                    for (StatementFacts sf : model.facts(d.type().name()).statements()) {
                        if (!(sf.statement() instanceof Stmt.Delete) || !sf.table().equals(table))
                            continue;
                        if (!sf.loops().isEmpty()) loops = true;
                        else
                            all.add(
                                    ctx.mkNot(
                                            rules.writes(
                                                    sf,
                                                    StatementFacts.ALIVE,
                                                    rules.site(sf, d.type(), d.t(), List.of()),
                                                    w.row(),
                                                    true)));
                    }
                if (!loops) out.add(ctx.mkNot(ctx.mkAnd(all.toArray(new BoolExpr[0]))));
            }
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                boolean usable = true;
                for (String col : u.columns())
                    usable &=
                            !e.getValue().isEmpty()
                                    && t.column(col)
                                            .map(isocheck.program.Column::notNull)
                                            .orElse(false)
                                    && !v.isKey(table, col);
                if (!usable) continue;
                for (Expr<?> y : q.groundOf(v.recordSort(table))) {
                    BoolExpr alive = initiallyAlive(v, initial, table, y);
                    if (alive == null) break;
                    List<Expr<?>> held = new ArrayList<>();
                    for (String col : u.columns())
                        held.add(initialColumn(v, initial, table, col, y));
                    if (held.contains(null)) continue;
                    List<BoolExpr> kept = new ArrayList<>();
                    boolean loops = false;
                    for (Member d : members)
                        for (StatementFacts sf : model.facts(d.type().name()).statements()) {
                            if (!sf.table().equals(table)) continue;
                            boolean changes =
                                    sf.statement() instanceof Stmt.Delete
                                            || sf.statement() instanceof Stmt.Update up
                                                    && up.assignments().stream()
                                                            .anyMatch(
                                                                    a ->
                                                                            u.columns()
                                                                                    .contains(
                                                                                            a
                                                                                                    .column()));
                            if (!changes) continue;
                            if (!sf.loops().isEmpty()) loops = true;
                            else {
                                String field =
                                        sf.statement() instanceof Stmt.Delete
                                                ? StatementFacts.ALIVE
                                                : ((Stmt.Update) sf.statement())
                                                        .assignments().stream()
                                                                .map(
                                                                        isocheck.program.Assignment
                                                                                ::column)
                                                                .filter(u.columns()::contains)
                                                                .findFirst()
                                                                .get();
                                kept.add(
                                        ctx.mkNot(
                                                rules.writes(
                                                        sf,
                                                        field,
                                                        rules.site(sf, d.type(), d.t(), List.of()),
                                                        y,
                                                        true)));
                            }
                        }
                    if (loops) continue;
                    for (Written w : e.getValue()) {
                        List<BoolExpr> same = new ArrayList<>();
                        for (int i = 0; i < u.columns().size(); i++) {
                            Expr<?> x = w.values().get(u.columns().get(i));
                            if (x == null || !x.getSort().equals(held.get(i).getSort())) {
                                same = null;
                                break;
                            }
                            same.add(ctx.mkEq(x, held.get(i)));
                        }
                        if (same == null) continue;
                        List<BoolExpr> all = new ArrayList<>(same);
                        all.add(w.wrote());
                        all.add(ctx.mkNot(ctx.mkEq(y, w.row())));
                        all.add(alive);
                        all.addAll(kept);
                        out.add(ctx.mkNot(ctx.mkAnd(all.toArray(new BoolExpr[0]))));
                    }
                }
            }
        }
        return out;
    }

    /**
     * A UNIQUE constraint holds in the initial state (PostgreSQL manual §5.5.3, NULLs excepted):
     * two distinct ground records both alive in it ({@code cw!table.@alive}, which the equations of
     * views that see no other cycle transaction use) differ in some column of a UNIQUE constraint
     * of NOT NULL columns, each column's initial value being its {@code cw!} function or its one
     * value per record ({@code @once}, {@code @init}). {@link #uniqueInViews} states it within one
     * statement view only. Measured on Wikipedia at READ COMMITTED (benchmarks/RESULTS.md stop 39):
     * with it the RemoveWatchList × UpdatePage witness whose seed the server refused (a watchlist
     * row of a user the model had absent) gave way to one that replays.
     */
    private static List<BoolExpr> uniqueInitially(
            Vocabulary v,
            ProgramModel model,
            CycleQuery.Built q,
            Map<String, FuncDecl<?>> initial) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Map.Entry<String, FuncDecl<?>> e : initial.entrySet()) {
            String key = e.getKey();
            if (!key.endsWith("." + StatementFacts.ALIVE)) continue;
            String table = key.substring(0, key.length() - StatementFacts.ALIVE.length() - 1);
            isocheck.program.Table t = model.program().schema().table(table).orElse(null);
            if (t == null) continue;
            FuncDecl<?> alive = e.getValue();
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                List<java.util.function.Function<Expr<?>, Expr<?>>> cols = new ArrayList<>();
                for (String col : u.columns()) {
                    boolean notNull =
                            t.column(col).map(isocheck.program.Column::notNull).orElse(false);
                    FuncDecl<?> f = initial.get(table + "." + col);
                    if (!notNull || (f == null && !v.hasOneValue(table, col))) {
                        cols = null;
                        break;
                    }
                    cols.add(f != null ? x -> ctx.mkApp(f, x) : x -> v.oneValue(table, col, x));
                }
                if (cols == null || cols.isEmpty()) continue;
                List<Expr<?>> ground = q.groundOf(v.recordSort(table));
                for (int i = 0; i < ground.size(); i++)
                    for (int j = i + 1; j < ground.size(); j++) {
                        Expr<?> x = ground.get(i), y = ground.get(j);
                        List<BoolExpr> differ = new ArrayList<>();
                        for (var col : cols)
                            differ.add(ctx.mkNot(ctx.mkEq(col.apply(x), col.apply(y))));
                        out.add(
                                ctx.mkImplies(
                                        ctx.mkAnd(
                                                ctx.mkNot(ctx.mkEq(x, y)),
                                                (BoolExpr) ctx.mkApp(alive, x),
                                                (BoolExpr) ctx.mkApp(alive, y)),
                                        ctx.mkOr(differ.toArray(new BoolExpr[0]))));
                    }
            }
        }
        return out;
    }

    /** The cycle's own edges: each selector's flag and necessary condition. */
    static List<BoolExpr> pins(List<CycleQuery.Selector> shape) {
        List<BoolExpr> out = new ArrayList<>();
        for (CycleQuery.Selector s : shape) {
            out.add(s.flag());
            out.add(s.eta());
        }
        return out;
    }

    /**
     * The selectors of the cycle's class on each edge: every selector with the edge's transaction
     * types, kind and table ({@link CycleShapes#shape}), the unit {@code --all} enumerates.
     */
    static List<List<CycleQuery.Selector>> classOf(
            CycleQuery.Built q, List<CycleQuery.Selector> shape) {
        List<List<CycleQuery.Selector>> out = new ArrayList<>();
        for (int i = 0; i < shape.size(); i++) {
            String cls = CycleShapes.shape(shape.get(i));
            List<CycleQuery.Selector> group = new ArrayList<>();
            for (CycleQuery.Selector s : q.edges().get(i))
                if (CycleShapes.shape(s).equals(cls)) group.add(s);
            out.add(group);
        }
        return out;
    }

    /** Some selector of the class holds on each edge (its flag and necessary condition). */
    static List<BoolExpr> classPins(Context ctx, List<List<CycleQuery.Selector>> cls) {
        List<BoolExpr> out = new ArrayList<>();
        for (List<CycleQuery.Selector> group : cls) {
            List<BoolExpr> any = new ArrayList<>();
            for (CycleQuery.Selector s : group) any.add(ctx.mkAnd(s.flag(), s.eta()));
            out.add(ctx.mkOr(any.toArray(new BoolExpr[0])));
        }
        return out;
    }

    /**
     * The loops' preferences, asked first beside {@link #of} and dropped when the two together are
     * not satisfiable in time: (7) every loop pick whose loop surely ran was made ({@link
     * Encoder#loopPicksMade}); (8) {@link #unlimitedLoops}; (9) {@link #loopPositions}.
     */
    static List<BoolExpr> loops(
            Vocabulary v, Encoder encoder, CycleQuery.Built q, List<CycleQuery.Selector> shape) {
        List<BoolExpr> out = new ArrayList<>();
        for (Member m : members(encoder.rules().model(), q, shape)) {
            out.addAll(encoder.loopPicksMade(m.type(), m.t()));
            out.addAll(unlimitedLoops(v, encoder.rules(), q, m));
            out.addAll(loopPositions(v, encoder.rules(), q, m));
        }
        return out;
    }

    /**
     * The guards of the cycle's edge statements, with every stored field taken as not NULL: the
     * query leaves a comparison with a column declared without NOT NULL to polarity (NULL is not
     * modelled, Terms#mayBeNull), so both branches of AuctionMark NewBid's {@code IF r.i_num_bids >
     * 0} could run on one seeded value, and the replay took the branch its integer decides
     * (benchmarks/RESULTS.md stop 37). A seed prints integers, never NULL, so this is what the
     * replay evaluates: {@link CycleJob} asks for a witness with these, and calls the cycle not
     * shown by its transactions alone (witness.AloneExecution) when there is none.
     */
    static List<BoolExpr> edgeGuards(
            Context ctx,
            AccessRules rules,
            CycleQuery.Built q,
            List<List<CycleQuery.Selector>> edges) {
        List<BoolExpr> out = new ArrayList<>();
        int k = edges.size();
        for (int i = 0; i < k; i++) {
            Expr<?> t1 = q.txns().get(i), t2 = q.txns().get((i + 1) % k);
            for (CycleQuery.Selector s : edges.get(i)) {
                var c = s.conflict();
                BoolExpr both =
                        rules.terms()
                                .assumingFieldsNotNull(
                                        () ->
                                                ctx.mkAnd(
                                                        rules.exec(
                                                                c.c1(),
                                                                rules.site(
                                                                        c.c1(), c.t1(), t1,
                                                                        s.first()),
                                                                true),
                                                        rules.exec(
                                                                c.c2(),
                                                                rules.site(
                                                                        c.c2(),
                                                                        c.t2(),
                                                                        t2,
                                                                        s.second()),
                                                                true)));
                // an unguarded statement's is TRUE: no preference, no extra solve
                if (!both.simplify().isTrue()) out.add(ctx.mkImplies(s.flag(), both));
            }
        }
        return out;
    }

    /**
     * The cycle's transactions' locals on integer values ({@link Encoder#localsOnIntegers}) and
     * their commit guards on integer values ({@link Encoder#commitGuardOnIntegers}), asked with
     * {@link #edgeGuards}: where a key is computed from a nullable column, the query leaves it
     * free, and two of AuctionMark's NewComments that read one count drew two comment keys.
     */
    static List<BoolExpr> localsOnIntegers(Encoder encoder, List<Member> m) {
        List<BoolExpr> out = new ArrayList<>();
        for (Member x : m) out.addAll(encoder.localsOnIntegers(x.type(), x.t()));
        for (Member x : m) out.addAll(encoder.commitGuardOnIntegers(x.type(), x.t()));
        return out;
    }

    /**
     * The transaction outside the cycle ({@link CycleQuery#withOutside}) writes a record of the
     * cycle's edges, by a statement outside loops (the writes' sufficient conditions); empty when
     * none of its type's statements can. One that writes none stands only for freedom: a NewBid on
     * another item, seen by one cycle NewBid's statements and not by the other's, lifted the closed
     * world's equations where its writes' necessary conditions could not be refuted, and its
     * witness replayed SER-consistent (max-plus-one-key.sql).
     */
    static Optional<BoolExpr> outsideWrites(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, List<CycleQuery.Selector> shape) {
        Expr<?> t = q.txns().get(q.k());
        Transaction type = q.type(q.k(), shape, rules.model());
        List<BoolExpr> any = new ArrayList<>();
        for (StatementFacts sf : rules.model().facts(type.name()).statements()) {
            if (!sf.loops().isEmpty()) continue;
            Site site = rules.site(sf, type, t, List.of());
            // the shape's own records (an edge has one per table its candidates touch)
            for (CycleQuery.Selector s : shape) {
                if (!s.conflict().table().equals(sf.table())) continue;
                for (String f : rules.model().writeFields(sf))
                    any.add(rules.writes(sf, f, site, s.record(), false));
            }
        }
        if (any.isEmpty()) return Optional.empty();
        return Optional.of(
                any.size() == 1 ? any.get(0) : v.context().mkOr(any.toArray(new BoolExpr[0])));
    }

    /**
     * The transaction outside the cycle commits between two statements of one cycle transaction, on
     * two source lines: one that runs sees it and another that runs does not, by their own
     * snapshots ({@code vis@T.S}, statements outside loops; {@link CycleJob#between} reads the same
     * from the model). Asked in the solve, not only of its model: with the closed world's checks
     * the re-solve found a Cancel that every statement of the two Reserves saw, and the witness was
     * lost though one between them exists (reinsert.sql). Empty when no cycle type has two such
     * statements.
     */
    static Optional<BoolExpr> outsideBetween(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, List<CycleQuery.Selector> shape) {
        Context ctx = v.context();
        Expr<?> outside = q.txns().get(q.k());
        List<BoolExpr> any = new ArrayList<>();
        for (int x = 0; x < q.k(); x++) {
            Transaction type = q.type(x, shape, rules.model());
            Expr<?> tx = q.txns().get(x);
            // by source line: a schedule places statements by line (NAME@LINE), so a commit
            // between an UPDATE's status probe and the UPDATE, one line, has no schedule (SEATS)
            Map<Integer, List<BoolExpr>> sees = new java.util.TreeMap<>();
            Map<Integer, List<BoolExpr>> misses = new java.util.TreeMap<>();
            for (StatementFacts sf : rules.model().facts(type.name()).statements()) {
                String id = type.name() + "." + sf.id();
                if (!sf.loops().isEmpty() || !v.declaredFunctions().containsKey("vis@" + id))
                    continue;
                BoolExpr runs = rules.exec(sf, rules.site(sf, type, tx, List.of()), false);
                BoolExpr vis = v.statementVis(id, outside, tx);
                int line = sf.statement().pos().line();
                sees.computeIfAbsent(line, l -> new ArrayList<>()).add(ctx.mkAnd(runs, vis));
                misses.computeIfAbsent(line, l -> new ArrayList<>())
                        .add(ctx.mkAnd(runs, ctx.mkNot(vis)));
            }
            for (Map.Entry<Integer, List<BoolExpr>> a : sees.entrySet())
                for (Map.Entry<Integer, List<BoolExpr>> b : misses.entrySet())
                    if (!a.getKey().equals(b.getKey()))
                        any.add(
                                ctx.mkAnd(
                                        ctx.mkOr(a.getValue().toArray(new BoolExpr[0])),
                                        ctx.mkOr(b.getValue().toArray(new BoolExpr[0]))));
        }
        if (any.isEmpty()) return Optional.empty();
        return Optional.of(any.size() == 1 ? any.get(0) : ctx.mkOr(any.toArray(new BoolExpr[0])));
    }

    /**
     * The transaction outside the cycle writes no record of a WR edge between the edge's writer and
     * reader in ar: the reader would read its version instead. The encoding does not tie an
     * UPDATE's read after its lock wait to the newest version (docs/postgresql-levels.md §5, a
     * locking read's own snapshot is not asserted), which with the cycle's transactions alone costs
     * nothing; a Cancel outside the cycle refunded the customer between two Reserves whose balance
     * UPDATEs the model had read one from the other (reinsert.sql).
     */
    static List<BoolExpr> outsideNotBetween(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, List<CycleQuery.Selector> shape) {
        Context ctx = v.context();
        int k = q.k();
        Expr<?> c = q.txns().get(k);
        Transaction type = q.type(k, shape, rules.model());
        List<BoolExpr> out = new ArrayList<>();
        for (CycleQuery.Selector s : shape) {
            if (s.conflict().kind() != isocheck.encoding.DepKind.WR) continue;
            Expr<?> a = q.txns().get(s.edge()), b = q.txns().get((s.edge() + 1) % k);
            for (StatementFacts sf : rules.model().facts(type.name()).statements()) {
                if (!sf.table().equals(s.conflict().table())
                        || !rules.model().writeFields(sf).contains(s.conflict().field())) continue;
                BoolExpr wrote =
                        sf.loops().isEmpty()
                                ? rules.writes(
                                        sf,
                                        s.conflict().field(),
                                        rules.site(sf, type, c, List.of()),
                                        s.record(),
                                        true)
                                : ctx.mkTrue(); // in a loop: its iterations are not named here
                out.add(ctx.mkNot(ctx.mkAnd(wrote, v.ar(a, c), v.ar(c, b))));
            }
        }
        return out;
    }

    /**
     * A view that sees member c, where c wrote the field of record r and every other member it sees
     * that may write it committed before c, reads the value c wrote (last writer wins, paper §3.2):
     * an INSERT's value, an UPDATE's {@code SET f = e} with e reading no column, true for an
     * INSERT's and false for a DELETE's Alive. Wikipedia's UpdatePage loop read a watcher row that
     * the RemoveWatchList outside the cycle, which it saw, had deleted (stop 42's witness 5). With
     * the view left free, a Cancel outside the cycle read the reservation a Reserve of the cycle
     * inserted for customer 7 as customer 2's, and deleted it
     * (analyzer/src/test/resources/outside/reinsert.sql, witness 14 of stop 41, replayed
     * SER-consistent). A check ({@link Preferences#checks}): a model that satisfies it stays as it
     * was. No equation where c's write of the field is in a loop, reads a column (an UPDATE's
     * {@code f = f + e} at READ COMMITTED reads the newest version after its lock wait, which the
     * statement's view does not stand for), or is followed by another statement of c that may write
     * it.
     */
    private static List<BoolExpr> lastWriterValues(
            Vocabulary v,
            AccessRules rules,
            List<Member> members,
            View view,
            Expr<?> read,
            Expr<?> t,
            Expr<?> r,
            java.util.function.Function<Expr<?>, BoolExpr> sees) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Member c : members) {
            List<StatementFacts> writers = new ArrayList<>();
            for (StatementFacts sf : rules.model().facts(c.type().name()).statements())
                if (sf.table().equals(view.table())
                        && rules.model().writeFields(sf).contains(view.field())) writers.add(sf);
            for (int w = 0; w < writers.size(); w++) {
                StatementFacts sf = writers.get(w);
                if (!sf.loops().isEmpty()) continue;
                Site site = rules.site(sf, c.type(), c.t(), List.of());
                Optional<Expr<?>> value = writtenValue(ctx, rules, sf, view.field(), site, r);
                if (value.isEmpty() || !value.get().getSort().equals(read.getSort())) continue;
                List<BoolExpr> last = new ArrayList<>();
                last.add(ctx.mkNot(ctx.mkEq(c.t(), t)));
                last.add(sees.apply(c.t()));
                // a DELETE's Alive: its necessary condition (its WHERE holds on r, alive in its
                // view), as its sufficient one is false after an earlier own DELETE of the table
                // (AccessRules#aliveInView). It claims too much only where a member it does not
                // see changed r's WHERE columns first and the DELETE skipped r after its lock wait
                boolean deletes = sf.statement() instanceof Stmt.Delete;
                last.add(rules.writes(sf, view.field(), site, r, deletes));
                boolean later = false;
                for (int x = w + 1; x < writers.size(); x++) {
                    StatementFacts after = writers.get(x);
                    // a later DELETE writes the same false
                    if (deletes && after.statement() instanceof Stmt.Delete) continue;
                    if (!after.loops().isEmpty()) later = true;
                    else
                        last.add(
                                ctx.mkNot(
                                        rules.writes(
                                                after,
                                                view.field(),
                                                rules.site(after, c.type(), c.t(), List.of()),
                                                r,
                                                true)));
                }
                if (later) continue;
                for (Member o : members) {
                    if (o == c) continue;
                    last.add(
                            ctx.mkOr(
                                    ctx.mkEq(o.t(), t),
                                    ctx.mkNot(sees.apply(o.t())),
                                    notWritten(ctx, rules, o, view.table(), view.field(), r),
                                    v.ar(o.t(), c.t())));
                }
                out.add(
                        ctx.mkImplies(
                                ctx.mkAnd(last.toArray(new BoolExpr[0])),
                                ctx.mkEq(read, value.get())));
            }
        }
        return out;
    }

    /** The value statement sf writes into the field of record r, when it names one. */
    private static Optional<Expr<?>> writtenValue(
            Context ctx, AccessRules rules, StatementFacts sf, String field, Site site, Expr<?> r) {
        if (StatementFacts.ALIVE.equals(field)) {
            if (sf.statement() instanceof Stmt.Insert) return Optional.of(ctx.mkTrue());
            if (sf.statement() instanceof Stmt.Delete) return Optional.of(ctx.mkFalse());
            return Optional.empty();
        }
        if (sf.statement() instanceof Stmt.Insert ins) {
            int at = ins.columns().indexOf(field);
            if (at < 0 || ins.values().get(at).readsColumns()) return Optional.empty();
            return rules.terms().value(ins.values().get(at), site, null);
        }
        if (sf.statement() instanceof Stmt.Update up) {
            Optional<Expr<?>> out = Optional.empty();
            for (isocheck.program.Assignment a : up.assignments())
                if (a.column().equals(field)) {
                    if (a.value().readsColumns()) return Optional.empty();
                    out = rules.terms().value(a.value(), site, r);
                }
            return out;
        }
        return Optional.empty();
    }

    /**
     * A sufficient condition for cycle transaction c to leave field {@code field} of record r as it
     * was: no statement of c's type that writes the field runs on r (each write's necessary
     * condition negated); false when one such statement sits in a loop (its iterations are not
     * named here). With only "c is not visible" the equation was lost once c committed before the
     * read, though c's branch never wrote the row: a CloseAuctions join read item_max_bid after a
     * NewBid that did not update it, found another bid than the NewBid's read of the same row, and
     * the server's join found none (benchmarks/RESULTS.md stop 38).
     */
    private static BoolExpr notWritten(
            Context ctx, AccessRules rules, Member c, String table, String field, Expr<?> r) {
        List<BoolExpr> none = new ArrayList<>();
        for (StatementFacts sf : rules.model().facts(c.type().name()).statements()) {
            if (!sf.table().equals(table) || !rules.model().writeFields(sf).contains(field))
                continue;
            if (!sf.loops().isEmpty()) return ctx.mkFalse();
            Site site = rules.site(sf, c.type(), c.t(), List.of());
            none.add(ctx.mkNot(rules.writes(sf, field, site, r, true)));
        }
        return ctx.mkAnd(none.toArray(new BoolExpr[0]));
    }

    /**
     * The cycle's members, in cycle order: member i is shape i's first transaction; then a
     * transaction outside the cycle, if the query has one ({@link CycleQuery#withOutside}), of its
     * fixed type: its writes are known writes like the cycle's, and its statements are held to the
     * same preferences.
     */
    static List<Member> members(
            ProgramModel model, CycleQuery.Built q, List<CycleQuery.Selector> shape) {
        List<Member> out = new ArrayList<>();
        for (int i = 0; i < q.txns().size(); i++)
            out.add(new Member(i, q.type(i, shape, model), q.txns().get(i)));
        return out;
    }

    /**
     * The applications of the named functions in the assertions outside quantifiers, by function
     * id, in the order a depth-first walk of the assertions meets them (the same in every run).
     */
    private static Map<Integer, List<Expr<?>[]>> groundApplications(
            BoolExpr[] query, Set<String> names, Vocabulary v) {
        Set<Integer> wanted = new HashSet<>();
        for (String n : names) wanted.add(v.declaredFunctions().get(n).getId());
        Map<Integer, List<Expr<?>[]>> out = new java.util.HashMap<>();
        Set<Integer> seen = new HashSet<>();
        java.util.ArrayDeque<Expr<?>> stack = new java.util.ArrayDeque<>();
        for (int i = query.length - 1; i >= 0; i--) stack.push(query[i]);
        while (!stack.isEmpty()) {
            Expr<?> e = stack.pop();
            if (!seen.add(e.getId()) || e.isQuantifier() || !e.isApp()) continue;
            Expr<?>[] args = e.getArgs();
            int id = e.getFuncDecl().getId();
            if (wanted.contains(id)) out.computeIfAbsent(id, k -> new ArrayList<>()).add(args);
            for (int i = args.length - 1; i >= 0; i--) stack.push(args[i]);
        }
        return out;
    }

    /**
     * Adds, for every view of a record and a transaction ({@code val!…(r, t)}, {@code Alive!…(r,
     * t)}), its applications to each of the query's ground records and cycle transactions that the
     * walk did not meet. A view read under a quantifier (a SELECT's WHERE over the rows it may
     * return, AuxRules' row-set facts) has no ground application, yet Z3 instantiates it on the
     * witness's records, and the seed is printed from those: order-by-limit's Deliver read a row
     * with {@code amount > 0} whose seeded amount was 0, and both replays found nothing
     * (benchmarks/RESULTS.md, stop 28). Ground records × cycle transactions stay few, unlike a
     * quantified equation. The ground records include the rows the cycle's SELECTs returned ({@link
     * #knownRows}).
     */
    private static void groundRecordApplications(
            Vocabulary v,
            CycleQuery.Built q,
            Map<String, View> views,
            Map<Integer, List<Expr<?>[]>> apps,
            Map<String, List<Expr<?>>> extra) {
        for (Map.Entry<String, View> e : views.entrySet()) {
            FuncDecl<?> f = v.declaredFunctions().get(e.getKey());
            View view = e.getValue();
            if (f.getDomainSize() != 2 || view.recordAt() != 0 || view.txnAt() != 1) continue;
            List<Expr<?>[]> known = apps.computeIfAbsent(f.getId(), k -> new ArrayList<>());
            Set<List<Integer>> have = new HashSet<>();
            for (Expr<?>[] args : known) have.add(List.of(args[0].getId(), args[1].getId()));
            List<Expr<?>> records = new ArrayList<>(q.groundOf(f.getDomain()[0]));
            records.addAll(extra.getOrDefault(f.getDomain()[0].toString(), List.of()));
            for (Expr<?> r : records)
                for (Expr<?> t : q.txns())
                    if (have.add(List.of(r.getId(), t.getId()))) known.add(new Expr<?>[] {r, t});
        }
    }

    /**
     * A FOREACH over a SET OF parameter whose body INSERTs a key taken from the element ({@link
     * #keyFromElement}): the parameter's ground members differ in some column. The encoding lets
     * two members be equal rows (an array may repeat a value, and BenchBase TPC-C's Delivery given
     * one district twice is a real cycle, so the witness keeps both), but two iterations that
     * insert one key make the server abort the second INSERT: AuctionMark's NewItem with {@code
     * p_ia_ids} repeating an id failed on item_attribute's primary key (benchmarks/RESULTS.md, stop
     * 28). Where the shape needs equal members this solve is unsatisfiable and the query's own
     * model is used.
     */
    private static List<BoolExpr> distinctInsertingElements(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, Member m) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        Transaction type = m.type();
        Set<String> sources = new java.util.TreeSet<>();
        for (StatementFacts sf : rules.model().facts(type.name()).statements())
            if (sf.statement() instanceof Stmt.Insert ins)
                for (Stmt.Foreach loop : sf.loops())
                    if (type.parameters().stream().anyMatch(p -> p.name().equals(loop.source()))
                            && keyFromElement(v, ins, loop)) sources.add(loop.source());
        for (String source : sources) {
            Variable p = rules.model().variable(type, source);
            if (p.type().fields().isEmpty()) continue;
            Site site = new Site(type, m.t(), Map.of());
            List<Expr<?>> xs = q.groundOf(terms.elementSort(type, source));
            for (int a = 0; a < xs.size(); a++)
                for (int b = a + 1; b < xs.size(); b++) {
                    Optional<BoolExpr> ina = terms.member(xs.get(a), source, site);
                    Optional<BoolExpr> inb = terms.member(xs.get(b), source, site);
                    if (ina.isEmpty() || inb.isEmpty()) continue;
                    List<BoolExpr> differ = new ArrayList<>();
                    for (var f : p.type().fields()) {
                        String fn = type.name() + "." + source + "." + f.name();
                        differ.add(
                                ctx.mkNot(
                                        ctx.mkEq(
                                                v.apply(fn, ctx.getIntSort(), List.of(xs.get(a))),
                                                v.apply(
                                                        fn,
                                                        ctx.getIntSort(),
                                                        List.of(xs.get(b))))));
                    }
                    out.add(
                            ctx.mkImplies(
                                    ctx.mkAnd(
                                            ina.get(),
                                            inb.get(),
                                            ctx.mkNot(ctx.mkEq(xs.get(a), xs.get(b)))),
                                    ctx.mkOr(differ.toArray(new BoolExpr[0]))));
                }
        }
        return out;
    }

    /**
     * The hidden parameters that stand for fresh identities ({@link
     * isocheck.program.FreshIdentity}: a sequence call's value and a keyless table's new row)
     * differ among the cycle's transactions' calls of one sequence (or inserts into one table): the
     * database never hands out one value twice, and the encoding draws them freely (an
     * over-approximation the verdict keeps). Wikipedia's AddWatchList inserts its two watchlist
     * rows, and the witness gave both one identity: the replay's second INSERT failed on the key
     * (benchmarks/RESULTS.md stop 32).
     */
    private static List<BoolExpr> freshIdentities(
            Vocabulary v, AccessRules rules, List<Member> members) {
        Map<String, List<Expr<?>>> bySource = new java.util.TreeMap<>();
        for (Member m : members) {
            for (Variable p : m.type().parameters()) {
                String source = isocheck.program.FreshIdentity.source(p.name());
                if (source == null) continue;
                Site site = Site.of(m.type(), m.t(), List.of(), List.of());
                Optional<Expr<?>> term =
                        rules.terms()
                                .variable(
                                        new isocheck.program.Expr.VarRef(
                                                p.name(),
                                                null,
                                                isocheck.program.ScalarType.INT,
                                                p.pos()),
                                        site);
                term.ifPresent(
                        x -> bySource.computeIfAbsent(source, k -> new ArrayList<>()).add(x));
            }
        }
        List<BoolExpr> out = new ArrayList<>();
        for (List<Expr<?>> xs : bySource.values())
            if (xs.size() > 1) out.add(v.context().mkDistinct(xs.toArray(new Expr<?>[0])));
        return out;
    }

    /**
     * Two runs of one aggregate SELECT outside loops ({@code MAX}, {@code COUNT}, …) by two cycle
     * transactions of its type, with equal values for every variable its WHERE names, whose
     * snapshots hold no cycle transaction that writes the table, read one initial state: one value
     * and one NULL-ness. The encoding leaves an aggregate free beyond its view's named rows (a
     * transaction outside the cycle may add a matching row), so two AuctionMark NewBids of one item
     * read two different {@code MAX(ib_id)} and inserted two bids; on the server both read one
     * maximum, drew one key, and the second INSERT failed on item_bid's primary key
     * (benchmarks/RESULTS.md stop 37). Only where the statement runs before its transaction's own
     * writes of the table (it would see those) and is not a join's last table (its WHERE names the
     * earlier tables' rows).
     */
    private static List<BoolExpr> sameAggregates(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<Member> members) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        for (Member a : members)
            for (Member b : members) {
                if (b.index() <= a.index() || a.type() != b.type()) continue;
                Transaction type = a.type();
                List<StatementFacts> all = model.facts(type.name()).statements();
                for (int at = 0; at < all.size(); at++) {
                    StatementFacts sf = all.get(at);
                    if (!(sf.statement() instanceof Stmt.Select sel)
                            || sel.aggregate().isEmpty()
                            || sel.isJoin()
                            || !sf.loops().isEmpty()) continue;
                    boolean ownWriteBefore = false;
                    for (int i = 0; i < at; i++)
                        if (all.get(i).table().equals(sf.table()) && !all.get(i).writes().isEmpty())
                            ownWriteBefore = true;
                    if (ownWriteBefore) continue;
                    Variable target = model.variable(type, sel.target());
                    Site sa = new Site(type, a.t(), Map.of()), sb = new Site(type, b.t(), Map.of());
                    Optional<Expr<?>> aggA = terms.aggregate(target, sa);
                    Optional<Expr<?>> aggB = terms.aggregate(target, sb);
                    Optional<BoolExpr> nullA = terms.aggregateNull(target, sa);
                    Optional<BoolExpr> nullB = terms.aggregateNull(target, sb);
                    if (aggA.isEmpty() || aggB.isEmpty() || nullA.isEmpty() || nullB.isEmpty())
                        continue;
                    List<BoolExpr> premises = new ArrayList<>();
                    boolean encoded = true;
                    for (String name : isocheck.program.VarRefs.of(sel.where())) {
                        Variable x = model.variable(type, name);
                        if (!(x.type() instanceof isocheck.program.Type.Scalar)) {
                            encoded = false;
                            break;
                        }
                        var ref =
                                new isocheck.program.Expr.VarRef(
                                        name, null, isocheck.program.ScalarType.INT, sel.pos());
                        Optional<Expr<?>> xa = terms.variable(ref, sa),
                                xb = terms.variable(ref, sb);
                        if (xa.isEmpty() || xb.isEmpty()) {
                            encoded = false;
                            break;
                        }
                        premises.add(ctx.mkEq(xa.get(), xb.get()));
                    }
                    if (!encoded) continue;
                    FuncDecl<?> snapshot =
                            v.declaredFunctions().get("vis@" + type.name() + "." + sf.id());
                    for (Member t : List.of(a, b))
                        for (Member c : members) {
                            if (c == t || !writesTable(model, c.type(), sf.table())) continue;
                            premises.add(ctx.mkNot(seen(v, snapshot, c.t(), t.t())));
                        }
                    out.add(
                            ctx.mkImplies(
                                    ctx.mkAnd(premises.toArray(new BoolExpr[0])),
                                    ctx.mkAnd(
                                            ctx.mkEq(aggA.get(), aggB.get()),
                                            ctx.mkEq(nullA.get(), nullB.get()))));
                }
            }
        return out;
    }

    /**
     * Whether c is in t's snapshot for a statement: the statement's own where it has one ({@code
     * vis@T.S}, READ COMMITTED: a transaction's later statements may see a commit its earlier ones
     * do not), else the transaction's.
     */
    static BoolExpr seen(Vocabulary v, FuncDecl<?> snapshot, Expr<?> c, Expr<?> t) {
        return snapshot == null ? v.vis(c, t) : (BoolExpr) v.context().mkApp(snapshot, c, t);
    }

    /**
     * Whether c is in the snapshot of t's execution of a statement in loops at the iteration
     * elements ({@code vis@T.S/n}, Vocabulary#iterationVis).
     */
    private static BoolExpr seen(
            Vocabulary v, FuncDecl<?> iteration, Expr<?> c, Expr<?> t, List<Expr<?>> elements) {
        List<Expr<?>> args = new ArrayList<>(List.of(c, t));
        args.addAll(elements);
        return (BoolExpr) v.context().mkApp(iteration, args.toArray(new Expr<?>[0]));
    }

    /** Whether a statement of the type writes some field (or Alive) of the table. */
    static boolean writesTable(ProgramModel model, Transaction type, String table) {
        for (StatementFacts sf : model.facts(type.name()).statements())
            if (sf.table().equals(table) && !sf.writes().isEmpty()) return true;
        return false;
    }

    /**
     * Whether the INSERT takes a primary-key column from the loop's element (NewItem's {@code ia_id
     * = v_ia_id}); TPC-C's order lines are keyed by a counter, and repeated items insert no key
     * twice.
     */
    private static boolean keyFromElement(Vocabulary v, Stmt.Insert ins, Stmt.Foreach loop) {
        for (int c = 0; c < ins.columns().size(); c++) {
            if (!v.isKey(ins.table(), ins.columns().get(c))) continue;
            Set<String> refs = isocheck.program.VarRefs.of(ins.values().get(c));
            if (refs.contains(loop.variable()) || refs.contains(loop.source())) return true;
        }
        return false;
    }

    /**
     * For each {@link isocheck.encoding.LoopCounter} loop: the transactions of one type visit the
     * same row first, and its ORDER BY key (INT or string, by the string's number: seeded strings
     * sort as their numbers, {@link isocheck.witness.StringCode}) is the least (ASC; greatest,
     * DESC) of the query's ground records in the set. The model constrains the iterations of ground
     * records only (EXPANDED mode), and the server visits the seeded rows in ORDER BY order:
     * CloseAuctions skips its first row, and a replay whose two transactions had two first rows, or
     * whose first row did not sort first, ran an iteration the model never constrained.
     */
    private static List<BoolExpr> firstRows(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, List<Member> members, Member m) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        Transaction type = m.type();
        for (Variable var : type.locals()) {
            var lc = terms.loopCounter(type, var);
            if (lc.isEmpty()) continue;
            Expr<?> first = terms.loopFirst(type, var, m.t());
            for (Member earlier : members.subList(0, m.index()))
                if (earlier.type() == type)
                    out.add(ctx.mkEq(first, terms.loopFirst(type, var, earlier.t())));
            String source = lc.get().loop().source();
            Optional<String> table =
                    ProgramModel.rowTable(rules.model().variable(type, source).type());
            Optional<OrderKey> key = lc.get().firstOrderKey(rules.model(), type);
            if (table.isEmpty() || key.isEmpty() || !v.isKey(table.get(), key.get().column()))
                continue;
            Site site = new Site(type, m.t(), Map.of());
            var kf = v.key(table.get(), key.get().column(), first);
            for (Expr<?> x : q.groundOf(v.recordSort(table.get()))) {
                Optional<BoolExpr> in = terms.member(x, source, site);
                if (in.isEmpty()) continue;
                var kx = v.key(table.get(), key.get().column(), x);
                out.add(
                        ctx.mkImplies(
                                in.get(),
                                key.get().descending() ? ctx.mkLe(kx, kf) : ctx.mkLe(kf, kx)));
            }
        }
        return out;
    }

    /**
     * A FOR loop over a SELECT with LIMIT n (or SKIP LOCKED) holds, in the encoding, any subset of
     * the matching rows (the model may leave out a matching row: AuxRules' select_complete is off).
     * When n exceeds the query's ground records of the table, the server returns every matching
     * seeded row: the preference puts every ground record that matches and is alive in the set.
     * CloseAuctions' {@code LIMIT 100}: a seeded item the model kept out of the loop was visited on
     * the server, in an iteration the model never constrained.
     */
    private static List<BoolExpr> limitedLoops(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, Member m) {
        return completeLoops(v, rules, q, m, true);
    }

    /**
     * The same preference for a FOR loop over a SELECT without LIMIT or SKIP LOCKED: the server
     * visits every matching row alive in its view, and the encoding states that completeness only
     * on the cycle's witness records (AuxRules' select_complete). TPC-C's OrderStatus by last name
     * left a second customer of the name, named by Delivery, out of its loop; the server counted
     * and visited both and kept the other one (benchmarks/RESULTS.md stop 36).
     */
    private static List<BoolExpr> unlimitedLoops(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, Member m) {
        return completeLoops(v, rules, q, m, false);
    }

    private static List<BoolExpr> completeLoops(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, Member m, boolean limited) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        Transaction type = m.type();
        Expr<?> t = m.t();
        for (Variable var : type.locals()) {
            for (ProgramModel.Assignment a : rules.model().assignments(type, var.name())) {
                if (!(a.stmt() instanceof Stmt.Foreach loop) || !a.loops().isEmpty()) continue;
                List<ProgramModel.Assignment> src = rules.model().assignments(type, loop.source());
                if (src.size() != 1
                        || !src.get(0).loops().isEmpty()
                        || !(src.get(0).stmt() instanceof Stmt.Select sel)
                        || sel.mayOmitRows() != limited
                        || sel.isJoin()
                        || sel.aggregate().isPresent()) continue;
                StatementFacts sf = rules.model().factsOf(sel);
                List<Expr<?>> ground = q.groundOf(v.recordSort(sf.table()));
                if (sel.limit().isPresent() && sel.limit().get() <= ground.size()) continue;
                Site site = rules.site(sf, type, t, List.of());
                for (Expr<?> x : ground) {
                    Optional<BoolExpr> in = terms.member(x, loop.source(), site);
                    if (in.isEmpty()) continue;
                    out.add(ctx.mkImplies(matchesInView(ctx, rules, sf, site, x), in.get()));
                }
            }
        }
        return out;
    }

    /**
     * For each {@link isocheck.encoding.LoopCounter} loop over a query's rows: the ground records
     * in its row set sit at positions 1 to k, k their number, and a COUNT over the same table with
     * the same WHERE in the transaction counts k. The rule leaves positions free beyond being
     * distinct and at least 1, and a COUNT free of the rows it counts (AuxRules), so TPC-C's
     * Payment by last name picked the customer at position (n+1)/2 with n = 1,681 and the picked
     * customer at 841; the seed holds the two customers the cycle names, the server counts 2 and
     * keeps the first by c_first, not the model's (benchmarks/RESULTS.md, stop 35). The seed orders
     * such rows by these positions (InitialState#loopOrder).
     */
    private static List<BoolExpr> loopPositions(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, Member m) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        Transaction type = m.type();
        for (Variable var : type.locals()) {
            var lc = terms.loopCounter(type, var);
            if (lc.isEmpty()) continue;
            String source = lc.get().loop().source();
            Optional<Stmt.Select> query = lc.get().query(rules.model(), type);
            if (query.isEmpty()) continue;
            Stmt.Select loopSel = query.get();
            String table = loopSel.table();
            Site site = new Site(type, m.t(), Map.of());
            List<Expr<?>> ground = q.groundOf(v.recordSort(table));
            List<BoolExpr> ins = new ArrayList<>();
            for (Expr<?> x : ground) terms.member(x, source, site).ifPresent(ins::add);
            if (ins.isEmpty() || ins.size() != ground.size()) continue;
            // k counts records, not terms: several ground terms may be one record (three of
            // CloseAuctions' four were one item, so k = 3 let that item sit at position 3 behind
            // two rows the seed then invented, benchmarks/RESULTS.md stop 38)
            List<com.microsoft.z3.ArithExpr<com.microsoft.z3.IntSort>> ones = new ArrayList<>();
            for (int i = 0; i < ins.size(); i++) {
                List<BoolExpr> first = new ArrayList<>(List.of(ins.get(i)));
                for (int j = 0; j < i; j++)
                    first.add(ctx.mkNot(ctx.mkEq(ground.get(i), ground.get(j))));
                ones.add(
                        (com.microsoft.z3.ArithExpr<com.microsoft.z3.IntSort>)
                                ctx.mkITE(
                                        ctx.mkAnd(first.toArray(new BoolExpr[0])),
                                        ctx.mkInt(1),
                                        ctx.mkInt(0)));
            }
            @SuppressWarnings("unchecked")
            var k = ctx.mkAdd(ones.toArray(new com.microsoft.z3.ArithExpr[0]));
            for (int i = 0; i < ground.size(); i++)
                out.add(
                        ctx.mkImplies(
                                ins.get(i),
                                ctx.mkLe(terms.loopPosition(type, var, ground.get(i), m.t()), k)));
            for (StatementFacts sf : rules.model().facts(type.name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Select count)
                        || count.aggregate().isEmpty()
                        || count.aggregate().get().function()
                                != isocheck.program.Aggregate.Function.COUNT
                        || count.aggregate().get().distinct()
                        || count.aggregate().get().column().isPresent()
                                && !v.isKey(table, count.aggregate().get().column().get())
                        || count.isJoin()
                        || !sf.loops().isEmpty()
                        || !count.table().equals(table)
                        || !count.where().text().equals(loopSel.where().text())) continue;
                Site at = rules.site(sf, type, m.t(), List.of());
                terms.aggregate(rules.model().variable(type, count.target()), at)
                        .ifPresent(n -> out.add(ctx.mkEq(n, k)));
            }
        }
        return out;
    }

    /**
     * A SELECT … INTO outside loops that names a whole key finds that row when the row is alive in
     * its view: true of every execution, stated by the encoding on the witness records only
     * (EXPANDED mode), so the query may leave a lookup of another record empty with the row alive.
     * AuctionMark's NewComment found no item in the model and drew comment key 0; the seed held the
     * item (its UPDATE names it), the server found it and drew key 1, and the cycle with
     * NewCommentResponse's update of comment 0 was gone (benchmarks/RESULTS.md stop 38).
     */
    private static List<BoolExpr> keyLookups(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, Member m) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        Transaction type = m.type();
        for (StatementFacts sf : rules.model().facts(type.name()).statements()) {
            if (!(sf.statement() instanceof Stmt.Select sel)
                    || sel.target() == null
                    || sel.aggregate().isPresent()
                    || sel.isJoin()
                    || !sf.loops().isEmpty()
                    || !sf.pinsWholeKey()
                    || !(rules.model().variable(type, sel.target()).type()
                            instanceof isocheck.program.Type.Rows)) continue;
            Site site = rules.site(sf, type, m.t(), List.of());
            Optional<Expr<?>> rec = rules.pinnedRecord(sf, site);
            if (rec.isEmpty()) continue;
            Optional<BoolExpr> in = terms.member(rec.get(), sel.target(), site);
            Optional<BoolExpr> ne = terms.nonEmpty(sel.target(), site);
            if (in.isEmpty() || ne.isEmpty()) continue;
            out.add(
                    ctx.mkImplies(
                            ctx.mkAnd(
                                    rules.exec(sf, site, false),
                                    rules.aliveInView(sf, site, rec.get(), false)),
                            ctx.mkAnd(in.get(), ne.get())));
        }
        return out;
    }

    /**
     * The records the closed world's completeness and equations speak of beside the query's ground
     * records ({@link CycleQuery.Built#groundOf}), by record sort, once each: the rows the cycle's
     * SELECTs … INTO a row set returned (the sets' pick terms, {@link
     * isocheck.encoding.Terms#declaredPick}) and the records its statements name by their whole
     * key, each at its {@link #groundSites} (a Delivery's order-line probe in its loop over
     * districts). A view of one of them is read at no ground application of the query when the
     * statement reads it under a quantifier (a SELECT's result set).
     */
    private static Map<String, List<Expr<?>>> knownRows(
            AccessRules rules, CycleQuery.Built q, List<Member> members) {
        Map<String, java.util.LinkedHashSet<Expr<?>>> out = new java.util.TreeMap<>();
        java.util.function.Consumer<Expr<?>> add =
                x ->
                        out.computeIfAbsent(
                                        x.getSort().toString(),
                                        k -> new java.util.LinkedHashSet<>())
                                .add(x);
        // the picks first, then the named records: the order of the checks, the canonical solve's
        // input
        for (Member m : members)
            for (StatementFacts sf : rules.model().facts(m.type().name()).statements())
                if (sf.statement() instanceof Stmt.Select sel && isRowSet(rules, m, sel))
                    for (Site site : groundSites(rules, q, m, sf))
                        rules.terms().declaredPick(sel.target(), site).ifPresent(add);
        for (Member m : members)
            for (StatementFacts sf : rules.model().facts(m.type().name()).statements())
                if (sf.pinsWholeKey())
                    for (Site site : groundSites(rules, q, m, sf))
                        rules.pinnedRecord(sf, site).ifPresent(add);
        Map<String, List<Expr<?>>> lists = new java.util.TreeMap<>();
        for (Map.Entry<String, java.util.LinkedHashSet<Expr<?>>> e : out.entrySet())
            lists.put(e.getKey(), new ArrayList<>(e.getValue()));
        return lists;
    }

    /**
     * The initial database keeps every key drawn from a counter below the counter (a declared
     * {@code @isocheck invariant}, or {@code --assume-keys-below-counters}), and a transaction that
     * draws a key reads the counter at least at its initial value: so a known row of the table
     * alive in some cycle statement's view that no cycle INSERT wrote (at its ground iterations;
     * alone, the row is then initial) has a key below every key drawn from its counter row.
     * CounterRules' key_below_counter says so on transaction views only, so TPC-C's Delivery found
     * an order line of the order a NewOrder without items drew, initial in the model; the seed,
     * held to the declared invariant, raised the counter, the server's NewOrder drew another order,
     * and the Delivery found no line and raised (benchmarks/RESULTS.md stop 40).
     */
    private static List<BoolExpr> keysBelowDrawn(
            Vocabulary v,
            Encoder encoder,
            CycleQuery.Built q,
            List<Member> cycle,
            Map<String, List<Expr<?>>> known,
            Map<String, View> views,
            Map<Integer, List<Expr<?>[]>> apps) {
        Context ctx = v.context();
        AccessRules rules = encoder.rules();
        List<BoolExpr> out = new ArrayList<>();
        for (isocheck.encoding.CounterKey ck : encoder.counterKeys()) {
            if (!encoder.keyBelowCounter(ck)) continue;
            // per member, its draws from ck's counter: INSERTs outside loops into a table keyed by
            // that counter, with their execution condition and the counter record they name
            List<Expr<?>[]> draws = new ArrayList<>(); // {drawn key, counter record, runs}
            List<Expr<?>> rows = known.getOrDefault(v.recordSort(ck.table()).toString(), List.of());
            if (rows.isEmpty()) continue;
            List<Map.Entry<StatementFacts, Site>> inserts = new ArrayList<>();
            boolean unknown = false;
            for (Member m : cycle)
                for (StatementFacts sf : rules.model().facts(m.type().name()).statements()) {
                    if (!(sf.statement() instanceof Stmt.Insert)) continue;
                    if (sf.table().equals(ck.table())) {
                        List<Site> sites = groundSites(rules, q, m, sf);
                        unknown |= sites.isEmpty();
                        for (Site site : sites) inserts.add(Map.entry(sf, site));
                    }
                    if (!sf.loops().isEmpty()) continue;
                    for (isocheck.encoding.CounterKey other : encoder.counterKeys()) {
                        if (!other.table().equals(sf.table())
                                || !other.counter().equals(ck.counter())) continue;
                        Site site = rules.site(sf, m.type(), m.t(), List.of());
                        Optional<Expr<?>> drawn = rules.keyValue(sf, other.column(), site);
                        if (drawn.isEmpty()) continue;
                        List<Expr<?>> key = new ArrayList<>();
                        for (String c : other.counterKey())
                            rules.keyValue(sf, c, site).ifPresent(key::add);
                        if (key.size() != other.counterKey().size()) continue;
                        draws.add(
                                new Expr<?>[] {
                                    drawn.get(),
                                    v.record(ck.counter().table(), key),
                                    rules.exec(sf, site, false)
                                });
                    }
                }
            // a cycle INSERT into the table whose key is unknown may have inserted any row
            if (draws.isEmpty() || unknown) continue;
            for (Expr<?> x : rows) {
                // x alive in some statement's view: the invariant speaks of rows that exist
                List<BoolExpr> seenAlive = aliveApplications(v, ck.table(), x, views, apps);
                if (seenAlive.isEmpty()) continue;
                var k = v.key(ck.table(), ck.column(), x);
                List<Expr<?>> xkey = new ArrayList<>();
                for (String c : ck.counterKey()) xkey.add(v.key(ck.table(), c, x));
                Expr<?> counterOfX = v.record(ck.counter().table(), xkey);
                // x is none of the rows the cycle's INSERTs write, at their ground iterations
                // (the closed world's loops run over those: ClosedWorldViews#loops)
                List<BoolExpr> fresh = new ArrayList<>();
                for (Map.Entry<StatementFacts, Site> ins : inserts)
                    fresh.add(
                            ctx.mkNot(
                                    ctx.mkAnd(
                                            rules.exec(ins.getKey(), ins.getValue(), true),
                                            rules.addresses(
                                                    ins.getKey(), ins.getValue(), x, true))));
                for (Expr<?>[] d : draws)
                    out.add(
                            ctx.mkImplies(
                                    ctx.mkAnd(
                                            (BoolExpr) d[2],
                                            ctx.mkEq(d[1], counterOfX),
                                            ctx.mkOr(seenAlive.toArray(new BoolExpr[0])),
                                            ctx.mkAnd(fresh.toArray(new BoolExpr[0]))),
                                    ctx.mkLt(k, (com.microsoft.z3.ArithExpr<?>) d[0])));
            }
        }
        return out;
    }

    /**
     * A row a committed INSERT wrote satisfies its table's CHECK constraints (PostgreSQL manual
     * §5.5.1: a row for which the condition is FALSE is rejected, and the error aborts the
     * transaction), stated for CHECKs over key columns on the record each INSERT of the cycle names
     * (outside loops, or at the ground iterations of a loop over a SET OF parameter). The encoding
     * leaves CHECK out (more executions, a sound over-approximation), so AuctionMark's NewFeedback
     * inserted feedback from a user to itself, which the server refused with {@code CHECK (uf_u_id
     * <> uf_from_id)}, and the replay lost the cycle (benchmarks/RESULTS.md stop 40). The execution
     * condition is under-approximated and the condition over-approximated, so every execution
     * satisfies it.
     */
    private static List<BoolExpr> insertedRowsPassChecks(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, List<Member> cycle) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Member m : cycle)
            for (StatementFacts sf : rules.model().facts(m.type().name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Insert)) continue;
                List<isocheck.program.Cond> conditions = new ArrayList<>();
                for (isocheck.program.Constraint c : v.table(sf.table()).constraints())
                    if (c instanceof isocheck.program.Constraint.Check check
                            && isocheck.program.Columns.of(check.condition()).stream()
                                    .allMatch(col -> v.isKey(sf.table(), col)))
                        conditions.add(check.condition());
                if (conditions.isEmpty()) continue;
                for (Site site : groundSites(rules, q, m, sf)) {
                    Optional<Expr<?>> row = rules.pinnedRecord(sf, site);
                    if (row.isEmpty()) continue;
                    for (isocheck.program.Cond c : conditions)
                        out.add(
                                ctx.mkImplies(
                                        rules.exec(sf, site, false),
                                        rules.terms().cond(c, site, row.get(), true)));
                }
            }
        return out;
    }

    /**
     * A row a committed UPDATE (outside loops) wrote satisfies its table's CHECK constraints over
     * key columns and columns the UPDATE sets to a value that reads no column, on every ground
     * record the UPDATE writes: as {@link #insertedRowsPassChecks}. constraints.sql's two Withdraws
     * of one account, {@code SET balance = :b - 1} under {@code CHECK (balance >= 0)}, were given a
     * balance of 0 by a re-solve of the closed world, and both replays aborted on the CHECK (stop
     * 42). The write condition is under-approximated and the condition over-approximated.
     */
    private static List<BoolExpr> updatedRowsPassChecks(
            Vocabulary v, AccessRules rules, CycleQuery.Built q, List<Member> cycle) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Member m : cycle)
            for (StatementFacts sf : rules.model().facts(m.type().name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Update up) || !sf.loops().isEmpty()) continue;
                Site site = rules.site(sf, m.type(), m.t(), List.of());
                Map<String, isocheck.program.Expr> set = new java.util.HashMap<>();
                for (isocheck.program.Assignment a : up.assignments())
                    if (!a.value().readsColumns()) set.put(a.column(), a.value());
                List<isocheck.program.Cond> conditions = new ArrayList<>();
                for (isocheck.program.Constraint c : v.table(sf.table()).constraints())
                    if (c instanceof isocheck.program.Constraint.Check check) {
                        Set<String> cols = isocheck.program.Columns.of(check.condition());
                        if (cols.stream().anyMatch(col -> !v.isKey(sf.table(), col))
                                && cols.stream()
                                        .allMatch(
                                                col ->
                                                        v.isKey(sf.table(), col)
                                                                || set.containsKey(col)))
                            conditions.add(check.condition());
                    }
                if (conditions.isEmpty()) continue;
                Map<String, Expr<?>> values = new java.util.HashMap<>();
                for (Map.Entry<String, isocheck.program.Expr> a : set.entrySet())
                    rules.terms()
                            .value(a.getValue(), site, null)
                            .ifPresent(x -> values.put(a.getKey(), x));
                for (Expr<?> r : q.groundOf(v.recordSort(sf.table()))) {
                    BoolExpr wrote =
                            rules.writes(sf, set.keySet().iterator().next(), site, r, false);
                    for (isocheck.program.Cond c : conditions) {
                        if (!values.keySet()
                                .containsAll(
                                        isocheck.program.Columns.of(c).stream()
                                                .filter(col -> !v.isKey(sf.table(), col))
                                                .toList())) continue;
                        out.add(
                                ctx.mkImplies(
                                        wrote,
                                        rules.terms().cond(c, site.withColumns(values), r, true)));
                    }
                }
            }
        return out;
    }

    /**
     * Under-approximated: the statement runs, its WHERE matches x, and x is alive in its view (a
     * row the server's scan returns).
     */
    private static BoolExpr matchesInView(
            Context ctx, AccessRules rules, StatementFacts sf, Site site, Expr<?> x) {
        return ctx.mkAnd(
                rules.exec(sf, site, false),
                rules.addresses(sf, site, x, false),
                rules.aliveInView(sf, site, x, false));
    }

    /** The applications of the table's Alive views to record x that the closed world states. */
    private static List<BoolExpr> aliveApplications(
            Vocabulary v,
            String table,
            Expr<?> x,
            Map<String, View> views,
            Map<Integer, List<Expr<?>[]>> apps) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Map.Entry<String, View> e : views.entrySet()) {
            View view = e.getValue();
            if (!view.table().equals(table) || !view.field().equals(StatementFacts.ALIVE)) continue;
            FuncDecl<?> f = v.declaredFunctions().get(e.getKey());
            for (Expr<?>[] args : apps.getOrDefault(f.getId(), List.of()))
                if (args[view.recordAt()].equals(x)) out.add((BoolExpr) ctx.mkApp(f, args));
        }
        return out;
    }

    /**
     * The sites a statement of m is looked at in: one, without elements, outside loops; in one loop
     * over a SET OF parameter, one per ground element of the parameter's sort; in any other loop,
     * none.
     */
    private static List<Site> groundSites(
            AccessRules rules, CycleQuery.Built q, Member m, StatementFacts sf) {
        if (sf.loops().isEmpty()) return List.of(rules.site(sf, m.type(), m.t(), List.of()));
        if (sf.loops().size() > 1) return List.of();
        String source = sf.loops().get(0).source();
        if (m.type().parameters().stream().noneMatch(p -> p.name().equals(source)))
            return List.of();
        List<Site> out = new ArrayList<>();
        for (Expr<?> x : q.groundOf(rules.terms().elementSort(m.type(), source)))
            out.add(rules.site(sf, m.type(), m.t(), List.of(x)));
        return out;
    }

    /** A SELECT … INTO a row set, the set's only assignment, no aggregate. */
    private static boolean isRowSet(AccessRules rules, Member m, Stmt.Select sel) {
        return sel.target() != null
                && sel.aggregate().isEmpty()
                && rules.model().assignments(m.type(), sel.target()).size() == 1
                && rules.model().variable(m.type(), sel.target()).type()
                        instanceof isocheck.program.Type.Rows;
    }

    /**
     * A SELECT … INTO a row set returns every row alive in its view that its WHERE matches (the
     * server scans its snapshot, or the newest versions for a locking read), stated by the encoding
     * on the witness records only (AuxRules' select_complete); here also on the rows the cycle's
     * other SELECTs returned and its statements name ({@link #knownRows}). SEATS' NewReservation
     * found no reservation of the customer on the flight in the model while DeleteReservation's
     * join had returned one, alive and undeleted in both views; the server's PERFORM found it and
     * the NewReservation returned before its INSERT (benchmarks/RESULTS.md stop 40). A join's part
     * is left out (a row matches only with rows of the other tables), as are SKIP LOCKED (any
     * subset of the rows) and, for the membership, LIMIT (some n of them).
     */
    private static List<BoolExpr> completeAtKnownRows(
            Vocabulary v, AccessRules rules, Member m, Map<String, List<Expr<?>>> known) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        var terms = rules.terms();
        for (StatementFacts sf : rules.model().facts(m.type().name()).statements()) {
            if (!(sf.statement() instanceof Stmt.Select sel)
                    || !isRowSet(rules, m, sel)
                    || !sf.loops().isEmpty()
                    || sel.isJoin()
                    || sel.lock().skipLocked()) continue;
            Site site = rules.site(sf, m.type(), m.t(), List.of());
            Optional<BoolExpr> ne = terms.nonEmpty(sel.target(), site);
            Optional<Expr<?>> own = terms.declaredPick(sel.target(), site);
            if (ne.isEmpty()) continue;
            for (Expr<?> x : known.getOrDefault(v.recordSort(sf.table()).toString(), List.of())) {
                if (own.isPresent() && own.get().equals(x)) continue;
                Optional<BoolExpr> in =
                        sel.limit().isEmpty()
                                ? terms.member(x, sel.target(), site)
                                : Optional.empty();
                out.add(
                        ctx.mkImplies(
                                matchesInView(ctx, rules, sf, site, x),
                                in.map(i -> ctx.mkAnd(ne.get(), i)).orElse(ne.get())));
            }
        }
        return out;
    }

    /**
     * A UNIQUE constraint holds in every snapshot (PostgreSQL manual §5.5.3, NULLs excepted): in
     * one statement view, no two of the query's ground records alive there agree on every column of
     * a UNIQUE constraint whose columns are NOT NULL. The encoding states it only among the members
     * of one row set (AuxRules#uniqueMembers), so a Wikipedia UpdatePage's view held two watchlist
     * rows of one (user, namespace, title); the seed gave the second fresh values, and the server's
     * RemoveWatchList deleted only the first (benchmarks/RESULTS.md stop 38).
     */
    private static List<BoolExpr> uniqueInViews(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<Member> members) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        Map<String, FuncDecl<?>> fs = new java.util.TreeMap<>(v.declaredFunctions());
        for (Map.Entry<String, FuncDecl<?>> e : fs.entrySet()) {
            String name = e.getKey();
            int at = name.indexOf('@');
            if (!name.startsWith("Alive!") || at < 0 || e.getValue().getDomainSize() != 2) continue;
            String table = name.substring(6, at);
            String suffix = name.substring(at);
            Transaction type = statementType(model, name);
            isocheck.program.Table t = model.program().schema().table(table).orElse(null);
            if (type == null || t == null) continue;
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                List<ColumnView> cols = new ArrayList<>();
                for (String col : u.columns()) {
                    ColumnView f = columnView(v, fs, table, col, suffix);
                    boolean notNull =
                            t.column(col).map(isocheck.program.Column::notNull).orElse(false);
                    if (f == null || !notNull) {
                        cols = null;
                        break;
                    }
                    cols.add(f);
                }
                if (cols == null || cols.isEmpty()) continue;
                List<Expr<?>> ground = q.groundOf(v.recordSort(table));
                for (Member m : members) {
                    if (m.type() != type) continue;
                    for (int i = 0; i < ground.size(); i++)
                        for (int j = i + 1; j < ground.size(); j++) {
                            Expr<?> x = ground.get(i), y = ground.get(j);
                            List<BoolExpr> differ = new ArrayList<>();
                            for (ColumnView f : cols)
                                differ.add(ctx.mkNot(ctx.mkEq(f.at(x, m.t()), f.at(y, m.t()))));
                            out.add(
                                    ctx.mkImplies(
                                            ctx.mkAnd(
                                                    ctx.mkNot(ctx.mkEq(x, y)),
                                                    (BoolExpr) ctx.mkApp(e.getValue(), x, m.t()),
                                                    (BoolExpr) ctx.mkApp(e.getValue(), y, m.t())),
                                            ctx.mkOr(differ.toArray(new BoolExpr[0]))));
                        }
                }
                out.addAll(
                        uniqueAgainstInserts(
                                v, model, rules, q, members, table, e.getValue(), type, cols, u));
            }
        }
        return out;
    }

    /**
     * A column's value in the statement view of a view function's suffix ({@code
     * val!table.col@T.S/2}), or its one value per record where it has one ({@code @once},
     * Vocabulary#oneValue); null when neither is declared.
     */
    private static ColumnView columnView(
            Vocabulary v, Map<String, FuncDecl<?>> fs, String table, String col, String suffix) {
        FuncDecl<?> f = fs.get("val!" + table + "." + col + suffix);
        if (f != null && f.getDomainSize() == 2)
            return new ColumnView(f.getRange(), (x, t) -> v.context().mkApp(f, x, t));
        if (v.hasOneValue(table, col))
            return new ColumnView(v.context().getIntSort(), (x, t) -> v.oneValue(table, col, x));
        return null;
    }

    /** A column's value at a record and a transaction, in one statement view. */
    private record ColumnView(
            com.microsoft.z3.Sort sort,
            java.util.function.BiFunction<Expr<?>, Expr<?>, Expr<?>> value) {
        Expr<?> at(Expr<?> x, Expr<?> t) {
            return value.apply(x, t);
        }
    }

    /**
     * The second half of {@link #uniqueInViews}: a record alive in a statement view of a cycle
     * transaction and the row an INSERT of a cycle transaction wrote differ in some column of a
     * UNIQUE constraint (NOT NULL columns), unless they are one record. Stated only when no cycle
     * transaction's type deletes from the table or updates a column of the constraint: then, in an
     * execution of the cycle's transactions alone, every record ever alive keeps its values and
     * stays alive, and of two with equal values the later INSERT fails (PostgreSQL manual §5.5.3).
     * Wikipedia's UpdatePage loop read a watcher (user 1) the encoding let vanish before an
     * AddWatchList inserted the same (user, namespace, title); the seed could hold only one of
     * them, gave the loop another watcher, and the replay was SER-consistent (benchmarks/RESULTS.md
     * stop 39). With a third transaction deleting the first row that execution is real: the
     * preference then fails and the witness is marked as not shown by its transactions alone.
     */
    private static List<BoolExpr> uniqueAgainstInserts(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<Member> members,
            String table,
            FuncDecl<?> alive,
            Transaction viewType,
            List<ColumnView> cols,
            isocheck.program.Constraint.Unique u) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (Member m : members)
            for (StatementFacts sf : model.facts(m.type().name()).statements()) {
                if (!sf.table().equals(table)) continue;
                if (sf.statement() instanceof Stmt.Delete) return out;
                if (sf.statement() instanceof Stmt.Update up
                        && up.assignments().stream()
                                .anyMatch(a -> u.columns().contains(a.column()))) return out;
            }
        List<Expr<?>> ground = q.groundOf(v.recordSort(table));
        for (Member c : members)
            for (StatementFacts sf : model.facts(c.type().name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Insert ins)
                        || !sf.table().equals(table)
                        || !sf.loops().isEmpty()) continue;
                Site site = rules.site(sf, c.type(), c.t(), List.of());
                Optional<Expr<?>> row = rules.pinnedRecord(sf, site);
                if (row.isEmpty()) continue;
                List<Expr<?>> values = new ArrayList<>();
                for (int i = 0; i < cols.size(); i++) {
                    int at = ins.columns().indexOf(u.columns().get(i));
                    Optional<Expr<?>> value =
                            at < 0
                                    ? Optional.empty()
                                    : rules.terms().value(ins.values().get(at), site, null);
                    if (value.isEmpty() || !value.get().getSort().equals(cols.get(i).sort())) {
                        values = null;
                        break;
                    }
                    values.add(value.get());
                }
                if (values == null) continue;
                BoolExpr wrote = rules.writes(sf, StatementFacts.ALIVE, site, row.get(), false);
                for (Member m : members) {
                    if (m.type() != viewType) continue;
                    for (Expr<?> x : ground) {
                        List<BoolExpr> differ = new ArrayList<>();
                        for (int i = 0; i < cols.size(); i++)
                            differ.add(
                                    ctx.mkNot(ctx.mkEq(cols.get(i).at(x, m.t()), values.get(i))));
                        out.add(
                                ctx.mkImplies(
                                        ctx.mkAnd(
                                                ctx.mkNot(ctx.mkEq(x, row.get())),
                                                (BoolExpr) ctx.mkApp(alive, x, m.t()),
                                                wrote),
                                        ctx.mkOr(differ.toArray(new BoolExpr[0]))));
                    }
                }
            }
        return out;
    }

    /** A cycle transaction: its position in the cycle, its type and its term. */
    record Member(int index, Transaction type, Expr<?> t) {}

    /**
     * A view function: the table and field (or Alive) it reads and where its record argument is.
     */
    private record View(
            String table,
            String field,
            int recordAt,
            int txnAt,
            Transaction type,
            StatementFacts statement) {

        /**
         * The iteration elements of an application: after the transaction in a statement view
         * ({@code val!T.f@S/n(r, t, e…)}), before the record in a row set's field ({@code X.v.f(e…,
         * r, t)}).
         */
        List<Expr<?>> elements(Expr<?>[] args) {
            return recordAt == 0
                    ? List.of(args).subList(txnAt + 1, args.length)
                    : List.of(args).subList(0, recordAt);
        }
    }

    private static Optional<View> view(
            Vocabulary v, ProgramModel model, String name, FuncDecl<?> f) {
        if (name.startsWith("cw!") || name.contains("@init") || name.contains("@once"))
            return Optional.empty();
        if (name.startsWith("Alive!")) {
            String table = name.substring(6).replaceFirst("@.*$", "");
            if (f.getDomainSize() < 2 || v.isStatic(table)) return Optional.empty();
            Transaction type = statementType(model, name);
            return Optional.of(
                    new View(
                            table, StatementFacts.ALIVE, 0, 1, type, statement(model, type, name)));
        }
        if (name.startsWith("val!")) {
            String tf = name.substring(4).replaceFirst("@.*$", "");
            int dot = tf.indexOf('.');
            if (dot < 0 || f.getDomainSize() < 2) return Optional.empty();
            Transaction type = statementType(model, name);
            return Optional.of(
                    new View(
                            tf.substring(0, dot),
                            tf.substring(dot + 1),
                            0,
                            1,
                            type,
                            statement(model, type, name)));
        }
        // X.v.f(ix…, x, t): a field of a row of the row set v of transaction X
        String[] parts = name.split("\\.");
        if (parts.length != 3 || f.getDomainSize() < 2) return Optional.empty();
        Transaction txn =
                model.transactions().stream()
                        .map(tf -> tf.transaction())
                        .filter(t -> t.name().equals(parts[0]))
                        .findFirst()
                        .orElse(null);
        if (txn == null) return Optional.empty();
        Variable var;
        try {
            var = model.variable(txn, parts[1]);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        Optional<String> table = ProgramModel.rowTable(var.type());
        int at = f.getDomainSize() - 2;
        if (table.isEmpty()
                || v.isKey(table.get(), parts[2])
                || !f.getDomain()[at].equals(v.recordSort(table.get()))) return Optional.empty();
        List<ProgramModel.Assignment> as = model.assignments(txn, parts[1]);
        StatementFacts select =
                as.size() == 1 && as.get(0).stmt() instanceof isocheck.program.Stmt.Select sel
                        ? model.factsOf(sel)
                        : null;
        return Optional.of(new View(table.get(), parts[2], at, at + 1, txn, select));
    }

    /** The transaction type of a statement view's name ({@code …@X.Sk/n}), or null. */
    private static Transaction statementType(ProgramModel model, String name) {
        int at = name.indexOf('@');
        int dot = at < 0 ? -1 : name.indexOf('.', at);
        if (dot < 0) return null;
        String type = name.substring(at + 1, dot);
        return model.transactions().stream()
                .map(tf -> tf.transaction())
                .filter(t -> t.name().equals(type))
                .findFirst()
                .orElse(null);
    }

    /** The statement of a statement view's name ({@code …@X.Sk/n}), or null. */
    private static StatementFacts statement(ProgramModel model, Transaction type, String name) {
        if (type == null) return null;
        String id =
                name.substring(name.indexOf('.', name.indexOf('@')) + 1).replaceFirst("/.*$", "");
        for (StatementFacts sf : model.facts(type.name()).statements())
            if (sf.id().equals(id)) return sf;
        return null;
    }

    /**
     * The statements of the view's transaction before its statement that write its field, all
     * outside loops (empty: the statement comes before every write of its field by its
     * transaction); null when one is in a loop, or the statement is in a loop and a statement in a
     * loop writes the field. A RemoveWatch's second DELETE had no equation, its first DELETE of the
     * table coming before it, and the model let it delete a watch list row an AddWatch outside the
     * cycle inserted, which its snapshot did not hold (watch.sql, stop 42).
     */
    private static List<StatementFacts> ownEarlierWrites(ProgramModel model, View view) {
        List<StatementFacts> all = model.facts(view.type().name()).statements();
        int at = all.indexOf(view.statement());
        if (at < 0) return null;
        List<StatementFacts> out = new ArrayList<>();
        for (int i = 0; i < at; i++) {
            StatementFacts sf = all.get(i);
            if (!sf.table().equals(view.table()) || !sf.writes().contains(view.field())) continue;
            if (!sf.loops().isEmpty()) return null;
            out.add(sf);
        }
        for (StatementFacts sf : all)
            if (sf.loops().size() > 0
                    && sf.table().equals(view.table())
                    && sf.writes().contains(view.field())
                    && !view.statement().loops().isEmpty()) return null;
        return out;
    }
}
