package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Global;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import isocheck.witness.Valuation;
import java.util.ArrayList;
import java.util.List;

/**
 * One satisfiability check whose answer and model depend only on the query's assertions. Z3 is
 * deterministic for one sequence of API calls, but the encoder's sequence is not one: the Java
 * binding frees a term when the garbage collector reclaims its wrapper, Z3 recycles the freed term
 * ids, and term ids order Z3's internal tables, so the same assertions built in one context gave
 * different models (and witnesses) from run to run. Here the assertions are copied into a fresh
 * context that holds nothing else by Z3's translation (which rebuilds them bottom-up in the order
 * of their structure: the same formulas, the same ids) and solved there under a fixed {@link
 * RestartSchedule} of seeds and resource limits: the <em>canonical model</em>.
 *
 * <p>The caller reads the canonical model through its own terms, each translated into the canonical
 * context as it is read ({@link isocheck.witness.Valuation}): translation maps a term to the one
 * the translated assertions use. Until 2026-11-24 the copy went through the SMT-LIB text of {@link
 * SmtLibText}, and the model was carried back to the encoder's context by pinning every constant
 * and function value there and solving again; that second solve took up to 33 s on one TPC-C query,
 * and it left free whatever the pins did not cover, which the {@code --all} harvest read (two runs
 * enumerated different witnesses).
 */
final class ReproducibleCheck {

    /**
     * Z3's global seeds, fixed explicitly (0 is Z3's default); each attempt sets its solver's own.
     */
    static final String SEED = "0";

    static {
        Global.setParameter("smt.random_seed", SEED);
        Global.setParameter("sat.random_seed", SEED);
    }

    /**
     * The answer; when satisfiable, the canonical model and the open context it lives in (closed by
     * {@link #close}, unless {@link #recheck} took it over); Z3's reason when unknown. The context
     * keeps the solver that answered and every object read from it ({@link #valuation}), so that an
     * {@code --all} enumeration can go on solving there.
     */
    static final class Answer implements AutoCloseable {
        private final Status status;
        private final Context context;
        private final Solver solver;
        private final Model model;
        private final String reasonUnknown;
        private final Cancellation registry;
        private final List<Object> retained;
        private final int terms;

        private boolean handedOn;
        private ModelCopy reading;

        private Answer(
                Status status,
                Context context,
                Solver solver,
                Model model,
                String reasonUnknown,
                Cancellation registry,
                List<Object> retained,
                int terms) {
            this.status = status;
            this.context = context;
            this.solver = solver;
            this.model = model;
            this.reasonUnknown = reasonUnknown;
            this.registry = registry;
            this.retained = retained;
            this.terms = terms;
            if (model != null) retained.add(model);
        }

        static Answer without(Status status, String reasonUnknown, Cancellation registry) {
            return new Answer(status, null, null, null, reasonUnknown, registry, null, 0);
        }

        Status status() {
            return status;
        }

        String reasonUnknown() {
            return reasonUnknown;
        }

        /** The canonical model, read through terms of {@code termContext}. */
        Valuation valuation(Context termContext) {
            return Valuation.translating(model, context, termContext, retained);
        }

        /**
         * The canonical model, copied into a context of its own ({@link ModelCopy}) and read there
         * through terms of {@code termContext}: for an answer whose context {@link #recheck} solves
         * in again. Reads in the solving context create terms there (every translated term, every
         * evaluation), and the next solve's term ids, and with them its model, then depended on
         * what the witness extraction happened to read: a change to the extraction moved an {@code
         * --all} enumeration's later witnesses (AuctionMark at READ COMMITTED, from witness 12 on).
         * The copy leaves the solving context as the query and its blocking clauses made it.
         */
        Valuation detachedValuation(Context termContext) {
            if (reading == null) reading = ModelCopy.of(model, context);
            return Valuation.translating(
                    reading.model(), reading.context(), termContext, new ArrayList<>());
        }

        @Override
        public void close() {
            if (reading != null) {
                reading.close();
                reading = null;
            }
            if (context == null || handedOn) return;
            registry.leave(context);
            context.close();
        }
    }

    private ReproducibleCheck() {}

    /** The resource units a solver used (Z3's deterministic work count), for --progress lines. */
    static long rlimitCount(Solver s) {
        for (com.microsoft.z3.Statistics.Entry e : s.getStatistics().getEntries())
            if (e.Key.equals("rlimit count")) return Long.parseLong(e.getValueString());
        return -1;
    }

