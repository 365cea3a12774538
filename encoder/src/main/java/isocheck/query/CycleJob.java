package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.witness.AloneExecution;
import isocheck.witness.Valuation;
import isocheck.witness.Witness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One cycle query of an analysis, a cycle length and a type sequence (or all types), with its
 * {@code --all} enumeration, asked in a Z3 context of its own: Z3 contexts are not thread-safe, and
 * a context per query also makes the query's terms, and so its {@code --smt-out} text, a function
 * of the query alone (fresh-constant names count from zero in a new {@link Vocabulary}; in a shared
 * one they depended on the queries built before). Jobs are independent: the shapes one enumerates
 * carry its types, so no two jobs block the same shape, and {@link Analysis} merges their results
 * in job order, whichever finished first.
 */
final class CycleJob {

    /**
     * One solver call's record and, with {@code --smt-out}, the text to write (the driver writes
     * it, in order).
     */
    record Asked(Analysis.Query query, String smtText) {}

    /**
     * What the job found: its solver calls, the anomalies in the order found, and the name and
     * reason of the query that answered unknown, if one did (the job stops there).
     */
    record Result(
            List<Asked> asked, List<Witness> found, String unknownQuery, String unknownReason) {}

    /**
     * Test seam: each found model is also read through this many new terms, as a witness extraction
     * that reads more would; the enumeration must not change (AllWitnessesReproducibleTest).
     */
    static volatile int extraReadsForTest;

    private final Program program;
    private final Spec spec;
    private final Analysis.Options opts;
    private final Encoder.Mode mode;
    private final int k;
    private final TypeSequence seq;

    /**
     * @param seq the type sequence, or null for one query over all types
     */
    CycleJob(
            Program program,
            Spec spec,
            Analysis.Options opts,
            Encoder.Mode mode,
            int k,
            TypeSequence seq) {
        this.program = program;
        this.spec = spec;
        this.opts = opts;
        this.mode = mode;
        this.k = k;
        this.seq = seq;
    }

    int k() {
        return k;
    }

    /** The type sequence, or null for one query over all types. */
    TypeSequence sequence() {
        return seq;
    }

    /** The query's terms in the job's context. */
    private record Encoded(
            Vocabulary v,
            ProgramModel model,
            Encoder encoder,
            CycleQuery.Built q,
            List<Part> parts) {}

    /** Builds the query in {@code ctx}. */
    private Encoded encode(Context ctx) throws SpecException {
        return encode(ctx, null);
    }

    /**
     * Builds the query in {@code ctx}, with one more transaction of type {@code outside} on no edge
     * when that is not null ({@link CycleQuery#withOutside}).
     */
    private Encoded encode(Context ctx, String outside) throws SpecException {
        Vocabulary v = new Vocabulary(ctx, program);
        ProgramModel model = new ProgramModel(program);
        Encoder encoder =
                new Encoder(v, model, mode)
                        .assumeUniqueInserts(opts.uniqueKeys())
                        .keyModel(opts.keys())
                        .assumeKeysBelowCounters(opts.keysBelowCounters())
                        .forSpec(spec);
        CycleQuery.Built q =
                outside != null
                        ? CycleQuery.withOutside(v, encoder, k, seq, outside)
                        : seq == null
                                ? CycleQuery.build(v, encoder, k)
                                : CycleQuery.build(v, encoder, seq);
        List<Part> parts = encoder.encode(spec, q.txns(), q.records(), q.ground(), q.fixedTypes());
        return new Encoded(v, model, encoder, q, parts);
    }

    /** The query's assertions: the encoding's parts but the disabled rules, then the cycle's. */
    private BoolExpr[] assertions(Context ctx, Encoded e) {
        List<BoolExpr> out = new ArrayList<>();
        for (Part part : e.parts()) {
            boolean off = false;
            for (String d : opts.disabledRules()) if (part.name().startsWith(d)) off = true;
            if (!off) out.add(part.formula());
        }
        for (Part part : e.q().parts()) out.add(part.formula());
        if (seq == null && !opts.types().isEmpty())
            out.add(CycleShapes.typeMultiset(ctx, e.v(), e.q().txns().subList(0, k), opts.types()));
        return out.toArray(new BoolExpr[0]);
    }

    /** The canonical solve's limit for {@link ClosedWorldViews}' preference, in seconds. */
    private static final int CLOSED_WORLD_SECONDS = 20;

