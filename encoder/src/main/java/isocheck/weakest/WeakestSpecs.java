package isocheck.weakest;

import isocheck.program.Program;
import isocheck.program.Transaction;
import isocheck.query.Analysis;
import isocheck.query.KnownUnsat;
import isocheck.spec.EntailmentOrder;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The weakest sufficient spec of a program (paper §6, where it is found by hand: EC, then PSI, then
 * SI for TPC-C). Walks the entailment order computed by Z3 ({@link EntailmentOrder}, closed world
 * over the program's transaction types) from the weakest spec up and runs the bounded cycle search
 * (§5.1) on each; the answer is the anomaly-free specs with no anomaly-free spec strictly weaker
 * (several where the order is partial), each handed to the {@link Prover}.
 *
 * <p>Skipping is sound in one direction only: if A entails B (A is stronger) and B has no cycle up
 * to the bound, then neither has A, because every abstract execution A allows B allows too (the
 * cycle query is φ_{T,Ψ} ∧ φ_Cycle,k, and a model of it with Ψ = A is one with Ψ = B). Such specs
 * are not queried and are reported as "entailed by B"; likewise a proof for B covers A. An anomaly
 * under a weaker spec says nothing about a stronger one, so every other spec is asked.
 */
public final class WeakestSpecs {

    public enum Verdict {
        ANSWERED,
        NONE_ANOMALY_FREE,
        UNKNOWN
    }

    /**
     * @param rows every spec in walk order (weakest first)
     * @param answer the weakest anomaly-free specs
     * @param order the entailment order the walk followed
     * @param skipped bounded queries not asked: unsatisfiable under a weaker spec asked before
     *     ({@link UnsatQueries})
     */
    public record Result(
            Verdict verdict,
            List<SpecVerdict> rows,
            List<String> answer,
            EntailmentOrder order,
            int queries,
            long millis,
            int skipped) {}

    private WeakestSpecs() {}

    public static Result run(Program program, List<Spec> specs, SearchOptions opts, Prover prover)
            throws SpecException {
        return run(program, specs, opts, prover, true);
    }

    /**
     * @param reuseUnsat whether a query unsatisfiable under a weaker spec is left out under a
     *     stronger one ({@link UnsatQueries}); the answer is the same either way, false only to
     *     show that
     */
    public static Result run(
            Program program,
            List<Spec> specs,
            SearchOptions opts,
            Prover prover,
            boolean reuseUnsat)
            throws SpecException {
        long start = System.nanoTime();
        List<String> types = program.transactions().stream().map(Transaction::name).toList();
        EntailmentOrder order =
                EntailmentOrder.compute(
                        specs,
                        new EntailmentOrder.Options(EntailmentOrder.Method.BOUNDED, 10_000, types));
        opts.progress()
                .accept(
                        String.format(
                                "entailment order: %d checks by Z3 in %d ms",
                                order.checks().size(), order.totalMillis()));
        Map<String, Spec> byName = new LinkedHashMap<>();
        for (Spec s : specs) byName.put(s.name(), s);

        List<SpecVerdict> rows = new ArrayList<>();
        List<String> anomalyFreeQueried = new ArrayList<>();
        int queries = 0;
        int skipped = 0;
        int tried = 0;
        // unsatisfiable queries under a weaker spec are not asked again under a stronger one
        UnsatQueries<String> known =
                new UnsatQueries<>(
                        (stronger, weaker, seq) ->
                                stronger.equals(weaker)
                                        || order.entails(stronger, weaker)
                                                == EntailmentOrder.Verdict.ENTAILS);
        boolean unknown = false;
        for (List<String> cls : order.equivalenceClasses()) {
            for (String name : cls) {
                String weaker =
                        anomalyFreeQueried.stream()
                                .filter(
                                        f ->
                                                order.entails(name, f)
                                                        == EntailmentOrder.Verdict.ENTAILS)
                                .findFirst()
                                .orElse(null);
                if (weaker != null) {
                    rows.add(
                            new SpecVerdict(
                                    name,
                                    new BoundedResult.EntailedBy(weaker),
                                    List.of(),
                                    0,
                                    null));
                    opts.progress()
                            .accept(
                                    String.format(
                                            "%s: anomaly-free (entailed by %s), not queried; elapsed %.1f s",
                                            name, weaker, secondsSince(start)));
                    continue;
                }
                tried++;
                opts.progress()
                        .accept(
                                String.format(
                                        "%s: cycles of 2..%d (spec %d, %d queries so far, elapsed %.1f s)",
                                        name, opts.bound(), tried, queries, secondsSince(start)));
                Spec spec = byName.get(name);
                Analysis.Outcome o =
                        Analysis.run(
                                program,
                                spec,
                                opts.analysis(),
                                reuseUnsat ? known.under(name, spec) : KnownUnsat.NONE);
                known.learn(name, spec, o);
                queries += o.queries().size();
                skipped += o.skipped();
                BoundedResult b = BoundedResult.of(o, opts.bound());
                if (b instanceof BoundedResult.NoneUpTo) anomalyFreeQueried.add(name);
                if (b instanceof BoundedResult.Unknown) unknown = true;
                rows.add(new SpecVerdict(name, b, o.queries(), o.millis(), null));
                opts.progress()
                        .accept(
                                String.format(
                                        "%s: %s (%d queries, %d known unsatisfiable under a weaker spec, %.1f s); elapsed %.1f s",
                                        name,
                                        brief(b),
                                        o.queries().size(),
                                        o.skipped(),
                                        o.millis() / 1000.0,
                                        secondsSince(start)));
            }
        }

        List<String> answer = new ArrayList<>();
        for (SpecVerdict r : rows) {
            if (!r.bounded().anomalyFree()) continue;
            boolean weakest =
                    rows.stream()
                            .noneMatch(
                                    o ->
                                            o != r
                                                    && o.bounded().anomalyFree()
                                                    && strictlyStronger(order, r.spec(), o.spec()));
            if (weakest) answer.add(r.spec());
        }

        // Proofs: the weakest anomaly-free specs are handed to the prover; a stronger spec inherits
        // a proof.
        Map<String, ProofStatus> proofs = new LinkedHashMap<>();
        for (String a : answer) {
            opts.progress()
                    .accept(
                            String.format(
                                    "%s: unbounded proof; elapsed %.1f s", a, secondsSince(start)));
            proofs.put(a, prover.prove(program, byName.get(a)));
        }
        List<SpecVerdict> withProofs = new ArrayList<>();
        for (SpecVerdict r : rows) {
            ProofStatus p;
            if (!r.bounded().anomalyFree()) {
                p = null;
            } else if (proofs.containsKey(r.spec())) {
                p = proofs.get(r.spec());
            } else {
                p = inherited(order, r.spec(), proofs);
            }
            withProofs.add(r.withProof(p));
        }
        Verdict v =
                unknown
                        ? Verdict.UNKNOWN
                        : answer.isEmpty() ? Verdict.NONE_ANOMALY_FREE : Verdict.ANSWERED;
        return new Result(
                v,
                withProofs,
                answer,
                order,
                queries,
                (System.nanoTime() - start) / 1_000_000,
                skipped);
    }

    private static ProofStatus inherited(
            EntailmentOrder order, String spec, Map<String, ProofStatus> proofs) {
        for (var e : proofs.entrySet()) {
            if (order.entails(spec, e.getKey()) == EntailmentOrder.Verdict.ENTAILS) {
                ProofStatus p = e.getValue();
                if (p instanceof ProofStatus.Proved pr)
                    return new ProofStatus.Inherited(e.getKey(), pr);
            }
        }
        return new ProofStatus.NotAttempted(
                "only the weakest anomaly-free specs are given to the prover");
    }

    static boolean strictlyStronger(EntailmentOrder order, String a, String b) {
        return order.entails(a, b) == EntailmentOrder.Verdict.ENTAILS
                && order.entails(b, a) != EntailmentOrder.Verdict.ENTAILS;
    }

    static String brief(BoundedResult b) {
        if (b instanceof BoundedResult.Anomaly a)
            return a.witness().anomaly() + ", cycle length " + a.witness().k();
        if (b instanceof BoundedResult.NoneUpTo n) return "no cycle up to " + n.bound();
        if (b instanceof BoundedResult.EntailedBy e)
            return "anomaly-free (entailed by " + e.weaker() + ")";
        BoundedResult.Unknown u = (BoundedResult.Unknown) b;
        return "unknown: '" + u.query() + "' gave no answer (" + u.reason() + ")";
    }

    static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
