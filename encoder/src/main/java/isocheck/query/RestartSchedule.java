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
 */
record RestartSchedule(List<Attempt> attempts) {

    /**
     * One solve: Z3's {@code random_seed}, and a resource limit of {@code factor} units per term
     * (0: no limit), at least {@link #MIN_LIMIT}.
     */
    record Attempt(int seed, int factor) {
        boolean limited() {
            return factor > 0;
        }

        int rlimit(int terms) {
            return (int) Math.min(Integer.MAX_VALUE, Math.max(MIN_LIMIT, (long) factor * terms));
        }
    }

    /** Units per term of the first attempt: about four times a typical answer. */
    static final int FIRST_FACTOR = 500;

    /** No attempt stops below this (small queries: bank, the litmus programs). */
    static final int MIN_LIMIT = 2_000_000;

    static final RestartSchedule DEFAULT =
            new RestartSchedule(
                    List.of(
                            new Attempt(0, FIRST_FACTOR),
                            new Attempt(1, FIRST_FACTOR),
                            new Attempt(2, 2 * FIRST_FACTOR),
                            new Attempt(3, 4 * FIRST_FACTOR),
                            new Attempt(4, 0)));
}
