package isocheck.query;

import isocheck.witness.Witness;
import java.nio.file.Path;
import java.util.List;

/**
 * The result of {@link Proof#verify}: a verdict and the certificate behind it, the ordered {@link
 * Step}s, each a solver query (or a static check) with its role, its parameters, its answer and
 * time, and the SMT-LIB file another solver can re-check it with.
 *
 * <p>{@link Verdict#PROVED} is claimed only when every step the proof rests on answered as the
 * scheme requires (unsat); a step that answered unknown makes the verdict {@link Verdict#UNKNOWN}.
 *
 * @param provedBy the scheme that succeeded (null unless proved)
 * @param anomaly the cycle found on the way (only with {@link Verdict#ANOMALY})
 * @param longestPath the longest chordless path the shortest-path method found (null when it was
 *     not run or succeeded): why the method fails
 * @param rounds the inductive method's T' per round, in order (empty when it was not run)
 * @param remainder the types left after the last inductive round, among which no two statements can
 *     conflict (empty unless the inductive method succeeded)
 * @param reason one sentence saying why the verdict is what it is
 */
public record ProofOutcome(
        Verdict verdict,
        ProofMethod provedBy,
        List<Step> steps,
        Witness anomaly,
        Witness longestPath,
        List<List<String>> rounds,
        List<String> remainder,
        String reason,
        long millis) {

    public enum Verdict {
        /** Every execution under the spec is serializable (Theorem 10 or 12). */
        PROVED,
        /** A dependency cycle the spec allows: see {@link ProofOutcome#anomaly()}. */
        ANOMALY,
        /** Every query answered, but no scheme succeeded within the limits (no anomaly either). */
        NOT_PROVED,
        /** A query answered unknown (time limit): nothing is claimed. */
        UNKNOWN
    }

    /** What a step asks. */
    public enum Role {
        /** φ_{T,Ψ} ∧ φ_D ∧ φ_Cycle,k (§5.1): must be unsat for the proof. */
        CYCLE("cycle"),
        /** φ_{T,Ψ} ∧ φ_D ∧ φ_ShortestPath,k (§5.2): unsat ends the search for k. */
        SHORTEST_PATH("chordless path"),
        /**
         * eq. (7)'s first disjunct: an edge out of a T' instance that is not in ar (Lemma 11,
         * condition 1).
         */
        INDUCTIVE_EDGE("inductive edge"),
        /**
         * eq. (7)'s second disjunct: a two-edge path whose end precedes both others in ar
         * (condition 2).
         */
        INDUCTIVE_TWO_STEP("inductive two-step"),
        /**
         * Static: no candidate dependency between statements of the remaining types, so no edge
         * among them.
         */
        NO_DEPENDENCY("no dependency"),
        /**
         * Under SI: two anti-dependencies t1 → t2 → t3 with t3 committing first ({@link
         * DangerousStructureQuery}); unsat, with φ_Cycle,2 unsat, proves the program.
         */
        DANGEROUS_STRUCTURE("dangerous structure");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One step of the certificate.
     *
     * @param k the cycle or path length in edges (0 for the inductive and static steps)
     * @param subset T' for {@link Role#INDUCTIVE_EDGE} (empty otherwise)
     * @param among the transaction types the execution is restricted to (every type unless a later
     *     inductive round removed some)
     * @param result {@code sat}, {@code unsat}, {@code unknown}, or {@code holds} for a static step
     * @param witness what a sat answer exhibited: the cycle, the chordless path, the inductive
     *     counterexample's transactions and edges (null otherwise)
     * @param types the transaction types of a {@link Role#SHORTEST_PATH} query restricted to one
     *     type sequence, t1 … t(k+1) in order (empty for the query over all types)
     * @param attempt a chordless-path query that did not decide its length: the query over all
     *     types within a shorter budget than {@code --timeout}, or a type sequence that was not
     *     sat. Nothing is concluded from it; the length is decided by another step of the same k
     */
    public record Step(
            ProofMethod method,
            Role role,
            int k,
            List<String> subset,
            List<String> among,
            String result,
            long millis,
            Path smtFile,
            Witness witness,
            String description,
            List<String> types,
            boolean attempt) {

        public Step {
            types = List.copyOf(types);
        }

        /** This step marked as an attempt that did not decide its length. */
        public Step asAttempt() {
            return new Step(
                    method,
                    role,
                    k,
                    subset,
                    among,
                    result,
                    millis,
                    smtFile,
                    witness,
                    description,
                    types,
                    true);
        }

        public boolean unsat() {
            return result.equals("unsat");
        }

        public boolean sat() {
            return result.equals("sat");
        }
    }

    /** Number of solver queries (static steps excluded). */
    public int queries() {
        return (int) steps.stream().filter(s -> s.role() != Role.NO_DEPENDENCY).count();
    }

    public long solverMillis() {
        return steps.stream().mapToLong(Step::millis).sum();
    }
}
