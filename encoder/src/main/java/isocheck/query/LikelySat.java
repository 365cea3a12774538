package isocheck.query;

/**
 * Cycle queries a caller expects to be satisfiable, as a scheduling hint only: a search over
 * related specs of one program ({@code weakest --per-transaction}) has seen the same type sequence
 * answer satisfiable under a weaker spec, and a cycle often survives an upgrade. Without {@code
 * --all} an analysis stops at the first satisfiable query in job order, so the jobs after an
 * expected-satisfiable one are most likely asked for nothing; {@link Analysis} starts them only
 * once it has answered. Nothing else depends on the hint: the same queries are asked and merged in
 * the same order, each with its own canonical solve, so every answer, model and witness is the same
 * whether the hint is right or wrong (wrong, it only costs the parallelism of one query).
 */
@FunctionalInterface
public interface LikelySat {

    /** No expectation: jobs are started in order as soon as a thread is free. */
    LikelySat NONE = (k, seq) -> false;

    /**
     * @param k the cycle length
     * @param seq the query's type sequence, or null for the one query over all types at length k
     */
    boolean expects(int k, TypeSequence seq);
}
