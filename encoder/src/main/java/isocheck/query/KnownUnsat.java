package isocheck.query;

/**
 * Cycle queries a caller already knows to be unsatisfiable, so that {@link Analysis} does not ask
 * them: a search that asks many related specs of one program ({@code weakest}, {@code weakest
 * --per-transaction}) learns from each unsatisfiable answer that the same query is unsatisfiable
 * under every stronger spec. Only an unsatisfiable answer may be reused this way (a stronger spec
 * allows fewer executions, paper §3.3); a skipped query is certainly unsatisfiable, so the analysis
 * answers exactly as if it had asked it, and the queries it does ask, and their models and
 * witnesses, are the same ({@code PrunedSearchAgreementTest} compares both on the shipped
 * programs).
 */
@FunctionalInterface
public interface KnownUnsat {

    /** Nothing known: every query is asked. */
    KnownUnsat NONE = (k, seq) -> false;

    /**
     * @param k the cycle length
     * @param seq the query's type sequence, or null for the one query over all types at length k
     * @return true only if the query is certainly unsatisfiable
     */
    boolean covers(int k, TypeSequence seq);
}
