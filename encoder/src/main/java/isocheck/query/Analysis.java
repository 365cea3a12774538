package isocheck.query;

import isocheck.encoding.Conflict;
import isocheck.encoding.Encoder;
import isocheck.encoding.KeyModel;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.witness.Witness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;

/**
 * Bounded anomaly detection (paper §5.1): for k = 2 … K, is φ_{T,Ψ} ∧ φ_D ∧ φ_Cycle,k satisfiable?
 * Stops at the first k with a cycle; with {@code all}, enumerates every distinct anomaly at that k
 * (distinct by transaction types, edge kinds and tables, up to rotation; see {@link
 * CycleShapes#block}) by blocking clauses over the edge selectors. Each query (a length and a type
 * sequence) is a {@link CycleJob} with a Z3 context of its own; {@link Options#threads} of them run
 * at once and their results are merged in the sequential order. A time limit per query; an unknown
 * answer stops the analysis and names the query.
 */
public final class Analysis {

    public enum Verdict {
        FOUND,
        NONE,
        UNKNOWN
    }

    /**
     * Decompose a cycle length into type-sequence queries only up to this many sequences. Each
     * sequence query is much smaller than the whole (TPC-C, 5 types, k = 4: 39 sequences after
     * pruning; the first 4-cycle under psi-cc in 11 s instead of 20 s), but each also costs a
     * solver call of its own, which does not pay where the whole query is cheap: Courseware's
     * hybrid SI row up to 6 (all unsat; 11, 21, 51, 125, 367 sequences at k = 2 … 6) took 214 s
     * decomposed at every k, 68 s up to k = 5, 2.5 s whole. benchmarks/RESULTS.md has the numbers.
     */
    public static final int DEFAULT_MAX_TYPE_SEQUENCES = 40;

    /**
     * Queries asked at once: the sequence queries of a length (and the lengths after it) are
     * independent. Two, or one on a one-processor machine; each thread holds a Z3 context.
     */
    public static final int DEFAULT_THREADS =
            Math.min(2, Runtime.getRuntime().availableProcessors());

    /**
     * For a command about to read a program and ask queries: starts the query threads and their
     * first Z3 contexts beside it ({@link QueryThreads#warmUp}); nothing on a one-processor
     * machine, where they would only compete with the reading.
     */
    public static void warmUp() {
        if (DEFAULT_THREADS > 1) QueryThreads.warmUp(DEFAULT_THREADS);
    }

