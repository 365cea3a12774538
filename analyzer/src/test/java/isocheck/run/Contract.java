package isocheck.run;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the database contracts share: the database their {@link Case}s run on, and a scratch
 * directory. {@link DatabaseContractTest} sets both for each generated case; a JUnit test class
 * that extends a contract for its own database-specific tests gets {@code dir} from JUnit.
 */
abstract class Contract {

    Database database;

    @TempDir Path dir;

    Db db(Isolation isolation) {
        return database.db(isolation);
    }

    /**
     * The level that is snapshot isolation: {@code snapshot} on every database that offers it (H2's
     * SNAPSHOT, PostgreSQL's REPEATABLE READ); cases that use it are generated only there.
     */
    Isolation snapshotLevel() {
        return Isolation.SNAPSHOT;
    }
}
