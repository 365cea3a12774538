package isocheck.run;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The PostgreSQL server of {@code ISOCHECK_TEST_PG}, for a test class that needs it
 * ({@code @ExtendWith(PostgresConfigured.class)}): set but unreachable, every test of the class
 * fails (a broken CI set-up must not look green); unset, each test is reported skipped, one by one,
 * so that surefire's "Skipped" count shows them.
 */
final class PostgresConfigured implements BeforeAllCallback, BeforeEachCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        String url = PostgresRunTest.url();
        if (url == null || url.isBlank()) {
            return;
        }
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        } catch (SQLException e) {
            fail(
                    PostgresRunTest.ENV
                            + " is set but the server is unreachable: "
                            + Db.redact(url)
                            + ": "
                            + e.getMessage());
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        String url = PostgresRunTest.url();
        Assumptions.assumeTrue(
                url != null && !url.isBlank(),
                PostgresRunTest.ENV
                        + " is not set: PostgreSQL tests skipped (scripts/test runs them against a private server)");
    }
}