    /**
     * The witness of one cycle shape: with {@code closedWorld} at a database's own level, from a
     * model of the query with the shape pinned and {@link ClosedWorldViews}' constraints when that
     * is satisfiable within {@link #CLOSED_WORLD_SECONDS} (a witness whose schedule the cycle's
     * transactions alone can replay), else from the query's own model m. When the shape's own
     * statements have none, another statement pair of its class (the types, kinds and tables {@code
     * --all} enumerates) may: AuctionMark's NewBid pair read {@code i_num_bids} in one branch of an
     * IF and wrote it in the other, which needs a third NewBid between them, where the same class
     * with both in one branch replays alone (benchmarks/RESULTS.md stop 37). Either model satisfies
     * the query, so the verdict is the same; only the witness may differ.
     */
    private Witness witness(
            Context ctx,
            Encoded e,
            BoolExpr[] assertions,
            Valuation m,
            List<CycleQuery.Selector> shape,
            Cancellation cancel) {
        ClosedWorldViews.Preferences prefs =
                opts.closedWorld() && e.encoder().databaseLevel()
                        ? ClosedWorldViews.of(
                                e.v(), e.model(), e.encoder(), e.q(), assertions, shape)
                        : new ClosedWorldViews.Preferences(List.of(), List.of());
        List<BoolExpr> views = prefs.base();
        List<BoolExpr> checks = prefs.checks();
        if (views.isEmpty())
            return WitnessExtractor.extract(m, e.v(), e.q(), shape, e.encoder().rules(), e.model());
        List<BoolExpr> loops = ClosedWorldViews.loops(e.v(), e.encoder(), e.q(), shape);
        List<List<CycleQuery.Selector>> own = new ArrayList<>();
        for (CycleQuery.Selector s : shape) own.add(List.of(s));
        Attempt pinned =
                alone(
                        ctx,
                        e,
                        assertions,
                        concat(views, ClosedWorldViews.pins(shape)),
                        loops,
                        checks,
                        own,
                        cancel);
        if (pinned.found()) return pinned.witness();
        List<List<CycleQuery.Selector>> cls = ClosedWorldViews.classOf(e.q(), shape);
        if (cls.stream().anyMatch(g -> g.size() > 1)) {
            Attempt other =
                    alone(
                            ctx,
                            e,
                            assertions,
                            concat(views, ClosedWorldViews.classPins(ctx, cls)),
                            loops,
                            checks,
                            cls,
                            cancel);
            if (other.found()) return other.witness();
        }
        // every statement its own snapshot: not InnoDB's REPEATABLE READ (snapshot first_read),
        // whose plain SELECTs share one (its witnesses with one more had no schedule)
        if (!pinned.undecided() && spec.hasStatementSnapshots() && !spec.firstReadSnapshot()) {
            Witness more = withOutside(e, shape, cancel);
            if (more != null) return more;
        }
        if (pinned.witness() != null) return pinned.witness();
        return WitnessExtractor.extract(m, e.v(), e.q(), shape, e.encoder().rules(), e.model())
                .withAlone(pinned.undecided() ? AloneExecution.UNDECIDED : AloneExecution.NONE);
    }