    /**
     * @param from the shortest cycle length asked (2 unless a caller wants one length only)
     * @param uniqueKeys the program assumption of {@link Encoder#assumeUniqueInserts}
     * @param maxTypeSequences a cycle length whose cyclic type sequences ({@link
     *     TypeSequence#cycles}) are at most this many is asked one query per sequence ({@link
     *     CycleQuery#build(Vocabulary, Encoder, TypeSequence)}); a longer one, one query over all
     *     types. Same answers either way; {@link #DEFAULT_MAX_TYPE_SEQUENCES} by default, 0 never
     *     decomposes
     * @param threads how many queries are asked at once, each in a Z3 context of its own ({@link
     *     CycleJob}); the results are merged in the sequential order, so the outcome is the same
     *     for every value ({@link #DEFAULT_THREADS} by default)
     * @param keys what a second INSERT of a key does ({@link KeyModel}; the paper's overwrite in
     *     this API by default, SQL's uniqueness in the CLI unless {@code --paper-keys})
     */
    public record Options(
            int from,
            int bound,
            boolean all,
            int timeoutSeconds,
            Path smtOut,
            Encoder.Mode mode,
            boolean uniqueKeys,
            Set<String> disabledRules,
            boolean keysBelowCounters,
            List<String> types,
            int maxTypeSequences,
            int threads,
            KeyModel keys,
            boolean closedWorld) {
        public Options {
            if (keys == null) keys = KeyModel.OVERWRITE;
            if (threads < 1)
                throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }

        public static Options defaults(int bound) {
            return new Options(
                    2,
                    bound,
                    false,
                    60,
                    null,
                    Encoder.Mode.EXPANDED,
                    false,
                    Set.of(),
                    false,
                    List.of(),
                    DEFAULT_MAX_TYPE_SEQUENCES,
                    DEFAULT_THREADS,
                    KeyModel.OVERWRITE,
                    false);
        }

        /**
         * Witnesses at a database's own level from a model of the cycle's transactions alone where
         * one exists ({@link ClosedWorldViews}): for the schedules a replay runs ({@code
         * --schedule-out}). One more solve per witness.
         */
        public Options withClosedWorld(boolean on) {
            return edit(o -> o.closedWorld = on);
        }

        /**
         * What a second INSERT of a key does ({@link KeyModel}); the paper's overwrite by default
         * here, SQL's in the CLI.
         */
        public Options withKeys(KeyModel k) {
            return edit(o -> o.keys = k);
        }

        /** See {@link #threads}: how many queries are asked at once (1: one after the other). */
        public Options withThreads(int n) {
            return edit(o -> o.threads = n);
        }

        /** See {@link #maxTypeSequences}: 0 asks one query over all types per cycle length. */
        public Options withMaxTypeSequences(int n) {
            return edit(o -> o.maxTypeSequences = n);
        }

        /**
         * Only cycles whose transactions have exactly these types (a multiset, any order): asks for
         * one anomaly shape, e.g. the paper's long fork (NewOrder, Payment, 2× OrderStatus).
         */
        public Options withTypes(List<String> t) {
            return edit(o -> o.types = List.copyOf(t));
        }

        /** The initial-state assumption of {@link Encoder#assumeKeysBelowCounters}. */
        public Options withKeysBelowCounters(boolean on) {
            return edit(o -> o.keysBelowCounters = on);
        }

        public Options withAll(boolean a) {
            return edit(o -> o.all = a);
        }

        public Options withMode(Encoder.Mode m) {
            return edit(o -> o.mode = m);
        }

        public Options withSmtOut(Path p) {
            return edit(o -> o.smtOut = p);
        }

        public Options withTimeout(int s) {
            return edit(o -> o.timeoutSeconds = s);
        }

        public Options withFrom(int k) {
            return edit(o -> o.from = k);
        }

        public Options withUniqueKeys(boolean u) {
            return edit(o -> o.uniqueKeys = u);
        }

        /**
         * Leave out the rules whose part names start with one of these (ablation: shows what a rule
         * is needed for).
         */
        public Options without(String... rules) {
            return edit(o -> o.disabledRules = Set.of(rules));
        }

        /**
         * The one place a changed copy is made: every wither edits a mutable copy of all fields.
         */
        private Options edit(java.util.function.Consumer<Edit> change) {
            Edit e = new Edit(this);
            change.accept(e);
            return new Options(
                    e.from,
                    e.bound,
                    e.all,
                    e.timeoutSeconds,
                    e.smtOut,
                    e.mode,
                    e.uniqueKeys,
                    e.disabledRules,
                    e.keysBelowCounters,
                    e.types,
                    e.maxTypeSequences,
                    e.threads,
                    e.keys,
                    e.closedWorld);
        }

        private static final class Edit {
            int from, bound, timeoutSeconds, maxTypeSequences, threads;
            boolean all, uniqueKeys, keysBelowCounters, closedWorld;
            Path smtOut;
            Encoder.Mode mode;
            Set<String> disabledRules;
            List<String> types;
            KeyModel keys;

            Edit(Options o) {
                from = o.from;
                bound = o.bound;
                all = o.all;
                timeoutSeconds = o.timeoutSeconds;
                smtOut = o.smtOut;
                mode = o.mode;
                uniqueKeys = o.uniqueKeys;
                disabledRules = o.disabledRules;
                keysBelowCounters = o.keysBelowCounters;
                types = o.types;
                maxTypeSequences = o.maxTypeSequences;
                threads = o.threads;
                keys = o.keys;
                closedWorld = o.closedWorld;
            }
        }
    }

    /**
     * One solver call: its name, the cycle length, the answer, the time, and the SMT-LIB file if
     * written.
     */
    public record Query(
            String name, int k, String result, long millis, Path smtFile, TypeSequence sequence) {
        public Query(String name, int k, String result, long millis, Path smtFile) {
            this(name, k, result, millis, smtFile, null);
        }

        /**
         * @return the query's type sequence, or null for the one query over all types at length k
         */
        @Override
        public TypeSequence sequence() {
            return sequence;
        }

        public boolean unsatisfiable() {
            return "unsatisfiable".equals(result);
        }
    }

