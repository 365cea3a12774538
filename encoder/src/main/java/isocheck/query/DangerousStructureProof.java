package isocheck.query;

import isocheck.spec.SpecException;
import java.util.List;
import java.util.Map;

/**
 * Fekete et al.'s theorem (TODS 2005, Theorem 2.1) as two queries ({@link
 * DangerousStructureQuery}): under SI every cycle has two consecutive anti-dependencies whose last
 * transaction commits first. Below SI (a per-transaction mix with READ COMMITTED types, or any
 * spec) the same two queries with the first edge widened to any dependency into a transaction that
 * does not read from one SI snapshot ({@link
 * DangerousStructureQuery#build(isocheck.encoding.Vocabulary, isocheck.encoding.Encoder,
 * java.util.Set)}, where the argument is).
 */
final class DangerousStructureProof {
    private final ProofRun run;

    DangerousStructureProof(ProofRun run) {
        this.run = run;
    }

    ProofOutcome prove() throws SpecException {
        // Fekete et al.'s structure where the spec is SI; below it (READ COMMITTED types of a
        // per-transaction mix, or any spec) the commit-first structure, which needs only φ_basic
        // and, for the types that read from one snapshot, SI's axioms for them
        // (DangerousStructureQuery#build(Vocabulary, Encoder, Set))
        boolean si = DangerousStructureQuery.applies(run.spec);
        java.util.Set<String> snapshotTypes =
                DangerousStructureQuery.snapshotIsolatedTypes(run.spec, run.allTypes);
        boolean everyType = snapshotTypes.containsAll(run.allTypes);
        // the case t3 = t1 is a 2-cycle: φ_Cycle,2 decides it (and a sat one is an anomaly)
        ProofOutcome.Step two = run.cycle(ProofMethod.DANGEROUS_STRUCTURE, 2);
        if (two.result().equals("unknown")) return run.unknown(two);
        if (two.sat()) return run.anomaly(two);
        DangerousStructureQuery.Built q =
                DangerousStructureQuery.build(run.v, run.encoder, snapshotTypes);
        ProofRun.Answer a =
                run.solvePath(
                        q.txns(),
                        q.parts(),
                        q.edges(),
                        q.records(),
                        q.ground(),
                        Map.of(),
                        run.fullMillis(),
                        "dangerous-k3",
                        everyType
                                ? "dangerous structure t1 -rw-> t2 -rw-> t3, t3 committing first"
                                : "commit-first structure t1 -> t2 -rw-> t3, t3 committing first");
        ProofOutcome.Step s =
                run.record(
                        ProofMethod.DANGEROUS_STRUCTURE,
                        ProofOutcome.Role.DANGEROUS_STRUCTURE,
                        3,
                        List.of(),
                        run.allTypes,
                        List.of(),
                        a,
                        everyType
                                ? "anti-dependencies t1 -rw-> t2 -rw-> t3 of distinct transactions, t3 committing first"
                                : "t1 -> t2 -rw-> t3 of distinct transactions, t3 committing first, "
                                        + readers(snapshotTypes));
        if (s.result().equals("unknown")) return run.unknown(s);
        if (s.sat() && !si && !snapshotTypes.isEmpty()) {
            // a per-transaction mix: the structure may need t1's snapshot to be known
            // (DangerousStructureQuery#buildWithPredecessor); cycles of 3 are then the cycle
            // query's
            ProofOutcome.Step three = run.cycle(ProofMethod.DANGEROUS_STRUCTURE, 3);
            if (three.result().equals("unknown")) return run.unknown(three);
            if (three.sat()) return run.anomaly(three);
            DangerousStructureQuery.Built q4 =
                    DangerousStructureQuery.buildWithPredecessor(run.v, run.encoder, snapshotTypes);
            ProofRun.Answer a4 =
                    run.solvePath(
                            q4.txns(),
                            q4.parts(),
                            q4.edges(),
                            q4.records(),
                            q4.ground(),
                            Map.of(),
                            run.fullMillis(),
                            "dangerous-k4",
                            "commit-first structure t0 -> t1 -> t2 -rw-> t3, t3 committing first");
            ProofOutcome.Step s4 =
                    run.record(
                            ProofMethod.DANGEROUS_STRUCTURE,
                            ProofOutcome.Role.DANGEROUS_STRUCTURE,
                            4,
                            List.of(),
                            run.allTypes,
                            List.of(),
                            a4,
                            "t0 -> t1 -> t2 -rw-> t3 of distinct transactions, t3 committing first");
            if (s4.result().equals("unknown")) return run.unknown(s4);
            if (!s4.sat()) {
                return run.outcome(
                        ProofOutcome.Verdict.PROVED,
                        ProofMethod.DANGEROUS_STRUCTURE,
                        null,
                        List.of(),
                        List.of(),
                        "no cycle of 2 or 3, and no commit-first structure t0 -> t1 -> t2 -rw-> t3"
                                + " with t3 committing first ("
                                + readers(snapshotTypes)
                                + "; DangerousStructureQuery#buildWithPredecessor)");
            }
            a = a4;
        }
        if (s.sat()) {
            return run.outcome(
                    ProofOutcome.Verdict.NOT_PROVED,
                    null,
                    null,
                    List.of(),
                    List.of(),
                    (everyType
                                    ? "a dangerous structure exists ("
                                    : "a commit-first structure exists (")
                            + run.describe(a.witness())
                            + "); it is necessary for a cycle, not sufficient");
        }
        return run.outcome(
                ProofOutcome.Verdict.PROVED,
                ProofMethod.DANGEROUS_STRUCTURE,
                null,
                List.of(),
                List.of(),
                everyType
                        ? "no 2-cycle, and no two consecutive anti-dependencies whose last transaction"
                                + " commits first (Fekete et al., TODS 2005, Theorem 2.1)"
                                + (si ? "" : "; every type reads at SI or stronger")
                        : "no 2-cycle, and no dependency t1 -> t2 into an anti-dependency t2 -rw-> t3"
                                + " whose target commits first ("
                                + readers(snapshotTypes)
                                + "; DangerousStructureQuery)");
    }

    /** Which first edges the structure admits, for the certificate. */
    private static String readers(java.util.Set<String> snapshotTypes) {
        return snapshotTypes.isEmpty()
                ? "t1 -> t2 any dependency: no type reads from one SI snapshot"
                : "t1 -> t2 an anti-dependency where t2 is one of "
                        + String.join(", ", snapshotTypes)
                        + ", any dependency elsewhere";
    }
}
