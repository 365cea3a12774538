package isocheck.query;

import com.microsoft.z3.Status;
import isocheck.encoding.Conflict;
import isocheck.program.StatementFacts;
import isocheck.program.TransactionFacts;
import isocheck.spec.SpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The inductive method (paper §5.3, Lemma 11, Theorem 12), automating the paper's hand search: the
 * second disjunct of eq. (7) (T'-independent) once over all types, then rounds: every type τ of the
 * remaining ones whose first disjunct A_{τ} is unsat joins T' (the largest T', since A_T' is the
 * union of its types'; see {@link InductiveQuery}), their union is confirmed by one query, T' is
 * removed and the next round restricts the program to the rest. It finishes when no statement of a
 * remaining type can conflict with one of another remaining type (e.g. all read-only): an execution
 * of those types has no dependency edge at all. φ_Cycle,2 is part of the certificate, for the case
 * eq. (7)'s distinctness leaves out.
 */
final class InductiveProof {
    private final ProofRun run;

    InductiveProof(ProofRun run) {
        this.run = run;
    }

    ProofOutcome prove(ProofMethod method) throws SpecException {
        ProofOutcome.Step two = run.cycle(method, 2);
        if (two.result().equals("unknown")) return run.unknown(two);
        if (two.sat()) return run.anomaly(two);
        InductiveQuery.Built b = InductiveQuery.twoStep(run.v, run.encoder, run.allTypes);
        ProofRun.Answer ab =
                run.solvePath(
                        b.txns(),
                        b.parts(),
                        b.edges(),
                        b.records(),
                        b.ground(),
                        Map.of(),
                        run.fullMillis(),
                        "inductive-two-step",
                        "two-step path t1 -> t2 -> t3 with neither ar(t1,t3) nor ar(t2,t3)");
        ProofOutcome.Step bs =
                run.record(
                        method,
                        ProofOutcome.Role.INDUCTIVE_TWO_STEP,
                        0,
                        List.of(),
                        run.allTypes,
                        List.of(),
                        ab,
                        "eq. (7) second disjunct over every type (condition 2 of Lemma 11; implies it for every later round's subset)");
        if (ab.status() == Status.UNKNOWN) return run.unknown(bs);
        // when condition 2 fails no T' works; the rounds still run, to show where condition 1
        // holds
        String failed =
                ab.status() == Status.SATISFIABLE
                        ? "condition 2 of Lemma 11 fails (eq. (7) second disjunct sat: "
                                + run.describe(ab.witness())
                                + "), and it does not depend on T', so no T' works"
                        : null;
        List<String> among = new ArrayList<>(run.allTypes);
        List<List<String>> rounds = new ArrayList<>();
        while (true) {
            if (failed != null
                    && (noDependencyAmong(among) || rounds.size() > 0 && among.isEmpty())) {
                String r =
                        rounds.isEmpty()
                                ? "condition 1 holds for no type"
                                : "condition 1 alone holds for T' = "
                                        + String.join(
                                                ", then ",
                                                rounds.stream()
                                                        .map(x -> "{" + String.join(", ", x) + "}")
                                                        .toList());
                return run.outcome(
                        ProofOutcome.Verdict.NOT_PROVED,
                        null,
                        null,
                        rounds,
                        among,
                        failed
                                + "; "
                                + r
                                + (among.isEmpty()
                                        ? ""
                                        : ", leaving "
                                                + String.join(", ", among)
                                                + (readOnly(among) ? ", read-only" : "")));
            }
            if (noDependencyAmong(among)) {
                run.record(
                        method,
                        ProofOutcome.Role.NO_DEPENDENCY,
                        0,
                        List.of(),
                        among,
                        List.of(),
                        "holds",
                        0,
                        null,
                        null,
                        among.isEmpty()
                                ? "no type remains"
                                : "no statement of "
                                        + among
                                        + " can conflict with one of them"
                                        + (readOnly(among) ? " (all read-only)" : ""));
                String r =
                        rounds.isEmpty()
                                ? ""
                                : "T' = "
                                        + String.join(
                                                ", then ",
                                                rounds.stream()
                                                        .map(x -> "{" + String.join(", ", x) + "}")
                                                        .toList());
                return run.outcome(
                        ProofOutcome.Verdict.PROVED,
                        ProofMethod.INDUCTIVE,
                        null,
                        rounds,
                        among,
                        (r.isEmpty() ? "" : r + "; ")
                                + (among.isEmpty()
                                        ? "no type remains"
                                        : String.join(", ", among)
                                                + (readOnly(among)
                                                        ? " remain, read-only"
                                                        : " remain, with no dependency among them"))
                                + " (Theorem 12)");
            }
            List<String> found = new ArrayList<>();
            for (String tau : among) {
                ProofOutcome.Step s = edgeOutOf(method, List.of(tau), among, rounds.size() + 1);
                if (s.result().equals("unknown")) return run.unknown(s);
                if (s.unsat()) found.add(tau);
            }
            if (found.isEmpty()) {
                return run.outcome(
                        ProofOutcome.Verdict.NOT_PROVED,
                        null,
                        null,
                        rounds,
                        List.of(),
                        (failed == null ? "" : failed + "; ")
                                + "round "
                                + (rounds.size() + 1)
                                + ": every type among "
                                + among
                                + " has an edge out of it not in ar (condition 1 of Lemma 11 fails for each)");
            }
            // read-only types are left to the remainder (no dependency among read-only types),
            // unless
            // only read-only types qualify: then removing them may free the writers in the next
            // round
            List<String> writers = found.stream().filter(t -> !readOnly(List.of(t))).toList();
            if (!writers.isEmpty()) found = new ArrayList<>(writers);
            if (found.size() > 1) {
                ProofOutcome.Step s = edgeOutOf(method, found, among, rounds.size() + 1);
                if (s.result().equals("unknown")) return run.unknown(s);
                if (!s.unsat()) {
                    // A_T' is the union of the A_τ: a sat union of unsat parts is a solver
                    // inconsistency
                    return run.outcome(
                            ProofOutcome.Verdict.NOT_PROVED,
                            null,
                            null,
                            rounds,
                            List.of(),
                            "the union T' = "
                                    + found
                                    + " answered "
                                    + s.result()
                                    + " although each type answered unsat");
                }
            }
            rounds.add(List.copyOf(found));
            among.removeAll(found);
        }
    }

    ProofOutcome.Step edgeOutOf(
            ProofMethod method, List<String> subset, List<String> among, int round)
            throws SpecException {
        InductiveQuery.Built q = InductiveQuery.edgeOutOf(run.v, run.encoder, subset, among);
        ProofRun.Answer a =
                run.solvePath(
                        q.txns(),
                        q.parts(),
                        q.edges(),
                        q.records(),
                        q.ground(),
                        Map.of(),
                        run.fullMillis(),
                        "inductive-r" + round + "-" + String.join("+", subset),
                        "edge out of T' not in ar");
        return run.record(
                method,
                ProofOutcome.Role.INDUCTIVE_EDGE,
                0,
                subset,
                among,
                List.of(),
                a,
                "round "
                        + round
                        + ": eq. (7) first disjunct for T' = {"
                        + String.join(", ", subset)
                        + "}"
                        + (among.size() < run.allTypes.size() ? " over " + among : ""));
    }

    /**
     * No candidate dependency (paper §4.3) between statements of these types: no D edge among them.
     */
    boolean noDependencyAmong(List<String> types) {
        for (Conflict c : run.encoder.conflicts()) {
            if (types.contains(c.t1().name()) && types.contains(c.t2().name())) return false;
        }
        return true;
    }

    boolean readOnly(List<String> types) {
        for (TransactionFacts tf : run.model.transactions()) {
            if (!types.contains(tf.transaction().name())) continue;
            for (StatementFacts sf : tf.statements()) if (sf.isWrite()) return false;
        }
        return true;
    }
}
