package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import isocheck.encoding.AccessRules;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Site;
import isocheck.encoding.Vocabulary;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The closed world's facts about rows ({@link ClosedWorldViews}, the witness preference of a cycle
 * at a database's own level): what PostgreSQL's constraints make of the members' INSERTs and
 * DELETEs in an execution of them alone. Two INSERTs of one record or of one UNIQUE key, an INSERT
 * of a key another member deletes, the initial state's keys and foreign keys, and the CHECK
 * constraints of the rows INSERTs and UPDATEs write (PostgreSQL manual §5.5). None is part of a
 * query or a proof; most are checks ({@link ClosedWorldViews.Preferences#checks}).
 */
final class ClosedWorldRows {
    private ClosedWorldRows() {}

    /**
     * Two rows INSERTs of the cycle wrote differ in some column of each UNIQUE constraint (NOT NULL
     * columns) of their table, when no cycle transaction's type deletes from the table or updates
     * those columns: in an execution of the cycle's transactions alone both stay alive, and the
     * second INSERT fails on the unique index (PostgreSQL manual §5.5.3). The query states the
     * pairwise half for primary keys; two of SEATS' NewReservations took one seat of one flight,
     * and the server's second INSERT failed on UNIQUE (r_f_id, r_seat) (benchmarks/RESULTS.md stop
     * 39).
     */
    static List<BoolExpr> uniqueBetweenInserts(Vocabulary v, ProgramModel model, Inserts inserts) {
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
    record Written(
            BoolExpr wrote,
            Expr<?> row,
            Map<String, Expr<?>> values,
            Expr<?> t,
            ClosedWorldViews.Member by,
            StatementFacts statement) {}

    /**
     * The members' INSERTs outside loops by table, and the tables they delete from and the
     * "table.column"s they update.
     */
    record Inserts(Map<String, List<Written>> byTable, java.util.Set<String> changed) {}

    static Inserts inserts(
            ProgramModel model, AccessRules rules, List<ClosedWorldViews.Member> members) {
        Map<String, List<Written>> byTable = new java.util.TreeMap<>();
        java.util.Set<String> changed = new java.util.HashSet<>();
        for (ClosedWorldViews.Member c : members)
            for (StatementFacts sf : model.facts(c.type().name()).statements()) {
                if (sf.statement() instanceof Stmt.Delete) changed.add(sf.table());
                if (sf.statement() instanceof Stmt.Update up)
                    for (isocheck.program.Assignment a : up.assignments())
                        changed.add(sf.table() + "." + a.column());
                if (!(sf.statement() instanceof Stmt.Insert ins) || !sf.loops().isEmpty()) continue;
                Site site = rules.site(sf, c.type(), c.t(), List.of());
                Optional<Expr<?>> row = rules.pinnedRecord(sf, site);
                if (row.isEmpty()) continue;
                Map<String, Expr<?>> values = rules.insertedValues(ins, site);
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
     * (litmus/reinsert.sql). The second INSERT runs after the deleter commits (it fails or waits
     * before, as in {@link #insertAfterDelete}), so its transaction's later statements see the
     * deleter: SEATS' second NewReservation of one reservation had a SELECT after its INSERT that
     * missed the DeleteReservation between the two, and its schedule ran the INSERT before that
     * commit (benchmarks/RESULTS.md stop 43). A check, held to the model after the solve.
     */
    static List<BoolExpr> insertedOnce(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            List<ClosedWorldViews.Member> members,
            Inserts inserts) {
        Context ctx = v.context();
        Map<String, FuncDecl<?>> fs = v.declaredFunctions();
        record Deleter(ClosedWorldViews.Member member, StatementFacts sf) {}
        List<BoolExpr> out = new ArrayList<>();
        for (Map.Entry<String, List<Written>> e : inserts.byTable().entrySet()) {
            List<Deleter> deleters = new ArrayList<>();
            for (ClosedWorldViews.Member c : members)
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
                        ClosedWorldViews.Member c = d.member();
                        deleted.add(
                                ctx.mkAnd(
                                        rules.writes(
                                                d.sf(),
                                                StatementFacts.ALIVE,
                                                rules.site(d.sf(), c.type(), c.t(), List.of()),
                                                x.row(),
                                                false),
                                        ctx.mkOr(
                                                ctx.mkAnd(
                                                        v.ar(x.t(), c.t()),
                                                        and(ctx, after(v, model, fs, c, y))),
                                                ctx.mkAnd(
                                                        v.ar(y.t(), c.t()),
                                                        and(ctx, after(v, model, fs, c, x))))));
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
     * 41, Wikipedia 5). For the key's one record, alive initially: some other member's DELETE of it
     * commits first (two INSERTs of it are {@link #insertedOnce}'s). A check.
     */
    static List<BoolExpr> insertAfterDelete(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<ClosedWorldViews.Member> members,
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
            // the key's one record, alive initially and inserted again: some other member deleted
            // it and committed first (which one is open: a member may also delete the new row
            // after the INSERT, SEATS' DeleteReservation meeting a NewReservation's reservation)
            boolean inLoops = false;
            for (ClosedWorldViews.Member d : members)
                for (StatementFacts del : model.facts(d.type().name()).statements())
                    inLoops |=
                            del.statement() instanceof Stmt.Delete
                                    && del.table().equals(table)
                                    && !del.loops().isEmpty();
            for (Written w : inLoops ? List.<Written>of() : e.getValue()) {
                BoolExpr alive = initiallyAlive(v, initial, table, w.row());
                if (alive == null) continue;
                List<BoolExpr> deleted = new ArrayList<>();
                for (ClosedWorldViews.Member d : members) {
                    if (d == w.by()) continue;
                    for (StatementFacts del : model.facts(d.type().name()).statements()) {
                        if (!(del.statement() instanceof Stmt.Delete) || !del.table().equals(table))
                            continue;
                        List<BoolExpr> first = after(v, model, fs, d, w);
                        first.add(
                                rules.writes(
                                        del,
                                        StatementFacts.ALIVE,
                                        rules.site(del, d.type(), d.t(), List.of()),
                                        w.row(),
                                        true));
                        deleted.add(ctx.mkAnd(first.toArray(new BoolExpr[0])));
                    }
                }
                out.add(
                        ctx.mkImplies(
                                ctx.mkAnd(w.wrote(), alive),
                                ctx.mkOr(deleted.toArray(new BoolExpr[0]))));
            }
            for (ClosedWorldViews.Member d : members)
                for (StatementFacts del : model.facts(d.type().name()).statements()) {
                    if (!(del.statement() instanceof Stmt.Delete)
                            || !del.table().equals(table)
                            || !del.loops().isEmpty()) continue;
                    Site site = rules.site(del, d.type(), d.t(), List.of());
                    String suffix = "@" + d.type().name() + "." + del.id() + "/2";
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

    /** The conjunction of the list. */
    private static BoolExpr and(Context ctx, List<BoolExpr> all) {
        return ctx.mkAnd(all.toArray(new BoolExpr[0]));
    }

    /**
     * Deleter d commits before w's INSERT: first in ar, and in the snapshot of every later
     * statement (outside loops) of w's transaction.
     */
    private static List<BoolExpr> after(
            Vocabulary v,
            ProgramModel model,
            Map<String, FuncDecl<?>> fs,
            ClosedWorldViews.Member d,
            Written w) {
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
    static List<BoolExpr> absentRowsHoldTheirInsert(
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
    static List<BoolExpr> initialForeignKeys(
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
    static List<BoolExpr> insertOnInitialRow(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<ClosedWorldViews.Member> members,
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
                for (ClosedWorldViews.Member d : members)
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
                    for (ClosedWorldViews.Member d : members)
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
    static List<BoolExpr> uniqueInitially(
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
    static List<BoolExpr> insertedRowsPassChecks(
            Vocabulary v,
            AccessRules rules,
            CycleQuery.Built q,
            List<ClosedWorldViews.Member> cycle) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (ClosedWorldViews.Member m : cycle)
            for (StatementFacts sf : rules.model().facts(m.type().name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Insert)) continue;
                List<isocheck.program.Cond> conditions =
                        checksOver(v, sf.table(), col -> v.isKey(sf.table(), col), false);
                if (conditions.isEmpty()) continue;
                for (Site site : ClosedWorldViews.groundSites(rules, q, m, sf)) {
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
     * The CHECK conditions of the table whose columns are all {@code known}; with {@code
     * notKeysOnly}, only those that read some non-key column (the rest are {@link
     * #insertedRowsPassChecks}').
     */
    private static List<isocheck.program.Cond> checksOver(
            Vocabulary v,
            String table,
            java.util.function.Predicate<String> known,
            boolean notKeysOnly) {
        List<isocheck.program.Cond> out = new ArrayList<>();
        for (isocheck.program.Constraint c : v.table(table).constraints()) {
            if (!(c instanceof isocheck.program.Constraint.Check check)) continue;
            Set<String> cols = isocheck.program.Columns.of(check.condition());
            if (cols.stream().allMatch(known)
                    && (!notKeysOnly || cols.stream().anyMatch(col -> !v.isKey(table, col))))
                out.add(check.condition());
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
    static List<BoolExpr> updatedRowsPassChecks(
            Vocabulary v,
            AccessRules rules,
            CycleQuery.Built q,
            List<ClosedWorldViews.Member> cycle) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (ClosedWorldViews.Member m : cycle)
            for (StatementFacts sf : rules.model().facts(m.type().name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Update up) || !sf.loops().isEmpty()) continue;
                Site site = rules.site(sf, m.type(), m.t(), List.of());
                Map<String, isocheck.program.Expr> set = new java.util.HashMap<>();
                for (isocheck.program.Assignment a : up.assignments())
                    if (!a.value().readsColumns()) set.put(a.column(), a.value());
                List<isocheck.program.Cond> conditions =
                        checksOver(
                                v,
                                sf.table(),
                                col -> v.isKey(sf.table(), col) || set.containsKey(col),
                                true);
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
     * A UNIQUE constraint holds in every snapshot (PostgreSQL manual §5.5.3, NULLs excepted): in
     * one statement view, no two of the query's ground records alive there agree on every column of
     * a UNIQUE constraint whose columns are NOT NULL. The encoding states it only among the members
     * of one row set (AuxRules#uniqueMembers), so a Wikipedia UpdatePage's view held two watchlist
     * rows of one (user, namespace, title); the seed gave the second fresh values, and the server's
     * RemoveWatchList deleted only the first (benchmarks/RESULTS.md stop 38).
     */
    static List<BoolExpr> uniqueInViews(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            CycleQuery.Built q,
            List<ClosedWorldViews.Member> members) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        Map<String, FuncDecl<?>> fs = new java.util.TreeMap<>(v.declaredFunctions());
        for (Map.Entry<String, FuncDecl<?>> e : fs.entrySet()) {
            String name = e.getKey();
            int at = name.indexOf('@');
            if (!name.startsWith("Alive!") || at < 0 || e.getValue().getDomainSize() != 2) continue;
            String table = name.substring(6, at);
            String suffix = name.substring(at);
            Transaction type = ClosedWorldViews.statementType(model, name);
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
                for (ClosedWorldViews.Member m : members) {
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
            List<ClosedWorldViews.Member> members,
            String table,
            FuncDecl<?> alive,
            Transaction viewType,
            List<ColumnView> cols,
            isocheck.program.Constraint.Unique u) {
        Context ctx = v.context();
        List<BoolExpr> out = new ArrayList<>();
        for (ClosedWorldViews.Member m : members)
            for (StatementFacts sf : model.facts(m.type().name()).statements()) {
                if (!sf.table().equals(table)) continue;
                if (sf.statement() instanceof Stmt.Delete) return out;
                if (sf.statement() instanceof Stmt.Update up
                        && up.assignments().stream()
                                .anyMatch(a -> u.columns().contains(a.column()))) return out;
            }
        List<Expr<?>> ground = q.groundOf(v.recordSort(table));
        for (ClosedWorldViews.Member c : members)
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
                for (ClosedWorldViews.Member m : members) {
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
}
