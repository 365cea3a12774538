package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.program.Cond;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * When one SQL statement, in one iteration of its loops, reads or writes one field of one record:
 * the building blocks of the paper's η conditions (§4.3).
 *
 * <p><b>Database events of a statement</b> (our reading of paper §3.1–3.2, decided here):
 *
 * <ul>
 *   <li>A record is selected by the statement's WHERE clause; only its primary-key part is encoded
 *       (paper Fig. 4: ρ_f is used for key fields only), non-key atoms are approximated by
 *       polarity.
 *   <li>SELECT (also MIN/MAX/COUNT) reads {@code @alive} of every key-matching record (a predicate
 *       read: this is how phantoms and "insert if absent" anomalies arise) and the fields it
 *       mentions of the matching records alive in its view.
 *   <li>UPDATE and DELETE write (the SET fields, resp. {@code @alive}) only records alive in their
 *       view, and read the non-key fields their WHERE and SET mention on those records (so {@code
 *       SET f = f + 1} is a read-modify-write). They read {@code @alive} only of key-matching
 *       records that are <em>not</em> alive in their view: finding no row is an observation (a
 *       concurrent INSERT it misses is an anti-dependency), while finding the row they then
 *       overwrite is not a read — the paper's assumption (§3.2) that a transaction does not read a
 *       record it writes or deletes. This is what keeps two DELETEs of the same pinned row from
 *       forming a RW 2-cycle: a DELETE either deletes a record or observes its absence, never both.
 *       It is semantically harmless: writing a record that is not alive has no visible effect (an
 *       INSERT rewrites every field before anyone can read them), so which of the two cases a
 *       writer was in never changes another transaction's reads.
 *   <li>INSERT blindly writes every non-key field and {@code @alive} of the record its key names,
 *       and reads nothing. An INSERT of an existing key overwrites it (the abstract model of the
 *       paper; a real database would abort the transaction, i.e. run a subset of the modelled
 *       executions). Two INSERTs of one key are therefore ordered by WW only and never form a RW
 *       cycle.
 *   <li>UNIQUE, CHECK and FOREIGN KEY constraints ({@code program.Constraint}) are not encoded: a
 *       statement that would violate one fails and aborts its transaction in a database, and an
 *       aborted transaction is in no dependency, so the executions of a program with constraints
 *       are among those of the program without them (an over-approximation, as for the paper's
 *       overwriting INSERT above). The explorer enforces CHECK exactly and agrees.
 *   <li>Primary-key fields are never read or written as events (a record is its key).
 *   <li>{@code SELECT … ORDER BY … LIMIT n} reads like the SELECT without LIMIT: {@code @alive} of
 *       every key-matching record and the fields it mentions (the ORDER BY columns too) of every
 *       matching record alive in its view — every row that could have been chosen — and its result
 *       is some subset of the matching rows (non-empty when one matches); which n rows is not
 *       encoded (an over-approximation: "the least/greatest n" is one of the allowed results).
 *   <li>{@code SELECT … FOR UPDATE | FOR SHARE [NOWAIT]} reads like a plain SELECT; under
 *       PostgreSQL's rules (a spec with {@code database postgresql}) a record it returns is locked
 *       to commit, so an anti-dependency from it goes forward in ar ({@link #locks}, {@code
 *       CycleQuery#lockedRead}). Under the paper's specs a lock is ignored, which is sound: a lock
 *       only delays or aborts transactions (NOWAIT: aborts), so the executions of a program with
 *       locks are among those without. {@code SKIP LOCKED} may leave out any matching row (one
 *       locked by another transaction): its result is any subset of the matching rows alive in its
 *       view, and no completeness fact is stated for it ({@link AuxRules#rowsComplete}); its reads
 *       are over-approximated by those of the plain SELECT (a skipped row is not really read).
 *   <li>SUM, AVG and COUNT(DISTINCT c) read the aggregated column of every matching alive record,
 *       like COUNT; their values are unconstrained (COUNT(DISTINCT c) is non-negative).
 * </ul>
 *
 * Alive(r, t) is t's view before its own writes; for a transaction that itself inserts into or
 * deletes from a table, the Alive conditions of its statements on that table are dropped when
 * over-approximating and the statement is never forced (it may see its own insertions).
 */
public final class AccessRules {
    private final Vocabulary v;
    private final Context ctx;
    private final ProgramModel model;
    private final Terms terms;

    public AccessRules(Vocabulary v, ProgramModel model, Terms terms) {
        this.v = v;
        this.ctx = v.context();
        this.model = model;
        this.terms = terms;
    }

    public Terms terms() {
        return terms;
    }

    public ProgramModel model() {
        return model;
    }

    private boolean groundIterations;

    /**
     * Whether rules over records and loop elements are instantiated on the query's ground terms
     * only ({@link Encoder.Mode#EXPANDED}): then the model constrains no other element of a loop's
     * row set. Set by the {@link Encoder}.
     */
    void groundIterations(boolean on) {
        this.groundIterations = on;
    }

    public boolean groundIterations() {
        return groundIterations;
    }

    private boolean statementViews;

    /**
     * Whether each statement reads from its own snapshot (a spec with {@code snapshot statement}):
     * then a statement's Alive and field values are its own ({@link Vocabulary#aliveAt}), not the
     * transaction's. Set by {@link Encoder#forSpec} before any rule is built.
     */
    void statementViews(boolean on) {
        this.statementViews = on;
    }

    /**
     * Whether a database's own level is encoded ({@code --db}): the arbiter is then the server's
     * history under Adya's predicate dependencies, and {@link #nullTestedOverwrite} applies. The
     * paper's models keep their reading (a WHERE reads its columns on every key-matching row),
     * which the brute-force explorer shares (SoundnessOracleTest). Set by {@link Encoder#forSpec}.
     */
    void databaseRules(boolean on) {
        this.databaseRules = on;
    }

    private boolean databaseRules;

    public boolean statementViews() {
        return statementViews;
    }

    /**
     * Alive(r) in the view statement c reads from: the transaction's, or with statement views c's
     * own.
     */
    private BoolExpr viewAlive(StatementFacts c, Site site, Expr<?> r) {
        if (!statementViews) return v.alive(c.table(), r, site.t());
        return v.aliveAt(c.table(), statementKey(c, site), r, site.t(), loopElements(c, site));
    }

    private static String statementKey(StatementFacts c, Site site) {
        return site.txn().name() + "." + c.id();
    }

    /** The site's iteration elements of c's loops (those the site binds), outermost first. */
    private static List<Expr<?>> loopElements(StatementFacts c, Site site) {
        List<Expr<?>> out = new ArrayList<>();
        for (Stmt.Foreach l : c.loops()) {
            Expr<?> e = site.element(l);
            if (e != null) out.add(e);
        }
        return out;
    }

    /**
     * Fresh constants for the iteration elements of the statement's loops (Skolem witnesses or
     * bound variables).
     */
    public List<Expr<?>> iterationElements(StatementFacts c, Transaction txn, String prefix) {
        List<Expr<?>> out = new ArrayList<>();
        for (Stmt.Foreach l : c.loops())
            out.add(v.fresh(prefix + "!" + l.variable(), terms.elementSort(txn, l.source())));
        return out;
    }

    public Site site(StatementFacts c, Transaction txn, Expr<?> t, List<Expr<?>> elements) {
        return Site.of(txn, t, c.loops(), elements);
    }

    /**
     * The statement executes in the site's iteration: each element is in its loop's set, and Λ(c)
     * holds.
     */
    public BoolExpr exec(StatementFacts c, Site site, boolean over) {
        return exec(c.guard(), c.loops(), site, over);
    }

    /**
     * The point under {@code guard} inside {@code loops} is reached in the site's iteration (as
     * {@link #exec(StatementFacts, Site, boolean)}).
     */
    public BoolExpr exec(List<Cond> guard, List<Stmt.Foreach> loops, Site site, boolean over) {
        List<BoolExpr> parts = new ArrayList<>();
        for (Stmt.Foreach l : loops) {
            Optional<BoolExpr> in = terms.member(site.element(l), l.source(), site);
            parts.add(in.orElse(ctx.mkBool(over)));
        }
        for (Cond g : guard) parts.add(terms.guard(g, site, over));
        return and(parts);
    }

    /**
     * The record the statement names by its whole primary key (INSERT, or a WHERE that pins every
     * key field), if encodable.
     */
    public Optional<Expr<?>> pinnedRecord(StatementFacts c, Site site) {
        if (!c.pinsWholeKey()) return Optional.empty();
        List<Expr<?>> key = new ArrayList<>();
        for (String k : v.keyColumns(c.table())) {
            Optional<Expr<?>> e = keyValue(c, k, site);
            if (e.isEmpty()) return Optional.empty();
            key.add(e.get());
        }
        return Optional.of(v.record(c.table(), key));
    }

    /**
     * The value the statement gives key column {@code column} (its WHERE's pin, or an INSERT's
     * VALUES), if it pins the column and the encoding knows the value.
     */
    public Optional<Expr<?>> keyValue(StatementFacts c, String column, Site site) {
        isocheck.program.Expr pin = c.keyPins().get(column);
        return pin == null ? Optional.empty() : terms.value(pin, site, null);
    }

    /**
     * Over-approximation of "the INSERT writes record r" when some key value of its VALUES is not
     * encodable (a loop-carried counter such as TPC-C's {@code ol_number := ol_number + 1}): r
     * agrees with the INSERT on the key columns whose values are encodable, and is free in the
     * others. Each equation is the one {@link #pinnedRecord} states for a fully known key, so this
     * removes only records the INSERT cannot write. Without it such an INSERT wrote any record of
     * the table: BenchBase TPC-C's NewOrder wrote an order line of another order than the one it
     * inserted (the order-status read skews replayed SER-consistent, benchmarks/RESULTS.md stop
     * 23).
     */
    private BoolExpr knownKeyColumns(StatementFacts c, Site site, Expr<?> r) {
        List<BoolExpr> eqs = new ArrayList<>();
        for (String k : v.keyColumns(c.table()))
            keyValue(c, k, site).ifPresent(e -> eqs.add(ctx.mkEq(v.key(c.table(), k, r), e)));
        return and(eqs);
    }

    /**
     * The statement addresses record r: its WHERE clause (key part) holds, or r is the record it
     * inserts.
     */
    public BoolExpr addresses(StatementFacts c, Site site, Expr<?> r, boolean over) {
        return addresses(c, site, r, over, site.columns().isEmpty());
    }

    /**
     * With {@code viewValues}, a non-key field of r that the WHERE clause tests is r's value in the
     * transaction's view ({@link Vocabulary#viewValue}) where the statement reads that value
     * ({@link ProgramModel#readsViewValue}); otherwise such an atom is approximated by polarity.
     * Off where the site already fixes the fields (a reader's WHERE on a row another statement
     * inserts).
     */
    private BoolExpr addresses(
            StatementFacts c, Site site, Expr<?> r, boolean over, boolean viewValues) {
        Stmt.Sql s = c.statement();
        if (s instanceof Stmt.Insert) {
            Optional<Expr<?>> rec = pinnedRecord(c, site);
            if (rec.isPresent()) return ctx.mkEq(r, rec.get());
            return over ? knownKeyColumns(c, site, r) : ctx.mkFalse();
        }
        Cond where = s.whereClause().orElseThrow();
        if (viewValues) {
            Map<String, Expr<?>> values = new HashMap<>();
            for (String f : c.reads()) {
                if (!f.equals(StatementFacts.ALIVE)
                        && !v.isKey(c.table(), f)
                        && model.readsViewValue(site.txn(), s, f)) {
                    values.put(
                            f,
                            statementViews
                                    ? v.viewValueAt(
                                            c.table(),
                                            f,
                                            statementKey(c, site),
                                            r,
                                            site.t(),
                                            loopElements(c, site))
                                    : v.viewValue(c.table(), f, r, site.t()));
                }
            }
            if (!values.isEmpty()) site = site.withColumns(values);
        }
        return terms.cond(where, site, r, over);
    }

    /**
     * r is alive when statement c looks at it. Alive(r, t) is t's view before its own writes, so
     * for a transaction that itself inserts into or deletes from the table this is
     * over-approximated by "Alive(r, t) or an earlier statement of t writes r's Alive" ({@link
     * #ownAliveWrite}) and under-approximated by Alive(r, t) when no earlier statement of t may
     * write r's Alive (and by false otherwise).
     */
    public BoolExpr aliveInView(StatementFacts c, Site site, Expr<?> r, boolean over) {
        BoolExpr seen = viewAlive(c, site, r);
        if (!model.writesAlive(site.txn(), c.table())) return seen;
        // under-approximation: exact when no earlier own statement may write r's Alive; otherwise
        // give up (false) rather than assert "no earlier own write", a negated existential that
        // costs Z3 dearly in forcing premises
        if (!over) return ownAliveWrite(c, site, r, null).isFalse() ? seen : ctx.mkFalse();
        // over-approximation: alive when c looks means alive in its view and not deleted by an
        // earlier own statement, or inserted by one; only an own INSERT can add r (before stop
        // 34 an own DELETE did too: a Delivery iteration "found" the order another iteration
        // deleted, BenchBase TPC-C at READ COMMITTED, benchmarks/RESULTS.md)
        BoolExpr own = ownAliveWrite(c, site, r, true);
        return own.isFalse() ? seen : ctx.mkOr(seen, own);
    }

    /**
     * Over-approximation of "r is not alive when statement c looks at it", dual to {@link
     * #aliveInView}: dead in its view, or deleted by an earlier own statement (an own INSERT cannot
     * remove r).
     */
    public BoolExpr notAliveInView(StatementFacts c, Site site, Expr<?> r) {
        BoolExpr dead = ctx.mkNot(viewAlive(c, site, r));
        if (!model.writesAlive(site.txn(), c.table())) return dead;
        BoolExpr own = ownAliveWrite(c, site, r, false);
        return own.isFalse() ? dead : ctx.mkOr(dead, own);
    }

    /**
     * Some INSERT ({@code inserts} true), DELETE (false) or either (null) of the same transaction
     * that runs before c (earlier in program order, or in an earlier iteration of a loop around
     * both) addresses r: the only way c can see r's Alive differently from the transaction's view.
     */
    BoolExpr ownAliveWrite(StatementFacts c, Site site, Expr<?> r, Boolean inserts) {
        List<BoolExpr> cases = new ArrayList<>();
        List<StatementFacts> stmts = model.facts(site.txn().name()).statements();
        int cIndex = stmts.indexOf(c);
        for (int wIndex = 0; wIndex < stmts.size(); wIndex++) {
            StatementFacts w = stmts.get(wIndex);
            if (!w.table().equals(c.table()) || !w.writes().contains(StatementFacts.ALIVE))
                continue;
            if (inserts != null && (w.statement() instanceof Stmt.Insert) != inserts) continue;
            // a statement at or after c in program order runs before c only in an earlier iteration
            // of a loop around both: some shared loop must be in a different iteration
            int common = 0;
            while (common < w.loops().size()
                    && common < c.loops().size()
                    && w.loops().get(common) == c.loops().get(common)) {
                common++;
            }
            if (wIndex >= cIndex && common == 0) continue;
            if (wIndex >= cIndex && disjointAcrossIterations(c, w, common, site)) continue;
            List<Expr<?>> els = iterationElements(w, site.txn(), "own");
            Site ws = site(w, site.txn(), site.t(), els);
            BoolExpr body = ctx.mkAnd(exec(w, ws, true), addresses(w, ws, r, true));
            if (wIndex >= cIndex) {
                List<BoolExpr> same = new ArrayList<>();
                for (int i = 0; i < common; i++)
                    same.add(ctx.mkEq(els.get(i), site.element(c.loops().get(i))));
                body = ctx.mkAnd(body, ctx.mkNot(and(same)));
            }
            cases.add(
                    els.isEmpty()
                            ? body
                            : ctx.mkExists(
                                    els.toArray(new Expr<?>[0]), body, 0, null, null, null, null));
        }
        return cases.isEmpty()
                ? ctx.mkFalse()
                : cases.size() == 1 ? cases.get(0) : ctx.mkOr(cases.toArray(new BoolExpr[0]));
    }

    /**
     * Different iterations of the common loops of c and w address different records: every common
     * loop ranges over the rows of a SELECT whose WHERE pins all but one key column k of the rows
     * to loop-invariant values, and both statements pin the same column of their table to {@code
     * :row.k}. (Delivery's district loop: every statement on new_order pins {@code no_d_id =
     * :dist.d_id}, and the districts of one warehouse differ in d_id.)
     */
    private boolean disjointAcrossIterations(
            StatementFacts c, StatementFacts w, int common, Site site) {
        for (int i = 0; i < common; i++) {
            Stmt.Foreach loop = c.loops().get(i);
            var source = model.variable(site.txn(), loop.source());
            var assigns = model.assignments(site.txn(), source.name());
            if (assigns.size() != 1
                    || !(assigns.get(0).stmt() instanceof Stmt.Select sel)
                    || !assigns.get(0).loops().isEmpty()) {
                return false;
            }
            StatementFacts sf = model.factsOf(sel);
            List<String> free = new ArrayList<>(v.keyColumns(sf.table()));
            free.removeAll(sf.keyPins().keySet());
            if (free.size() != 1) return false;
            String k = free.get(0);
            boolean found = false;
            for (var pin : c.keyPins().entrySet()) {
                Expr pinned = null;
                if (pin.getValue() instanceof isocheck.program.Expr.VarRef ref
                        && ref.variable().equals(loop.variable())
                        && k.equals(ref.field())) {
                    var other = w.keyPins().get(pin.getKey());
                    if (other instanceof isocheck.program.Expr.VarRef ref2
                            && ref2.variable().equals(loop.variable())
                            && k.equals(ref2.field())) {
                        found = true;
                    }
                }
            }
            if (!found) return false;
        }
        return true;
    }

    /** Necessary condition for the statement to read {@code field} of r (over-approximation). */
    public BoolExpr reads(StatementFacts c, String field, Site site, Expr<?> r) {
        Stmt.Sql s = c.statement();
        if (s instanceof Stmt.Insert || !model.readFields(c).contains(field)) return ctx.mkFalse();
        BoolExpr base = ctx.mkAnd(exec(c, site, true), addresses(c, site, r, true));
        if (field.equals(StatementFacts.ALIVE)) {
            if (s instanceof Stmt.Select) return base;
            // UPDATE/DELETE observe Alive only of records they do not write (class comment)
            return ctx.mkAnd(base, notAliveInView(c, site, r));
        }
        return ctx.mkAnd(base, aliveInView(c, site, r, true));
    }

    /**
     * The statement writes {@code field} of r: a necessary condition when {@code over}, a
     * sufficient one (for forcing) otherwise.
     */
    public BoolExpr writes(StatementFacts c, String field, Site site, Expr<?> r, boolean over) {
        if (!model.writeFields(c).contains(field)) return ctx.mkFalse();
        BoolExpr base = ctx.mkAnd(exec(c, site, over), addresses(c, site, r, over));
        if (c.statement() instanceof Stmt.Insert) return base;
        return ctx.mkAnd(base, aliveInView(c, site, r, over));
    }

    /**
     * A sufficient condition for the locking SELECT c to return, hence lock, record r (for
     * locked_read, {@code CycleQuery#lockedRead}): it executes, its WHERE holds on r and r is alive
     * in its view, each under-approximated. With statement views the view of a row a locking read
     * locks is read as the newest committed version at the time of the lock (the version it
     * returns, manual §13.2.1), which the independent statement view functions allow.
     */
    public BoolExpr locks(StatementFacts c, Site site, Expr<?> r) {
        return ctx.mkAnd(
                exec(c, site, false), addresses(c, site, r, false), aliveInView(c, site, r, false));
    }

    /**
     * A sufficient condition for statement s to hold r's row lock to commit (PostgreSQL, manual
     * §13.3.2): it writes r (UPDATE, DELETE), or lock-reads it (a locking SELECT, not a join or an
     * aggregate; with LIMIT or SKIP LOCKED only the rows it returns, {@link #locksReturned}); empty
     * if it never locks.
     */
    public Optional<BoolExpr> holdsLock(StatementFacts s, Site site, Expr<?> r) {
        Stmt.Sql st = s.statement();
        if (st instanceof Stmt.Select sel) {
            if (!sel.lock().locks() || sel.isJoin() || sel.aggregate().isPresent())
                return Optional.empty();
            if (sel.mayOmitRows()) return locksReturned(s, site, r);
            // every row it returns is locked too: membership in its result is a second sufficient
            // condition, kept where "r alive when it looks" has no under-approximation (a
            // transaction that itself deletes from the table: a DELETE's status probe in
            // TPC-C's Delivery loop, frontend.PlpgsqlDml#statusProbe)
            BoolExpr found = locks(s, site, r);
            if (!model.writesAlive(site.txn(), s.table())) return Optional.of(found);
            return Optional.of(
                    locksReturned(s, site, r).map(in -> ctx.mkOr(found, in)).orElse(found));
        }
        if (!(st instanceof Stmt.Update) && !(st instanceof Stmt.Delete)) return Optional.empty();
        List<String> written = new ArrayList<>(model.writeFields(s));
        if (written.isEmpty()) return Optional.empty();
        return Optional.of(writes(s, written.get(0), site, r, false));
    }

    /**
     * Whether s's row lock is a share lock ({@code FOR SHARE}), which does not conflict with
     * another share lock; every other row lock conflicts with every lock (manual §13.3.2, table
     * "Conflicting Row-Level Locks": FOR UPDATE and FOR NO KEY UPDATE, which UPDATE and DELETE
     * take, conflict with FOR SHARE).
     */
    public static boolean sharedLock(StatementFacts s) {
        return s.statement() instanceof Stmt.Select sel
                && sel.lock().strength() == isocheck.program.RowLock.Strength.SHARE;
    }

    /**
     * A sufficient condition for a locking SELECT with LIMIT or SKIP LOCKED (not a join, not an
     * aggregate) to hold r's row lock to commit: it executes and r is one of the rows it returns.
     * PostgreSQL locks a row before returning it and locks no row it does not return ("If a LIMIT
     * is used, locking stops once enough rows have been returned to satisfy the limit", SELECT
     * reference page, "The Locking Clause"; SKIP LOCKED skips rows it cannot lock at once), and a
     * returned row is the newest committed version, re-checked after the lock wait (manual
     * §13.2.1). Which matching rows it returns is left open by the encoding (any subset, AuxRules),
     * so only membership in its result is a premise; empty when the result variable has no
     * membership term at the site or is assigned by more than one statement (then membership at the
     * site may be another statement's result).
     */
    public Optional<BoolExpr> locksReturned(StatementFacts c, Site site, Expr<?> r) {
        if (!(c.statement() instanceof Stmt.Select sel)) return Optional.empty();
        if (model.assignments(site.txn(), sel.target()).size() != 1) return Optional.empty();
        return terms.member(r, sel.target(), site).map(in -> ctx.mkAnd(exec(c, site, false), in));
    }

    /**
     * An anti-dependency on Alive needs a write that changes what the reader saw: a DELETE
     * overwrites a record the reader saw alive, an INSERT one it saw absent. An RW edge whose
     * writer writes the very value the reader read is left out of the dependency graph: placing the
     * reader after that writer would not change what it reads, and every other writer is still
     * ordered after the reader by its own RW edge, so an acyclic graph still means a serializable
     * execution (with the same reads and, by the WW edges, the same final state). This is what
     * keeps two removals of the same record (each finds it gone or deletes it) from forming a
     * cycle. Likewise for a query's result: deleting a row the reader's SELECT did not return, or
     * inserting one its WHERE would not match, does not change what the reader's program sees.
     */
    public BoolExpr valueChanges(Conflict c, Site readerSite, Site writerSite, Expr<?> r) {
        if (c.kind() == DepKind.WW
                && c.field().equals(StatementFacts.ALIVE)
                && c.c1().statement() instanceof Stmt.Delete
                && c.c2().statement() instanceof Stmt.Delete) {
            // two deletions write the same value: their order changes no state and no read, so
            // the edge is left out of the dependency graph (it still orders them for the spec)
            return ctx.mkFalse();
        }
        if (c.kind() == DepKind.WR
                && c.field().equals(StatementFacts.ALIVE)
                && c.c2().statement() instanceof Stmt.Select sel
                && sel.aggregate().isEmpty()) {
            // ORDER BY k LIMIT 1: the version of a row behind the returned one changes nothing
            // the reader sees (firstRowChanges; for WR the reader is c2, at writerSite)
            Optional<BoolExpr> first = firstRowChanges(c, sel, writerSite, r);
            if (first.isPresent()) return first.get();
        }
        // a column a SELECT … LIMIT n only returns: only the returned rows' values are read
        // (returnedOnly; for WR the reader is c2, at writerSite)
        if (c.kind() == DepKind.WR
                && !c.field().equals(StatementFacts.ALIVE)
                && c.c2().statement() instanceof Stmt.Select sel) {
            Optional<BoolExpr> returned = returnedOnly(c.field(), sel, writerSite, r);
            if (returned.isPresent()) return returned.get();
        }
        if (c.kind() == DepKind.RW
                && !c.field().equals(StatementFacts.ALIVE)
                && c.c1().statement() instanceof Stmt.Select sel) {
            Optional<BoolExpr> returned = returnedOnly(c.field(), sel, readerSite, r);
            if (returned.isPresent()) return returned.get();
            Optional<BoolExpr> stillExcluded = nullTestedOverwrite(c, sel, readerSite, r);
            if (stillExcluded.isPresent()) return stillExcluded.get();
        }
        if (c.kind() != DepKind.RW || !c.field().equals(StatementFacts.ALIVE)) return ctx.mkTrue();
        if (c.c1().statement() instanceof Stmt.Select sel && sel.aggregate().isPresent()) {
            Optional<BoolExpr> extremum = extremumChanges(c, sel, readerSite, writerSite, r);
            if (extremum.isPresent()) return extremum.get();
        }
        if (c.c2().statement() instanceof Stmt.Delete) {
            // the deleted record was in the reader's result (a row of its SELECT … INTO), or at
            // least alive
            if (c.c1().statement() instanceof Stmt.Select sel && sel.aggregate().isEmpty()) {
                return terms.member(r, sel.target(), readerSite)
                        .orElse(aliveInView(c.c1(), readerSite, r, true));
            }
            return aliveInView(c.c1(), readerSite, r, true);
        }
        if (c.c2().statement() instanceof Stmt.Insert
                && c.c1().statement() instanceof Stmt.Select sel
                && sel.aggregate().isEmpty()) {
            Optional<BoolExpr> first = firstRowChanges(c, sel, readerSite, r);
            if (first.isPresent())
                return ctx.mkAnd(first.get(), insertMatches(c, readerSite, writerSite, r));
        }
        if (c.c2().statement() instanceof Stmt.Insert)
            return insertMatches(c, readerSite, writerSite, r);
        return ctx.mkTrue();
    }

    /**
     * For {@code SELECT … ORDER BY k [DESC] LIMIT 1} (k a key column, the only order key): an
     * INSERT changes the result only if the result was empty or the new row comes first in the
     * order, {@code k(r) ≤ k(returned)} ({@code ≥} for DESC; ties counted as changes). A row
     * inserted further on leaves the first row first: placing the reader after the inserter would
     * return the same row (the same argument as for MIN/MAX, {@link #extremumChanges}). With a
     * locking read at READ COMMITTED the row returned is the first of those still matching after
     * the lock waits, and a later row changes that no more (such rows are never locked or re-read:
     * "locking stops once enough rows have been returned to satisfy the limit", SELECT reference
     * page, "The Locking Clause"). The same condition keeps a WR edge into the reader on a row's
     * Alive (an INSERT or DELETE the reader saw): a row behind the returned one, in either version,
     * leaves the result as it is, so placing the reader before that writer changes nothing it sees
     * (the recorder's predicate read of such a statement stops at the returned row too:
     * PredicateScans#selectScan), and the edge is left out of the dependency graph as the RW edges
     * of {@link #valueChanges} are. The brute-force explorer drops the same reads
     * (ProgramInterpreter#select).
     */
    private Optional<BoolExpr> firstRowChanges(
            Conflict c, Stmt.Select sel, Site readerSite, Expr<?> r) {
        if (!sel.limit().equals(Optional.of(1L))
                || sel.orderBy().size() != 1
                || sel.lock().skipLocked()
                || sel.isJoin()) return Optional.empty();
        String k = sel.orderBy().get(0).column();
        if (!v.isIntKey(sel.table(), k)) return Optional.empty();
        if (model.assignments(readerSite.txn(), sel.target()).size() != 1) return Optional.empty();
        Optional<BoolExpr> ne = terms.nonEmpty(sel.target(), readerSite);
        Optional<Expr<?>> pick = terms.pick(sel.target(), readerSite);
        if (ne.isEmpty() || pick.isEmpty()) return Optional.empty();
        var kr = (com.microsoft.z3.IntExpr) v.key(sel.table(), k, r);
        var kp = (com.microsoft.z3.IntExpr) v.key(sel.table(), k, pick.get());
        boolean desc = sel.orderBy().get(0).descending();
        return Optional.of(
                ctx.mkOr(ctx.mkNot(ne.get()), desc ? ctx.mkGe(kr, kp) : ctx.mkLe(kr, kp)));
    }

    /**
     * A SELECT that may leave matching rows out of its result ({@code LIMIT n}, SKIP LOCKED) reads
     * a column that neither its WHERE nor its ORDER BY mentions only on the rows it returns: the
     * version of such a column of any other row changes nothing the reader sees, so a WR or RW edge
     * on it needs r in the result. The recorder's predicate read stops at the returned rows
     * (PredicateScans#selectScan) and reads the values of those alone. TPC-C's OrderStatus ({@code
     * SELECT o_id, o_carrier_id … ORDER BY o_id DESC LIMIT 1}) had a WR edge from Delivery's {@code
     * o_carrier_id} of the customer's older order, behind the one it returned, and the replay was
     * SER-consistent (benchmarks/RESULTS.md stop 36). Empty (no condition) for other SELECTs, or
     * when the result variable has no membership term at the site or is assigned by more than one
     * statement. Sound: in a real execution the result is the model's set, and every real edge on
     * such a column is on a returned row.
     */
    private Optional<BoolExpr> returnedOnly(String field, Stmt.Select sel, Site site, Expr<?> r) {
        if (!sel.mayOmitRows()
                || sel.isJoin()
                || sel.aggregate().isPresent()
                || sel.target() == null
                || isocheck.program.Columns.of(sel.where()).contains(field)
                || sel.orderBy().stream().anyMatch(k -> k.column().equals(field))
                || model.assignments(site.txn(), sel.target()).size() != 1) return Optional.empty();
        return terms.member(r, sel.target(), site);
    }

    /**
     * A SELECT whose WHERE requires {@code f IS NULL} (a top-level conjunct), overwritten on f by
     * an UPDATE that sets f to a value that is never NULL (a literal, a parameter the program never
     * tests for NULL, arithmetic on those): a row outside the reader's result stays outside it in
     * the new version, so the anti-dependency needs r in the result. Placing the reader after the
     * writer changes nothing it sees (the argument of {@link #valueChanges}); Adya's predicate
     * anti-dependency likewise needs the write to change the predicate's matches. Empty when the
     * rule does not apply (a join, an aggregate, a result without a membership term). Without it
     * two of Wikipedia's UpdatePages on one page each "read" the notification timestamp of a
     * watcher its loop had skipped and the other notified: a REPEATABLE READ write skew the server
     * never shows (both loops hold every unnotified watcher, so both update the same rows and the
     * second fails, benchmarks/RESULTS.md stop 39).
     */
    private Optional<BoolExpr> nullTestedOverwrite(
            Conflict c, Stmt.Select sel, Site readerSite, Expr<?> r) {
        if (!databaseRules
                || !(c.c2().statement() instanceof Stmt.Update up)
                || sel.isJoin()
                || sel.aggregate().isPresent()
                || sel.target() == null
                || model.assignments(readerSite.txn(), sel.target()).size() != 1
                || !requiresNull(sel.where(), c.field())) return Optional.empty();
        for (isocheck.program.Assignment a : up.assignments())
            if (a.column().equals(c.field()) && !neverNull(a.value(), c.t2()))
                return Optional.empty();
        return terms.member(r, sel.target(), readerSite);
    }

    /** Whether a top-level conjunct of the WHERE is {@code column IS NULL}. */
    private static boolean requiresNull(Cond where, String column) {
        if (where instanceof Cond.And and)
            return requiresNull(and.left(), column) || requiresNull(and.right(), column);
        return where instanceof Cond.FieldIsNull n
                && !n.negated()
                && n.operand() instanceof isocheck.program.Expr.ColumnRef col
                && col.column().equals(column);
    }

    /** Whether the expression is never NULL: literals and parameters never tested for NULL. */
    private boolean neverNull(isocheck.program.Expr e, isocheck.program.Transaction txn) {
        if (e instanceof isocheck.program.Expr.IntLit || e instanceof isocheck.program.Expr.StrLit)
            return true;
        if (e instanceof isocheck.program.Expr.VarRef ref)
            return !ref.hasField()
                    && txn.parameters().stream().anyMatch(p -> p.name().equals(ref.variable()))
                    && !terms.nullableParameter(txn, ref.variable());
        if (e instanceof isocheck.program.Expr.Arith ar)
            return neverNull(ar.left(), txn) && neverNull(ar.right(), txn);
        return false;
    }

    /**
     * Whether the predicate anti-dependency c (a SELECT's WHERE reads {@code c.field()}, a non-key
     * column, of r, which c's INSERT or UPDATE then writes) changes the SELECT's matches, as far as
     * the encoding knows the two versions: the version the reader saw matches its WHERE, or the
     * written one may. Adya's predicate anti-dependency needs the write to change the predicate's
     * matches; with neither version matching, the row stays outside the reader's result. The
     * written version is over-approximated: the INSERT's values, or the UPDATE's SET values the
     * terms can state, every other atom by polarity. Empty where it does not apply (a join, an
     * aggregate, another kind of statement, a column the WHERE does not mention). Used by the
     * closed world ({@code query.ClosedWorldViews#predicateMatches}) as a preference, not by the
     * query: the paper's reading, and the explorer's, has the WHERE read its columns on every row
     * its key part matches.
     */
    public Optional<BoolExpr> predicateMatchChanges(
            Conflict c, Site readerSite, Site writerSite, Expr<?> r) {
        if (c.kind() != DepKind.RW
                || c.field().equals(StatementFacts.ALIVE)
                || v.isKey(c.table(), c.field())
                || !(c.c1().statement() instanceof Stmt.Select sel)
                || sel.isJoin()
                || sel.aggregate().isPresent()
                || !isocheck.program.Columns.of(sel.where()).contains(c.field()))
            return Optional.empty();
        Map<String, Expr<?>> values = new HashMap<>();
        if (c.c2().statement() instanceof Stmt.Insert ins) {
            values.putAll(insertedValues(ins, writerSite));
        } else if (c.c2().statement() instanceof Stmt.Update up) {
            for (isocheck.program.Assignment a : up.assignments())
                terms.value(a.value(), writerSite, null).ifPresent(x -> values.put(a.column(), x));
        } else return Optional.empty();
        BoolExpr read = addresses(c.c1(), readerSite, r, true);
        BoolExpr written = addresses(c.c1(), readerSite.withColumns(values), r, true, false);
        return Optional.of(ctx.mkOr(read, written));
    }

    /** The values the INSERT writes at the site, by column: those the terms can state. */
    public Map<String, Expr<?>> insertedValues(Stmt.Insert ins, Site site) {
        Map<String, Expr<?>> values = new HashMap<>();
        for (int i = 0; i < ins.columns().size(); i++) {
            String column = ins.columns().get(i);
            terms.value(ins.values().get(i), site, null).ifPresent(x -> values.put(column, x));
        }
        return values;
    }

    /** An INSERT's anti-dependency: the reader saw r absent, and the new row matches its WHERE. */
    private BoolExpr insertMatches(Conflict c, Site readerSite, Site writerSite, Expr<?> r) {
        {
            Stmt.Insert ins = (Stmt.Insert) c.c2().statement();
            // the reader saw the record absent, and the inserted row satisfies the reader's WHERE
            Map<String, Expr<?>> values = insertedValues(ins, writerSite);
            return ctx.mkAnd(
                    notAliveInView(c.c1(), readerSite, r),
                    addresses(c.c1(), readerSite.withColumns(values), r, true, false));
        }
    }

    /**
     * For SELECT MIN/MAX(k) of a key column (paper §4.3's SELECT MAX rule, for Alive): a DELETE
     * changes the result only if it deletes the extremum the reader saw; an INSERT only if it adds
     * a matching record beyond it (or the reader saw none).
     */
    private Optional<BoolExpr> extremumChanges(
            Conflict c, Stmt.Select sel, Site readerSite, Site writerSite, Expr<?> r) {
        isocheck.program.Aggregate agg = sel.aggregate().get();
        if (!agg.isExtremum()
                || agg.column().isEmpty()
                || !v.isIntKey(sel.table(), agg.column().get())) {
            return Optional.empty();
        }
        var target = model.variable(readerSite.txn(), sel.target());
        if (model.assignments(readerSite.txn(), target.name()).size() != 1) return Optional.empty();
        Optional<Expr<?>> value = terms.aggregate(target, readerSite);
        Optional<BoolExpr> isNull = terms.aggregateNull(target, readerSite);
        if (value.isEmpty() || isNull.isEmpty()) return Optional.empty();
        var key = v.key(sel.table(), agg.column().get(), r);
        var m = (com.microsoft.z3.IntExpr) value.get();
        boolean min = agg.function() == isocheck.program.Aggregate.Function.MIN;
        if (c.c2().statement() instanceof Stmt.Delete) {
            return Optional.of(
                    ctx.mkAnd(
                            ctx.mkNot(isNull.get()),
                            ctx.mkEq(key, m),
                            aliveInView(c.c1(), readerSite, r, true)));
        }
        if (c.c2().statement() instanceof Stmt.Insert) {
            BoolExpr beyond = ctx.mkOr(isNull.get(), min ? ctx.mkLt(key, m) : ctx.mkGt(key, m));
            return Optional.of(ctx.mkAnd(notAliveInView(c.c1(), readerSite, r), beyond));
        }
        return Optional.empty();
    }

    public BoolExpr accesses(
            StatementFacts c, String field, boolean write, Site site, Expr<?> r, boolean over) {
        return write ? writes(c, field, site, r, over) : reads(c, field, site, r);
    }

    private BoolExpr and(List<BoolExpr> parts) {
        if (parts.isEmpty()) return ctx.mkTrue();
        return parts.size() == 1 ? parts.get(0) : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }
}
