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
        Vocabulary v = new Vocabulary(ctx, program);
        ProgramModel model = new ProgramModel(program);
        Encoder encoder =
                new Encoder(v, model, mode)
                        .assumeUniqueInserts(opts.uniqueKeys())
                        .keyModel(opts.keys())
                        .assumeKeysBelowCounters(opts.keysBelowCounters())
                        .forSpec(spec);
        CycleQuery.Built q =
                seq == null ? CycleQuery.build(v, encoder, k) : CycleQuery.build(v, encoder, seq);
        List<Part> parts = encoder.encode(spec, q.txns(), q.records(), q.ground(), q.fixedTypes());
        return new Encoded(v, model, encoder, q, parts);
    }

    /** The canonical solve's limit for {@link ClosedWorldViews}' preference, in seconds. */
    private static final int CLOSED_WORLD_SECONDS = 20;

    /**
     * The witness of one cycle shape: with {@code closedWorld} at a database's own level, from a
     * model of the query with the shape pinned and {@link ClosedWorldViews}' constraints (first
     * with its loops' preferences, then without) when that is satisfiable within {@link
     * #CLOSED_WORLD_SECONDS} (a witness whose schedule the cycle's transactions alone can replay),
     * else from the query's own model m. Either model satisfies the query, so the verdict is the
     * same; only the witness's values may differ.
     */
    private Witness witness(
            Context ctx,
            Encoded e,
            BoolExpr[] assertions,
            Valuation m,
            List<CycleQuery.Selector> shape,
            Cancellation cancel) {
        List<BoolExpr> closed =
                opts.closedWorld() && e.encoder().databaseLevel()
                        ? ClosedWorldViews.of(
                                e.v(), e.model(), e.encoder(), e.q(), assertions, shape)
                        : List.of();
        if (closed.isEmpty())
            return WitnessExtractor.extract(m, e.v(), e.q(), shape, e.encoder().rules(), e.model());
        // the loops' preferences first, then without them (ClosedWorldViews#loops)
        List<BoolExpr> loops = ClosedWorldViews.loops(e.v(), e.encoder(), e.q(), shape);
        List<List<BoolExpr>> tiers = new ArrayList<>();
        if (!loops.isEmpty()) {
            List<BoolExpr> both = new ArrayList<>(closed);
            both.addAll(loops);
            tiers.add(both);
        }
        tiers.add(closed);
        for (List<BoolExpr> tier : tiers) {
            BoolExpr[] more = Arrays.copyOf(assertions, assertions.length + tier.size());
            for (int i = 0; i < tier.size(); i++) more[assertions.length + i] = tier.get(i);
            try (ReproducibleCheck.Answer cw =
                    ReproducibleCheck.check(
                            more, Math.min(opts.timeoutSeconds(), CLOSED_WORLD_SECONDS), cancel)) {
                if (cw.status() == Status.SATISFIABLE)
                    return WitnessExtractor.extract(
                            cw.valuation(ctx), e.v(), e.q(), shape, e.encoder().rules(), e.model());
            }
        }
        return WitnessExtractor.extract(m, e.v(), e.q(), shape, e.encoder().rules(), e.model());
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
                for (Part part : e.parts()) {
                    boolean off = false;
                    for (String d : opts.disabledRules()) if (part.name().startsWith(d)) off = true;
                    if (!off) solver.add(part.formula());
                }
                for (Part part : q.parts()) solver.add(part.formula());
                if (seq == null && !opts.types().isEmpty())
                    solver.add(CycleShapes.typeMultiset(ctx, e.v(), q.txns(), opts.types()));
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
