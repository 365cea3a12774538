package isocheck.query;

import com.microsoft.z3.Status;
import isocheck.program.StatementFacts;
import isocheck.program.TransactionFacts;
import isocheck.spec.SpecException;
import isocheck.witness.Witness;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The shortest-path method (paper §5.2, Theorem 10): the least k ≤ maxLength with φ_ShortestPath,k
 * unsat ({@link ShortestPathQuery}), then φ_Cycle,k' unsat for k' = 2 … k ({@link CycleQuery}).
 * When every length up to the limit has a chordless path, the longest one found is reported: why
 * the method fails. Each length k ≥ 3 is a portfolio ({@link PathBudget}, {@link PathExtensions}):
 * a sat type-sequence query decides a sat length; only the query over all types decides unsat (or
 * unknown); the other queries of the length are certificate steps marked {@link
 * ProofOutcome.Step#attempt()}.
 */
final class ShortestPathProof {
    private final ProofRun run;

    ShortestPathProof(ProofRun run) {
        this.run = run;
    }

    ProofOutcome prove(ProofMethod method) throws SpecException {
        BiPredicate<String, String> pairs = CycleQuery.candidatePairs(run.encoder);
        Set<List<String>> seenPairs = new HashSet<>();
        Set<TypeSequence> unsatSequences =
                new HashSet<>(); // sequences with no chordless path: so has any sequence
        // containing one
        long full = run.fullMillis();
        PathBudget budget = run.opts.pathBudget();
        long lastWhole = 0; // time of the last whole query that answered
        boolean wholeGaveUp =
                false; // the last length's brief whole query ran out: skip it at longer ones
        for (int k = 2; k <= run.opts.maxLength(); k++) {
            int first = run.steps.size();
            ProofOutcome.Step decided = null;
            if (run.longestPath == null || !budget.enabled()) {
                decided = pathWhole(method, k, full, full);
            } else {
                // a portfolio; §5.2 asks the whole query, and a sat sequence query is a sat
                // whole query
                // (it only adds type facts): the whole query briefly (PathBudget: 3x the last
                // one's time), then
                // the previous path's types extended by one and one-type chains, then the whole
                // query
                // with the full time, which alone may answer unsat
                long brief = budget.brief(lastWhole, full);
                ProofOutcome.Step quick = null;
                if (!wholeGaveUp && brief > 0) {
                    quick = pathWhole(method, k, brief, full);
                    if (!quick.result().equals("unknown")) decided = quick;
                    else wholeGaveUp = true;
                }
                if (decided == null) {
                    List<String> prev =
                            run.longestPath.txns().stream().map(Witness.Txn::type).toList();
                    long left = Math.min(full, budget.sequencesMillis());
                    for (TypeSequence seq :
                            PathExtensions.of(prev, run.allTypes, pairs, seenPairs, weights())) {
                        if (left <= 0) break;
                        if (PathExtensions.containsAny(seq, unsatSequences)) continue;
                        ProofOutcome.Step s =
                                pathSequence(
                                        method, seq, Math.min(left, budget.sequenceMillis()), full);
                        left -= s.millis();
                        if (s.unsat()) unsatSequences.add(seq);
                        if (s.sat()) {
                            decided = s;
                            break;
                        }
                    }
                }
                if (decided == null && quick != null && brief >= full)
                    decided = quick; // the same time again cannot help
                if (decided == null) {
                    decided = pathWhole(method, k, full, full);
                    wholeGaveUp = false;
                }
            }
            if (decided.types().isEmpty() && !decided.result().equals("unknown"))
                lastWhole = decided.millis();
            for (int i = first; i < run.steps.size(); i++)
                if (run.steps.get(i) != decided) run.steps.set(i, run.steps.get(i).asAttempt());
            if (decided.result().equals("unknown")) return run.unknown(decided);
            if (decided.sat()) {
                run.longestPath = decided.witness();
                seenPairs.addAll(
                        PathExtensions.pairs(
                                run.longestPath.txns().stream().map(Witness.Txn::type).toList()));
                continue;
            }
            for (int c = 2; c <= k; c++) {
                ProofOutcome.Step cy = run.cycle(method, c);
                if (cy.result().equals("unknown")) return run.unknown(cy);
                if (cy.sat()) return run.anomaly(cy);
            }
            run.longestPath = null;
            return run.outcome(
                    ProofOutcome.Verdict.PROVED,
                    ProofMethod.SHORTEST_PATH,
                    null,
                    List.of(),
                    List.of(),
                    "no chordless path of length "
                            + k
                            + " and no cycle of length <= "
                            + k
                            + " (Theorem 10)");
        }
        return run.outcome(
                ProofOutcome.Verdict.NOT_PROVED,
                null,
                null,
                List.of(),
                List.of(),
                "a chordless path exists at every length 2.."
                        + run.opts.maxLength()
                        + " (raise --max-length, or try --method inductive)");
    }

    /**
     * Per type, its statements plus their enclosing loops: how much the type-specialised encoding
     * grows with it.
     */
    Map<String, Integer> weights() {
        Map<String, Integer> w = new LinkedHashMap<>();
        for (TransactionFacts tf : run.model.transactions()) {
            int n = 0;
            for (StatementFacts sf : tf.statements()) n += 1 + sf.loops().size();
            w.put(tf.transaction().name(), n);
        }
        return w;
    }

    /** φ_ShortestPath,k over all types, within {@code budget} ms ({@code full} is --timeout's). */
    ProofOutcome.Step pathWhole(ProofMethod method, int k, long budget, long full)
            throws SpecException {
        ShortestPathQuery.Built q = ShortestPathQuery.build(run.v, run.encoder, k);
        ProofRun.Answer a = ask(q, k, budget, "path-k" + k);
        return run.record(
                method,
                ProofOutcome.Role.SHORTEST_PATH,
                k,
                List.of(),
                run.allTypes,
                List.of(),
                a,
                "φ_ShortestPath,"
                        + k
                        + ": "
                        + (k + 1)
                        + " distinct transactions, "
                        + k
                        + " edges, no forward chord"
                        + within(a, budget, full));
    }

    /**
     * φ_ShortestPath,k for one type sequence (k = seq.size() − 1): sat is a chordless path of k
     * edges.
     */
    ProofOutcome.Step pathSequence(ProofMethod method, TypeSequence seq, long budget, long full)
            throws SpecException {
        int k = seq.size() - 1;
        ShortestPathQuery.Built q = ShortestPathQuery.build(run.v, run.encoder, seq);
        ProofRun.Answer a = ask(q, k, budget, "path-k" + k + "-" + seq.fileStem());
        return run.record(
                method,
                ProofOutcome.Role.SHORTEST_PATH,
                k,
                List.of(),
                run.allTypes,
                seq.types(),
                a,
                "φ_ShortestPath,"
                        + k
                        + " with t1 … t"
                        + (k + 1)
                        + " of types ["
                        + seq.label()
                        + "]"
                        + within(a, budget, full));
    }

    /** φ_ShortestPath,k (whole or for a type sequence) within {@code budget} ms. */
    private ProofRun.Answer ask(ShortestPathQuery.Built q, int k, long budget, String fileStem)
            throws SpecException {
        return run.solvePath(
                q.txns(),
                q.parts(),
                q.edges(),
                q.records(),
                q.ground(),
                q.fixedTypes(),
                budget,
                fileStem,
                "chordless path of length " + k);
    }

    /** A query that ran out of a budget shorter than --timeout says so (it is an attempt). */
    static String within(ProofRun.Answer a, long budget, long full) {
        return a.status() == Status.UNKNOWN && budget < full
                ? " (budget " + budget + " ms of --timeout's " + full + ")"
                : "";
    }
}
