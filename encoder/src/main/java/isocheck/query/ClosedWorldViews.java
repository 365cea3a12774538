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
 * (7) {@link #keyLookups}. (8) the facts about rows of {@link ClosedWorldRows}: UNIQUE keys in
 * views, initially and between INSERTs. {@link CycleJob} adds the cycle's edges ({@link #pins}, or
 * some statement pair of its class, {@link #classPins}), the edges' guards on integer values
 * ({@link #edgeGuards}), and {@link #loops}' preferences, asked first and dropped when
 * unsatisfiable. The checks ({@link Preferences#checks}), held to the model after the solve: the
 * equations of (1) on the rows {@link #knownRows} adds, {@link #completeAtKnownRows}, {@link
 * #keysBelowDrawn}, and ClosedWorldRows' checks (CHECK constraints of written rows, INSERTs of one
 * key, an INSERT after the DELETE of its key, the initial state's keys and foreign keys).
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
        out.addAll(ClosedWorldRows.uniqueInViews(v, model, rules, q, members));
        out.addAll(ClosedWorldRows.uniqueInitially(v, model, q, initial));
        ClosedWorldRows.Inserts inserts = ClosedWorldRows.inserts(model, rules, members);
        out.addAll(ClosedWorldRows.uniqueBetweenInserts(v, model, inserts));
        for (Member m : members) checks.addAll(completeAtKnownRows(v, rules, m, known));
        checks.addAll(keysBelowDrawn(v, encoder, q, cycle, known, views, apps));
        checks.addAll(ClosedWorldRows.insertedRowsPassChecks(v, rules, q, cycle));
        checks.addAll(ClosedWorldRows.updatedRowsPassChecks(v, rules, q, cycle));
        checks.addAll(ClosedWorldRows.insertedOnce(v, model, rules, members, inserts));
        checks.addAll(
                ClosedWorldRows.insertAfterDelete(v, model, rules, q, members, inserts, initial));
        checks.addAll(ClosedWorldRows.initialForeignKeys(v, model, q, initial));
        checks.addAll(ClosedWorldRows.absentRowsHoldTheirInsert(v, inserts, initial));
        checks.addAll(
                ClosedWorldRows.insertOnInitialRow(v, model, rules, q, members, inserts, initial));
        return new Preferences(out, checks);
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
        return onEachSelector(
                ctx,
                rules,
                q,
                edges,
                (s, reader, writer) -> {
                    var c = s.conflict();
                    BoolExpr both =
                            rules.terms()
                                    .assumingFieldsNotNull(
                                            () ->
                                                    ctx.mkAnd(
                                                            rules.exec(c.c1(), reader, true),
                                                            rules.exec(c.c2(), writer, true)));
                    // an unguarded statement's is TRUE: no preference, no extra solve
                    return both.simplify().isTrue() ? Optional.empty() : Optional.of(both);
                });
    }

    /** What {@link #onEachSelector} asks of one selector at its two statements' sites. */
    private interface SelectorFact {
        Optional<BoolExpr> of(CycleQuery.Selector s, Site first, Site second);
    }

    /**
     * For each candidate selector of each edge, in order, its flag implies the fact, where the fact
     * gives one; the sites are the edge's first and second statements' in the cycle's transactions.
     */
    private static List<BoolExpr> onEachSelector(
            Context ctx,
            AccessRules rules,
            CycleQuery.Built q,
            List<List<CycleQuery.Selector>> edges,
            SelectorFact fact) {
        List<BoolExpr> out = new ArrayList<>();
        int k = edges.size();
        for (int i = 0; i < k; i++) {
            Expr<?> t1 = q.txns().get(i), t2 = q.txns().get((i + 1) % k);
            for (CycleQuery.Selector s : edges.get(i)) {
                var c = s.conflict();
                fact.of(
                                s,
                                rules.site(c.c1(), c.t1(), t1, s.first()),
                                rules.site(c.c2(), c.t2(), t2, s.second()))
                        .ifPresent(x -> out.add(ctx.mkImplies(s.flag(), x)));
            }
        }
        return out;
    }

    /**
     * On each chosen edge that is a predicate anti-dependency on a column its SELECT's WHERE
     * mentions, the version read or the version written matches that WHERE ({@link
     * AccessRules#predicateMatchChanges}): the query, like the paper, lets a WHERE read its columns
     * on rows it never matches, and a watch.sql witness had Notify "read" the title of a row whose
     * {@code notified} was set in both versions, an edge no recorded history has (benchmarks/
     * RESULTS.md stop 43). Asked with {@link #edgeGuards}.
     */
    static List<BoolExpr> predicateMatches(
            Context ctx,
            AccessRules rules,
            CycleQuery.Built q,
            List<List<CycleQuery.Selector>> edges) {
        return onEachSelector(
                ctx,
                rules,
                q,
                edges,
                (s, reader, writer) ->
                        rules.predicateMatchChanges(s.conflict(), reader, writer, s.record()));
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
    static List<Site> groundSites(
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
    static Transaction statementType(ProgramModel model, String name) {
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