    /**
     * A witness of the shape with one transaction outside the cycle, when its k transactions alone
     * have none, under statement snapshots (READ COMMITTED; docs/postgresql-levels.md §5): for each
     * type that writes a table of the cycle's edges, in program order, the closed-world search of
     * {@link #alone} on the query with one more transaction of that type ({@link
     * CycleQuery#withOutside}), its writes among the closed world's known writes and its statements
     * under the same rules as the cycle's. The first whose deciding tier is satisfiable, with the
     * outside transaction's commit between two statements of a cycle transaction ({@link
     * #between}), gives the witness ({@link AloneExecution#WITH_ONE_MORE}); null when none does.
     * Each in a Z3 context of its own, so the query's terms stay as they were.
     */
    private Witness withOutside(
            Encoded base, List<CycleQuery.Selector> shape, Cancellation cancel) {
        java.util.Set<String> tables = new java.util.HashSet<>();
        for (CycleQuery.Selector s : shape) {
            tables.add(s.conflict().table());
            // a mix of levels: one snapshot per transaction for this type (include L for T)
            if (spec.singleSnapshotFor(s.conflict().t1().name())) return null;
        }
        for (String type : CycleQuery.typeOrder(program)) {
            if (cancel.cancelled()) return null;
            // (an INSERT and a DELETE write @alive)
            boolean writesATable =
                    base.model().facts(type).statements().stream()
                            .anyMatch(sf -> tables.contains(sf.table()) && !sf.writes().isEmpty());
            if (!writesATable || spec.singleSnapshotFor(type)) continue;
            try (Context ctx = new Context()) {
                cancel.enter(ctx);
                try {
                    Encoded e = encode(ctx, type);
                    BoolExpr[] assertions = assertions(ctx, e);
                    List<CycleQuery.Selector> own = new ArrayList<>();
                    for (CycleQuery.Selector s : shape) {
                        List<CycleQuery.Selector> mine = e.q().edges().get(s.edge());
                        // the same candidates in the same order: one program, one encoder setup
                        own.add(mine.get(base.q().edges().get(s.edge()).indexOf(s)));
                    }
                    java.util.Optional<BoolExpr> writes =
                            ClosedWorldViews.outsideWrites(e.v(), e.encoder().rules(), e.q(), own);
                    java.util.Optional<BoolExpr> between =
                            ClosedWorldViews.outsideBetween(e.v(), e.encoder().rules(), e.q(), own);
                    if (writes.isEmpty() || between.isEmpty()) continue;
                    ClosedWorldViews.Preferences prefs =
                            ClosedWorldViews.of(
                                    e.v(), e.model(), e.encoder(), e.q(), assertions, own);
                    List<List<CycleQuery.Selector>> edges = new ArrayList<>();
                    for (CycleQuery.Selector s : own) edges.add(List.of(s));
                    Attempt a =
                            alone(
                                    ctx,
                                    e,
                                    assertions,
                                    concat(
                                            prefs.base(),
                                            ClosedWorldViews.pins(own),
                                            List.of(writes.get(), between.get()),
                                            ClosedWorldViews.outsideNotBetween(
                                                    e.v(), e.encoder().rules(), e.q(), own)),
                                    ClosedWorldViews.loops(e.v(), e.encoder(), e.q(), own),
                                    prefs.checks(),
                                    edges,
                                    cancel);
                    if (a.found() && between(a.witness()))
                        return a.witness().withAlone(AloneExecution.WITH_ONE_MORE);
                } catch (SpecException ex) {
                    return null; // the query's own encoding succeeded: not expected
                } finally {
                    cancel.leave(ctx);
                }
            }
        }
        return null;
    }

    /**
     * One closed-world search's result: its witness (null when no tier was satisfiable), and
     * whether the deciding solve ran out of time.
     */
    private record Attempt(Witness witness, boolean undecided) {
        boolean found() {
            return witness != null && witness.alone() == AloneExecution.FOUND;
        }
    }

    /**
     * One closed-world search over the edges' candidate selectors {@code edges} (one each when
     * pinned): the loops' preferences first, then without them; both with the edges' guards on
     * integer values ({@link ClosedWorldViews#edgeGuards}, {@link
     * ClosedWorldViews#localsOnIntegers}) and their predicate reads' matches ({@link
     * ClosedWorldViews#predicateMatches}), which decide whether the cycle's transactions alone show
     * it; last without the guards, a witness no better than a NONE.
     */
    private Attempt alone(
            Context ctx,
            Encoded e,
            BoolExpr[] assertions,
            List<BoolExpr> closed,
            List<BoolExpr> loops,
            List<BoolExpr> checks,
            List<List<CycleQuery.Selector>> edges,
            Cancellation cancel) {
        List<BoolExpr> guards =
                new ArrayList<>(
                        ClosedWorldViews.edgeGuards(ctx, e.encoder().rules(), e.q(), edges));
        guards.addAll(ClosedWorldViews.predicateMatches(ctx, e.encoder().rules(), e.q(), edges));
        guards.addAll(
                ClosedWorldViews.localsOnIntegers(
                        e.encoder(),
                        ClosedWorldViews.members(e.model(), e.q(), chosenFirst(edges))));
        List<List<BoolExpr>> tiers = new ArrayList<>();
        if (!loops.isEmpty()) tiers.add(concat(closed, loops, guards));
        tiers.add(concat(closed, guards));
        if (!guards.isEmpty()) tiers.add(closed);
        int decisive = tiers.size() - (guards.isEmpty() ? 1 : 2);
        boolean undecided = false;
        for (int n = 0; n < tiers.size(); n++) {
            List<BoolExpr> tier = tiers.get(n);
            BoolExpr[] more = plus(assertions, tier);
            try (ReproducibleCheck.Answer cw =
                    ReproducibleCheck.check(
                            more, Math.min(opts.timeoutSeconds(), CLOSED_WORLD_SECONDS), cancel)) {
                if (cw.status() == Status.SATISFIABLE) {
                    // read from a copy: the checks may be asked in cw's context next
                    Valuation model = cw.detachedValuation(ctx);
                    // the checks, facts of every execution of the cycle alone: a model that breaks
                    // one is asked again with them, where the tier was solved (what Z3 learned
                    // there stays; ReproducibleCheck#recheck, afresh if that runs out);
                    // unsatisfiable then, the tier has no such execution; out of time, the model
                    // stays
                    if (checks.stream().anyMatch(c -> !model.eval(c, true).isTrue())) {
                        try (ReproducibleCheck.Answer again =
                                ReproducibleCheck.recheck(
                                        cw,
                                        checks.toArray(new BoolExpr[0]),
                                        plus(more, checks),
                                        Math.min(opts.timeoutSeconds(), CLOSED_WORLD_SECONDS),
                                        cancel)) {
                            if (again.status() == Status.UNSATISFIABLE) {
                                if (n == decisive) undecided = false;
                                continue;
                            }
                            if (again.status() == Status.SATISFIABLE)
                                return attempt(
                                        e, again.valuation(ctx), edges, n <= decisive, undecided);
                        }
                    }
                    return attempt(e, model, edges, n <= decisive, undecided);
                }
                if (n == decisive) undecided = cw.status() != Status.UNSATISFIABLE;
            }
        }
        return new Attempt(null, undecided);
    }

