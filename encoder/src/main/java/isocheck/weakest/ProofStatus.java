package isocheck.weakest;

/**
 * Whether a spec was proved free of serializability violations for every execution (paper §5.2
 * shortest path, §5.3 inductive), as opposed to up to a cycle bound. {@code weakest} reports one
 * per anomaly-free spec; it never claims a proof that no prover produced.
 */
public sealed interface ProofStatus {

    /**
     * Proved for all executions; {@code method} names the scheme, {@code detail} its steps in
     * short.
     */
    record Proved(String method, String detail) implements ProofStatus {}

    /**
     * A proof was attempted and did not succeed (a scheme failed, found an anomaly, or a query was
     * unknown).
     */
    record NotProved(String reason) implements ProofStatus {}

    /** No proof was attempted, and why. */
    record NotAttempted(String reason) implements ProofStatus {}

    /**
     * Proved because a weaker spec, {@code via}, was: every execution of the stronger spec is one
     * of the weaker's.
     */
    record Inherited(String via, ProofStatus.Proved proof) implements ProofStatus {}

    default boolean proved() {
        return this instanceof Proved || this instanceof Inherited;
    }

    /** One phrase for reports: "proved (shortest path: …)", "proof: not attempted (…)". */
    default String describe() {
        if (this instanceof Proved p)
            return "proved for all executions ("
                    + p.method()
                    + (p.detail().isEmpty() ? "" : ": " + p.detail())
                    + ")";
        if (this instanceof Inherited i)
            return "proved for all executions (via " + i.via() + ", " + i.proof().method() + ")";
        if (this instanceof NotProved n) return "proof failed (" + n.reason() + ")";
        return "proof: not attempted (" + ((NotAttempted) this).reason() + ")";
    }
}
