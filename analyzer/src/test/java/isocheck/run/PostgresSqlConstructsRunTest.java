package isocheck.run;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The SQL constructs' runs on the PostgreSQL server of ISOCHECK_TEST_PG: skipped when it is unset,
 * failing when it is set but unreachable (as {@link PostgresRunTest}).
 */
class PostgresSqlConstructsRunTest extends SqlConstructsRunContract {

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
}
