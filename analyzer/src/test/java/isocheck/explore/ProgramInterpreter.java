package isocheck.explore;

import isocheck.encoding.ProgramModel;
import isocheck.program.Aggregate;
import isocheck.program.Assignment;
import isocheck.program.Column;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs one transaction instance of the program IR in memory on its view of the database, recording
 * its database events (paper §3.2–3.3: all queries are answered on the view built from the visible
 * transactions, last writer wins by ar; a transaction also sees its own earlier writes). The events
 * follow the reading the encoder documents in {@code AccessRules}: a SELECT reads {@code @alive} of
 * every record its WHERE's key part matches and the fields it mentions of those alive in its view;
 * UPDATE and DELETE write the matching alive records and read the fields they mention on them, and
 * read {@code @alive} of key-matching records they find absent; INSERT writes every non-key field
 * and {@code @alive} and reads nothing; key fields are never events.
 *
 * <p>SELECT … ORDER BY … LIMIT n returns the first n matching rows (ties by the universe's order:
 * one of the orders a database may pick); FOR UPDATE/SHARE marks the reads of the rows it returns
 * as locked ({@link Event#locked}: the explorer over a PostgreSQL spec drops executions that break
 * the lock), and with {@link View#rowLocks()} (READ COMMITTED) it re-reads each row found in its
 * snapshot in the newest committed version and re-evaluates its WHERE there, as UPDATE does (manual
 * §13.2.1; SELECT, "The Locking Clause"); SKIP LOCKED skips the records its instance's hidden
 * parameter names ({@link #skipParameter}), every subset being one instance, and does not read
 * them.
 *
 * <p>The subset the litmus and bank programs use: SELECT (with MIN/MAX/COUNT/SUM/AVG), UPDATE,
 * INSERT, DELETE, {@code :=}, IF, SKIP, ROLLBACK/RAISE EXCEPTION (the instance aborts), RETURN over
 * INT and string values, {@code = ANY} over a SELECT's rows, FOREACH over a SELECT's rows; CHOOSE
 * throws {@link UnsupportedOperationException}.
 */
final class ProgramInterpreter {

    /**
     * What a transaction reads from: the value and the writer (-1: the initial state) of a field of
     * a record.
     */
    interface View {
        Object value(RecordId r, String field);

        int writer(RecordId r, String field);

        /**
         * Whether an instance earlier in ar that this one does not see inserted r (SQL keys: its
         * unique index does see it).
         */
        default boolean insertedUnseen(RecordId r) {
            return false;
        }

        /**
         * A SQL statement begins: with one snapshot per statement (READ COMMITTED) the view takes
         * its snapshot here.
         */
        default void beginStatement(Stmt.Sql s) {}

        /**
         * PostgreSQL's row locks (manual, chapter "Concurrency Control", §13.2.1, §13.3.2): an
         * UPDATE or DELETE that finds a row in its snapshot waits for the row's lock and
         * re-evaluates its WHERE (and computes its SET) on the newest committed version; an INSERT
         * of a key alive in the newest committed state fails (the transaction aborts, {@link
         * UniqueViolation}).
         */
        default boolean rowLocks() {
            return false;
        }

        /** The newest committed version (with {@link #rowLocks()}). */
        default Object latestValue(RecordId r, String field) {
            return value(r, field);
        }

        /**
         * The newest committed version whatever the view: what a unique index checks against (every
         * instance earlier in ar committed before this one).
         */
        default Object newestValue(RecordId r, String field) {
            return latestValue(r, field);
        }

        default int latestWriter(RecordId r, String field) {
            return writer(r, field);
        }
    }

    /** An INSERT of a key that exists (with {@link View#rowLocks()}): the transaction aborts. */
    static final class UniqueViolation extends RuntimeException {
        UniqueViolation(RecordId r) {
            super("duplicate key " + r, null, false, false);
        }
    }

    static final Long ALIVE = 1L;
    static final Long DEAD = 0L;

    private final ProgramModel model;
    private final Map<String, List<RecordId>> universe;
    private final Map<Stmt.Sql, StatementFacts> facts = new IdentityHashMap<>();

    /** Per statement: the fields (not @alive, not keys) it reads on the records it visits. */
    private final Map<Stmt.Sql, List<String>> mentioned = new IdentityHashMap<>();

    private final Map<String, Table> tables = new HashMap<>();

    /**
     * Per table: whether a WHERE (or an AND/OR operand of one) mentions a non-key column, for every
     * statement's WHERE, computed once ({@link Run#keyMatch} asks per record and statement;
     * read-only after construction, so the explorer's parallel searches share it).
     */
    private final Map<String, Map<Cond, Boolean>> nonKey = new HashMap<>();

    /**
     * SQL's key uniqueness ({@code isocheck.encoding.KeyModel#SQL}): an INSERT of a key alive in
     * the view, or inserted by an earlier instance the inserter does not see, fails and aborts the
     * instance (PostgreSQL manual §5.5.4: the unique index sees every version). Off: the paper's
     * overwrite.
     */
    private final boolean sqlKeys;

    /**
     * @param universe every record of each table the exploration may touch
     */
    ProgramInterpreter(ProgramModel model, Map<String, List<RecordId>> universe) {
        this(model, universe, false);
    }

    ProgramInterpreter(ProgramModel model, Map<String, List<RecordId>> universe, boolean sqlKeys) {
        this.sqlKeys = sqlKeys;
        this.model = model;
        this.universe = universe;
        for (var tf : model.transactions())
            for (StatementFacts sf : tf.statements()) facts.put(sf.statement(), sf);
        for (var e : facts.entrySet()) {
            List<String> fields = new ArrayList<>(model.readFields(e.getValue()));
            fields.remove(StatementFacts.ALIVE);
            mentioned.put(e.getKey(), List.copyOf(fields));
        }
        for (String t : universe.keySet()) tables.put(t, model.table(t));
        for (Stmt.Sql sql : facts.keySet()) {
            Cond where =
                    sql instanceof Stmt.Select sel
                            ? sel.where()
                            : sql instanceof Stmt.Update u
                                    ? u.where()
                                    : sql instanceof Stmt.Delete d ? d.where() : null;
            String table = facts.get(sql).table();
            if (where != null && tables.containsKey(table))
                noteNonKey(
                        where, table, nonKey.computeIfAbsent(table, x -> new IdentityHashMap<>()));
        }
    }

    private void noteNonKey(Cond c, String table, Map<Cond, Boolean> into) {
        into.put(c, mentionsNonKey(c, table));
        if (c instanceof Cond.And a) {
            noteNonKey(a.left(), table, into);
            noteNonKey(a.right(), table, into);
        } else if (c instanceof Cond.Or o) {
            noteNonKey(o.left(), table, into);
            noteNonKey(o.right(), table, into);
        }
    }

    private boolean mentionsNonKey(Cond c, String table) {
        Map<Cond, Boolean> known = nonKey.get(table);
        Boolean b = known == null ? null : known.get(c);
        if (b != null) return b;
        return isocheck.program.Columns.of(c).stream().anyMatch(col -> !table(table).isKey(col));
    }

    /**
     * The instance's events, in program order; null when it aborts (ROLLBACK, RAISE EXCEPTION): an
     * aborted instance writes nothing and is in no dependency, so it is not part of the execution.
     */
    List<Event> run(int txn, Transaction type, Map<String, Object> parameters, View view) {
        Run run = new Run(txn, view);
        run.env.putAll(parameters);
        try {
            run.block(type.body());
        } catch (Exit exit) {
            if (exit.aborted) return null;
        }
        return run.events;
    }

    /** Unwinds the body at RETURN (commit) or at an abort. */
    private static final class Exit extends RuntimeException {
        final boolean aborted;

        Exit(boolean aborted) {
            super(null, null, false, false);
            this.aborted = aborted;
        }
    }

    private final class Run {
        final int txn;
        final View view;
        final Map<String, Object> env = new HashMap<>();
        final Map<RecordId, Map<String, Object>> own = new HashMap<>();
        final List<Event> events = new ArrayList<>();

        Run(int txn, View view) {
            this.txn = txn;
            this.view = view;
        }

        /** Reading the newest committed version (a locked row), not the statement's snapshot. */
        boolean latest;

        Object read(RecordId r, String field) {
            Map<String, Object> mine = own.get(r);
            if (mine != null && mine.containsKey(field)) return mine.get(field);
            return latest ? view.latestValue(r, field) : view.value(r, field);
        }

        int writer(RecordId r, String field) {
            Map<String, Object> mine = own.get(r);
            if (mine != null && mine.containsKey(field)) return txn;
            return latest ? view.latestWriter(r, field) : view.writer(r, field);
        }

        void readEvent(
                RecordId r,
                String field,
                String kind,
                java.util.function.Predicate<Map<String, Object>> where,
                boolean inResult) {
            readEvent(r, field, kind, where, inResult, false);
        }

        void readEvent(
                RecordId r,
                String field,
                String kind,
                java.util.function.Predicate<Map<String, Object>> where,
                boolean inResult,
                boolean locked) {
            events.add(
                    new Event(
                            txn,
                            false,
                            r,
                            field,
                            read(r, field),
                            writer(r, field),
                            kind,
                            where,
                            inResult,
                            locked));
        }

        void write(RecordId r, String field, Object value, String kind) {
            own.computeIfAbsent(r, x -> new HashMap<>()).put(field, value);
            events.add(new Event(txn, true, r, field, value, txn, kind, null, false));
        }

        boolean alive(RecordId r) {
            return ALIVE.equals(read(r, StatementFacts.ALIVE));
        }

        void block(List<Stmt> body) {
            for (Stmt s : body) stmt(s);
        }

        void stmt(Stmt s) {
            if (s instanceof Stmt.Sql sql) view.beginStatement(sql);
            s.accept(
                    new Stmt.Visitor<Void>() {
                        @Override
                        public Void visitSelect(Stmt.Select sel) {
                            select(sel);
                            return null;
                        }

                        @Override
                        public Void visitUpdate(Stmt.Update u) {
                            update(u);
                            return null;
                        }

                        @Override
                        public Void visitInsert(Stmt.Insert ins) {
                            insert(ins);
                            return null;
                        }

                        @Override
                        public Void visitDelete(Stmt.Delete d) {
                            delete(d);
                            return null;
                        }

                        @Override
                        public Void visitAssign(Stmt.Assign a) {
                            env.put(a.target(), value(a.value(), null));
                            return null;
                        }

                        @Override
                        public Void visitIf(Stmt.If i) {
                            block(test(i.condition(), null) ? i.thenBranch() : i.elseBranch());
                            return null;
                        }

                        @Override
                        public Void visitAbort(Stmt.Abort a) {
                            throw new Exit(true);
                        }

                        @Override
                        public Void visitReturn(Stmt.Return r) {
                            throw new Exit(false);
                        }

                        @Override
                        public Void visitSkip(Stmt.Skip skip) {
                            return null;
                        }

                        // no CHOOSE (its choice is not enumerated)
                        @Override
                        public Void visitChoose(Stmt.Choose c) {
                            throw unsupported(c);
                        }

                        // FOREACH over a SELECT's rows (a FOR over a join's nested loops): the
                        // body once per row, in the row set's order; the rows are the universe's,
                        // so the loop is bounded
                        @Override
                        public Void visitForeach(Stmt.Foreach f) {
                            if (env.get(f.source()) instanceof List<?> rows) {
                                for (Object row : List.copyOf(rows)) {
                                    env.put(f.variable(), row);
                                    block(f.body());
                                }
                            }
                            return null;
                        }
                    });
        }

        private UnsupportedOperationException unsupported(Stmt s) {
            return new UnsupportedOperationException(
                    s.getClass().getSimpleName() + " at " + s.pos());
        }

        /** Fields (not @alive, not keys) the statement reads on the records it visits. */
        List<String> mentioned(Stmt.Sql s) {
            return mentioned.get(s);
        }

        /** AccessRules#returnedOnly's shape: a LIMIT or SKIP LOCKED row set's unfiltered column. */
        private boolean returnedOnly(Stmt.Select sel, String field) {
            return sel.mayOmitRows()
                    && !sel.isJoin()
                    && sel.aggregate().isEmpty()
                    && sel.target() != null
                    && !isocheck.program.Columns.of(sel.where()).contains(field)
                    && sel.orderBy().stream().noneMatch(k -> k.column().equals(field));
        }

        /**
         * Whether sel is {@code ORDER BY k [DESC] LIMIT 1} on one key column, not SKIP LOCKED, not
         * an aggregate, and returned a row (AccessRules#firstRowChanges's shape).
         */
        private boolean firstRowOnly(Stmt.Select sel, List<RecordId> chosen) {
            return sel.limit().equals(java.util.Optional.of(1L))
                    && sel.orderBy().size() == 1
                    && !sel.lock().skipLocked()
                    && sel.aggregate().isEmpty()
                    && !sel.isJoin()
                    && tables.get(sel.table()).isKey(sel.orderBy().get(0).column())
                    && chosen.size() == 1;
        }

        void select(Stmt.Select sel) {
            final Map<String, Object> env0 =
                    Map.copyOf(nonNull(env)); // the WHERE's environment, for Alive reads
            List<RecordId> universeRows = universe.get(sel.table());
            // SKIP LOCKED: the instance's hidden parameter skipParameter(sf) says which records
            // are skipped (any subset: the explorer does not model who holds the locks); a skipped
            // record is not read at all
            long skipped =
                    sel.lock().skipLocked() ? (Long) env.get(skipParameter(facts.get(sel))) : 0L;
            // a locking read at READ COMMITTED: the rows found in the snapshot are locked and then
            // read (and re-checked) in the newest committed version
            boolean locking = sel.lock().locks();
            java.util.Set<RecordId> newest = new java.util.HashSet<>();
            List<RecordId> matched = new ArrayList<>();
            for (int i = 0; i < universeRows.size(); i++) {
                RecordId r = universeRows.get(i);
                if ((skipped & (1L << i)) != 0) continue;
                if (!keyMatch(sel.where(), r)) continue;
                if (alive(r) && test(sel.where(), r)) {
                    if (locking && view.rowLocks()) {
                        newest.add(r);
                        latest = true;
                        try {
                            if (!alive(r) || !test(sel.where(), r)) continue;
                        } finally {
                            latest = false;
                        }
                    }
                    matched.add(r);
                }
            }
            // ORDER BY … LIMIT n: the first n matching records in order (ties broken by the
            // universe's order)
            List<RecordId> chosen = new ArrayList<>(matched);
            if (sel.limit().isPresent()) {
                chosen.sort((a, b) -> order(sel, a, b));
                chosen = chosen.subList(0, (int) Math.min(chosen.size(), sel.limit().get()));
            }
            // ORDER BY k LIMIT 1 that returned a row: the rows behind it are not read (their
            // versions change nothing it returns; the encoder's AccessRules#firstRowChanges)
            RecordId first = firstRowOnly(sel, chosen) ? chosen.get(0) : null;
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int i = 0; i < universeRows.size(); i++) {
                RecordId r = universeRows.get(i);
                if ((skipped & (1L << i)) != 0) continue;
                if (!keyMatch(sel.where(), r)) continue;
                if (first != null && behind(sel, r, first)) continue;
                latest = newest.contains(r);
                try {
                    boolean alive = alive(r);
                    boolean inResult = chosen.contains(r);
                    boolean locked = locking && inResult;
                    readEvent(
                            r,
                            StatementFacts.ALIVE,
                            "SELECT",
                            row -> testRow(sel.where(), sel.table(), r, row, env0),
                            inResult,
                            locked);
                    if (!alive) continue;
                    for (String f : mentioned(sel)) {
                        // a column a SELECT … LIMIT returns but neither filters nor orders on is
                        // read on the returned rows only (AccessRules#returnedOnly)
                        if (!inResult && returnedOnly(sel, f)) continue;
                        readEvent(r, f, "SELECT", null, inResult, locked);
                    }
                    if (inResult) rows.add(row(sel.table(), r));
                } finally {
                    latest = false;
                }
            }
            if (sel.aggregate().isPresent()) {
                Aggregate agg = sel.aggregate().get();
                if (agg.function() == Aggregate.Function.COUNT && agg.distinct()) {
                    String col = agg.column().orElseThrow();
                    env.put(
                            sel.target(),
                            rows.stream()
                                    .map(row -> row.get(col))
                                    .filter(Objects::nonNull)
                                    .distinct()
                                    .count());
                } else if (agg.function() == Aggregate.Function.COUNT) {
                    env.put(sel.target(), (long) rows.size());
                } else if (!agg.isExtremum()) {
                    // SUM and AVG of the non-NULL values, NULL over none; AVG truncated toward zero
                    // (Aggregate)
                    String col = agg.column().orElseThrow();
                    List<Long> values =
                            rows.stream()
                                    .map(row -> (Long) row.get(col))
                                    .filter(Objects::nonNull)
                                    .toList();
                    long sum = values.stream().mapToLong(Long::longValue).sum();
                    env.put(
                            sel.target(),
                            values.isEmpty()
                                    ? null
                                    : agg.function() == Aggregate.Function.SUM
                                            ? sum
                                            : sum / values.size());
                } else {
                    // MIN/MAX of INT (Long) or VARCHAR (String, compared as Java compares strings:
                    // the byte order of PostgreSQL's C collation for ASCII)
                    String col = agg.column().orElseThrow();
                    Comparable<Object> best = null;
                    for (var row : rows) {
                        @SuppressWarnings("unchecked")
                        Comparable<Object> v = (Comparable<Object>) row.get(col);
                        if (v == null) continue;
                        int cmp = best == null ? 0 : v.compareTo(best);
                        if (best == null
                                || (agg.function() == Aggregate.Function.MIN ? cmp < 0 : cmp > 0))
                            best = v;
                    }
                    env.put(sel.target(), best);
                }
            } else {
                List<Map<String, Object>> projected = new ArrayList<>();
                for (var row : rows) {
                    Map<String, Object> p = new LinkedHashMap<>();
                    for (String c : sel.columns()) p.put(c, row.get(c));
                    projected.add(p);
                }
                env.put(sel.target(), projected);
            }
        }

        /**
         * ORDER BY order of two records as this transaction sees them; NULL sorts last ascending
         * (PostgreSQL).
         */
        /** Whether r's order key comes strictly after first's (ties are read, as the encoder's). */
        private boolean behind(Stmt.Select sel, RecordId r, RecordId first) {
            var key = sel.orderBy().get(0);
            Object x = column(r, key.column());
            Object y = column(first, key.column());
            if (!(x instanceof Long l) || !(y instanceof Long m)) return false;
            return key.descending() ? l < m : l > m;
        }

        int order(Stmt.Select sel, RecordId a, RecordId b) {
            for (var key : sel.orderBy()) {
                Object x = column(a, key.column());
                Object y = column(b, key.column());
                int c =
                        x == null
                                ? (y == null ? 0 : 1)
                                : y == null
                                        ? -1
                                        : x instanceof Long l && y instanceof Long m
                                                ? Long.compare(l, m)
                                                : x.toString().compareTo(y.toString());
                if (c != 0) return key.descending() ? -c : c;
            }
            return Integer.compare(
                    universe.get(a.table()).indexOf(a), universe.get(b.table()).indexOf(b));
        }

        void update(Stmt.Update u) {
            final Map<String, Object> env0 =
                    Map.copyOf(nonNull(env)); // the WHERE's environment, for Alive reads
            for (RecordId r : universe.get(u.table())) {
                if (!keyMatch(u.where(), r)) continue;
                if (!alive(r)) {
                    readEvent(
                            r,
                            StatementFacts.ALIVE,
                            "UPDATE",
                            row -> testRow(u.where(), u.table(), r, row, env0),
                            false);
                    continue;
                }
                if (view.rowLocks() && test(u.where(), r)) {
                    // found in the snapshot: lock it, then work on the newest committed version
                    latest = true;
                    try {
                        if (!alive(r)) {
                            readEvent(
                                    r,
                                    StatementFacts.ALIVE,
                                    "UPDATE",
                                    row -> testRow(u.where(), u.table(), r, row, env0),
                                    false);
                            continue;
                        }
                        updateRow(u, r);
                    } finally {
                        latest = false;
                    }
                    continue;
                }
                updateRow(u, r);
            }
        }

        void updateRow(Stmt.Update u, RecordId r) {
            for (String f : mentioned(u)) readEvent(r, f, "UPDATE", null, false);
            if (!test(u.where(), r)) return;
            Map<String, Object> values = new LinkedHashMap<>();
            for (Assignment a : u.assignments()) values.put(a.column(), value(a.value(), r));
            Map<String, Object> updated = row(u.table(), r);
            updated.putAll(values);
            checkConstraints(u.table(), updated);
            checkParents(u.table(), updated, values.keySet());
            checkUnique(u.table(), r, updated, values.keySet());
            for (var e : values.entrySet()) write(r, e.getKey(), e.getValue(), "UPDATE");
        }

        void delete(Stmt.Delete d) {
            final Map<String, Object> env0 =
                    Map.copyOf(nonNull(env)); // the WHERE's environment, for Alive reads
            for (RecordId r : universe.get(d.table())) {
                if (!keyMatch(d.where(), r)) continue;
                if (!alive(r)) {
                    readEvent(
                            r,
                            StatementFacts.ALIVE,
                            "DELETE",
                            row -> testRow(d.where(), d.table(), r, row, env0),
                            false);
                    continue;
                }
                if (view.rowLocks() && test(d.where(), r)) {
                    latest = true;
                    try {
                        if (!alive(r)) {
                            readEvent(
                                    r,
                                    StatementFacts.ALIVE,
                                    "DELETE",
                                    row -> testRow(d.where(), d.table(), r, row, env0),
                                    false);
                            continue;
                        }
                        for (String f : mentioned(d)) readEvent(r, f, "DELETE", null, false);
                        if (test(d.where(), r)) write(r, StatementFacts.ALIVE, DEAD, "DELETE");
                    } finally {
                        latest = false;
                    }
                    continue;
                }
                for (String f : mentioned(d)) readEvent(r, f, "DELETE", null, false);
                if (test(d.where(), r)) write(r, StatementFacts.ALIVE, DEAD, "DELETE");
            }
        }

        void insert(Stmt.Insert ins) {
            Table t = table(ins.table());
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < ins.columns().size(); i++)
                values.put(ins.columns().get(i), value(ins.values().get(i), null));
            List<Object> key = new ArrayList<>();
            for (String k : t.primaryKey()) key.add(values.get(k));
            RecordId r = new RecordId(t.name(), key);
            if (!universe.get(t.name()).contains(r)) {
                throw new IllegalStateException(
                        "INSERT of "
                                + r
                                + " outside the explored universe "
                                + universe.get(t.name()));
            }
            if (view.rowLocks()) {
                latest = true;
                try {
                    if (alive(r)) throw new UniqueViolation(r);
                } finally {
                    latest = false;
                }
            }
            if (sqlKeys && (alive(r) || (!own.containsKey(r) && view.insertedUnseen(r))))
                throw new Exit(true); // duplicate key
            Map<String, Object> inserted = new HashMap<>(values);
            for (int i = 0; i < t.primaryKey().size(); i++)
                inserted.put(t.primaryKey().get(i), key.get(i));
            checkConstraints(t.name(), inserted);
            checkParents(t.name(), inserted, null);
            checkUnique(t.name(), r, inserted, null);
            for (Column c : t.columns())
                if (!t.isKey(c.name())) write(r, c.name(), values.get(c.name()), "INSERT");
            write(r, StatementFacts.ALIVE, ALIVE, "INSERT");
        }

        /**
         * FOREIGN KEYs, where the explorer runs a database's levels (SQL keys, or row locks): a row
         * whose non-NULL reference names a parent that is not alive fails its statement and aborts
         * the transaction (PostgreSQL manual §5.5.5; checked only when an UPDATE sets one of the
         * key's columns). The parent must be alive in the statement's view and, with row locks, in
         * the newest committed state too: the database checks the newest state alone (READ
         * COMMITTED) or the snapshot, so this aborts at least when the database does and the
         * explorer keeps to executions a database produces (it may miss some). A reference to
         * columns other than the parent's key, and a DELETE of a referenced parent, are not
         * checked: the encoder's rule (ForeignKeyRules) is stated only for parent tables no program
         * deletes from.
         */
        void checkParents(String table, Map<String, Object> row, java.util.Set<String> changed) {
            if (!sqlKeys && !view.rowLocks()) return;
            for (isocheck.program.Constraint c : table(table).constraints()) {
                if (!(c instanceof isocheck.program.Constraint.ForeignKey fk)) continue;
                if (changed != null && fk.columns().stream().noneMatch(changed::contains)) continue;
                Table parent = table(fk.table());
                // a reference to other columns than the parent's key is not checked (the encoder
                // states nothing for it either); a NULL reference is not checked (MATCH SIMPLE)
                java.util.Optional<RecordId> ref = ForeignKeys.parent(parent, fk, row::get);
                if (ref.isEmpty()) continue;
                RecordId p = ref.get();
                if (!universe.get(parent.name()).contains(p)) throw new Exit(true);
                boolean alive = alive(p);
                if (alive && view.rowLocks()) {
                    boolean was = latest;
                    latest = true;
                    try {
                        alive = alive(p);
                    } finally {
                        latest = was;
                    }
                }
                if (!alive) throw new Exit(true);
            }
        }

        /**
         * UNIQUE constraints, where the explorer runs a database's levels (SQL keys, or row locks):
         * a row whose constrained columns (all non-NULL: NULLs never conflict, PostgreSQL manual
         * §5.5.3) equal those of another row alive in the newest committed state (with the
         * instance's own writes) fails its statement and aborts the transaction. The unique index
         * sees every committed version (manual §13.2.1; at REPEATABLE READ a conflict with a row
         * committed after the snapshot fails too, §13.2.2), and a concurrent inserter still in
         * progress makes the statement wait and then fail if it commits, which in ar order is the
         * earlier committed row. So every committed state, and every snapshot (a prefix of ar), has
         * distinct constrained tuples among its live rows: the encoder's unique_members (AuxRules)
         * rests on that. An UPDATE is checked only when it sets a constrained column.
         */
        void checkUnique(
                String table, RecordId r, Map<String, Object> row, java.util.Set<String> changed) {
            if (!sqlKeys && !view.rowLocks()) return;
            Table t = table(table);
            for (isocheck.program.Constraint c : t.constraints()) {
                if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
                if (changed != null && u.columns().stream().noneMatch(changed::contains)) continue;
                if (u.columns().stream().anyMatch(col -> row.get(col) == null)) continue;
                for (RecordId other : universe.get(table)) {
                    if (other.equals(r)
                            || !ProgramInterpreter.ALIVE.equals(
                                    newest(other, StatementFacts.ALIVE))) continue;
                    boolean same = true;
                    for (String col : u.columns()) {
                        Object v = other.column(t, col, f -> newest(other, f));
                        if (!row.get(col).equals(v)) {
                            same = false;
                            break;
                        }
                    }
                    if (same) throw new Exit(true);
                }
            }
        }

        /** A field in the newest committed state, with this instance's own writes. */
        private Object newest(RecordId r, String field) {
            Map<String, Object> mine = own.get(r);
            if (mine != null && mine.containsKey(field)) return mine.get(field);
            return view.newestValue(r, field);
        }

        /**
         * A row that fails a CHECK (the condition is FALSE; UNKNOWN passes, PostgreSQL manual
         * §5.5.1) fails its statement and aborts the transaction: the instance is not part of the
         * execution. UNIQUE: {@link #checkUnique}; FOREIGN KEYs: {@link #checkParents}.
         */
        void checkConstraints(String table, Map<String, Object> row) {
            for (isocheck.program.Constraint c : table(table).constraints()) {
                if (c instanceof isocheck.program.Constraint.Check check
                        && Boolean.FALSE.equals(new RowEval(row::get).truth(check.condition()))) {
                    throw new Exit(true);
                }
            }
        }

        /** The record's fields as this transaction sees them (keys from the record itself). */
        Map<String, Object> row(String table, RecordId r) {
            Table t = table(table);
            Map<String, Object> out = new HashMap<>();
            for (Column c : t.columns()) out.put(c.name(), r.column(t, c.name(), f -> read(r, f)));
            return out;
        }

        /**
         * The WHERE's key part (paper Fig. 4: non-key atoms are not encoded): non-key atoms count
         * as true.
         */
        boolean keyMatch(Cond c, RecordId r) {
            if (!mentionsNonKey(c, r.table())) return test(c, r);
            if (c instanceof Cond.And a) return keyMatch(a.left(), r) && keyMatch(a.right(), r);
            if (c instanceof Cond.Or o) return keyMatch(o.left(), r) || keyMatch(o.right(), r);
            return true;
        }

        boolean mentionsNonKey(Cond c, String table) {
            return ProgramInterpreter.this.mentionsNonKey(c, table);
        }

        /**
         * Whether a row with the given values satisfies the condition, in the environment {@code
         * env0}.
         */
        boolean testRow(
                Cond c,
                String table,
                RecordId r,
                Map<String, Object> row,
                Map<String, Object> env0) {
            Map<String, Object> saved = new HashMap<>(env);
            env.clear();
            env.putAll(env0);
            Map<String, Object> full = new HashMap<>(row);
            Table t = table(table);
            for (int i = 0; i < t.primaryKey().size(); i++)
                full.put(t.primaryKey().get(i), r.key().get(i));
            try {
                return new RowEval(full::get).test(c);
            } finally {
                env.clear();
                env.putAll(saved);
            }
        }

        boolean test(Cond c, RecordId r) {
            return new RowEval(r == null ? null : column -> column(r, column)).test(c);
        }

        Object value(Expr e, RecordId r) {
            return new RowEval(r == null ? null : column -> column(r, column)).value(e);
        }

        /**
         * One column of a record as this transaction sees it (a key column from the record itself).
         */
        Object column(RecordId r, String column) {
            Table t = table(r.table());
            int key = t.primaryKey().indexOf(column);
            return key >= 0 ? r.key().get(key) : read(r, column);
        }

        /** Conditions and expressions over the variables and, inside SQL, one row's columns. */
        final class RowEval {
            /** The row's columns, read on demand (null outside SQL). */
            final java.util.function.Function<String, Object> row;

            RowEval(java.util.function.Function<String, Object> row) {
                this.row = row;
            }

            boolean test(Cond c) {
                return Boolean.TRUE.equals(truth(c));
            }

            /**
             * SQL's three-valued logic: null is UNKNOWN (a comparison with NULL), NOT UNKNOWN is
             * UNKNOWN, Kleene's AND/OR.
             */
            Boolean truth(Cond c) {
                return c.accept(
                        new Cond.Visitor<Boolean>() {
                            @Override
                            public Boolean visitConst(Cond.Const k) {
                                return k.value();
                            }

                            @Override
                            public Boolean visitCompare(Cond.Compare cmp) {
                                Object l = value(cmp.left());
                                Object r = value(cmp.right());
                                return l == null || r == null ? null : compare(cmp, l, r);
                            }

                            @Override
                            public Boolean visitIsNull(Cond.IsNull n) {
                                return isNull(env.get(n.variable())) != n.negated();
                            }

                            @Override
                            public Boolean visitNot(Cond.Not n) {
                                Boolean x = truth(n.operand());
                                if (n.notTrue()) return !Boolean.TRUE.equals(x);
                                return x == null ? null : !x;
                            }

                            @Override
                            public Boolean visitAnd(Cond.And a) {
                                Boolean l = truth(a.left());
                                Boolean r = truth(a.right());
                                return Boolean.FALSE.equals(l) || Boolean.FALSE.equals(r)
                                        ? Boolean.FALSE
                                        : l == null || r == null ? null : Boolean.TRUE;
                            }

                            @Override
                            public Boolean visitOr(Cond.Or o) {
                                Boolean l = truth(o.left());
                                Boolean r = truth(o.right());
                                return Boolean.TRUE.equals(l) || Boolean.TRUE.equals(r)
                                        ? Boolean.TRUE
                                        : l == null || r == null ? null : Boolean.FALSE;
                            }

                            @Override
                            public Boolean visitFieldIsNull(Cond.FieldIsNull n) {
                                return (value(n.operand()) == null) != n.negated();
                            }

                            @Override
                            public Boolean visitMember(Cond.Member m) {
                                // element = ANY(:rows.field): the rows of a SELECT … INTO (a join's
                                // earlier table, JoinTranslator)
                                Object x = value(m.element());
                                if (x == null) return null;
                                if (!(env.get(m.rows()) instanceof List<?> rows)) return false;
                                for (Object row : rows) {
                                    Object f = ((Map<?, ?>) row).get(m.field());
                                    if (f != null
                                            && compare(
                                                    new Cond.Compare(
                                                            isocheck.program.CompareOp.EQ,
                                                            m.element(),
                                                            m.element(),
                                                            m.pos()),
                                                    x,
                                                    f)) {
                                        return true;
                                    }
                                }
                                return false;
                            }
                        });
            }

            boolean compare(Cond.Compare cmp, Object l, Object r) {
                if (l == null || r == null) return false; // SQL: a comparison with NULL is not true
                int order =
                        l instanceof Long a && r instanceof Long b
                                ? Long.compare(a, b)
                                : l.toString().compareTo(r.toString());
                return switch (cmp.op()) {
                    case EQ -> order == 0;
                    case NE -> order != 0;
                    case LT -> order < 0;
                    case LE -> order <= 0;
                    case GT -> order > 0;
                    case GE -> order >= 0;
                };
            }

            Object value(Expr e) {
                return e.accept(
                        new Expr.Visitor<Object>() {
                            @Override
                            public Object visitIntLit(Expr.IntLit i) {
                                return i.value();
                            }

                            @Override
                            public Object visitStrLit(Expr.StrLit s) {
                                return s.value();
                            }

                            @Override
                            public Object visitNullLit(Expr.NullLit n) {
                                return null;
                            }

                            @Override
                            public Object visitColumnRef(Expr.ColumnRef c) {
                                return Objects.requireNonNull(row, "a column outside SQL")
                                        .apply(c.column());
                            }

                            @Override
                            public Object visitVarRef(Expr.VarRef v) {
                                return variable(v);
                            }

                            @Override
                            public Object visitNegate(Expr.Negate n) {
                                return value(n.operand()) instanceof Long x ? -x : null;
                            }

                            @Override
                            public Object visitArith(Expr.Arith a) {
                                return arith(a);
                            }

                            @Override
                            public Object visitCase(Expr.Case c) {
                                for (int i = 0; i < c.conditions().size(); i++)
                                    if (test(c.conditions().get(i)))
                                        return value(c.values().get(i));
                                return value(c.otherwise());
                            }

                            @Override
                            public Object visitCoalesce(Expr.Coalesce c) {
                                for (Expr x : c.args()) {
                                    Object v = value(x);
                                    if (v != null) return v;
                                }
                                return null;
                            }
                        });
            }

            Object arith(Expr.Arith a) {
                if (!(value(a.left()) instanceof Long l) || !(value(a.right()) instanceof Long r))
                    return null;
                return switch (a.op()) {
                    case ADD -> l + r;
                    case SUB -> l - r;
                    case MUL -> l * r;
                    case DIV -> r == 0 ? null : l / r;
                };
            }

            Object variable(Expr.VarRef v) {
                Object x = env.get(v.variable());
                if (x instanceof List<?> rows) {
                    if (rows.isEmpty()) return null;
                    Map<?, ?> first = (Map<?, ?>) rows.get(0);
                    return v.hasField() ? first.get(v.field()) : first.values().iterator().next();
                }
                if (x instanceof Map<?, ?> m)
                    return v.hasField() ? m.get(v.field()) : m.values().iterator().next();
                return x;
            }
        }
    }

    /**
     * The hidden parameter of a SKIP LOCKED statement: a bit mask over its table's universe, set
     * bits skipped.
     */
    static String skipParameter(StatementFacts sf) {
        return "#skip:" + sf.id();
    }

    private Table table(String name) {
        return tables.get(name);
    }

    static boolean isNull(Object x) {
        return x == null || (x instanceof List<?> l && l.isEmpty());
    }

    private static Map<String, Object> nonNull(Map<String, Object> env) {
        Map<String, Object> out = new HashMap<>();
        for (var e : env.entrySet()) if (e.getValue() != null) out.put(e.getKey(), e.getValue());
        return out;
    }
}