    /**
     * Solves the assertions canonically under {@link RestartSchedule#DEFAULT}: an attempt cut short
     * by its resource limit is followed by the next, in a fresh context again (Z3's limit counts
     * per context). The encoder's own context is not asked first: for a satisfiable query that was
     * a second solve, as long as the canonical one, with a heavy tail of its own. Contexts are
     * registered with {@code cancel} while they solve; a satisfiable answer's context stays
     * registered until the caller leaves it.
     */
    static Answer check(BoolExpr[] assertions, int timeoutSeconds, Cancellation cancel) {
        return checkWithin(assertions, timeoutSeconds * 1000L, cancel);
    }

    /** {@link #check} with the time limit in milliseconds (a proof's shorter budgets). */
    static Answer checkWithin(BoolExpr[] assertions, long timeoutMillis, Cancellation cancel) {
        return checkWithin(assertions, timeoutMillis, cancel, RestartSchedule.DEFAULT);
    }

    /** {@link #checkWithin} under another schedule ({@link RestartSchedule#RESOLVE}). */
    private static Answer checkWithin(
            BoolExpr[] assertions,
            long timeoutMillis,
            Cancellation cancel,
            RestartSchedule schedule) {
        boolean progress = Boolean.getBoolean("isocheck.progress");
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        String reason = "timeout";
        for (RestartSchedule.Attempt a : schedule.attempts()) {
            long leftMs = (deadline - System.nanoTime()) / 1_000_000;
            if (leftMs <= 0 || cancel.cancelled()) break;
            Context fresh = new Context();
            boolean keep = false;
            cancel.enter(fresh);
            try {
                Solver s = a.simple() ? fresh.mkSimpleSolver() : fresh.mkSolver();
                Params p = fresh.mkParams();
                p.add("timeout", (int) Math.min(leftMs, Integer.MAX_VALUE));
                p.add("random_seed", a.seed());
                BoolExpr[] copied = new BoolExpr[assertions.length];
                int terms = 0;
                for (int i = 0; i < assertions.length; i++) {
                    copied[i] = (BoolExpr) assertions[i].translate(fresh);
                    // ids count up from 0 in a fresh context and a term's come after its subterms'
                    terms = Math.max(terms, copied[i].getId() + 1);
                }
                if (a.limited()) p.add("rlimit", a.rlimit(terms));
                s.setParameters(p);
                s.add(copied);
                long t0 = System.nanoTime();
                Status st = s.check();
                if (progress) {
                    System.err.println(
                            "canonical solve (seed "
                                    + a.seed()
                                    + ", "
                                    + terms
                                    + " terms, rlimit "
                                    + (a.limited() ? a.rlimit(terms) : 0)
                                    + "): "
                                    + st
                                    + " "
                                    + (System.nanoTime() - t0) / 1_000_000
                                    + " ms, "
                                    + rlimitCount(s)
                                    + " units"
                                    + (st == Status.UNKNOWN
                                            ? " (" + s.getReasonUnknown() + ")"
                                            : ""));
                }
                if (st == Status.UNSATISFIABLE) return Answer.without(st, null, cancel);
                if (st == Status.UNKNOWN) {
                    reason = s.getReasonUnknown();
                    // only this attempt's resource limit moves on (Z3 4.11 words it "canceled",
                    // as it does a timeout): not the query's time limit, not a cancel, not
                    // incompleteness. The kernel-alone attempt moves on from any unknown (it
                    // words its limit "unknown"): the full solver behind it still has its say
                    boolean limit =
                            a.simple()
                                    || reason.contains("resource")
                                    || reason.contains("canceled");
                    if (a.limited() && limit && !cancel.cancelled() && System.nanoTime() < deadline)
                        continue;
                    return Answer.without(st, reason, cancel);
                }
                keep = true;
                List<Object> retained = new ArrayList<>();
                retained.add(copied);
                Answer answer =
                        new Answer(st, fresh, s, s.getModel(), null, cancel, retained, terms);
                return answer;
            } finally {
                if (!keep) {
                    cancel.leave(fresh);
                    fresh.close();
                }
            }
        }
        return Answer.without(Status.UNKNOWN, reason, cancel);
    }

