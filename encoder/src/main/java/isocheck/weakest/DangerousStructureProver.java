package isocheck.weakest;

import isocheck.program.Program;
import isocheck.query.Proof;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.query.ProofOutcome;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;

/**
 * The dangerous-structure proof ({@code verify --method dangerous-structure}: two queries,
 * φ_Cycle,2 and one three-transaction structure), tried before {@code fallback}. For a spec at SI
 * or above it is Fekete et al.'s theorem (TODS 2005, Theorem 2.1); for a per-transaction mix with
 * READ COMMITTED types it is the commit-first structure of {@link
 * isocheck.query.DangerousStructureQuery#build(isocheck.encoding.Vocabulary,
 * isocheck.encoding.Encoder, java.util.Set)}, which needs only φ_basic and the SI axioms of the
 * types that have them: sound for every hybrid the assignment search builds. Only PROVED is taken;
 * anything else (a structure exists, unknown) goes to {@code fallback}, so this adds proofs and
 * never a claim the fallback would not make. Why first: the shortest-path method walks chordless
 * paths up to --max-length and ran out of 900 s on SmallBank's assignment (benchmarks/RESULTS.md,
 * 2026-11-26, branch repair2), where these two queries answer in seconds.
 */
public record DangerousStructureProver(ProofOptions options, Prover fallback) implements Prover {

    @Override
    public ProofStatus prove(Program program, Spec spec) {
        try {
            ProofOutcome o =
                    Proof.verify(
                            program, spec, options.withMethod(ProofMethod.DANGEROUS_STRUCTURE));
            if (o.verdict() == ProofOutcome.Verdict.PROVED) {
                return new ProofStatus.Proved(
                        o.provedBy().label(), o.reason() + "; " + o.queries() + " queries");
            }
        } catch (SpecException | UnsupportedOperationException e) {
            // not a proof: the fallback decides
        }
        return fallback.prove(program, spec);
    }
}