    public record Outcome(
            Verdict verdict,
            List<Witness> anomalies,
            List<Query> queries,
            String unknownQuery,
            String unknownReason,
            long millis,
            int skipped) {
        /** Without a count of skipped queries ({@link KnownUnsat}): none were skipped. */
        public Outcome(
                Verdict verdict,
                List<Witness> anomalies,
                List<Query> queries,
                String unknownQuery,
                String unknownReason,
                long millis) {
            this(verdict, anomalies, queries, unknownQuery, unknownReason, millis, 0);
        }

        public long solverMillis() {
            return queries.stream().mapToLong(Query::millis).sum();
        }
    }

    /**
     * With a {@link LikelySat} hint and without {@code --all}: how many jobs past the first
     * unanswered one a thread may start. A search over many specs mostly ends each analysis at its
     * first satisfiable job, and whatever the other thread starts behind it is thrown away (TPC-C
     * per-transaction: 14.5 M of 51.6 M Z3 units; RESULTS, stop 25); one job ahead still keeps both
     * threads busy along a run of unsatisfiable ones. System property {@code isocheck.speculation}
     * (for paired measurements): another number of jobs ahead; negative, no hint is followed.
     */
    static final int SPECULATION = Integer.getInteger("isocheck.speculation", 1);

    private Analysis() {}

    public static Outcome run(Program program, Spec spec, Options opts) throws SpecException {
        return run(program, spec, opts, KnownUnsat.NONE);
    }

    /**
     * As {@link #run(Program, Spec, Options)}, without asking the queries {@code known} says are
     * unsatisfiable (their number is {@link Outcome#skipped}); the answer is the same.
     */
    public static Outcome run(Program program, Spec spec, Options opts, KnownUnsat known)
            throws SpecException {
        return run(program, spec, opts, known, LikelySat.NONE);
    }

    /**
     * As {@link #run(Program, Spec, Options, KnownUnsat)}; without {@code --all}, a job after one
     * that {@code likely} expects satisfiable starts only when that one has answered (the hint
     * changes when jobs start, not what is asked or answered: {@link LikelySat}).
     */
    public static Outcome run(
            Program program, Spec spec, Options opts, KnownUnsat known, LikelySat likely)
            throws SpecException {
        return run(program, spec, opts, known, likely, null);
    }