    /**
     * Whether the transaction outside the cycle commits between two statements of one cycle
     * transaction (one sees it, another does not). One that every statement sees, or none, only
     * stands for another initial state, which the closed world asks for already: such a witness of
     * SEATS' DeleteReservation and NewReservation, and one of two Cancels at REPEATABLE READ,
     * replayed SER-consistent.
     */
    private static boolean between(Witness w) {
        for (int t = 0; t < w.k(); t++) {
            java.util.Set<Integer> sees = new java.util.HashSet<>(),
                    misses = new java.util.HashSet<>();
            for (Witness.Sight x : w.sights()) {
                if (x.txn() != t || x.other() != w.k()) continue;
                (x.sees() ? sees : misses).add(x.statement().pos().line());
            }
            // on two source lines, as ClosedWorldViews#outsideBetween asks
            for (int line : sees) if (misses.stream().anyMatch(l -> l != line)) return true;
        }
        return false;
    }

    /** The assertions and then the constraints, in that order (the canonical solve's input). */
    private static BoolExpr[] plus(BoolExpr[] assertions, List<BoolExpr> more) {
        BoolExpr[] out = Arrays.copyOf(assertions, assertions.length + more.size());
        for (int i = 0; i < more.size(); i++) out[assertions.length + i] = more.get(i);
        return out;
    }

    /** The witness of a closed-world model: FOUND when the tier decides, else as undecided says. */
    private Attempt attempt(
            Encoded e,
            Valuation model,
            List<List<CycleQuery.Selector>> edges,
            boolean decides,
            boolean undecided) {
        Witness w =
                WitnessExtractor.extract(
                                model,
                                e.v(),
                                e.q(),
                                chosen(model, edges),
                                e.encoder().rules(),
                                e.model())
                        .withAlone(
                                decides
                                        ? AloneExecution.FOUND
                                        : undecided
                                                ? AloneExecution.UNDECIDED
                                                : AloneExecution.NONE);
        return new Attempt(w, undecided);
    }

    /** Each edge's first candidate (all of an edge's candidates have its transaction types). */
    private static List<CycleQuery.Selector> chosenFirst(List<List<CycleQuery.Selector>> edges) {
        List<CycleQuery.Selector> out = new ArrayList<>();
        for (List<CycleQuery.Selector> group : edges) out.add(group.get(0));
        return out;
    }

    /**
     * On each edge, the first candidate selector whose flag and necessary condition hold in the
     * model (ClosedWorldViews#classPins asks for one such on each edge).
     */
    private static List<CycleQuery.Selector> chosen(
            Valuation m, List<List<CycleQuery.Selector>> edges) {
        List<CycleQuery.Selector> out = new ArrayList<>();
        for (List<CycleQuery.Selector> group : edges) {
            CycleQuery.Selector pick = group.get(0);
            for (CycleQuery.Selector s : group)
                if (m.eval(s.flag(), true).isTrue() && m.eval(s.eta(), true).isTrue()) {
                    pick = s;
                    break;
                }
            out.add(pick);
        }
        return out;
    }

    @SafeVarargs
    private static List<BoolExpr> concat(List<BoolExpr>... lists) {
        List<BoolExpr> out = new ArrayList<>();
        for (List<BoolExpr> l : lists) out.addAll(l);
        return out;
    }

