package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.level.Level;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code INSERT … ON CONFLICT} runs natively on SQLite too ({@link UpsertSql}; SQLite's UPSERT has
 * PostgreSQL's syntax): on-conflict.sql's claims and bumps of two names and two pages by two
 * clients all commit (a wrong statement would fail every upsert), and the recorded history, on a
 * database that runs one writer at a time, is serializable.
 */
class SqliteUpsertTest {

    @TempDir Path dir;

    @Test
    void onConflictRunsNativelyAndIsRecordedSerializable() throws Exception {
        GenSpec g =
                GenSpec.parse(
                        "on-conflict.gen",
                        List.of(
                                "table names: empty",
                                "table users: uid = 1..3, claims = 0",
                                "table hits: empty",
                                "param *.p_name = 'a' | 'b'",
                                "param *.p_uid = 1..3",
                                "param *.p_page = 1..2"));
        Runs.Outcome o =
                Runs.program(
                        Db.of("jdbc:sqlite:" + dir, null, null, Isolation.SERIALIZABLE),
                        ProgramLoader.load(PostgresUpsertTest.ON_CONFLICT),
                        g,
                        "on-conflict.gen",
                        new Runner.Options(2, 60, 5, true, 50, false, true));
        History h = o.history();
        assertEquals(60, o.result().committed(), o.summary());
        assertTrue(Oracle.consistent(h, Level.SER), () -> Oracle.check(h, Level.SER).toString());
    }
}
