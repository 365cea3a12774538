package isocheck.query;

import java.util.List;

/**
 * The attempts of one canonical solve: a random seed and a resource limit each, the last without a
 * limit. Z3's effort on a satisfiable query is heavy-tailed in the seed: one query of TPC-C's
 * psi-cc 4-cycle enumeration took 157 M resource units (20 s) with seed 0 and 1.4–8.8 M (0.1–1 s)
 * with seeds 1–3 (benchmarks/RESULTS.md, 2026-11-24). Restarting with another seed when a limit is
 * reached cuts that tail. Z3's resource count, unlike time, does not depend on the machine or its
 * load, and the limits depend only on the query, so the attempt that answers, and with it the
 * model, is a function of the query (and the Z3 build) alone: witnesses stay reproducible.
 *
 * <p>The limits scale with the query's size: a typical answer took 100–200 units per term, on
 * TPC-C's sequence queries (12–15 k terms, 1–3 M units) as on Courseware's whole queries (110 k
 * terms at k = 8, unsatisfiable, 13 M). An unsatisfiable query gains nothing from another seed and
 * pays for every attempt cut short, so the first limit is well above typical, and the limits
 * double: an attempt that does not finish costs about as much as the ones before it together.
 *
 * <p>A resource limit only stops Z3's search where it is reached; it does not steer it. So raising
 * an attempt's limit changes the answering attempt, and the model, only of the queries that attempt
 * did not finish before.
 */
record RestartSchedule(List<Attempt> attempts) {

    /**
     * One solve: Z3's {@code random_seed}, the solver ({@code simple}: Z3's SMT kernel alone,
     * {@code Z3_mk_simple_solver}; otherwise {@code Context.mkSolver()}, whose check first runs the
     * default tactic's preprocessing), and a resource limit of {@code factor} units per term (0: no
     * limit), at least {@code minLimit}.
     */
    record Attempt(int seed, boolean simple, int factor, int minLimit) {
        Attempt(int seed, int factor) {
            this(seed, false, factor, MIN_LIMIT);
        }

        boolean limited() {
            return factor > 0;
        }

        int rlimit(int terms) {
            return (int) Math.min(Integer.MAX_VALUE, Math.max(minLimit, (long) factor * terms));
        }
    }

    /**
     * Units per term of the first attempt of the full solver: five to seven times a typical answer.
     * It was 500, with a fifth attempt: on TPC-C's psi-cc {@code --all} enumeration the satisfiable
     * queries of [OrderStatus Delivery OrderStatus Delivery] needed 400–1,200 units per term with
     * every seed (10 k terms), so most were cut at 500 by seed 0 and again by seed 1 before one
     * answered; at 700 the command's Z3 work fell from 146.2 M to 112.6 M units, its answers and
     * anomaly shapes unchanged (benchmarks/RESULTS.md, stop 23, branch static12).
     */
    static final int FIRST_FACTOR = 700;

    /**
     * The first attempt: the SMT kernel without the default preprocessing, with a small limit. On
     * TPC-C's psi-cc queries up to k = 4 (benchmarks/RESULTS.md, 2026-11-26, branch static4) every
     * unsatisfiable query finished in it within 23 units per term (at most 0.41 M units, against
     * 1.9 M with preprocessing: 62 queries, 9.6 M units against 36.8 M), while the satisfiable ones
     * had a heavier tail there than with preprocessing (5 of 17 under 2 M units). So it is tried
     * first, cheaply, and a query it does not settle goes on to the schedule as before, having lost
     * at most this limit.
     */
    static final int SIMPLE_FACTOR = 50;

    static final int SIMPLE_MIN_LIMIT = 500_000;

    /** No attempt stops below this (small queries: bank, the litmus programs). */
    static final int MIN_LIMIT = 2_000_000;

    /**
     * The full solver's attempts: seeds 0 and 1 at the first limit, seed 2 at twice, seed 3 free.
     */
    private static final List<Attempt> FULL =
            List.of(
                    new Attempt(0, FIRST_FACTOR),
                    new Attempt(1, FIRST_FACTOR),
                    new Attempt(2, 2 * FIRST_FACTOR),
                    new Attempt(3, 0));

    /** The kernel-alone attempt, then the full solver's. */
    static final RestartSchedule DEFAULT =
            new RestartSchedule(
                    List.of(
                            new Attempt(0, true, SIMPLE_FACTOR, SIMPLE_MIN_LIMIT),
                            FULL.get(0),
                            FULL.get(1),
                            FULL.get(2),
                            FULL.get(3)));

    /**
     * An {@code --all} re-solve afresh ({@link ReproducibleCheck#recheck}, after its incremental
     * attempt did not settle it): the full solver's attempts without the kernel-alone one. The
     * query is a satisfiable one with one more blocking clause, and Z3's kernel alone has the
     * heavier tail on satisfiable queries (RESULTS, branch static4): on TPC-C's psi-cc enumeration
     * every such kernel-alone attempt was cut at its limit (0.5 M units each, for nothing), and an
     * unsatisfiable last query of an enumeration is mostly answered by the incremental attempt
     * already.
     */
    static final RestartSchedule RESOLVE = new RestartSchedule(FULL);
}