    /**
     * As {@link #run(Program, Spec, Options, KnownUnsat, LikelySat)}, stopped early (with a partial
     * outcome, to be dropped) when {@code stop} is stopped; null: never.
     */
    public static Outcome run(
            Program program,
            Spec spec,
            Options opts,
            KnownUnsat known,
            LikelySat likely,
            AnalysisStop stop)
            throws SpecException {
        Encoder.Mode mode = effectiveMode(spec, opts);
        long start = System.nanoTime();
        List<Query> queries = new ArrayList<>();
        List<Witness> found = new ArrayList<>();
        if (opts.smtOut() != null) {
            try {
                Files.createDirectories(opts.smtOut());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<CycleJob> planned = plan(program, spec, opts, mode);
        List<CycleJob> jobs = new ArrayList<>();
        for (CycleJob j : planned) if (!known.covers(j.k(), j.sequence())) jobs.add(j);
        int skipped = planned.size() - jobs.size();
        int threads = Math.max(1, Math.min(opts.threads(), jobs.size()));
        // side attempts only where the caller asked for more than one thread (--threads 1: one)
        Cancellation cancel = new Cancellation(opts.threads() > 1 && SideAttempts.enabled());
        if (stop != null) stop.attach(cancel);
        // with --all every job of the first length with a cycle is merged, so none waits
        boolean[] holds = new boolean[jobs.size()];
        boolean hinted = !opts.all() && likely != LikelySat.NONE && SPECULATION >= 0;
        if (hinted)
            for (int i = 0; i < jobs.size(); i++)
                holds[i] = likely.expects(jobs.get(i).k(), jobs.get(i).sequence());
        // on the process's query threads (QueryThreads: a thread's first Z3 context is costly)
        QueryThreads.Batch<CycleJob.Result> batch =
                threads == 1
                        ? null
                        : QueryThreads.start(
                                jobs.stream()
                                        .<Callable<CycleJob.Result>>map(j -> () -> j.run(cancel))
                                        .toList(),
                                threads,
                                cancel::cancelled,
                                holds,
                                hinted ? SPECULATION : Integer.MAX_VALUE);
        try {
            // asked in order on `threads` threads, merged in order: the report is the sequential
            // one
            Set<String> signatures = new LinkedHashSet<>();
            for (int i = 0; i < jobs.size(); i++) {
                CycleJob job = jobs.get(i);
                if (cancel.cancelled()) // only by the caller's stop: no answer
                return new Outcome(
                            Verdict.UNKNOWN,
                            found,
                            queries,
                            job.sequence() == null ? "cycle k=" + job.k() : job.sequence().label(),
                            "stopped",
                            (System.nanoTime() - start) / 1_000_000,
                            skipped);
                if (i > 0 && jobs.get(i - 1).k() != job.k()) {
                    if (!found.isEmpty()) break; // the shortest length with a cycle is done
                    signatures.clear();
                }
                CycleJob.Result r =
                        batch != null
                                ? await(batch, i)
                                : stop != null && stop.background()
                                        ? runOnFreeCore(job, cancel)
                                        : runHere(job, cancel);
                for (CycleJob.Asked a : r.asked()) {
                    Query q = a.query();
                    if (a.smtText() != null) SmtFiles.write(q.smtFile(), a.smtText());
                    queries.add(q);
                    if (Boolean.getBoolean("isocheck.progress"))
                        System.err.println(q.name() + ": " + q.result() + " " + q.millis() + " ms");
                }
                for (Witness w : r.found()) if (signatures.add(w.signature())) found.add(w);
                if (r.unknownQuery() != null) {
                    return new Outcome(
                            Verdict.UNKNOWN,
                            found,
                            queries,
                            r.unknownQuery(),
                            r.unknownReason(),
                            (System.nanoTime() - start) / 1_000_000,
                            skipped);
                }
                if (!found.isEmpty() && !opts.all()) break;
                if (stop != null && stop.background() && i + 1 < jobs.size())
                    // a background analysis asks one query: most likely the only one (the caller
                    // expects it satisfiable), and when not, the rest is left to a foreground one
                    return new Outcome(
                            Verdict.UNKNOWN,
                            found,
                            queries,
                            "cycle k=" + jobs.get(i + 1).k(),
                            "stopped after one query in the background",
                            (System.nanoTime() - start) / 1_000_000,
                            skipped);
            }
        } finally {
            cancel.cancel();
            // the jobs close their contexts on the way out; return only after they have
            if (batch != null) batch.awaitWorkers(cancel::cancel);
        }
        return new Outcome(
                found.isEmpty() ? Verdict.NONE : Verdict.FOUND,
                found,
                queries,
                null,
                null,
                (System.nanoTime() - start) / 1_000_000,
                skipped);
    }

    /**
     * Whether the first query {@link #run(Program, Spec, Options, KnownUnsat, LikelySat)} would ask
     * (the first in plan order that {@code known} does not cover) is one {@code likely} expects
     * satisfiable: then the analysis most likely ends with that one query.
     */
    public static boolean likelyOneQuery(
            Program program, Spec spec, Options opts, KnownUnsat known, LikelySat likely) {
        for (CycleJob j : plan(program, spec, opts, effectiveMode(spec, opts)))
            if (!known.covers(j.k(), j.sequence())) return likely.expects(j.k(), j.sequence());
        return false;
    }

    /** Expansion over the cycle's transactions is only sound for universal specs (DESIGN §3). */
    private static Encoder.Mode effectiveMode(Spec spec, Options opts) {
        Encoder.Mode mode = opts.mode();
        return mode == Encoder.Mode.EXPANDED && !spec.isUniversal()
                ? Encoder.Mode.QUANTIFIED
                : mode;
    }

    /**
     * The outcome {@code o} of {@link #run(Program, Spec, Options, KnownUnsat, LikelySat)} with
     * {@code asked} known, as that call with {@code now} ⊇ {@code asked} known would have given it:
     * the queries {@code now} covers dropped from the list and counted as skipped. The queries it
     * covers are unsatisfiable, so the first satisfiable query in job order, its canonical model
     * and witness, and every other answer are the same; only an unknown outcome can differ (the
     * analysis stops at the unknown query, which {@code now} may cover): then null, and the caller
     * asks again. For a caller that started an analysis before it knew all it knows now ({@code
     * weakest --per-transaction}'s speculation). Not with {@code --all} (one entry per query).
     */
    public static Outcome assumingKnown(
            Outcome o, Program program, Spec spec, Options opts, KnownUnsat now) {
        if (o.verdict() == Verdict.UNKNOWN || opts.all()) return null;
        List<Query> kept = new ArrayList<>();
        for (Query q : o.queries()) if (!now.covers(q.k(), q.sequence())) kept.add(q);
        int skipped = 0;
        for (CycleJob j : plan(program, spec, opts, effectiveMode(spec, opts)))
            if (now.covers(j.k(), j.sequence())) skipped++;
        return new Outcome(o.verdict(), o.anomalies(), kept, null, null, o.millis(), skipped);
    }

    /**
     * The queries in the order the sequential analysis asks them: k = from … bound, per length one
     * per cyclic type sequence ({@link #DEFAULT_MAX_TYPE_SEQUENCES}) or one over all types.
     */
    private static List<CycleJob> plan(
            Program program, Spec spec, Options opts, Encoder.Mode mode) {
        List<CycleJob> jobs = new ArrayList<>();
        java.util.function.BiPredicate<String, String> pairs;
        List<String> typeOrder;
        // Both from the program alone, without Z3: the candidate pairs are Conflict.all of its
        // model (what every job's Encoder#conflicts is, whatever the spec and options), the type
        // order the program's (Vocabulary's Γ). Until stop 28 each plan built a Z3 context, a
        // vocabulary and an encoder for them: 28 of Courseware per-transaction's 108 profile
        // samples in context creation (benchmarks/RESULTS.md, branch static16).
        pairs = CycleQuery.candidatePairs(Conflict.all(new ProgramModel(program)));
        typeOrder = CycleQuery.typeOrder(program);
        for (int k = Math.max(2, opts.from()); k <= opts.bound(); k++) {
            if (!opts.types().isEmpty() && opts.types().size() != k) continue;
            List<TypeSequence> sequences = new ArrayList<>();
            if (mode == Encoder.Mode.EXPANDED) {
                for (TypeSequence s : TypeSequence.cycles(typeOrder, k, pairs)) {
                    if (opts.types().isEmpty() || s.hasTypes(opts.types())) sequences.add(s);
                }
            }
            if (mode != Encoder.Mode.EXPANDED || sequences.size() > opts.maxTypeSequences()) {
                jobs.add(new CycleJob(program, spec, opts, mode, k, null));
            } else {
                for (TypeSequence s : sequences)
                    jobs.add(new CycleJob(program, spec, opts, mode, k, s));
            }
        }
        return jobs;
    }

    /** One job on the calling thread, which holds a core meanwhile ({@link SideAttempts}). */
    private static CycleJob.Result runHere(CycleJob job, Cancellation cancel) throws SpecException {
        SideAttempts.enter();
        try {
            return job.run(cancel);
        } finally {
            SideAttempts.leave();
        }
    }

    /**
     * One job on the calling thread once a core is free ({@link SideAttempts#awaitCore}); stopped
     * meanwhile, none: an unknown result that ends the (dropped) analysis.
     */
    private static CycleJob.Result runOnFreeCore(CycleJob job, Cancellation cancel)
            throws SpecException {
        if (!SideAttempts.awaitCore(cancel::cancelled))
            return new CycleJob.Result(List.of(), List.of(), "cycle k=" + job.k(), "stopped");
        try {
            return job.run(cancel);
        } finally {
            SideAttempts.leave();
        }
    }

    private static CycleJob.Result await(QueryThreads.Batch<CycleJob.Result> batch, int i)
            throws SpecException {
        try {
            return batch.result(i);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a query", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SpecException se) throw se;
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }
}
