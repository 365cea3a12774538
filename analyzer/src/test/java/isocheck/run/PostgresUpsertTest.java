package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code INSERT … ON CONFLICT} run natively on PostgreSQL ({@link UpsertSql}): two upserts of one
 * key race. At READ COMMITTED the second INSERT waits for the first one's uncommitted row and then
 * takes the conflict path, and the recorded history shows it read the first one's version
 * (PostgreSQL manual, INSERT, "ON CONFLICT Clause"; §13.2.1); the front-end's rewrite (probe, then
 * INSERT) would instead have failed on the duplicate key. At REPEATABLE READ the row its snapshot
 * does not see is a serialization failure (§13.2.2). Needs ISOCHECK_TEST_PG (skipped when unset,
 * failing when set and unreachable, as {@link PostgresRunTest}).
 */
@ExtendWith(PostgresConfigured.class)
class PostgresUpsertTest {

    static final Path ON_CONFLICT = Path.of("../benchmarks/programs/litmus/on-conflict.sql");

    private static Runs.Outcome schedule(Isolation iso, StringWriter trace, String... lines)
            throws Exception {
        Path dir = Files.createTempDirectory("isocheck-upsert");
        Path file = dir.resolve("s.schedule");
        Files.writeString(file, String.join("\n", lines) + "\n");
        try {
            return Runs.schedule(
                    Db.of(PostgresRunTest.url(), null, null, iso),
                    ProgramLoader.load(ON_CONFLICT),
                    GenSpec.empty(),
                    null,
                    file,
                    1,
                    500,
                    new PrintWriter(trace, true));
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static final String[] BUMPS = {
        "table hits: empty",
        "table names: empty",
        "table users: uid = 1..2, claims = 0",
        "T1: bump(p_page = 1)",
        "T2: bump(p_page = 1)",
        // each: its SELECT, the probe's step, the INSERT … ON CONFLICT; T2's INSERT waits for T1
        "T1 T1 T2 T2 T1 T2 T1 T2"
    };

    /** The version T1's INSERT wrote to {@code key}, from its committed operations. */
    private static String writtenVersion(String ops, String key) {
        Matcher m = Pattern.compile("w\\(" + Pattern.quote(key) + ",(\\d+)\\)").matcher(ops);
        assertTrue(m.find(), "no write of " + key + " in " + ops);
        return m.group(1);
    }

    @Test
    void readCommittedDoUpdateWaitsForTheConcurrentInsertAndUpdatesItsRow() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule(Isolation.READ_COMMITTED, trace, BUMPS).history();
        List<Integer> committed = Oracle.committed(h);
        assertEquals(2, committed.size(), "both upserts commit:\n" + trace);
        assertTrue(trace.toString().contains("blocked"), "T2's INSERT waited for T1:\n" + trace);
        String t1 = Oracle.itemOps(h, committed.get(0));
        String t2 = Oracle.itemOps(h, committed.get(1));
        String v1 = writtenVersion(t1, "hits/1/@alive");
        // the conflict path: T2 read the row T1 inserted, then its DO UPDATE wrote n
        assertTrue(t2.contains("r(hits/1/@alive," + v1 + ")"), t2 + "\n" + trace);
        assertTrue(t2.matches(".*w\\(hits/1/n,\\d+\\).*"), t2);
        assertFalse(t2.contains("w(hits/1/@alive"), "T2 did not insert: " + t2);
        // both SELECTs missed the other's row: Bump's lost update, real at READ COMMITTED
        assertFalse(Oracle.serializable(h), "the lost update:\n" + trace);
    }

    @Test
    void repeatableReadDoUpdateOfARowItsSnapshotMissesIsASerializationFailure() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule(Isolation.REPEATABLE_READ, trace, BUMPS).history();
        assertEquals(1, Oracle.committed(h).size(), trace.toString());
        assertTrue(trace.toString().contains("could not serialize access"), trace.toString());
        assertTrue(Oracle.serializable(h), trace.toString());
    }

    private static final String[] CLAIMS = {
        "table hits: empty",
        "table names: empty",
        "table users: uid = 1..2, claims = 0",
        "T1: claim(p_name = 'a', p_uid = 1)",
        "T2: claim(p_name = 'a', p_uid = 2)",
        // the probes' steps, T1's INSERT, T2's (waits), T1 to its commit, T2 to its end
        "T1 T2 T1 T2 T1* T2*"
    };

    @Test
    void readCommittedDoNothingWaitsForTheConcurrentInsertAndReadsIt() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule(Isolation.READ_COMMITTED, trace, CLAIMS).history();
        List<Integer> committed = Oracle.committed(h);
        assertEquals(2, committed.size(), "both claims commit:\n" + trace);
        assertTrue(trace.toString().contains("blocked"), "T2's INSERT waited for T1:\n" + trace);
        String t1 = Oracle.itemOps(h, committed.get(0));
        String t2 = Oracle.itemOps(h, committed.get(1));
        String v1 = writtenVersion(t1, "names/a/@alive");
        assertTrue(t1.contains("w(users/1/claims"), "T1 inserted, so it counted: " + t1);
        // DO NOTHING: T2 read T1's row, wrote nothing (NOT FOUND: RETURN 0)
        assertEquals("r(names/a/@alive," + v1 + ")", t2, trace.toString());
        assertTrue(Oracle.serializable(h), trace.toString());
    }

    @Test
    void repeatableReadDoNothingOnARowItsSnapshotMissesIsASerializationFailure() throws Exception {
        StringWriter trace = new StringWriter();
        History h = schedule(Isolation.REPEATABLE_READ, trace, CLAIMS).history();
        assertEquals(1, Oracle.committed(h).size(), trace.toString());
        assertTrue(trace.toString().contains("could not serialize access"), trace.toString());
    }
}
