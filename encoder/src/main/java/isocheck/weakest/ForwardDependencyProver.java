package isocheck.weakest;

import isocheck.program.Program;
import isocheck.program.Transaction;
import isocheck.spec.EntailmentOrder;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.util.List;

/**
 * A proof for specs under which every dependency edge points forward in the arbitration order,
 * tried before {@code fallback} (the §5.2/§5.3 driver). If φ_basic ∧ Ψ entails {@code forall a, b:
 * a != b and D(a, b) -> ar(a, b)} — decided by Z3 exactly as {@code specs} decides entailment —
 * then in every execution the dependency graph is a subgraph of the strict total order ar, hence
 * acyclic, and the execution is serializable (paper §3.2). SER is the case in point (WR ⊆ vis = ar,
 * WW ⊆ ar, and RW(a, b) excludes vis(b, a) = ar(b, a)); the program plays no part. The
 * shortest-path and inductive schemes can run long on such specs (TPC-C under SER: a chordless path
 * of 5 edges did not answer in 60 s), so this saves the search, not a claim.
 */
public record ForwardDependencyProver(Prover fallback) implements Prover {

    static final String NAME = "dependencies-follow-ar";
    static final String TEXT =
            "# Every dependency edge between distinct transactions follows the arbitration order.\n"
                    + "axiom forward: forall a, b: a != b and D(a, b) -> ar(a, b)\n";

    @Override
    public ProofStatus prove(Program program, Spec spec) {
        try {
            Spec forward =
                    SpecLibrary.fromSources(
                                    List.of(
                                            new SpecLibrary.Source(
                                                    NAME, "(" + NAME + ")", TEXT, false)))
                            .get(NAME);
            // closed world over the program's types: a hybrid giving every type SER is SER for this
            // program
            List<String> types = program.transactions().stream().map(Transaction::name).toList();
            EntailmentOrder o =
                    EntailmentOrder.compute(
                            List.of(spec, forward),
                            new EntailmentOrder.Options(
                                    EntailmentOrder.Method.BOUNDED, 10_000, types));
            if (o.entails(spec.name(), NAME) == EntailmentOrder.Verdict.ENTAILS) {
                return new ProofStatus.Proved(
                        "dependencies follow ar",
                        "Z3: "
                                + spec.name()
                                + " entails 'a != b and D(a, b) -> ar(a, b)', so every dependency graph is acyclic");
            }
        } catch (SpecException e) {
            throw new IllegalStateException(
                    "the built-in forward-dependency spec does not parse", e);
        }
        return fallback.prove(program, spec);
    }
}
