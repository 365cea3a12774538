package isocheck.query;

import com.microsoft.z3.Context;
import isocheck.encoding.Encoder;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/**
 * Proofs that every execution of a program under a spec is serializable.
 *
 * <ul>
 *   <li><b>Shortest path</b> (paper §5.2, Theorem 10): the least k ≤ maxLength with
 *       φ_ShortestPath,k unsat ({@link ShortestPathQuery}), then φ_Cycle,k' unsat for k' = 2 … k
 *       ({@link CycleQuery}). When every length up to the limit has a chordless path, the longest
 *       one found is reported: why the method fails. Each length k ≥ 3 is a portfolio ({@link
 *       PathBudget}, {@link PathExtensions}): a sat type-sequence query decides a sat length; only
 *       the query over all types decides unsat (or unknown); the other queries of the length are
 *       certificate steps marked {@link ProofOutcome.Step#attempt()}.
 *   <li><b>Inductive</b> (§5.3, Lemma 11, Theorem 12), automating the paper's hand search: the
 *       second disjunct of eq. (7) (T'-independent) once over all types, then rounds: every type τ
 *       of the remaining ones whose first disjunct A_{τ} is unsat joins T' (the largest T', since
 *       A_T' is the union of its types'; see {@link InductiveQuery}), their union is confirmed by
 *       one query, T' is removed and the next round restricts the program to the rest. It finishes
 *       when no statement of a remaining type can conflict with one of another remaining type (e.g.
 *       all read-only): an execution of those types has no dependency edge at all. φ_Cycle,2 is
 *       part of the certificate, for the case eq. (7)'s distinctness leaves out.
 *   <li><b>Auto</b>: shortest path, then inductive if it fails or gives up (a chordless-path query
 *       answered unknown); each step records the scheme it belongs to.
 * </ul>
 *
 * Never claims a proof when a query the proof rests on answered unknown (an abandoned shortest-path
 * attempt is not part of an inductive proof, and the certificate says so). A sat cycle query is an
 * anomaly (exit 1 in the CLI) with its witness. One Z3 context per call; each query gets a fresh
 * solver and the time limit.
 */
public final class Proof {
    private Proof() {}

    public static ProofOutcome verify(Program program, Spec spec, ProofOptions opts)
            throws SpecException {
        Encoder.Mode mode = opts.mode();
        if (mode == Encoder.Mode.EXPANDED && !spec.isUniversal())
            mode = Encoder.Mode.QUANTIFIED; // DESIGN §3
        if (opts.smtOut() != null) {
            try {
                Files.createDirectories(opts.smtOut());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try (Context ctx = new Context()) {
            Vocabulary v = new Vocabulary(ctx, program);
            ProgramModel model = new ProgramModel(program);
            Encoder encoder =
                    new Encoder(v, model, mode)
                            .assumeUniqueInserts(opts.uniqueKeys())
                            .keyModel(opts.keys())
                            .assumeKeysBelowCounters(opts.keysBelowCounters())
                            .forSpec(spec);
            return prove(new ProofRun(program, spec, opts, v, model, encoder));
        }
    }

    private static ProofOutcome prove(ProofRun run) throws SpecException {
        return switch (run.opts.method()) {
            case SHORTEST_PATH -> new ShortestPathProof(run).prove(ProofMethod.SHORTEST_PATH);
            case INDUCTIVE -> new InductiveProof(run).prove(ProofMethod.INDUCTIVE);
            case DANGEROUS_STRUCTURE -> new DangerousStructureProof(run).prove();
            case AUTO -> {
                // Steps carry the scheme they belong to, so the certificate shows which ones a
                // proof rests on.
                ProofOutcome sp = new ShortestPathProof(run).prove(ProofMethod.SHORTEST_PATH);
                if (sp.verdict() == ProofOutcome.Verdict.PROVED
                        || sp.verdict() == ProofOutcome.Verdict.ANOMALY) yield sp;
                // An unknown chordless-path query leaves the inductive method as valid as a
                // failed search
                // does: its proof (Theorem 12) uses none of the shortest-path steps.
                ProofOutcome ind = new InductiveProof(run).prove(ProofMethod.INDUCTIVE);
                yield run.outcome(
                        autoVerdict(sp, ind),
                        ind.provedBy(),
                        ind.anomaly(),
                        ind.rounds(),
                        ind.remainder(),
                        autoReason(sp, ind));
            }
        };
    }

    /**
     * Auto's verdict from a shortest-path attempt that neither proved nor found an anomaly and the
     * inductive attempt after it: unknown when the first gave up and the second did not prove.
     */
    public static ProofOutcome.Verdict autoVerdict(ProofOutcome sp, ProofOutcome ind) {
        return sp.verdict() == ProofOutcome.Verdict.UNKNOWN
                        && ind.verdict() == ProofOutcome.Verdict.NOT_PROVED
                ? ProofOutcome.Verdict.UNKNOWN
                : ind.verdict();
    }

    /** Auto's reason for the two attempts of {@link #autoVerdict}. */
    public static String autoReason(ProofOutcome sp, ProofOutcome ind) {
        boolean spUnknown = sp.verdict() == ProofOutcome.Verdict.UNKNOWN;
        String spWhy =
                (spUnknown ? "shortest path gave up (" : "shortest path failed (")
                        + sp.reason()
                        + ")";
        return ind.verdict() == ProofOutcome.Verdict.PROVED
                ? spWhy
                        + "; proved by the inductive method, whose steps alone are the proof: "
                        + ind.reason()
                : spWhy + "; inductive: " + ind.reason();
    }
}
