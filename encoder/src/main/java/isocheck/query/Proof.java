package isocheck.query;

import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;

/**
 * Proofs that every execution of a program under a spec is serializable: the shortest-path scheme
 * (paper §5.2, Theorem 10) and the inductive scheme (§5.3, Lemma 11, Theorem 12) with the subsets
 * T' searched automatically.
 */
public final class Proof {
    private Proof() {}

    public static ProofOutcome verify(Program program, Spec spec, ProofOptions opts) throws SpecException {
        throw new UnsupportedOperationException("not yet implemented");
    }
}
