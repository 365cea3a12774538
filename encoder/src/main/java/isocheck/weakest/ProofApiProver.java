package isocheck.weakest;

import isocheck.program.Program;
import isocheck.query.Proof;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.query.ProofOutcome;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@link Prover} backed by {@link Proof#verify} (paper §5.2 shortest path, §5.3 inductive):
 * with method auto, the inductive method alone first, then auto. Only {@link
 * ProofOutcome.Verdict#PROVED} becomes a proof; a build whose proof driver is not implemented yet
 * answers "not attempted" and says so.
 */
public record ProofApiProver(ProofOptions options) implements Prover {

    @Override
    public ProofStatus prove(Program program, Spec spec) {
        ProofOutcome o;
        try {
            // the inductive method first when the method is auto: its queries are over two or three
            // transactions and answer in a second where the chordless-path search walks every
            // length up to --max-length (TPC-C: 100 s); then the shortest-path method alone, and
            // auto's outcome of the two (Proof.autoVerdict/autoReason), without asking the
            // inductive queries a second time
            if (options.method() != ProofMethod.AUTO) {
                o = Proof.verify(program, spec, options);
            } else {
                o = Proof.verify(program, spec, options.withMethod(ProofMethod.INDUCTIVE));
                if (o.verdict() == ProofOutcome.Verdict.ANOMALY)
                    o = Proof.verify(program, spec, options); // as auto reports it (rare)
                else if (o.verdict() != ProofOutcome.Verdict.PROVED)
                    o = afterInductive(program, spec, o);
            }
        } catch (UnsupportedOperationException e) {
            return new ProofStatus.NotAttempted(
                    "the proof driver (isocheck.query.Proof.verify) is not implemented in this build");
        } catch (SpecException e) {
            return new ProofStatus.NotProved(e.getMessage());
        }
        String queries = o.queries() + (o.queries() == 1 ? " query" : " queries");
        return switch (o.verdict()) {
            case PROVED -> new ProofStatus.Proved(o.provedBy().label(), detail(o) + queries);
            case ANOMALY ->
                    new ProofStatus.NotProved(
                            "a cycle of " + o.anomaly().k() + " found: " + o.anomaly().anomaly());
            case NOT_PROVED -> new ProofStatus.NotProved(o.reason());
            case UNKNOWN -> new ProofStatus.NotProved("unknown: " + o.reason());
        };
    }

    /** Auto's outcome when the inductive attempt {@code ind} neither proved nor found a cycle. */
    private ProofOutcome afterInductive(Program program, Spec spec, ProofOutcome ind)
            throws SpecException {
        ProofOutcome sp =
                Proof.verify(program, spec, options.withMethod(ProofMethod.SHORTEST_PATH));
        if (sp.verdict() == ProofOutcome.Verdict.PROVED
                || sp.verdict() == ProofOutcome.Verdict.ANOMALY) return sp;
        List<ProofOutcome.Step> steps = new ArrayList<>(sp.steps());
        steps.addAll(ind.steps());
        return new ProofOutcome(
                Proof.autoVerdict(sp, ind),
                ind.provedBy(),
                steps,
                ind.anomaly(),
                sp.longestPath(),
                ind.rounds(),
                ind.remainder(),
                Proof.autoReason(sp, ind),
                sp.millis() + ind.millis());
    }

    private static String detail(ProofOutcome o) {
        if (!o.rounds().isEmpty()) {
            return "T' = "
                    + o.rounds().stream()
                            .map(r -> "{" + String.join(", ", r) + "}")
                            .collect(Collectors.joining(", then "))
                    + (o.remainder().isEmpty()
                            ? ""
                            : "; remaining "
                                    + String.join(", ", o.remainder())
                                    + " have no dependency")
                    + "; ";
        }
        return "";
    }
}
