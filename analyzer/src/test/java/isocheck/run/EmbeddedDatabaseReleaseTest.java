package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run on the private in-memory H2 database releases it whether the run succeeds or fails: an
 * embedding JVM (the fuzz campaign of issue 16, a test suite, an IDE) must not keep one whole
 * database, generated rows included, per failed run until it exits.
 */
class EmbeddedDatabaseReleaseTest {

    private static final Program PROGRAM =
            ProgramLoader.parse(
                    "page.sql",
                    """
                    CREATE TABLE page (page_id INT PRIMARY KEY, views INT CHECK (views >= 0));
                    TRANSACTION View(id INT)
                    BEGIN
                      UPDATE page SET views = views + 1 WHERE page_id = :id;
                    END;
                    """);

    private static final Runner.Options OPTIONS =
            new Runner.Options(2, 20, 1, false, 0, false, true);

    /** The database of {@code db} still exists (H2's IFEXISTS refuses to create it anew). */
    private static boolean exists(Db db) {
        try (Connection c =
                java.sql.DriverManager.getConnection(db.url() + ";IFEXISTS=TRUE", "", "")) {
            return true;
        } catch (SQLException gone) {
            return false;
        }
    }

    @Test
    void aRunThatFailsInItsSetUpReleasesTheDatabase() {
        Db db = Db.embedded(Isolation.SERIALIZABLE);
        GenSpec gen =
                GenSpec.parse(
                        "page.gen",
                        List.of("table page: page_id = 1..50, views = -1", "param *.id = 1..50"));
        // The generated rows break the CHECK constraint: the set-up fails after the database was
        // created (its tables exist).
        assertThrows(
                RuntimeException.class, () -> Runs.program(db, PROGRAM, gen, "page.gen", OPTIONS));
        if (exists(db)) {
            throw new AssertionError("the failed run kept its in-memory database " + db.url());
        }
    }

    @Test
    void aRunThatSucceedsReleasesTheDatabase() {
        Db db = Db.embedded(Isolation.SERIALIZABLE);
        GenSpec gen =
                GenSpec.parse(
                        "page.gen",
                        List.of("table page: page_id = 1..5, views = 0", "param *.id = 1..5"));
        assertDoesNotThrow(() -> Runs.program(db, PROGRAM, gen, "page.gen", OPTIONS));
        if (exists(db)) {
            throw new AssertionError("the run kept its in-memory database " + db.url());
        }
    }
}
