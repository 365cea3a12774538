package isocheck.run;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * Static witnesses replayed on the PostgreSQL server of ISOCHECK_TEST_PG (REPEATABLE READ is its
 * snapshot isolation). Unset: skipped, one by one. Set but unreachable: every test FAILS.
 */
class PostgresWitnessReplayTest extends WitnessReplayContract {

    @BeforeAll
    static void serverIsThereWhenConfigured() {
        PostgresRunTest.serverIsThereWhenConfigured();
    }

    @BeforeEach
    void configured() {
        String url = PostgresRunTest.url();
        Assumptions.assumeTrue(url != null && !url.isBlank(),
                PostgresRunTest.ENV + " is not set: PostgreSQL tests skipped (scripts/test runs them against a private server)");
    }

    @Override
    Db db(Isolation isolation) {
        return Db.of(PostgresRunTest.url(), null, null, isolation);
    }

    @Override
    Isolation snapshotLevel() {
        return Isolation.REPEATABLE_READ;
    }
}
