package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.AccessRules;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Site;
import isocheck.encoding.Vocabulary;
import isocheck.program.Column;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.Variable;
import isocheck.witness.Valuation;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The initial database a witness needs ({@link Witness#initialRows()}): every record on the cycle's
 * edges and every record a statement of a cycle transaction names by its whole primary key (outside
 * loops, or in one loop over a SET OF parameter, one per named row), as the model has it before any
 * cycle transaction commits. A replay that seeds only the edges' records misses the rows the
 * transactions read or guard on elsewhere (a balance checked before a write, a district counter),
 * and the transaction then takes another branch than the witness's.
 *
 * <p>The values are the model's initial state: under per-transaction snapshots the view of the
 * ar-first transaction, which sees no other (vis ⊆ ar, paper §3.2). Under per-statement snapshots
 * (READ COMMITTED, docs/postgresql-levels.md §3) the per-transaction view is not what statements
 * read, so a record's state is taken from the statement view of its first reader in ar order (the
 * ar-first transaction's statements see no other cycle transaction; a later reader's view may
 * already include an earlier writer, so this is a best guess the replay then confirms or not).
 */
final class InitialState {

    private final Valuation m;
    private final Vocabulary v;
    private final CycleQuery.Built q;
    private final List<CycleQuery.Selector> sels;
    private final List<Integer> arOrder;
    private final AccessRules rules;
    private final ProgramModel model;

    /**
     * A statement execution naming a record: transaction index, statement, site, record; {@code
     * sure} when the model runs the statement by its exact execution condition, not only by the
     * over-approximation of one (a guard on a value the encoding leaves free, e.g. a join's result,
     * is true in the over-approximation whatever the branch the transaction takes).
     */
    private record Naming(
            int txn,
            StatementFacts statement,
            Site site,
            List<Expr<?>> elements,
            Expr<?> record,
            Map<String, Expr<?>> found,
            boolean sure) {
        Naming(
                int txn,
                StatementFacts statement,
                Site site,
                List<Expr<?>> elements,
                Expr<?> record,
                boolean sure) {
            this(txn, statement, site, elements, record, Map.of(), sure);
        }
    }

    InitialState(
            Valuation m,
            Vocabulary v,
            CycleQuery.Built q,
            List<CycleQuery.Selector> sels,
            List<Integer> arOrder,
            AccessRules rules,
            ProgramModel model) {
        this.m = m;
        this.v = v;
        this.q = q;
        this.sels = sels;
        this.arOrder = arOrder;
        this.rules = rules;
        this.model = model;
    }

    List<Witness.InitialRow> rows(List<Witness.Edge> edges) {
        List<Naming> namings = namings();
        for (Witness.Edge e : edges) {
            if (e.field().equals(StatementFacts.ALIVE)) existenceMatters.add(e.table() + e.key());
        }
        for (Naming n : namings) {
            if (n.statement().statement() instanceof Stmt.Delete) deletes.add(n);
            if (n.statement().statement() instanceof Stmt.Insert) {
                existenceMatters.add(
                        n.statement().table() + keyOf(n.statement().table(), n.record()));
                inserts.add(n);
            }
            // a record a cycle transaction locks (UPDATE, DELETE, a locking read): whether it
            // exists decides whether the lock is taken, which orders the locking transactions
            // (StatementSnapshotRules#lockOrder). Seeded regardless, auction.sql's RC lost update
            // (the model's buyer row absent, so the call counter locks nothing) did not replay:
            // the seeded row made the second PlaceBid wait, then see the first's bid. Kept as
            // terms and compared by identity.
            if (locking(n.statement())) lockedRecords.add(n.record());
        }
        for (Witness.Edge e : edges) onEdges.add(e.table() + e.key());
        Map<String, Witness.InitialRow> rows = new LinkedHashMap<>();
        for (int i = 0; i < edges.size(); i++) {
            Witness.Edge e = edges.get(i);
            rows.computeIfAbsent(
                    e.table() + e.key(),
                    x ->
                            row(
                                    e.table(),
                                    e.key(),
                                    sels.get(e.from()).record(),
                                    readers(edges, e),
                                    namings));
        }
        for (Naming n : namings) {
            String table = n.statement().table();
            Map<String, String> key = keyOf(table, n.record());
            rows.computeIfAbsent(table + key, x -> row(table, key, n.record(), List.of(), namings));
        }
        // the rows each set holds before the counts: a COUNT ahead of the loop over the same rows
        // (TPC-C's Payment by last name) counted the one customer seeded so far, and the seed got
        // a filler customer the loop then visited first
        for (int t : arOrder) predicateRows(t, rows, false);
        for (int t : arOrder) predicateRows(t, rows, true);
        for (int t : arOrder) nullTested(t, rows);
        for (int t : arOrder) loopOrder(t, rows);
        return joinPicksFirst(rows);
    }

    /**
     * The seeded members of a {@link isocheck.encoding.LoopCounter} loop's rows in the order of the
     * model's positions, where its ORDER BY column is not a key and the seed ties them: TPC-C's
     * Payment and OrderStatus by last name loop {@code ORDER BY c_first} and keep the customer at
     * position (n+1)/2, and with every seeded {@code c_first} at one value the server visited the
     * customers in an order of its own and kept another one than the model (benchmarks/RESULTS.md,
     * stop 35). Only a column no WHERE reads ({@link #compared}) and the seed ties (one value for
     * every member: the model's default for a value it leaves free) gets new values, increasing
     * (decreasing for DESC) with the model's position; where the seed tells the members apart it is
     * kept. A condition outside a WHERE that reads the column (an IF on {@code r.c_first}) is not
     * looked at: the replay shows it. The first transaction in arbitration order that loops over
     * the rows decides their order.
     */
    private void loopOrder(int t, Map<String, Witness.InitialRow> rows) {
        Transaction type = type(t);
        Expr<?> inst = q.txns().get(t);
        for (Variable var : type.locals()) {
            Optional<isocheck.encoding.LoopCounter> lc = rules.terms().loopCounter(type, var);
            if (lc.isEmpty()) continue;
            String source = lc.get().loop().source();
            Stmt.Select sel = lc.get().query(model, type).orElse(null);
            if (sel == null || sel.orderBy().isEmpty() || sel.isJoin()) continue;
            isocheck.program.OrderKey key = sel.orderBy().get(0);
            String table = sel.table();
            if (v.isKey(table, key.column()) || compared(table, key.column())) continue;
            Site site = Site.of(type, inst, List.of(), List.of());
            List<String> seeded = new ArrayList<>();
            List<Long> positions = new ArrayList<>();
            java.util.Set<String> values = new java.util.HashSet<>();
            for (Expr<?> x : rowSetMembers(source, table, site)) {
                String id = table + keyOf(table, x);
                Witness.InitialRow row = rows.get(id);
                if (row == null || !row.alive() || !row.values().containsKey(key.column()))
                    continue;
                seeded.add(id);
                values.add(row.values().get(key.column()));
                positions.add(
                        integer(
                                m.eval(rules.terms().loopPosition(type, var, x, inst), true)
                                        .toString()));
            }
            if (seeded.size() < 2
                    || values.size() > 1
                    || !orderFree.add(table + "." + key.column())) continue;
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < seeded.size(); i++) order.add(i);
            order.sort(java.util.Comparator.comparing(positions::get));
            for (int rank = 0; rank < order.size(); rank++) {
                String id = seeded.get(order.get(rank));
                Witness.InitialRow row = rows.get(id);
                Map<String, String> changed = new LinkedHashMap<>(row.values());
                // two digits from 10 up, for the INT columns' sake too (a string sorts as its
                // number:
                // witness.StringCode)
                long value = key.descending() ? 10 + order.size() - 1 - rank : 10 + rank;
                changed.put(key.column(), Long.toString(value));
                rows.put(id, new Witness.InitialRow(row.table(), row.key(), row.alive(), changed));
            }
        }
    }

    /**
     * Whether a WHERE of some statement on the table reads the column (then its seeded values may
     * decide what that statement finds, and {@link #loopOrder} leaves them as the model has them).
     */
    private boolean compared(String table, String column) {
        for (isocheck.program.TransactionFacts tf : model.transactions())
            for (StatementFacts sf : tf.statements()) {
                if (!sf.table().equals(table)) continue;
                Stmt st = sf.statement();
                isocheck.program.Cond where =
                        st instanceof Stmt.Select sel
                                ? sel.where()
                                : st instanceof Stmt.Update u
                                        ? u.where()
                                        : st instanceof Stmt.Delete d ? d.where() : null;
                if (where != null && isocheck.program.Columns.of(where).contains(column))
                    return true;
            }
        return false;
    }

    /** The ORDER BY columns {@link #loopOrder} has set: the first loop over them decides. */
    private final java.util.Set<String> orderFree = new java.util.HashSet<>();

    /**
     * The seed in the order the replay inserts it, with the rows of each unordered join {@code
     * SELECT … INTO} record's model pick ahead of the other rows of their tables. PL/pgSQL keeps
     * the first row of the result (PostgreSQL manual §43.5.3), whose order SQL leaves to the plan
     * (§7.5); on freshly loaded tables the join returns its rows in the insertion order of the
     * table it scans (BenchBase SEATS DeleteReservation's {@code customer, frequent_flyer}: the
     * frequent_flyer order), so a seed holding several matching rows gave the server another
     * customer than the model's {@code r_by_ff} pick, and the transaction RETURNed. The pick is the
     * last table's ({@code T.r!pick}, frontend.JoinRecord); each earlier table's rows that join it
     * (its {@code c = ANY(:r$earlier.j)} conjunct: j equal to the pick's c) go first, along the
     * chain. Only the order changes: the rows and their values are the model's.
     */
    private List<Witness.InitialRow> joinPicksFirst(Map<String, Witness.InitialRow> rows) {
        JoinPickOrder order = new JoinPickOrder(rows);
        for (int t : arOrder) {
            Transaction type = type(t);
            Expr<?> inst = q.txns().get(t);
            for (StatementFacts sf : model.facts(type.name()).statements()) {
                if (!(sf.statement() instanceof Stmt.Select sel)
                        || sel.target() == null
                        || !sel.isJoin()
                        || sel.aggregate().isPresent()
                        || !sel.orderBy().isEmpty()
                        || !sf.loops().isEmpty()) continue;
                try {
                    Site site = rules.site(sf, type, inst, List.of());
                    if (!m.eval(rules.exec(sf, site, true), true).isTrue()) continue;
                    Optional<BoolExpr> ne = rules.terms().nonEmpty(sel.target(), site);
                    Optional<Expr<?>> pick = rules.terms().declaredPick(sel.target(), site);
                    if (ne.isEmpty() || pick.isEmpty() || !m.eval(ne.get(), true).isTrue())
                        continue;
                    order.pick(sel, sf.table() + keyOf(sf.table(), pick.get()));
                } catch (RuntimeException e) {
                    // a target the terms do not model as a row set: its order is left as it is
                }
            }
        }
        return order.rows();
    }

    /**
     * The rows transaction t's predicate reads (outside loops and in the iterations {@link
     * #iterations} knows) need beyond the named ones: the rows a SELECT … INTO a row set read, as
     * the model lists them in the set ({@link #members}), and the rows a COUNT counts ({@link
     * #counted}). Without them the read finds nothing on the server: a join matches no row (the
     * join's first SELECT is such a row-set read, {@code JoinTranslator}), a guard on a count
     * fails, and the transaction takes another branch. The COUNTs ({@code counts}) or the others.
     */
    private void predicateRows(int t, Map<String, Witness.InitialRow> rows, boolean counts) {
        Transaction type = type(t);
        Expr<?> inst = q.txns().get(t);
        for (StatementFacts sf : model.facts(type.name()).statements()) {
            if (!(sf.statement() instanceof Stmt.Select sel)
                    || sel.target() == null
                    || sel.aggregate().isPresent() != counts) continue;
            for (List<Expr<?>> elements : iterations(sf, type, inst)) {
                Site site = rules.site(sf, type, inst, elements);
                if (!m.eval(rules.exec(sf, site, true), true).isTrue()) continue;
                if (rules.pinnedRecord(sf, site).isPresent()) continue;
                try {
                    if (sel.aggregate().isEmpty()) members(t, sf, sel, site, rows);
                    else if (sel.aggregate().get().isExtremum()) extremum(t, sf, sel, site, rows);
                    else counted(t, sf, sel, site, rows);
                } catch (RuntimeException e) {
                    // a target or WHERE the terms do not model: the read's rows are not seeded
                    // (the replay then shows whether the witness needed them)
                }
            }
        }
    }

    /**
     * SQL NULL ({@link Witness.InitialRow#NULL}) for a nullable column that a row-set read of
     * transaction t tests {@code col IS NULL} (a conjunct of its WHERE), in every seeded live row
     * the model puts in that set. The encoding leaves a field's NULL free (an IS NULL test is taken
     * by polarity, Terms), so the model's member satisfies the test, while a seeded value does not:
     * BenchBase Wikipedia's UpdatePage visits the watchers {@code wl_notificationtimestamp IS
     * NULL}, and its loop found none of the model's rows on the server (9 of 43 READ COMMITTED
     * witnesses SER-consistent, benchmarks/RESULTS.md stop 32).
     */
    private void nullTested(int t, Map<String, Witness.InitialRow> rows) {
        Transaction type = type(t);
        Expr<?> inst = q.txns().get(t);
        for (StatementFacts sf : model.facts(type.name()).statements()) {
            if (sf.statement() instanceof Stmt.Update || sf.statement() instanceof Stmt.Delete) {
                nullTestedWrite(t, sf, rows);
                continue;
            }
            if (!(sf.statement() instanceof Stmt.Select sel)
                    || sel.target() == null
                    || sel.aggregate().isPresent()) continue;
            java.util.Set<String> tested = new java.util.TreeSet<>();
            nullConjuncts(sel.where(), sf.table(), tested);
            if (tested.isEmpty()) continue;
            for (List<Expr<?>> elements : iterations(sf, type, inst)) {
                Site site = rules.site(sf, type, inst, elements);
                if (!m.eval(rules.exec(sf, site, true), true).isTrue()) continue;
                for (Expr<?> r : rowSetMembers(sel.target(), sf.table(), site)) {
                    String id = sf.table() + keyOf(sf.table(), r);
                    withNull(rows, id, tested);
                }
            }
        }
    }

    /**
     * The same for an UPDATE or DELETE outside loops that names its record by the whole key and
     * tests {@code col IS NULL}, where the model has it write that record (field-is-null.sql's
     * Claim, {@code … WHERE task_id = :id AND owner IS NULL}: seeded owner = 0, the UPDATE matched
     * nothing on the server).
     */
    private void nullTestedWrite(int t, StatementFacts sf, Map<String, Witness.InitialRow> rows) {
        if (!sf.loops().isEmpty() || sf.writes().isEmpty()) return;
        isocheck.program.Cond where =
                sf.statement() instanceof Stmt.Update u
                        ? u.where()
                        : ((Stmt.Delete) sf.statement()).where();
        java.util.Set<String> tested = new java.util.TreeSet<>();
        nullConjuncts(where, sf.table(), tested);
        if (tested.isEmpty()) return;
        Site site = rules.site(sf, type(t), q.txns().get(t), List.of());
        Optional<Expr<?>> rec = rules.pinnedRecord(sf, site);
        if (rec.isEmpty()) return;
        String field = sf.writes().iterator().next();
        if (!m.eval(rules.accesses(sf, field, true, site, rec.get(), true), true).isTrue()) return;
        withNull(rows, sf.table() + keyOf(sf.table(), rec.get()), tested);
    }

    /** The seeded live row {@code id} (if any) with the {@code columns} set to SQL NULL. */
    private static void withNull(
            Map<String, Witness.InitialRow> rows, String id, java.util.Set<String> columns) {
        Witness.InitialRow row = rows.get(id);
        if (row == null || !row.alive()) return;
        Map<String, String> values = new LinkedHashMap<>(row.values());
        for (String c : columns) values.put(c, Witness.InitialRow.NULL);
        rows.put(id, new Witness.InitialRow(row.table(), row.key(), true, values));
    }

    /**
     * The nullable non-key columns of {@code table} that {@code c}'s top-level conjuncts test
     * {@code IS NULL}.
     */
    private void nullConjuncts(isocheck.program.Cond c, String table, java.util.Set<String> out) {
        if (c instanceof isocheck.program.Cond.And a) {
            nullConjuncts(a.left(), table, out);
            nullConjuncts(a.right(), table, out);
        } else if (c instanceof isocheck.program.Cond.FieldIsNull n
                && !n.negated()
                && n.operand() instanceof isocheck.program.Expr.ColumnRef col
                && (col.table() == null || col.table().equals(table))
                && !v.isKey(table, col.column())) {
            for (Column k : v.columns(table))
                if (k.name().equals(col.column()) && !k.notNull()) out.add(k.name());
        }
    }

    /**
     * The records the model puts in a row set read by {@code SELECT … INTO v} (its membership
     * {@code T.v!in(r, t)}, Terms), with the values t read: a selected column's value is the row
     * field the model has t read ({@code T.v.f(r, t)}, e.g. the order line's item a join matches
     * on), the others the statement's view.
     */
    private void members(
            int t,
            StatementFacts sf,
            Stmt.Select sel,
            Site site,
            Map<String, Witness.InitialRow> rows) {
        String table = sf.table();
        // a read the model surely runs found the record, so it existed in that read's snapshot:
        // it overrides a record seeded absent from another statement's view (Delivery's DELETE
        // of the new_order its ORDER BY … LIMIT 1 drew, at READ COMMITTED: seeded absent, the
        // draw found nothing on the server), unless a cycle edge is about the record
        boolean sure = m.eval(rules.exec(sf, site, false), true).isTrue();
        for (Expr<?> r : rowSetMembers(sel.target(), table, site)) {
            Map<String, String> key = keyOf(table, r);
            Witness.InitialRow seeded = rows.get(table + key);
            if (seeded != null && onEdges.contains(table + key)) continue;
            if (seeded != null && seeded.alive()) {
                // the columns no naming read take this read's values
                if (sure) rows.put(table + key, withReadColumns(seeded, t, sf, sel, site, r));
                continue;
            }
            // unless a cycle transaction committed before t inserts it: the read may have found
            // that insert (AuctionMark: a join found the bid another NewBid inserted, which was
            // then seeded alive, and that NewBid's INSERT aborted on the duplicate key)
            if (seeded != null && (!sure || insertedBefore(t, table, r))) continue;
            // a record the cycle inserts is absent initially (Wikipedia's UpdatePage loop read
            // the watchlist row AddWatchList inserts: seeded, the INSERT failed on the key)
            if (insertedByCycle(table, r)) continue;
            Map<String, String> values = new LinkedHashMap<>();
            for (Column c : v.columns(table)) {
                if (v.isKey(table, c.name())) continue;
                Optional<Expr<?>> read =
                        sel.columns().contains(c.name()) || sel.columns().contains("*")
                                ? rules.terms().rowField(sel.target(), r, c.name(), site)
                                : Optional.empty();
                Expr<?> value = read.orElse(viewValue(sf, site, table, c.name(), r));
                values.put(c.name(), m.eval(value, true).toString());
            }
            rows.put(table + key, new Witness.InitialRow(table, key, true, values));
        }
    }

    /**
     * The seeded row with the values the row-set read gives the columns no naming of the record
     * read ({@link #unreadColumns}): a selected column's row field where the read's values are
     * used, a WHERE column's value in the read's view (the read found the row, so it matched).
     */
    private Witness.InitialRow withReadColumns(
            Witness.InitialRow seeded,
            int t,
            StatementFacts sf,
            Stmt.Select sel,
            Site site,
            Expr<?> r) {
        String table = sf.table();
        java.util.Set<String> unread = unreadColumns.get(table + seeded.key());
        if (unread == null) return seeded;
        boolean used = !valueFree(t, sel);
        Map<String, String> values = new LinkedHashMap<>(seeded.values());
        for (java.util.Iterator<String> it = unread.iterator(); it.hasNext(); ) {
            String c = it.next();
            boolean selected = sel.columns().contains(c) || sel.columns().contains("*");
            Optional<Expr<?>> read =
                    selected
                            ? used
                                    ? rules.terms().rowField(sel.target(), r, c, site)
                                    : Optional.empty()
                            : sf.reads().contains(c)
                                    ? Optional.of(viewValue(sf, site, table, c, r))
                                    : Optional.empty();
            if (read.isEmpty()) continue;
            values.put(c, m.eval(read.get(), true).toString());
            it.remove();
        }
        return new Witness.InitialRow(table, seeded.key(), true, values);
    }

    /**
     * Whether a cycle transaction's INSERT that the model runs creates r, and no cycle transaction
     * may have removed r before it: the INSERT committed, so r was absent before it (a second
     * insert of a live key fails, SQL's key model; at READ COMMITTED it waits for a deleter in
     * progress and goes on after its commit), so r was alive initially only if a DELETE committed
     * before the inserter's, or the inserter's own earlier DELETE, removed it ({@link
     * #mayDeleteBefore}). The first naming's view may be a reader's that sees the insert
     * (Wikipedia's GetPageAnonymous read the text UpdatePage inserts): seeded alive, the replay's
     * INSERT failed on the primary key. Until stop 34 any DELETE on the table in the cycle kept r
     * alive, and TPC-C's Delivery found the new order a NewOrder inserts in its seed.
     */
    private boolean insertedByCycle(String table, Expr<?> r) {
        for (Naming ins : inserts)
            if (ins.statement().table().equals(table)
                    && ins.sure()
                    && m.eval(v.context().mkEq(ins.record(), r), true).isTrue()
                    && !mayDeleteBefore(ins, r)) return true;
        return false;
    }

    /**
     * Whether a DELETE of a cycle transaction committed before the inserter of {@code ins}, or of
     * the inserter itself, may remove r: one that names r by its whole key in an execution the
     * over-approximated conditions admit, or one on the table that does not name a row by its key.
     */
    private boolean mayDeleteBefore(Naming ins, Expr<?> r) {
        String table = ins.statement().table();
        int at = arOrder.indexOf(ins.txn());
        for (int t : arOrder) {
            if (arOrder.indexOf(t) > at) continue;
            for (StatementFacts sf : model.facts(type(t).name()).statements())
                if (sf.statement() instanceof Stmt.Delete
                        && sf.table().equals(table)
                        && !sf.pinsWholeKey()) return true;
        }
        for (Naming d : deletes)
            if (arOrder.indexOf(d.txn()) <= at
                    && d.statement().table().equals(table)
                    && m.eval(v.context().mkEq(d.record(), r), true).isTrue()) return true;
        return false;
    }

    /** Whether a cycle transaction before t in ar order inserts the record r of the table. */
    private boolean insertedBefore(int t, String table, Expr<?> r) {
        for (Naming ins : inserts) {
            if (ins.txn() != t
                    && arOrder.indexOf(ins.txn()) < arOrder.indexOf(t)
                    && ins.statement().table().equals(table)
                    && m.eval(v.context().mkEq(ins.record(), r), true).isTrue()) return true;
        }
        return false;
    }

    private Expr<?> viewValue(
            StatementFacts sf, Site site, String table, String column, Expr<?> r) {
        List<Expr<?>> elements = new ArrayList<>();
        for (Stmt.Foreach l : sf.loops()) elements.add(site.element(l));
        return rules.statementViews()
                ? v.viewValueAt(
                        table, column, site.txn().name() + "." + sf.id(), r, site.t(), elements)
                : v.viewValue(table, column, r, site.t());
    }

    /** At most this many rows are added to give one COUNT its value. */
    private static final int MAX_COUNTED = 10;

    private int freshKey = 9001;

    /**
     * The rows a {@code COUNT(*)} (or COUNT of a key column) over one table counts. The encoding
     * leaves a count free of the rows it counts (AuxRules: {@code n ≥ 0}, sound), so the model may
     * count rows it never names, e.g. the other doctors on call a guard {@code n >= 2} needs: the
     * seed adds rows with fresh keys until the rows seeded that match the WHERE number the model's
     * count. A new row takes the WHERE's {@code column = value} conjuncts and 0 elsewhere, and is
     * added only if the model says it matches the WHERE (the rest of the WHERE, e.g. {@code
     * doctor_id NOT IN (:a, :b)}, evaluated on it); at most {@link #MAX_COUNTED}. The count is the
     * statement's at its view, the rows the initial state: a best guess, which the replay confirms.
     */
    private void counted(
            int t,
            StatementFacts sf,
            Stmt.Select sel,
            Site site,
            Map<String, Witness.InitialRow> rows) {
        isocheck.program.Aggregate agg = sel.aggregate().get();
        String table = sf.table();
        if (agg.function() != isocheck.program.Aggregate.Function.COUNT
                || sel.isJoin()
                || agg.column().isPresent() && !v.isKey(table, agg.column().get())) return;
        Variable var = model.variable(site.txn(), sel.target());
        Optional<Expr<?>> n = rules.terms().aggregate(var, site);
        if (n.isEmpty()) return;
        long want = integer(m.eval(n.get(), true).toString());
        long have = 0;
        for (Witness.InitialRow row : rows.values()) {
            if (row.table().equals(table) && row.alive() && matches(sf, site, row)) have++;
        }
        if (want - have <= 0 || want - have > MAX_COUNTED) return;
        Map<String, String> fixed = new LinkedHashMap<>();
        conjunctEqualities(sel.where(), site, fixed);
        for (long i = have; i < want; i++) {
            Map<String, String> key = new LinkedHashMap<>();
            for (String k : v.keyColumns(table)) {
                key.put(k, fixed.containsKey(k) ? fixed.get(k) : Integer.toString(freshKey++));
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (Column c : v.columns(table)) {
                if (!v.isKey(table, c.name()))
                    values.put(c.name(), fixed.getOrDefault(c.name(), "0"));
            }
            Witness.InitialRow row = new Witness.InitialRow(table, key, true, values);
            if (rows.containsKey(table + key) || !matches(sf, site, row)) return;
            rows.put(table + key, row);
        }
    }

    /**
     * The row a MIN or MAX of an INT key column returns, where the model has it not NULL and the
     * statement's snapshot holds no cycle transaction that writes the table (so the row is
     * initial): its key column the model's value, its other key columns the WHERE's equalities, 0
     * elsewhere. The encoding states that row only as an existential (AuxRules#auxAggregate), a
     * term no naming prints, so the server read NULL: AuctionMark's NewBid read {@code MAX(ib_id)}
     * as -3 in the model and drew key -2, on the server read NULL and drew 1, and the cycle on bid
     * -2 was gone (benchmarks/RESULTS.md stop 38). Nothing is added when a seeded row the read
     * matches already has that key, or when the key cannot be placed.
     */
    private void extremum(
            int t,
            StatementFacts sf,
            Stmt.Select sel,
            Site site,
            Map<String, Witness.InitialRow> rows) {
        isocheck.program.Aggregate agg = sel.aggregate().get();
        String table = sf.table();
        if (sel.isJoin() || agg.column().isEmpty() || !v.isIntKey(table, agg.column().get()))
            return;
        String column = agg.column().get();
        Variable var = model.variable(site.txn(), sel.target());
        Optional<Expr<?>> value = rules.terms().aggregate(var, site);
        Optional<BoolExpr> isNull = rules.terms().aggregateNull(var, site);
        if (value.isEmpty() || isNull.isEmpty() || !m.eval(isNull.get(), true).isFalse()) return;
        var snapshot = v.declaredFunctions().get("vis@" + site.txn().name() + "." + sf.id());
        Expr<?> inst = q.txns().get(t);
        for (int c = 0; c < q.txns().size(); c++) {
            if (c == t || !ClosedWorldViews.writesTable(model, type(c), table)) continue;
            BoolExpr seen = ClosedWorldViews.seen(v, snapshot, q.txns().get(c), inst);
            if (!m.eval(seen, true).isFalse()) return;
        }
        String want = Long.toString(integer(m.eval(value.get(), true).toString()));
        for (Witness.InitialRow row : rows.values())
            if (row.table().equals(table)
                    && row.alive()
                    && want.equals(row.key().get(column))
                    && matches(sf, site, row)) return;
        Map<String, String> fixed = new LinkedHashMap<>();
        conjunctEqualities(sel.where(), site, fixed);
        Map<String, String> key = new LinkedHashMap<>();
        for (String k : v.keyColumns(table)) {
            String x = k.equals(column) ? want : fixed.get(k);
            if (x == null) return;
            key.put(k, x);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Column c : v.columns(table))
            if (!v.isKey(table, c.name())) values.put(c.name(), fixed.getOrDefault(c.name(), "0"));
        Witness.InitialRow row = new Witness.InitialRow(table, key, true, values);
        if (rows.containsKey(table + key) || !matches(sf, site, row)) return;
        rows.put(table + key, row);
    }

    /** Whether the model's WHERE of the statement at the site holds of a row with these values. */
    private boolean matches(StatementFacts sf, Site site, Witness.InitialRow row) {
        var ctx = v.context();
        List<Expr<?>> key = new ArrayList<>();
        for (String k : v.keyColumns(row.table())) key.add(ctx.mkInt(integer(row.key().get(k))));
        Map<String, Expr<?>> values = new LinkedHashMap<>();
        row.values().forEach((c, x) -> values.put(c, ctx.mkInt(integer(x))));
        BoolExpr where =
                rules.addresses(sf, site.withColumns(values), v.record(row.table(), key), false);
        return m.eval(where, true).isTrue();
    }

    /** An integer as Z3 prints it ({@code 5}, {@code (- 5)}). */
    private static long integer(String z3) {
        String s = z3.trim();
        if (s.startsWith("(-") && s.endsWith(")"))
            return -Long.parseLong(s.substring(2, s.length() - 1).trim());
        return Long.parseLong(s);
    }

    /** The {@code column = value} conjuncts of a WHERE, valued in the model (others ignored). */
    private void conjunctEqualities(isocheck.program.Cond c, Site site, Map<String, String> out) {
        if (c instanceof isocheck.program.Cond.And a) {
            conjunctEqualities(a.left(), site, out);
            conjunctEqualities(a.right(), site, out);
            return;
        }
        Map<String, Expr<?>> one = new LinkedHashMap<>();
        if (equalities(c, site, one))
            one.forEach((col, x) -> out.put(col, m.eval(x, true).toString()));
    }

    /**
     * Records whose existence the cycle is about (on an @alive edge, or inserted by a cycle
     * transaction).
     */
    private final java.util.Set<String> existenceMatters = new java.util.HashSet<>();

    /** The INSERT executions of the cycle transactions ({@link #insertedBefore}). */
    private final List<Naming> inserts = new ArrayList<>();

    /** The DELETE executions of the cycle transactions ({@link #mayDeleteBefore}). */
    private final List<Naming> deletes = new ArrayList<>();

    /** Records a cycle transaction's statement may lock, as the namings' terms. */
    private final List<Expr<?>> lockedRecords = new ArrayList<>();

    /**
     * Per record seeded alive, the columns no naming of it reads ({@link #readsValue}): their
     * values are some statement's free view, and a row-set read that selects them gives theirs
     * ({@link #members}).
     */
    private final Map<String, java.util.Set<String>> unreadColumns = new java.util.HashMap<>();

    /** Per transaction type, the variables whose values some statement reads (VarRefs). */
    private final Map<String, java.util.Set<String>> valuesRead = new java.util.HashMap<>();

    /**
     * Whether the naming is a SELECT … INTO a variable whose values no statement of its transaction
     * reads (a PERFORM, whose hidden row set only FOUND tests): the model leaves the columns of its
     * view free of everything the transaction does, so they are the worst guess of the record's
     * initial values.
     */
    private boolean valueFree(Naming n) {
        return n.statement().statement() instanceof Stmt.Select sel && valueFree(n.txn(), sel);
    }

    private boolean valueFree(int txn, Stmt.Select sel) {
        if (sel.target() == null || sel.aggregate().isPresent()) return false;
        Transaction type = type(txn);
        java.util.Set<String> read =
                valuesRead.computeIfAbsent(
                        type.name(),
                        x -> {
                            java.util.Set<String> vars = new java.util.HashSet<>();
                            for (Stmt s : isocheck.program.Blocks.flatten(type.body()))
                                vars.addAll(isocheck.program.VarRefs.valuesReadBy(s));
                            return vars;
                        });
        return !read.contains(sel.target());
    }

    /** Records on the cycle's edges (found by the cycle, so seeded as before). */
    private final java.util.Set<String> onEdges = new java.util.HashSet<>();

    private Map<String, String> keyOf(String table, Expr<?> r) {
        Map<String, String> key = new LinkedHashMap<>();
        for (String col : v.keyColumns(table))
            key.put(col, m.eval(v.key(table, col, r), true).toString());
        return key;
    }

    /**
     * Whether the record exists initially. A table no statement inserts into or deletes from never
     * changes which records exist, and the encoding does not tie a read's values to Alive there, so
     * the model's Alive is arbitrary: a row the transactions read is one they expect to find. The
     * same holds for a record that no cycle transaction inserts or locks and no edge is about: its
     * existence matters to the witness only through the reads' values, which the model has as if it
     * were found. Otherwise the model's Alive decides (an insert-if-absent needs the row absent; an
     * UPDATE of an absent row takes no lock).
     */
    private boolean exists(String table, Map<String, String> key, boolean modelAlive) {
        return modelAlive || v.isStatic(table) || !existenceMatters.contains(table + key);
    }

    /** Whether s may hold a row lock on the record it names (AccessRules#holdsLock's cases). */
    private static boolean locking(StatementFacts s) {
        return s.statement() instanceof Stmt.Update
                || s.statement() instanceof Stmt.Delete
                || (s.statement() instanceof Stmt.Select sel && sel.lock().locks());
    }

    private Transaction type(int txn) {
        return q.type(txn, sels, model);
    }

    /**
     * Every statement execution of a cycle transaction that names a record by its whole key, in ar
     * order, then program order.
     */
    private List<Naming> namings() {
        List<Naming> out = new ArrayList<>();
        for (int t : arOrder) {
            Transaction type = type(t);
            Expr<?> inst = q.txns().get(t);
            for (StatementFacts sf : model.facts(type.name()).statements()) {
                for (List<Expr<?>> elements : iterations(sf, type, inst)) {
                    Site site = rules.site(sf, type, inst, elements);
                    if (!m.eval(rules.exec(sf, site, true), true).isTrue()) continue;
                    boolean sure = m.eval(rules.exec(sf, site, false), true).isTrue();
                    Optional<Expr<?>> rec = rules.pinnedRecord(sf, site);
                    if (rec.isPresent()) {
                        out.add(new Naming(t, sf, site, elements, rec.get(), sure));
                    } else if (elements.isEmpty()) {
                        lookup(t, sf, site, sure).ifPresent(out::add);
                    }
                }
            }
        }
        return out;
    }

    /**
     * A lookup by non-key columns that selects the whole key into a row variable, e.g. SmallBank's
     * {@code SELECT custid INTO cust FROM account WHERE name = :cust_name}: the record is the key
     * the model stores in the variable, and the row has the WHERE's {@code column = value}
     * equalities (otherwise the lookup finds nothing on the server and the transaction takes
     * another branch).
     */
    private Optional<Naming> lookup(int t, StatementFacts sf, Site site, boolean sure) {
        if (!(sf.statement() instanceof Stmt.Select sel)
                || sel.target() == null
                || sel.aggregate().isPresent()) return Optional.empty();
        // a FOR loop's rows are its members, not the set's pick (a term no statement reads there:
        // CloseAuctions' loop named an item the model never constrained, benchmarks/RESULTS.md
        // stop 27)
        if (loopSource(site.txn(), sel.target())) return Optional.empty();
        Map<String, Expr<?>> found = new LinkedHashMap<>();
        if (!equalities(sel.where(), site, found) || found.isEmpty()) return Optional.empty();
        List<Expr<?>> key = new ArrayList<>();
        try {
            for (String k : v.keyColumns(sf.table())) {
                if (!sel.columns().contains(k)) return Optional.empty();
                var ref =
                        new isocheck.program.Expr.VarRef(
                                sel.target(), k, isocheck.program.ScalarType.INT, sel.pos());
                Optional<Expr<?>> value = rules.terms().variable(ref, site);
                if (value.isEmpty()) return Optional.empty();
                key.add(value.get());
            }
        } catch (RuntimeException e) {
            return Optional.empty(); // a target the terms do not model as a row
        }
        Expr<?> rec = v.record(sf.table(), key);
        // Whether the lookup found a row is part of the witness (an insert-if-absent by email must
        // find
        // none): outside a static table, only a record alive where the lookup reads is seeded. In a
        // static table the model's Alive is arbitrary (see exists), and a lookup is there to find
        // one.
        if (!v.isStatic(sf.table())) {
            String stmt = site.txn().name() + "." + sf.id();
            BoolExpr alive =
                    rules.statementViews()
                            ? v.aliveAt(sf.table(), stmt, rec, site.t(), List.of())
                            : v.alive(sf.table(), rec, site.t());
            if (!m.eval(alive, true).isTrue()) return Optional.empty();
        }
        return Optional.of(new Naming(t, sf, site, List.of(), rec, found, sure));
    }

    /**
     * Collects {@code column = value} conjuncts of a WHERE; false if it has any other kind of
     * conjunct.
     */
    private boolean equalities(isocheck.program.Cond c, Site site, Map<String, Expr<?>> out) {
        if (c instanceof isocheck.program.Cond.And a)
            return equalities(a.left(), site, out) && equalities(a.right(), site, out);
        if (c instanceof isocheck.program.Cond.Compare cmp
                && cmp.op() == isocheck.program.CompareOp.EQ) {
            isocheck.program.Expr col =
                    cmp.left() instanceof isocheck.program.Expr.ColumnRef
                            ? cmp.left()
                            : cmp.right();
            isocheck.program.Expr other = col == cmp.left() ? cmp.right() : cmp.left();
            if (!(col instanceof isocheck.program.Expr.ColumnRef ref)
                    || other instanceof isocheck.program.Expr.ColumnRef) return false;
            Optional<Expr<?>> value = rules.terms().value(other, site, null);
            if (value.isEmpty()) return false;
            out.put(ref.column(), value.get());
            return true;
        }
        return false;
    }

    /**
     * The iterations in which to look at a statement: none around it (one, with no elements), or
     * one loop over a SET OF parameter (one per row the model names and puts in the set), or one
     * loop over a query's rows outside other loops ({@code FOR r IN SELECT … FROM t}: one per
     * record of t the model puts in the row set). Deeper loops are left out: their rows are not
     * seeded.
     */
    private List<List<Expr<?>>> iterations(StatementFacts sf, Transaction type, Expr<?> inst) {
        if (sf.loops().isEmpty()) return List.of(List.of());
        if (sf.loops().size() > 1) return List.of();
        Stmt.Foreach loop = sf.loops().get(0);
        boolean parameter =
                type.parameters().stream().map(Variable::name).anyMatch(loop.source()::equals);
        if (!parameter) return queryIterations(type, inst, loop);
        var sort = rules.terms().elementSort(type, loop.source());
        if (!m.hasSort(sort)) return List.of();
        List<List<Expr<?>>> out = new ArrayList<>();
        for (Expr<?> x : m.constantValues(sort)) {
            Site site = Site.of(type, inst, List.of(), List.of());
            var in = rules.terms().member(x, loop.source(), site);
            if (in.isPresent() && m.eval(in.get(), true).isTrue()) out.add(List.of(x));
        }
        return out;
    }

    /**
     * The iterations of a loop over a query's rows: the records of the query's table its row set
     * holds in the model ({@link #rowSetMembers}).
     */
    private List<List<Expr<?>>> queryIterations(Transaction type, Expr<?> inst, Stmt.Foreach loop) {
        Optional<String> table;
        try {
            table = ProgramModel.rowTable(model.variable(type, loop.source()).type());
        } catch (RuntimeException e) {
            return List.of();
        }
        if (table.isEmpty()) return List.of();
        Site site = Site.of(type, inst, List.of(), List.of());
        List<List<Expr<?>>> out = new ArrayList<>();
        for (Expr<?> x : rowSetMembers(loop.source(), table.get(), site)) out.add(List.of(x));
        return out;
    }

    /**
     * The records of {@code table} the model puts in the row set {@code rowsVar} at the site (its
     * membership {@code T.v!in}, Terms), in the model's order: the candidates are the records its
     * interpretation mentions, each then tested.
     */
    private List<Expr<?>> rowSetMembers(String rowsVar, String table, Site site) {
        List<Expr<?>> zeros = new ArrayList<>();
        for (String k : v.keyColumns(table)) zeros.add(v.context().mkInt(0));
        Optional<BoolExpr> probe = rules.terms().member(v.record(table, zeros), rowsVar, site);
        if (probe.isEmpty()) return List.of();
        List<Expr<?>> out = new ArrayList<>();
        // the records the interpretation lists, then the query's ground records of the table (the
        // edges' iteration elements): a membership whose default is true lists none of those, and
        // two visits of one loop (unique-visit.sql without its UNIQUE) seeded one row
        java.util.Set<String> seen = new java.util.HashSet<>();
        List<Expr<?>> candidates =
                new ArrayList<>(m.valuesIn(probe.get().getFuncDecl(), v.recordSort(table)));
        for (Expr<?> g : q.groundOf(v.recordSort(table)))
            candidates.add(m.eval(g, true).translate(v.context())); // the model's context: back
        for (Expr<?> r : candidates) {
            if (!seen.add(r.toString())) continue;
            Optional<BoolExpr> in = rules.terms().member(r, rowsVar, site);
            if (in.isPresent() && m.eval(in.get(), true).isTrue()) out.add(r);
        }
        if (rules.groundIterations() && loopSource(site.txn(), rowsVar)) {
            java.util.Set<String> constrained = constrainedElements(site, rowsVar, table);
            out.removeIf(r -> !constrained.contains(r.toString()));
        }
        return out;
    }

    /** Whether a FOR loop of the transaction ranges over the row set. */
    private boolean loopSource(Transaction type, String rowsVar) {
        for (Variable var : type.locals())
            for (ProgramModel.Assignment a : model.assignments(type, var.name()))
                if (a.stmt() instanceof Stmt.Foreach f && f.source().equals(rowsVar)) return true;
        return false;
    }

    /**
     * The records of a loop's row set the model constrains when rules are instantiated on the
     * query's ground terms ({@link AccessRules#groundIterations}): the ground records of the table
     * and the element a {@link isocheck.encoding.LoopCounter}'s loop visits first. The model says
     * nothing of another member's iteration (its loop counter, its branches, what its statements
     * find), while the server runs every member's: CloseAuctions' phantom items with bids and no
     * maximum bid made the replays abort (benchmarks/RESULTS.md stop 27). Such a member is not
     * seeded.
     */
    private java.util.Set<String> constrainedElements(Site site, String rowsVar, String table) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (Expr<?> g : q.groundOf(v.recordSort(table))) out.add(m.eval(g, true).toString());
        for (Map.Entry<String, List<Expr<?>>> e : q.records().entrySet())
            if (e.getKey().equals(table))
                for (Expr<?> g : e.getValue()) out.add(m.eval(g, true).toString());
        Transaction type = site.txn();
        for (Variable var : type.locals()) {
            var lc = rules.terms().loopCounter(type, var);
            if (lc.isPresent() && lc.get().loop().source().equals(rowsVar))
                out.add(m.eval(rules.terms().loopFirst(type, var, site.t()), true).toString());
        }
        return out;
    }

    /**
     * The statements that read an edge's record before another cycle transaction overwrites it: the
     * readers of the RW edges on it (outside loops), whose statement view misses the overwriter;
     */
    private List<Naming> readers(List<Witness.Edge> edges, Witness.Edge on) {
        List<Naming> out = new ArrayList<>();
        // then the first writer of a WW or WR edge on it (an UPDATE whose WHERE must match the
        // record as its view has it, e.g. `doctor_id IN (:a, :b) AND on_call = 1`)
        for (boolean rw : new boolean[] {true, false})
            for (int i = 0; i < edges.size(); i++) {
                Witness.Edge e = edges.get(i);
                if ((e.kind() == isocheck.encoding.DepKind.RW) != rw
                        || !e.table().equals(on.table())
                        || !e.key().equals(on.key())) continue;
                Transaction type = type(e.from());
                for (StatementFacts sf : model.facts(type.name()).statements()) {
                    if (sf.id().equals(e.fromStatement().id())
                            && sf.loops().isEmpty()
                            && (rw || readsNonKey(sf))) {
                        out.add(
                                new Naming(
                                        e.from(),
                                        sf,
                                        rules.site(sf, type, q.txns().get(e.from()), List.of()),
                                        List.of(),
                                        sels.get(i).record(),
                                        true));
                    }
                }
            }
        return out;
    }

    /**
     * Whether a writer's WHERE reads a non-key column (e.g. {@code on_call = 1}): only then does
     * its view say what the record must hold for the write to happen (a write by key alone leaves
     * the other columns of its view unconstrained, and another reader's view is the better guess).
     */
    private boolean readsNonKey(StatementFacts sf) {
        if (sf.statement() instanceof Stmt.Insert) return false;
        for (String f : sf.reads()) {
            if (!f.equals(StatementFacts.ALIVE) && !v.isKey(sf.table(), f)) return true;
        }
        return false;
    }

    /**
     * Under statement snapshots the value a {@code SELECT … INTO row} stores is its own function of
     * the row variable, not a view value (Terms, "statementViews"): the initial value of a selected
     * column is that, where the statement selects it outside loops, or into a row set (whose row
     * field is the record's, {@code Terms#rowField}, in every iteration).
     */
    private Optional<Expr<?>> selectedValue(Naming n, String column) {
        if (!(n.statement().statement() instanceof Stmt.Select sel)
                || sel.target() == null
                || sel.aggregate().isPresent()
                || !(sel.columns().contains(column) || sel.columns().contains("*"))) {
            return Optional.empty();
        }
        try {
            // a SELECT into a row set (a join's part, in a loop or not) stores the record's row
            // field, its own function of the record (CloseAuctions' in-loop join: item_max_bid's
            // imb_ib_id from the statement's view, free, was 0, and the join found no bid)
            if (ProgramModel.rowTable(model.variable(type(n.txn()), sel.target()).type())
                    .isPresent())
                return constrained(
                        rules.terms().rowField(sel.target(), n.record(), column, n.site()));
            if (!n.elements().isEmpty()) return Optional.empty();
            var ref =
                    new isocheck.program.Expr.VarRef(
                            sel.target(), column, isocheck.program.ScalarType.INT, sel.pos());
            return constrained(rules.terms().variable(ref, n.site()));
        } catch (RuntimeException e) {
            return Optional
                    .empty(); // a target the terms do not model as a row: fall back to the view
            // value
        }
    }

    /**
     * The stored value, unless it applies a function the model does not interpret: a row field no
     * constraint of the query mentions is free, and its value says nothing of what the statement
     * read. Wikipedia's GetPageAuthenticated stores {@code SELECT * INTO r_page}, and nothing reads
     * {@code r_page.page_latest}: the seed took its arbitrary 0, while the join after it matched
     * the revision numbered by the join's own (equated) view, and the server's join found none
     * (benchmarks/RESULTS.md stop 32). The statement's view is then the value.
     */
    private Optional<Expr<?>> constrained(Optional<Expr<?>> stored) {
        if (stored.isEmpty() || !stored.get().isApp()) return stored;
        return m.interprets(stored.get().getFuncDecl()) ? stored : Optional.empty();
    }

    private Witness.InitialRow row(
            String table,
            Map<String, String> key,
            Expr<?> r,
            List<Naming> preferred,
            List<Naming> namings) {
        Witness.InitialRow row = viewRow(table, key, r, preferred, namings);
        if (!row.alive()) return row;
        Map<String, String> values = new LinkedHashMap<>(row.values());
        for (Naming n : namings) { // the first lookup that found r fixes the columns it matched on
            if (n.found().isEmpty()
                    || !n.statement().table().equals(table)
                    || !m.eval(v.context().mkEq(n.record(), r), true).isTrue()) continue;
            n.found()
                    .forEach(
                            (col, value) -> {
                                if (values.containsKey(col))
                                    values.put(col, m.eval(value, true).toString());
                            });
            break;
        }
        return new Witness.InitialRow(table, key, true, values);
    }

    private Witness.InitialRow viewRow(
            String table,
            Map<String, String> key,
            Expr<?> r,
            List<Naming> preferred,
            List<Naming> namings) {
        if (rules.statementViews()) {
            // the edges' readers, then the statements the model surely runs, then those only its
            // over-approximated execution conditions run (AuctionMark NewBid: item_max_bid seeded
            // from the view of the branch's join the transaction does not take, so the server's
            // run took the first-bid branch, inserted the row again and aborted)
            // Within each, a read whose values nothing uses (a PERFORM that only sets FOUND) comes
            // after the others: its view of the other columns is free (NewPurchase's PERFORM of
            // item_max_bid gave the row imb_ib_id = 0, and the join after it found no bid)
            List<Naming> all = new ArrayList<>(preferred);
            for (boolean sure : new boolean[] {true, false})
                for (boolean valueFree : new boolean[] {false, true})
                    for (Naming n : namings)
                        if (n.sure() == sure && valueFree(n) == valueFree) all.add(n);
            namings = all;
            List<Naming> naming = new ArrayList<>();
            for (Naming n : namings) {
                if (n.statement().table().equals(table)
                        && !(n.statement().statement() instanceof Stmt.Insert)
                        && m.eval(v.context().mkEq(n.record(), r), true).isTrue()) naming.add(n);
            }
            if (!naming.isEmpty()) {
                Naming first = naming.get(0);
                boolean modelAlive = aliveIn(first, table, r);
                boolean alive = exists(table, key, modelAlive) && !insertedByCycle(table, r);
                Map<String, String> values = new LinkedHashMap<>();
                java.util.Set<String> unread = new java.util.HashSet<>();
                if (alive) {
                    for (Column c : v.columns(table)) {
                        if (v.isKey(table, c.name())) continue;
                        // each column from the first naming that reads it (a statement's view of
                        // a column it does not read is free: CloseAuctions' UPDATE of an item it
                        // loops over gave i_num_bids 67, where the loop's SELECT had 0), where
                        // the record is alive; else the first naming's view
                        // A SELECT … INTO that stores it comes first: the value the transaction's
                        // branches test, where statement views are independent functions (an
                        // UPDATE's `SET i_num_bids = i_num_bids + 1` view had 0 where NewBid's
                        // SELECT had the > 0 that took it into the bid branch)
                        // Under the closed world, first a naming that reads the field's initial
                        // value (cw!, ClosedWorldViews#of): a view that sees a writer has the
                        // writer's value (AuctionMark NewBid: item_max_bid seeded with the bid
                        // the outside NewBid inserts, and the seed broke its FOREIGN KEY)
                        Optional<String> initial = closedWorldInitial(naming, table, c.name(), r);
                        Naming from = firstReader(naming, first, table, c.name(), r, initial);
                        if (from == null && initial.isPresent())
                            from = firstReader(naming, first, table, c.name(), r, Optional.empty());
                        if (from == null) from = first;
                        boolean free = !readsValue(from, c.name()) && !preferred.contains(from);
                        if (free) unread.add(c.name());
                        values.put(
                                c.name(),
                                free && unreadReference(table, c)
                                        ? Witness.InitialRow.NULL
                                        : m.eval(namedValue(from, table, c.name(), r), true)
                                                .toString());
                    }
                }
                if (!unread.isEmpty()) unreadColumns.put(table + key, unread);
                return unlessUnlocked(
                        new Witness.InitialRow(table, key, alive, values), r, modelAlive);
            }
        }
        // Under transaction snapshots the views of the initial state need not agree on a field no
        // one writes (a view value with no visible writer is free per transaction, sound): the
        // reader of an edge's record (its RW edge's source, which misses the overwriter) is the
        // one whose predicate or guard the cycle needs, so its view is taken first, else the
        // ar-first transaction's.
        Expr<?> first =
                preferred.isEmpty()
                        ? q.txns().get(arOrder.get(0))
                        : q.txns().get(preferred.get(0).txn());
        boolean modelAlive = m.eval(v.alive(table, r, first), true).isTrue();
        boolean alive = exists(table, key, modelAlive);
        Map<String, String> values = new LinkedHashMap<>();
        if (alive) {
            for (Column c : v.columns(table)) {
                if (!v.isKey(table, c.name()))
                    values.put(
                            c.name(),
                            m.eval(v.viewValue(table, c.name(), r, first), true).toString());
            }
        }
        return unlessUnlocked(new Witness.InitialRow(table, key, alive, values), r, modelAlive);
    }

    /**
     * The first naming that reads the column's value where r is alive (a SELECT … INTO that stores
     * it first), among those whose value is {@code initial} when that is present; null if none.
     */
    private Naming firstReader(
            List<Naming> naming,
            Naming first,
            String table,
            String column,
            Expr<?> r,
            Optional<String> initial) {
        Naming from = null;
        for (Naming n : naming) {
            if (!readsValue(n, column) || n != first && !aliveIn(n, table, r)) continue;
            if (initial.isPresent()
                    && !m.eval(namedValue(n, table, column, r), true)
                            .toString()
                            .equals(initial.get())) continue;
            if (stores(n, column)) return n;
            if (from == null) from = n;
        }
        return from;
    }

    /**
     * A nullable column of a FOREIGN KEY that no statement of the witness's transactions reads: the
     * model leaves its value free, and a value that names no seeded row broke the key on the server
     * (AuctionMark NewPurchase's useracct_item row named the purchase the cycle's own NewPurchase
     * inserts, benchmarks/RESULTS.md stop 43). Seeded NULL, which satisfies the key (MATCH SIMPLE,
     * PostgreSQL manual §5.5.5) and which nothing the transactions do can tell apart.
     */
    private boolean unreadReference(String table, Column c) {
        if (c.notNull()) return false;
        isocheck.program.Table t = model.program().schema().table(table).orElse(null);
        if (t == null
                || t.constraints().stream()
                        .noneMatch(
                                k ->
                                        k instanceof isocheck.program.Constraint.ForeignKey fk
                                                && fk.columns().contains(c.name()))) return false;
        for (int i = 0; i < q.txns().size(); i++)
            for (StatementFacts sf : model.facts(type(i).name()).statements())
                if (sf.reads().contains(c.name())) return false;
        return true;
    }

    /**
     * The closed world's initial value of the record's field ({@code cw!table.column}, {@link
     * ClosedWorldViews#of}), when the model interprets that function; empty otherwise (an
     * open-world model, or a field no equation names).
     */
    private Optional<String> closedWorldInitial(
            List<Naming> naming, String table, String column, Expr<?> r) {
        if (naming.isEmpty()) return Optional.empty();
        com.microsoft.z3.Sort range = namedValue(naming.get(0), table, column, r).getSort();
        com.microsoft.z3.FuncDecl<?> init =
                v.context()
                        .mkFuncDecl(
                                "cw!" + table + "." + column,
                                new com.microsoft.z3.Sort[] {v.recordSort(table)},
                                range);
        if (!m.interprets(init)) return Optional.empty();
        return Optional.of(m.eval(v.context().mkApp(init, r), true).toString());
    }

    /** Whether the record is alive in the view of the naming's statement execution. */
    private boolean aliveIn(Naming n, String table, Expr<?> r) {
        String stmt = type(n.txn()).name() + "." + n.statement().id();
        return m.eval(v.aliveAt(table, stmt, r, q.txns().get(n.txn()), n.elements()), true)
                .isTrue();
    }

    /** The value of the record's column as the naming's statement execution has it. */
    private Expr<?> namedValue(Naming n, String table, String column, Expr<?> r) {
        String stmt = type(n.txn()).name() + "." + n.statement().id();
        return selectedValue(n, column)
                .orElseGet(
                        () ->
                                v.viewValueAt(
                                        table,
                                        column,
                                        stmt,
                                        r,
                                        q.txns().get(n.txn()),
                                        n.elements()));
    }

    /** Whether the naming's statement is a SELECT … INTO that stores the column's value. */
    private boolean stores(Naming n, String column) {
        return selectedValue(n, column).isPresent();
    }

    /**
     * Whether the naming's statement reads the column's value in a way the model constrains: its
     * WHERE, SET or selected columns ({@link StatementFacts#reads}), unless it selects into a
     * variable nothing reads ({@link #valueFree}).
     */
    private boolean readsValue(Naming n, String column) {
        return n.statement().reads().contains(column) && !valueFree(n);
    }

    /**
     * The row, or the record absent when the model has it absent and a cycle transaction would lock
     * it (see {@link #rows}). (Its values are read first in either case: until stop 25 the terms a
     * reading built changed the next models of an {@code --all} enumeration, which now reads a copy
     * of each model, ReproducibleCheck#detachedValuation.)
     */
    private Witness.InitialRow unlessUnlocked(
            Witness.InitialRow row, Expr<?> r, boolean modelAlive) {
        if (modelAlive
                || !row.alive()
                || onEdges.contains(row.table() + row.key())
                || !lockedRecords.contains(r)) return row;
        return new Witness.InitialRow(row.table(), row.key(), false, Map.of());
    }
}