    /**
     * Units per term of an incremental re-solve ({@link #recheck}), at least {@link
     * RestartSchedule#SIMPLE_MIN_LIMIT}; 0 solves every blocked query afresh (system property
     * {@code isocheck.incrementalFactor}, for paired measurements). 300 until static12: once the
     * re-solve afresh behind it lost its kernel-alone attempt and most of its restarts, an
     * incremental attempt that would answer late cost more than the fresh solve (TPC-C psi-cc
     * {@code --all}: 113.7 M units at 300, 111.4 M at 150; benchmarks/RESULTS.md, stop 23).
     */
    static final int INCREMENTAL_FACTOR = Integer.getInteger("isocheck.incrementalFactor", 150);

    /**
     * The query {@code all}, which is {@code prev}'s query with {@code added} asserted too (an
     * {@code --all} enumeration's blocking clauses), solved in prev's canonical context by the
     * solver that answered it. After the SMT kernel alone ({@code mkSimpleSolver}) Z3 keeps what it
     * learned there (lemmas, internalized terms), where a fresh context starts over; the default
     * solver, once an assertion follows its first check, answers with its incremental SMT kernel,
     * which had not solved before (Z3's combined solver, "incremental mode"); that still saves the
     * translation and its later re-solves keep their lemmas, and on TPC-C's psi-cc enumeration,
     * answered more re-solves within the limit than it lost (ruling it out raised the enumeration's
     * Z3 resource units from 115 M to 217 M; benchmarks/RESULTS.md, branch static5). Only when that
     * attempt, under a resource limit of its own, does not settle it is {@code all} solved afresh
     * by {@link #checkWithin}, so the answer is the one a fresh solve gives, sat or unsat either
     * way. The model is still a function of the query and the enumeration so far: the context saw
     * the translated assertions, the solves and these clauses, all in an order fixed by the query
     * (earlier models are read from copies, {@link Answer#detachedValuation}, and what the
     * translations create here is kept alive in {@code retained}, so no term is freed at a moment
     * the garbage collector chooses); the limit counts Z3's resource units, not time. Takes over
     * prev's context (closing prev then leaves it open); the caller closes the result.
     */
    static Answer recheck(
            Answer prev,
            BoolExpr[] added,
            BoolExpr[] all,
            int timeoutSeconds,
            Cancellation cancel) {
        if (INCREMENTAL_FACTOR <= 0 || prev.context == null || prev.handedOn)
            return check(all, timeoutSeconds, cancel);
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        prev.handedOn = true;
        Context c = prev.context;
        Solver s = prev.solver;
        boolean keep = false;
        try {
            long leftMs = (deadline - System.nanoTime()) / 1_000_000;
            if (leftMs <= 0 || cancel.cancelled())
                return Answer.without(Status.UNKNOWN, "timeout", cancel);
            BoolExpr[] copied = new BoolExpr[added.length];
            for (int i = 0; i < added.length; i++) copied[i] = (BoolExpr) added[i].translate(c);
            prev.retained.add(copied);
            int rlimit =
                    (int)
                            Math.min(
                                    Integer.MAX_VALUE,
                                    Math.max(
                                            RestartSchedule.SIMPLE_MIN_LIMIT,
                                            (long) INCREMENTAL_FACTOR * prev.terms));
            Params p = c.mkParams();
            p.add("timeout", (int) Math.min(leftMs, Integer.MAX_VALUE));
            p.add("rlimit", rlimit);
            s.setParameters(p);
            s.add(copied);
            long before = rlimitCount(s);
            long t0 = System.nanoTime();
            Status st = s.check();
            if (Boolean.getBoolean("isocheck.progress")) {
                System.err.println(
                        "incremental solve ("
                                + prev.terms
                                + " terms, +"
                                + added.length
                                + " clauses, rlimit "
                                + rlimit
                                + "): "
                                + st
                                + " "
                                + (System.nanoTime() - t0) / 1_000_000
                                + " ms, "
                                + (rlimitCount(s) - before)
                                + " units"
                                + (st == Status.UNKNOWN ? " (" + s.getReasonUnknown() + ")" : ""));
            }
            if (st == Status.UNSATISFIABLE) return Answer.without(st, null, cancel);
            if (st == Status.SATISFIABLE) {
                keep = true;
                Answer answer =
                        new Answer(st, c, s, s.getModel(), null, cancel, prev.retained, prev.terms);
                return answer;
            }
        } finally {
            if (!keep) {
                cancel.leave(c);
                c.close();
            }
        }
        long leftMs = (deadline - System.nanoTime()) / 1_000_000;
        if (leftMs <= 0) return Answer.without(Status.UNKNOWN, "timeout", cancel);
        return checkWithin(all, leftMs, cancel, RestartSchedule.RESOLVE);
    }
}
