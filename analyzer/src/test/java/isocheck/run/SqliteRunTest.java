package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What embedded SQLite does: one level, SERIALIZABLE, enforced by one writer at a time and
 * SQLITE_BUSY for a transaction whose snapshot went stale; a run's database is a file of its own.
 */
class SqliteRunTest extends RunContract {

    {
        database = Database.SQLITE;
    }

    /**
     * The anomalies snapshot isolation admits: SQLite lets one transaction commit, and SER holds.
     */
    @Test
    void serializableAbortsOneTransactionOfEachAnomaly() throws Exception {
        List<String[]> litmus =
                new java.util.ArrayList<>(
                        List.of(new String[] {"write-skew"}, new String[] {"lost-update"}));
        litmus.addAll(PREDICATE_LITMUS);
        for (String[] c : litmus) {
            String l = c[0];
            StringWriter trace = new StringWriter();
            History h = schedule(litmusProgram(c), l + ".schedule", Isolation.SERIALIZABLE, trace);
            assertEquals(1, Oracle.committed(h).size(), l + "\n" + trace);
            assertTrue(trace.toString().contains("SQLITE_BUSY"), l + "\n" + trace);
            assertTrue(Oracle.check(h, Level.SER) instanceof Verdict.Consistent, l);
        }
    }

    @Test
    void onlySerializableIsOffered() {
        RunError e = assertThrows(RunError.class, () -> db(Isolation.READ_COMMITTED));
        assertEquals(
                "--isolation read-committed: SQLite has no such level (its levels: serializable)",
                e.getMessage());
    }

    /** The run's file lives beside the URL's directory while it runs and is gone after it. */
    @Test
    void theRunsDatabaseFileIsDeleted() throws Exception {
        Db d = Db.of("jdbc:sqlite:" + dir, null, null, Isolation.SERIALIZABLE);
        Runs.Outcome o = Runs.keyValue(d, false, 4, 0, opts(2, 40));
        assertEquals(40, o.result().attempts(), o.summary());
        assertTrue(
                o.summary().contains("SQLite (a file in " + dir.toAbsolutePath() + ")"),
                o.summary());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.toList());
        }
    }
}
