package isocheck.query;

import isocheck.spec.SpecException;
import java.util.List;
import java.util.Map;

/**
 * Fekete et al.'s theorem (TODS 2005, Theorem 2.1) as two queries ({@link
 * DangerousStructureQuery}): under SI every cycle has two consecutive anti-dependencies whose last
 * transaction commits first.
 */
final class DangerousStructureProof {
    private final ProofRun run;

    DangerousStructureProof(ProofRun run) {
        this.run = run;
    }

    ProofOutcome prove() throws SpecException {
        if (!DangerousStructureQuery.applies(run.spec)) {
            return run.outcome(
                    ProofOutcome.Verdict.NOT_PROVED,
                    null,
                    null,
                    List.of(),
                    List.of(),
                    "the dangerous-structure method needs snapshot isolation (every axiom of si,"
                            + " unrestricted, one snapshot per transaction); "
                            + run.spec.name()
                            + " is not");
        }
        // the case t3 = t1 is a 2-cycle: φ_Cycle,2 decides it (and a sat one is an anomaly)
        ProofOutcome.Step two = run.cycle(ProofMethod.DANGEROUS_STRUCTURE, 2);
        if (two.result().equals("unknown")) return run.unknown(two);
        if (two.sat()) return run.anomaly(two);
        DangerousStructureQuery.Built q = DangerousStructureQuery.build(run.v, run.encoder);
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
                        "dangerous structure t1 -rw-> t2 -rw-> t3, t3 committing first");
        ProofOutcome.Step s =
                run.record(
                        ProofMethod.DANGEROUS_STRUCTURE,
                        ProofOutcome.Role.DANGEROUS_STRUCTURE,
                        3,
                        List.of(),
                        run.allTypes,
                        List.of(),
                        a,
                        "anti-dependencies t1 -rw-> t2 -rw-> t3 of distinct transactions, t3 committing first");
        if (s.result().equals("unknown")) return run.unknown(s);
        if (s.sat()) {
            return run.outcome(
                    ProofOutcome.Verdict.NOT_PROVED,
                    null,
                    null,
                    List.of(),
                    List.of(),
                    "a dangerous structure exists ("
                            + run.describe(a.witness())
                            + "); it is necessary for a cycle under SI, not sufficient");
        }
        return run.outcome(
                ProofOutcome.Verdict.PROVED,
                ProofMethod.DANGEROUS_STRUCTURE,
                null,
                List.of(),
                List.of(),
                "no 2-cycle, and no two consecutive anti-dependencies whose last transaction"
                        + " commits first (Fekete et al., TODS 2005, Theorem 2.1)");
    }
}
