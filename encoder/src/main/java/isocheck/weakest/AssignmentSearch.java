package isocheck.weakest;

import isocheck.program.Program;
import isocheck.program.Transaction;
import isocheck.query.Analysis;
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
 * <p>All types start at the weakest level. Assignments are tried in order of total strength
 * ({@link Assignment#strength}); each gets the bounded cycle search (§5.1) under its
 * {@link HybridSpec}. When it finds a cycle, the next candidates are the assignments that upgrade
 * one type <em>on the cycle</em> by one step of the {@link TypeLevelOrder}. Why only those: the
 * cycle query fixes the transaction sort to the cycle's k transactions (expanded mode; every
 * hybrid of universal levels is universal), and an axiom whose observer must have a type not on
 * the cycle holds vacuously there. So the same model is a cycle under any assignment that differs
 * only on types off the cycle; every anomaly-free assignment above this one upgrades a type on it.
 * By induction each pointwise-minimal anomaly-free assignment is reachable by such steps, and the
 * first ones reached in strength order have the least strength. (If a hybrid were not universal
 * the analysis would switch to quantified mode, where that argument does not hold; then every type
 * is a candidate.) An assignment at or above an anomaly-free one found earlier is skipped: it is
 * anomaly-free too (it entails it) and not minimal.
 *
 * <p>The search stops after the last assignment of the least anomaly-free strength, when nothing
 * is left (no assignment is anomaly-free: exit 1), at an unknown query, or at the assignment limit
 * (both unknown: nothing is claimed about minimality).
 */
public final class AssignmentSearch {

    public enum Verdict { FOUND, NONE_ANOMALY_FREE, UNKNOWN }

    /** One assignment tried: its bounded result and the queries it took. */
    public record Attempt(Assignment assignment, int strength, BoundedResult bounded, List<Analysis.Query> queries, long millis) {}

    /**
     * @param solutions the anomaly-free assignments of least strength (each pointwise minimal), with their hybrid spec and proof
     * @param unknownReason why the search is unknown (null unless UNKNOWN)
     */
    public record Result(Verdict verdict, List<Solution> solutions, List<Attempt> attempts, TypeLevelOrder order,
            String unknownReason, int queries, long millis) {}

    public record Solution(Assignment assignment, int strength, HybridSpec spec, ProofStatus proof) {}

    private AssignmentSearch() {}

    /**
     * @param specName the name of the generated spec of each solution (suffixed -2, -3 … after the first)
     * @param provenance comment lines for the generated spec
     */
    public static Result run(Program program, List<SpecLibrary.Source> sources, List<String> levels, SearchOptions opts,
            Prover prover, String specName, List<String> provenance) throws SpecException {
        long start = System.nanoTime();
        TypeLevelOrder order = TypeLevelOrder.compute(sources, levels);
        opts.progress().accept(String.format("per-type level order: %d checks by Z3 in %d ms; levels weakest first: %s",
                order.entailment().checks().size(), order.entailment().totalMillis(), String.join(", ", order.levels())));
        List<String> types = program.transactions().stream().map(Transaction::name).toList();

        Comparator<Assignment> byStrength = Comparator.comparingInt((Assignment a) -> a.strength(order))
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

        List<Attempt> attempts = new ArrayList<>();
        List<Assignment> found = new ArrayList<>();
        int best = Integer.MAX_VALUE;
        int queries = 0;
        String unknown = null;
        while (!queue.isEmpty()) {
            Assignment a = queue.poll();
            int strength = a.strength(order);
            if (strength > best) break;
            if (found.stream().anyMatch(f -> a.atLeast(f, order))) continue;
            if (attempts.size() >= opts.maxAssignments()) {
                unknown = "assignment limit reached (" + opts.maxAssignments() + " tried; raise --max-assignments)";
                break;
            }
            HybridSpec hybrid = HybridSpec.of("weakest-candidate", a, List.of(), sources);
            opts.progress().accept(String.format("assignment %d (strength %d): %s; %d queries so far, elapsed %.1f s",
                    attempts.size() + 1, strength, a, queries, WeakestSpecs.secondsSince(start)));
            Analysis.Outcome o = Analysis.run(program, hybrid.spec(), opts.analysis());
            queries += o.queries().size();
            BoundedResult b = switch (o.verdict()) {
                case FOUND -> new BoundedResult.Anomaly(o.anomalies().get(0));
                case NONE -> new BoundedResult.NoneUpTo(opts.bound());
                case UNKNOWN -> new BoundedResult.Unknown(o.unknownQuery(), o.unknownReason());
            };
            attempts.add(new Attempt(a, strength, b, o.queries(), o.millis()));
            opts.progress().accept("  " + WeakestSpecs.brief(b) + (b instanceof BoundedResult.Anomaly an
                    ? " on " + String.join(", ", cycleTypes(an.witness())) : ""));
            if (b instanceof BoundedResult.NoneUpTo) {
                found.add(a);
                best = strength;
            } else if (b instanceof BoundedResult.Anomaly an) {
                Set<String> candidates = hybrid.spec().isUniversal() ? cycleTypes(an.witness()) : new LinkedHashSet<>(types);
                for (String t : candidates) {
                    for (String up : order.upgrades(a.level(t))) {
                        Assignment next = a.with(t, up);
                        if (seen.add(next)) queue.add(next);
                    }
                }
            } else if (b instanceof BoundedResult.Unknown u) {
                unknown = "query '" + u.query() + "' gave no answer (" + u.reason() + ")";
            }
            if (unknown != null) break;
        }

        List<Solution> solutions = new ArrayList<>();
        if (unknown == null) {
            int i = 0;
            for (Assignment a : found) {
                String name = i++ == 0 ? specName : specName + "-" + i;
                HybridSpec h = HybridSpec.of(name, a, provenance, sources);
                opts.progress().accept(String.format("%s: unbounded proof; elapsed %.1f s", a, WeakestSpecs.secondsSince(start)));
                solutions.add(new Solution(a, a.strength(order), h, prover.prove(program, h.spec())));
            }
        }
        Verdict v = unknown != null ? Verdict.UNKNOWN : found.isEmpty() ? Verdict.NONE_ANOMALY_FREE : Verdict.FOUND;
        return new Result(v, solutions, attempts, order, unknown, queries, (System.nanoTime() - start) / 1_000_000);
    }

    static Set<String> cycleTypes(Witness w) {
        Set<String> out = new LinkedHashSet<>();
        for (Witness.Txn t : w.txns()) out.add(t.type());
        return out;
    }
}
