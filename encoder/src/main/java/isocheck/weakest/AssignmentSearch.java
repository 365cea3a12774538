package isocheck.weakest;

import isocheck.program.Program;
import isocheck.program.Transaction;
import isocheck.query.Analysis;
import isocheck.query.KnownUnsat;
import isocheck.query.LikelySat;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A level per transaction type (beyond the paper, whose §6 Courseware upgrade is found by hand):
 * the anomaly-free {@link Assignment}s of least total strength, found by an anomaly-guided search.
 *
 * <p>All types start at the weakest level. Assignments are tried in order of total strength ({@link
 * Assignment#strength}); each gets the bounded cycle search (§5.1) under its {@link HybridSpec}.
 * When it finds a cycle, the next candidates are the assignments that upgrade one type <em>on the
 * cycle</em> by one step of the {@link TypeLevelOrder}. Why only those: the cycle query fixes the
 * transaction sort to the cycle's k transactions (expanded mode; every hybrid of universal levels
 * is universal), and an axiom whose observer must have a type not on the cycle holds vacuously
 * there. So the same model is a cycle under any assignment that differs only on types off the
 * cycle; every anomaly-free assignment above this one upgrades a type on it. By induction each
 * pointwise-minimal anomaly-free assignment is reachable by such steps, and the first ones reached
 * in strength order have the least strength. (If a hybrid were not universal the analysis would
 * switch to quantified mode, where that argument does not hold; then every type is a candidate.) An
 * assignment at or above an anomaly-free one found earlier is skipped: it is anomaly-free too (it
 * entails it) and not minimal. By the same argument an earlier cycle is reused without a query when
 * the new assignment is, on the cycle's types, no stronger than the assignment that allowed it: the
 * cycle's model satisfies the new hybrid as well.
 *
 * <p>{@code base} specs (e.g. the paper's selective serializability between pairs of types, which
 * is not a per-type level) are conjoined to every assignment unchanged.
 *
 * <p>The search stops after the last assignment of the least anomaly-free strength, when nothing is
 * left (no assignment is anomaly-free: exit 1), at an unknown query, or at the assignment limit
 * (both unknown: nothing is claimed about minimality).
 */
public final class AssignmentSearch {

    public enum Verdict {
        FOUND,
        NONE_ANOMALY_FREE,
        UNKNOWN
    }

    /**
     * One assignment tried: its bounded result and the queries it took. {@code reusedFrom} is the
     * (1-based) number of an earlier attempt whose cycle this assignment allows too, so it was not
     * queried (0: queried).
     */
    public record Attempt(
            Assignment assignment,
            int strength,
            BoundedResult bounded,
            List<Analysis.Query> queries,
            long millis,
            int reusedFrom) {}

    /**
     * @param solutions the anomaly-free assignments of least strength (each pointwise minimal),
     *     with their hybrid spec and proof
     * @param unknownReason why the search is unknown (null unless UNKNOWN)
     * @param skipped bounded queries not asked: unsatisfiable under an assignment no stronger on
     *     the query's types ({@link UnsatQueries})
     * @param askedAhead the queried assignments whose analysis ran beside the one before ({@link
     *     SpeculativeAnalysis}); nothing else in the result depends on it
     */
    public record Result(
            Verdict verdict,
            List<Solution> solutions,
            List<Attempt> attempts,
            TypeLevelOrder order,
            String unknownReason,
            int queries,
            long millis,
            int skipped,
            int askedAhead) {}

    public record Solution(
            Assignment assignment, int strength, HybridSpec spec, ProofStatus proof) {}

    private AssignmentSearch() {}

    /**
     * @param specName the name of the generated spec of each solution (suffixed -2, -3 … after the
     *     first)
     * @param provenance comment lines for the generated spec
     */
    public static Result run(
            Program program,
            List<SpecLibrary.Source> sources,
            List<String> levels,
            List<String> base,
            SearchOptions opts,
            Prover prover,
            String specName,
            List<String> provenance)
            throws SpecException {
        return run(program, sources, levels, base, opts, prover, specName, provenance, true);
    }

    /**
     * @param reuseUnsat whether a query unsatisfiable under one assignment is left out under the
     *     assignments at least as strong on its types ({@link UnsatQueries}); the answer is the
     *     same either way, false only to show that
     */
    public static Result run(
            Program program,
            List<SpecLibrary.Source> sources,
            List<String> levels,
            List<String> base,
            SearchOptions opts,
            Prover prover,
            String specName,
            List<String> provenance,
            boolean reuseUnsat)
            throws SpecException {
        return run(
                program,
                sources,
                levels,
                base,
                opts,
                prover,
                specName,
                provenance,
                reuseUnsat,
                SpeculativeAnalysis.enabled());
    }

    /**
     * @param speculate whether the analysis of the next candidate runs beside the current one
     *     ({@link SpeculativeAnalysis}); the result is the same either way, false only to show that
     */
    public static Result run(
            Program program,
            List<SpecLibrary.Source> sources,
            List<String> levels,
            List<String> base,
            SearchOptions opts,
            Prover prover,
            String specName,
            List<String> provenance,
            boolean reuseUnsat,
            boolean speculate)
            throws SpecException {
        long start = System.nanoTime();
        TypeLevelOrder order = TypeLevelOrder.compute(sources, levels);
        SpecLibrary plain = SpecLibrary.fromSources(sources);
        boolean universal = true;
        for (String l : levels) universal &= plain.get(l).isUniversal();
        for (String b : base) universal &= plain.get(b).isUniversal();
        opts.progress()
                .accept(
                        String.format(
                                "per-type level order: %d checks by Z3 in %d ms; levels weakest first: %s",
                                order.entailment().solverChecks(),
                                order.entailment().totalMillis(),
                                String.join(", ", order.levels())));
        List<String> types = program.transactions().stream().map(Transaction::name).toList();

        Comparator<Assignment> byStrength =
                Comparator.comparingInt((Assignment a) -> a.strength(order))
                        .thenComparing(Assignment::toString);
        PriorityQueue<Assignment> queue = new PriorityQueue<>(byStrength);
        Set<Assignment> seen = new HashSet<>();
        List<Assignment> starts = new ArrayList<>();
        starts.add(new Assignment(new java.util.LinkedHashMap<>()));
        for (String t : types) {
            List<Assignment> next = new ArrayList<>();
            for (Assignment a : starts) for (String m : order.minima()) next.add(a.with(t, m));
            starts = next;
        }
        for (Assignment a : starts) if (seen.add(a)) queue.add(a);
        // PostgreSQL SERIALIZABLE for every type is ser, while a mix gives its types only SSI among
        // themselves (HybridSpec#serializableInMix): raising the last type to it can remove a cycle
        // on other types, which the cycle-local upgrades below do not foresee. So that assignment
        // is a candidate from the start, and an earlier cycle is never reused for it.
        Assignment allSerializable = null;
        for (String l : levels) {
            if (HybridSpec.postgresSerializable(plain.get(l))) {
                Assignment all = new Assignment(new java.util.LinkedHashMap<>());
                for (String t : types) all = all.with(t, l);
                allSerializable = all;
                if (seen.add(all)) queue.add(all);
            }
        }

        List<Attempt> attempts = new ArrayList<>();
        List<Assignment> found = new ArrayList<>();
        int best = Integer.MAX_VALUE;
        int queries = 0;
        int skipped = 0;
        int queried = 0;
        // an unsatisfiable query under one assignment is unsatisfiable under every assignment at
        // least as strong on the query's types: its k transactions have only those types (expanded
        // mode, fixed types), and an axiom whose observer has another type is vacuous there, as
        // for the reuse of cycles below. Only with universal levels (expanded mode), like that.
        UnsatQueries<Assignment> known =
                new UnsatQueries<>(
                        (stronger, weaker, seq) ->
                                (seq == null ? types : seq.types())
                                        .stream()
                                                .allMatch(
                                                        t ->
                                                                order.atLeast(
                                                                        stronger.level(t),
                                                                        weaker.level(t))));
        // the (length, type sequence) of every satisfiable query so far: under a stronger
        // assignment
        // its cycle often survives (17 of TPC-C's 25 cycles were on such a sequence; RESULTS, stop
        // 25), so the analysis does not start the jobs behind it speculatively (LikelySat: when,
        // not what, is asked)
        Set<List<Object>> satisfiable = new HashSet<>();
        LikelySat likely = (k, seq) -> satisfiable.contains(java.util.Arrays.asList(k, seq));
        String unknown = null;
        SpeculativeAnalysis ahead = null;
        int askedAhead = 0;
        try {
            while (!queue.isEmpty()) {
                Assignment a = queue.poll();
                int strength = a.strength(order);
                if (strength > best) break;
                if (ahead != null
                        && ahead.assignment().equals(a)
                        && skippedNow(a, found, attempts, order, universal, allSerializable)) {
                    ahead.abandon();
                    ahead = null;
                    opts.progress().accept("  (its analysis asked ahead is dropped)");
                }
                if (found.stream().anyMatch(f -> a.atLeast(f, order))) continue;
                Attempt reuse =
                        universal && !a.equals(allSerializable)
                                ? reusable(attempts, a, order)
                                : null;
                if (reuse != null) {
                    attempts.add(
                            new Attempt(
                                    a,
                                    strength,
                                    reuse.bounded(),
                                    List.of(),
                                    0,
                                    attempts.indexOf(reuse) + 1));
                    opts.progress()
                            .accept(
                                    String.format(
                                            "assignment %d (strength %d): %s: allows the cycle of assignment %d",
                                            attempts.size(),
                                            strength,
                                            a,
                                            attempts.indexOf(reuse) + 1));
                    enqueueUpgrades(
                            a,
                            cycleTypes(((BoundedResult.Anomaly) reuse.bounded()).witness()),
                            order,
                            seen,
                            queue);
                    continue;
                }
                if (queried >= opts.maxAssignments()) {
                    unknown =
                            "assignment limit reached ("
                                    + opts.maxAssignments()
                                    + " tried; raise --max-assignments)";
                    break;
                }
                queried++;
                HybridSpec hybrid = HybridSpec.of("weakest-candidate", a, base, List.of(), sources);
                opts.progress()
                        .accept(
                                String.format(
                                        "assignment %d (strength %d): %s; %d queries so far, elapsed %.1f s",
                                        attempts.size() + 1,
                                        strength,
                                        a,
                                        queries,
                                        WeakestSpecs.secondsSince(start)));
                KnownUnsat knownNow =
                        universal && reuseUnsat ? known.under(a, hybrid.spec()) : KnownUnsat.NONE;
                SpeculativeAnalysis mine = null;
                if (ahead != null && ahead.assignment().equals(a)) {
                    mine = ahead;
                    ahead = null;
                }
                if (speculate && ahead == null && queried < opts.maxAssignments()) {
                    Assignment next =
                            nextCandidate(
                                    queue,
                                    byStrength,
                                    best,
                                    found,
                                    attempts,
                                    order,
                                    universal,
                                    allSerializable);
                    if (next != null) {
                        Spec nextSpec =
                                HybridSpec.of("weakest-candidate", next, base, List.of(), sources)
                                        .spec();
                        Set<List<Object>> likelyThen = new HashSet<>(satisfiable);
                        LikelySat likelyNext =
                                (k, seq) -> likelyThen.contains(java.util.Arrays.asList(k, seq));
                        KnownUnsat knownNext =
                                universal && reuseUnsat
                                        ? known.snapshotUnder(next, nextSpec)
                                        : KnownUnsat.NONE;
                        // only an analysis that most likely ends at its first query: one of many
                        // unsatisfiable queries (Courseware) cost 1.28x the CPU for the same wall
                        // when the current answer made it unneeded (RESULTS, stop 30)
                        if (Analysis.likelyOneQuery(
                                program, nextSpec, opts.analysis(), knownNext, likelyNext))
                            ahead =
                                    new SpeculativeAnalysis(
                                            next,
                                            nextSpec,
                                            program,
                                            opts.analysis(),
                                            knownNext,
                                            likelyNext);
                    }
                }
                Analysis.Outcome o =
                        mine == null ? null : mine.outcome(program, opts.analysis(), knownNow);
                if (o == null)
                    o = Analysis.run(program, hybrid.spec(), opts.analysis(), knownNow, likely);
                else {
                    askedAhead++;
                    opts.progress().accept("  (asked ahead, beside the assignment before)");
                }
                if (universal) known.learn(a, hybrid.spec(), o);
                for (Analysis.Query q : o.queries())
                    if ("satisfiable".equals(q.result()))
                        satisfiable.add(java.util.Arrays.asList(q.k(), q.sequence()));
                queries += o.queries().size();
                skipped += o.skipped();
                BoundedResult b = BoundedResult.of(o, opts.bound());
                attempts.add(new Attempt(a, strength, b, o.queries(), o.millis(), 0));
                opts.progress()
                        .accept(
                                "  "
                                        + WeakestSpecs.brief(b)
                                        + (b instanceof BoundedResult.Anomaly an
                                                ? " on "
                                                        + String.join(
                                                                ", ", cycleTypes(an.witness()))
                                                : ""));
                if (b instanceof BoundedResult.NoneUpTo) {
                    found.add(a);
                    best = strength;
                } else if (b instanceof BoundedResult.Anomaly an) {
                    enqueueUpgrades(
                            a,
                            universal ? cycleTypes(an.witness()) : new LinkedHashSet<>(types),
                            order,
                            seen,
                            queue);
                } else if (b instanceof BoundedResult.Unknown u) {
                    unknown = "query '" + u.query() + "' gave no answer (" + u.reason() + ")";
                }
                if (unknown != null) break;
            }
        } finally {
            if (ahead != null) ahead.abandon();
        }

        List<Solution> solutions = new ArrayList<>();
        if (unknown == null) {
            int i = 0;
            for (Assignment a : found) {
                String name = i++ == 0 ? specName : specName + "-" + i;
                HybridSpec h = HybridSpec.of(name, a, base, provenance, sources);
                opts.progress()
                        .accept(
                                String.format(
                                        "%s: unbounded proof; elapsed %.1f s",
                                        a, WeakestSpecs.secondsSince(start)));
                solutions.add(
                        new Solution(a, a.strength(order), h, prover.prove(program, h.spec())));
            }
        }
        Verdict v =
                unknown != null
                        ? Verdict.UNKNOWN
                        : found.isEmpty() ? Verdict.NONE_ANOMALY_FREE : Verdict.FOUND;
        return new Result(
                v,
                solutions,
                attempts,
                order,
                unknown,
                queries,
                (System.nanoTime() - start) / 1_000_000,
                skipped,
                askedAhead);
    }

    /**
     * The assignment the loop will most likely query after the current one: the first in the
     * queue's order that, by what is known now, is not above the best strength, not at or above an
     * anomaly-free one and allows no earlier cycle (the current answer may still change that).
     */
    private static Assignment nextCandidate(
            PriorityQueue<Assignment> queue,
            Comparator<Assignment> byStrength,
            int best,
            List<Assignment> found,
            List<Attempt> attempts,
            TypeLevelOrder order,
            boolean universal,
            Assignment allSerializable) {
        List<Assignment> waiting = new ArrayList<>(queue);
        waiting.sort(byStrength);
        for (Assignment x : waiting) {
            if (x.strength(order) > best) return null;
            if (!skippedNow(x, found, attempts, order, universal, allSerializable)) return x;
        }
        return null;
    }

    /** Whether the loop would skip {@code a} by what it knows now, without querying it. */
    private static boolean skippedNow(
            Assignment a,
            List<Assignment> found,
            List<Attempt> attempts,
            TypeLevelOrder order,
            boolean universal,
            Assignment allSerializable) {
        return found.stream().anyMatch(f -> a.atLeast(f, order))
                || (universal
                        && !a.equals(allSerializable)
                        && reusable(attempts, a, order) != null);
    }

    private static void enqueueUpgrades(
            Assignment a,
            Set<String> types,
            TypeLevelOrder order,
            Set<Assignment> seen,
            PriorityQueue<Assignment> queue) {
        for (String t : types) {
            for (String up : order.upgrades(a.level(t))) {
                Assignment next = a.with(t, up);
                if (seen.add(next)) queue.add(next);
            }
        }
    }

    /**
     * An earlier cycle that {@code a} allows: on every type of the cycle, a's level is entailed by
     * the level it was found at.
     */
    private static Attempt reusable(List<Attempt> attempts, Assignment a, TypeLevelOrder order) {
        for (Attempt p : attempts) {
            if (p.reusedFrom() == 0
                    && p.bounded() instanceof BoundedResult.Anomaly an
                    && cycleTypes(an.witness()).stream()
                            .allMatch(t -> order.atLeast(p.assignment().level(t), a.level(t)))) {
                return p;
            }
        }
        return null;
    }

    static Set<String> cycleTypes(Witness w) {
        Set<String> out = new LinkedHashSet<>();
        for (Witness.Txn t : w.txns()) out.add(t.type());
        return out;
    }
}
