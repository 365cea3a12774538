package isocheck.weakest;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.query.AnalysisStop;
import isocheck.query.KnownUnsat;
import isocheck.query.LikelySat;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The bounded analysis of the assignment {@link AssignmentSearch} will most likely query next,
 * started on another thread while the current one is asked. Most assignments of a per-transaction
 * search end at their first, satisfiable query, which {@link LikelySat} keeps from running beside
 * later ones, so one core idled for most of the search (TPC-C: 18.7 s CPU in 15.6 s wall on 2
 * cores; benchmarks/RESULTS.md, stop 30). It is started only when its first query is one the search
 * has seen satisfiable before ({@link Analysis#likelyOneQuery}), asks that one query only, in the
 * background ({@link AnalysisStop}: on one thread, on a core the current analysis leaves free),
 * with what the search knew when it started; an analysis that needs more answers unknown and the
 * search asks it itself. Its outcome is used only if the search then queries that same assignment,
 * and only after {@link Analysis#assumingKnown} has dropped the queries the search learned
 * unsatisfiable meanwhile: the outcome, and with it the whole search's report, is the one the
 * sequential search gives. Otherwise it is stopped and dropped.
 */
final class SpeculativeAnalysis {

    private static final ExecutorService POOL =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "isocheck-speculation");
                        t.setDaemon(true);
                        return t;
                    });

    /**
     * Whether the search speculates (system property {@code isocheck.speculateAssignments}, true by
     * default: false for paired measurements and the agreement test); never on one processor.
     */
    static boolean enabled() {
        return Runtime.getRuntime().availableProcessors() > 1
                && Boolean.parseBoolean(
                        System.getProperty("isocheck.speculateAssignments", "true"));
    }

    private final Assignment assignment;
    private final Spec spec;
    private final AnalysisStop stop = new AnalysisStop(true);
    private final Future<Analysis.Outcome> outcome;

    /**
     * Starts it.
     *
     * @param known what the search knows unsatisfiable now, as a snapshot (the search goes on
     *     learning)
     * @param likely likewise a snapshot
     */
    SpeculativeAnalysis(
            Assignment assignment,
            Spec spec,
            Program program,
            Analysis.Options opts,
            KnownUnsat known,
            LikelySat likely) {
        this.assignment = assignment;
        this.spec = spec;
        // one query at a time, and only on a core the current analysis leaves free
        Analysis.Options one = opts.withThreads(1);
        this.outcome = POOL.submit(() -> Analysis.run(program, spec, one, known, likely, stop));
    }

    Assignment assignment() {
        return assignment;
    }

    /**
     * The outcome as the search would have had it asking now with {@code now} known; null when it
     * must ask itself (the speculative outcome was unknown).
     */
    Analysis.Outcome outcome(Program program, Analysis.Options opts, KnownUnsat now)
            throws SpecException {
        Analysis.Outcome o;
        try {
            o = awaitUninterruptibly();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SpecException se) throw se;
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
        return Analysis.assumingKnown(o, program, spec, opts, now);
    }

    /** Stops it and waits until it has closed its Z3 contexts. */
    void abandon() {
        stop.stop();
        try {
            awaitUninterruptibly();
        } catch (ExecutionException ignored) {
            // its answer is not used
        }
    }

    private Analysis.Outcome awaitUninterruptibly() throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return outcome.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }
}
