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

    /** {@link #checkWithin} under another schedule ({@link RestartSchedule#RESOLVE}, tests). */
    static Answer checkWithin(
            BoolExpr[] assertions,
            long timeoutMillis,
            Cancellation cancel,
            RestartSchedule schedule) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        String reason = "timeout";
        List<RestartSchedule.Attempt> attempts = schedule.attempts();
        Side ahead = null;
        try {
            for (int i = 0; i < attempts.size(); i++) {
                long leftMs = (deadline - System.nanoTime()) / 1_000_000;
                if (leftMs <= 0 || cancel.cancelled()) break;
                RestartSchedule.Attempt a = attempts.get(i);
                Side running = null;
                Prepared cur;
                if (ahead != null) {
                    running = ahead;
                    cur = ahead.prepared;
                    ahead = null;
                } else {
                    cur = Prepared.of(a, assertions, leftMs, cancel);
                }
                boolean keep = false;
                try {
                    // the next attempt beside this one while a core is free: the answer is still
                    // the first attempt in the schedule's order that gives one (each attempt's
                    // outcome is its own context's, under its own resource limit), so only the
                    // wall time changes
                    if (running == null
                            && a.limited()
                            && i + 1 < attempts.size()
                            && cancel.sideAttempts()
                            && SideAttempts.tryTakeCore())
                        ahead = Side.start(attempts.get(i + 1), assertions, leftMs, cancel);
                    Outcome o = running != null ? running.await() : cur.solve();
                    o.print();
                    Status st = o.status();
                    if (st == Status.UNSATISFIABLE) return Answer.without(st, null, cancel);
                    if (st == Status.UNKNOWN) {
                        reason = o.reasonUnknown();
                        // only this attempt's resource limit moves on (Z3 4.11 words it
                        // "canceled", as it does a timeout): not the query's time limit, not a
                        // cancel, not incompleteness. The kernel-alone attempt moves on from any
                        // unknown (it words its limit "unknown"): the full solver behind it still
                        // has its say
                        boolean limit =
                                a.simple()
                                        || reason.contains("resource")
                                        || reason.contains("canceled");
                        if (a.limited()
                                && limit
                                && !cancel.cancelled()
                                && System.nanoTime() < deadline) continue;
                        return Answer.without(st, reason, cancel);
                    }
                    keep = true;
                    List<Object> retained = new ArrayList<>();
                    retained.add(cur.copied());
                    return new Answer(
                            st,
                            cur.context(),
                            cur.solver(),
                            cur.solver().getModel(),
                            null,
                            cancel,
                            retained,
                            cur.terms());
                } finally {
                    if (!keep) cur.close(cancel);
                }
            }
            return Answer.without(Status.UNKNOWN, reason, cancel);
        } finally {
            if (ahead != null) ahead.abandon(cancel);
        }
    }

    /**
     * One attempt's fresh context with the assertions translated into it and the solver set up,
     * built on the calling thread (the assertions' context is the caller's), in the order the
     * sequential schedule always used: the same terms, the same ids, the same answer.
     */
    private record Prepared(
            RestartSchedule.Attempt attempt,
            Context context,
            Solver solver,
            BoolExpr[] copied,
            int terms) {

        static Prepared of(
                RestartSchedule.Attempt a,
                BoolExpr[] assertions,
                long leftMs,
                Cancellation cancel) {
            Context fresh = new Context();
            cancel.enter(fresh);
            boolean ok = false;
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
                ok = true;
                return new Prepared(a, fresh, s, copied, terms);
            } finally {
                if (!ok) {
                    cancel.leave(fresh);
                    fresh.close();
                }
            }
        }

        Outcome solve() {
            long t0 = System.nanoTime();
            Status st = solver.check();
            return new Outcome(
                    this,
                    st,
                    st == Status.UNKNOWN ? solver.getReasonUnknown() : null,
                    (System.nanoTime() - t0) / 1_000_000,
                    progress() ? rlimitCount(solver) : -1);
        }

        void close(Cancellation cancel) {
            cancel.leave(context);
            context.close();
        }
    }

    private static boolean progress() {
        return Boolean.getBoolean("isocheck.progress");
    }

    /** An attempt's answer, its time and its Z3 resource units (with --progress). */
    private record Outcome(
            Prepared prepared, Status status, String reasonUnknown, long millis, long units) {

        void print() {
            if (!progress()) return;
            RestartSchedule.Attempt a = prepared.attempt();
            System.err.println(
                    "canonical solve (seed "
                            + a.seed()
                            + ", "
                            + prepared.terms()
                            + " terms, rlimit "
                            + (a.limited() ? a.rlimit(prepared.terms()) : 0)
                            + "): "
                            + status
                            + " "
                            + millis
                            + " ms, "
                            + units
                            + " units"
                            + (status == Status.UNKNOWN ? " (" + reasonUnknown + ")" : ""));
        }
    }

    /**
     * An attempt solving on a side thread ({@link SideAttempts}), holding the core it took until it
     * ends. Abandoned when an earlier attempt answers: interrupted (again every 20 ms: an interrupt
     * that reaches a context before its check starts does nothing) and waited for before its
     * context is closed.
     */
    private static final class Side {
        final Prepared prepared;
        private final java.util.concurrent.Future<Outcome> future;
        private volatile boolean abandoned;

        private Side(Prepared prepared) {
            this.prepared = prepared;
            this.future =
                    SideAttempts.POOL.submit(
                            () -> {
                                try {
                                    return abandoned ? null : prepared.solve();
                                } finally {
                                    SideAttempts.leave();
                                }
                            });
        }

        /** Prepares and starts the attempt on the core the caller has taken for it. */
        static Side start(
                RestartSchedule.Attempt a,
                BoolExpr[] assertions,
                long leftMs,
                Cancellation cancel) {
            Prepared prepared;
            try {
                prepared = Prepared.of(a, assertions, leftMs, cancel);
            } catch (RuntimeException | Error e) {
                SideAttempts.leave();
                throw e;
            }
            try {
                return new Side(prepared);
            } catch (RuntimeException | Error e) {
                SideAttempts.leave(); // not submitted: its task never runs
                prepared.close(cancel);
                throw e;
            }
        }

        Outcome await() {
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return future.get();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    } catch (java.util.concurrent.ExecutionException e) {
                        Throwable c = e.getCause();
                        if (c instanceof RuntimeException r) throw r;
                        if (c instanceof Error err) throw err;
                        throw new IllegalStateException(c);
                    }
                }
            } finally {
                if (interrupted) Thread.currentThread().interrupt();
            }
        }

        void abandon(Cancellation cancel) {
            abandoned = true;
            boolean interrupted = false;
            while (!future.isDone()) {
                try {
                    prepared.context().interrupt();
                } catch (com.microsoft.z3.Z3Exception alreadyCanceled) {
                    // stopped already
                }
                try {
                    future.get(20, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException
                        | java.util.concurrent.ExecutionException e) {
                    // not yet, or failed: either way it is not used
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
            if (progress()) {
                Outcome o = null;
                try {
                    o = future.isCancelled() ? null : future.get();
                } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
                    // not used
                }
                // its units are work thrown away: printed apart from the canonical solves'
                if (o != null)
                    System.err.println(
                            "side attempt (seed "
                                    + prepared.attempt().seed()
                                    + ", "
                                    + prepared.terms()
                                    + " terms): abandoned, "
                                    + o.millis()
                                    + " ms, "
                                    + o.units()
                                    + " units");
            }
            prepared.close(cancel);
        }
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
