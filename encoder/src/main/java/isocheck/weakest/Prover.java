package isocheck.weakest;

import isocheck.program.Program;
import isocheck.spec.Spec;

/**
 * The one place {@code weakest} gets unbounded proofs from (paper §5.2/§5.3). The search calls it
 * only for specs found anomaly-free up to the bound, weakest first.
 */
@FunctionalInterface
public interface Prover {

    ProofStatus prove(Program program, Spec spec);

    /** For builds without an unbounded prover: says so instead of claiming anything. */
    static Prover unavailable(String reason) {
        return (program, spec) -> new ProofStatus.NotAttempted(reason);
    }
}