    /**
     * Asks the query (every shape with {@code all}); stops early, with a partial result, when
     * cancelled.
     */
    Result run(Cancellation cancel) throws SpecException {
        List<Asked> asked = new ArrayList<>();
        List<Witness> found = new ArrayList<>();
        try (Context ctx = new Context()) {
            cancel.enter(ctx);
            try {
                Encoded e = encode(ctx);
                CycleQuery.Built q = e.q();
                // only collects the assertions (the canonical solve is another context's):
                // a solver for tactic skip keeps them as given, where the default solver also
                // preprocessed each into its incremental SMT kernel (4% of TPC-C per-transaction
                // samples, RESULTS 2026-11-26 static6); the same list, so the same query
                Solver solver = ctx.mkSolver(ctx.mkTactic("skip"));
                solver.add(assertions(ctx, e));
                Set<String> shapes = new LinkedHashSet<>();
                // the query without --all's blocking clauses: a witness's closed-world solve pins
                // its own shape, which no clause has blocked yet, and solving without the others'
                // blocks is as fast as the query's first solve (with them, 6-9 s per TPC-C witness)
                BoolExpr[] query = solver.getAssertions();
                // --all: the last satisfiable answer, whose canonical context the next blocked
                // query is solved in (ReproducibleCheck#recheck), and how many of the solver's
                // assertions that context has
                ReproducibleCheck.Answer last = null;
                int asserted = 0;
                try {
                    for (int n = 1; !cancel.cancelled(); n++) {
                        String name =
                                "cycle k="
                                        + k
                                        + (seq == null ? "" : " [" + seq.label() + "]")
                                        + (n > 1 ? " #" + n : "")
                                        + " under "
                                        + spec.name();
                        Path file = null;
                        String text = null;
                        if (opts.smtOut() != null) {
                            file =
                                    opts.smtOut()
                                            .resolve(
                                                    "cycle-k"
                                                            + k
                                                            + (seq == null
                                                                    ? ""
                                                                    : "-" + seq.fileStem())
                                                            + "-"
                                                            + n
                                                            + ".smt2");
                            text = SmtFiles.smtText(name, program, spec, solver);
                        }
                        long t0 = System.nanoTime();
                        BoolExpr[] assertions = solver.getAssertions();
                        ReproducibleCheck.Answer r =
                                last == null
                                        ? ReproducibleCheck.check(
                                                assertions, opts.timeoutSeconds(), cancel)
                                        : ReproducibleCheck.recheck(
                                                last,
                                                Arrays.copyOfRange(
                                                        assertions, asserted, assertions.length),
                                                assertions,
                                                opts.timeoutSeconds(),
                                                cancel);
                        if (last != null) last.close(); // r has its context, if it kept it
                        last = null;
                        boolean goOn = false;
                        try {
                            Status st = r.status();
                            if (st == Status.SATISFIABLE) {
                                // the canonical model, read through this context's terms
                                // (translated on each read); under --all from a copy, since
                                // the next blocked query is solved in r's context
                                Valuation m =
                                        opts.all() ? r.detachedValuation(ctx) : r.valuation(ctx);
                                for (int ex = 0; ex < extraReadsForTest; ex++)
                                    m.eval(
                                            ctx.mkAdd(ctx.mkIntConst("extra" + ex), ctx.mkInt(ex)),
                                            true);
                                List<CycleQuery.Selector> chosen = WitnessExtractor.chosen(m, q);
                                if (!opts.all()) {
                                    found.add(witness(ctx, e, query, m, chosen, cancel));
                                } else {
                                    for (List<CycleQuery.Selector> shape :
                                            CycleShapes.shapesOf(m, q, chosen)) {
                                        if (!shapes.add(CycleShapes.shapeKey(shape))) continue;
                                        found.add(witness(ctx, e, query, m, shape, cancel));
                                        CycleShapes.block(ctx, solver, q, shape);
                                    }
                                }
                            }
                            long ms = (System.nanoTime() - t0) / 1_000_000;
                            asked.add(
                                    new Asked(
                                            new Analysis.Query(
                                                    name,
                                                    k,
                                                    st.toString().toLowerCase(),
                                                    ms,
                                                    file,
                                                    seq),
                                            text));
                            if (st == Status.UNKNOWN)
                                return new Result(asked, found, name, r.reasonUnknown());
                            if (st == Status.UNSATISFIABLE || !opts.all()) break;
                            goOn = true;
                        } finally {
                            if (goOn) {
                                last = r;
                                asserted = assertions.length;
                            } else {
                                r.close();
                            }
                        }
                    }
                } finally {
                    if (last != null) last.close();
                }
            } finally {
                cancel.leave(ctx);
            }
        }
        return new Result(asked, found, null, null);
    }
}
