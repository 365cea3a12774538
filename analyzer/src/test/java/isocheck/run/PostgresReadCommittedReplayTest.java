package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.level.Level;
import isocheck.level.Verdict;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL READ COMMITTED as the arbiter of {@code --db postgresql --level read-committed}
 * (docs/postgresql-levels.md §2). For each program, the static answer under pg-read-committed is
 * asked, and the interleaving at statement granularity that the answer is about is run on the
 * server at READ COMMITTED. The schedules are written from the witness's cycle: the snapshot
 * schedule generator knows one snapshot per transaction only. Then the recorded history is checked:
 *
 * <ul>
 *   <li>bank withdraw (SELECT, then {@code UPDATE SET balance = :bal - :amount}): the encoder's
 *       lost update happens on the server, and the history violates SER;
 *   <li>{@code UPDATE SET views = views + 1}: the encoder finds nothing; on the server the second
 *       UPDATE waits for the first one's row lock and re-reads the row, and the history is
 *       SER-consistent with both increments;
 *   <li>insert if absent by primary key: the encoder finds nothing; on the server the second INSERT
 *       fails on the primary key, and its transaction aborts.
 * </ul>
 *
 * ISOCHECK_TEST_PG unset: skipped; set but unreachable: FAILS.
 */
@ExtendWith(PostgresConfigured.class)
class PostgresReadCommittedReplayTest {

    @TempDir Path dir;

    record Replay(isocheck.history.History history, String trace) {}

    Replay run(Program p, String schedule) throws Exception {
        Path file = dir.resolve("replay.schedule");
        Files.writeString(file, schedule);
        StringWriter trace = new StringWriter();
        Runs.Outcome out =
                Runs.schedule(
                        Db.of(PostgresRunTest.url(), null, null, Isolation.READ_COMMITTED),
                        p,
                        GenSpec.empty(),
                        null,
                        file,
                        1,
                        500,
                        new PrintWriter(trace, true));
        return new Replay(out.history(), schedule + "\n" + trace);
    }

    static Analysis.Outcome analyze(Program p, int bound) throws Exception {
        return Analysis.run(
                p,
                SpecLibrary.builtin().get("pg-read-committed"),
                Analysis.Options.defaults(bound));
    }

    @Test
    void bankWithdrawLosesAnUpdateAtReadCommitted() throws Exception {
        Program p = ProgramLoader.load(RunContract.PROGRAMS.resolve("bank.sql"));
        Analysis.Outcome o = analyze(p, 2);
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Witness w = o.anomalies().get(0);
        assertEquals("lost update", w.anomaly());
        // the witness: T1's SELECT misses T2's update (rw), T2's update is overwritten by T1's
        // (ww):
        // both SELECTs run first, then T2 updates and commits, then T1 updates (on T2's version)
        // and commits
        Replay r =
                run(
                        p,
                        """
                table account: acc_id = 3, balance = 10
                T1: withdraw(id = 3, amount = 1)
                T2: withdraw(id = 3, amount = 2)
                T1 T2
                T2*
                T1*
                """);
        assertEquals(2, Oracle.committed(r.history()).size(), r.trace());
        Verdict ser = Oracle.check(r.history(), Level.parse("ser"));
        assertTrue(ser instanceof Verdict.Violated, "SER: " + ser + "\n" + r.trace());
        assertTrue(
                Oracle.check(r.history(), Level.parse("rc")) instanceof Verdict.Consistent,
                r.trace());
    }

    @Test
    void anIncrementInTheUpdateLosesNoUpdateAtReadCommitted() throws Exception {
        Program p =
                ProgramLoader.parse(
                        "views.sql",
                        """
                CREATE TABLE page (page_id INT PRIMARY KEY, views INT NOT NULL);
                TRANSACTION View(id INT)
                BEGIN
                  UPDATE page SET views = views + 1 WHERE page_id = :id;
                END;
                """);
        assertEquals(Analysis.Verdict.NONE, analyze(p, 3).verdict());
        assertEquals(
                Analysis.Verdict.FOUND,
                Analysis.run(p, SpecLibrary.builtin().get("ec"), Analysis.Options.defaults(2))
                        .verdict(),
                "the paper's EC has the lost update");
        // the EC lost update's interleaving: both UPDATEs before either commits (T2's blocks on the
        // lock)
        Replay r =
                run(
                        p,
                        """
                table page: page_id = 1, views = 5
                T1: View(id = 1)
                T2: View(id = 1)
                T1 T2
                T1*
                T2*
                """);
        assertEquals(2, Oracle.committed(r.history()).size(), r.trace());
        assertTrue(
                Oracle.check(r.history(), Level.parse("ser")) instanceof Verdict.Consistent,
                r.trace());
        assertTrue(
                r.trace().contains("blocked"), "T2's UPDATE waits for T1's row lock\n" + r.trace());
    }

    @Test
    void aDuplicateKeyInsertIsStoppedByThePrimaryKey() throws Exception {
        Program p =
                ProgramLoader.parse(
                        "register.sql",
                        """
                CREATE TABLE users (user_id INT PRIMARY KEY, email INT NOT NULL);
                TRANSACTION Register(uid INT, email INT)
                BEGIN
                  SELECT email INTO same FROM users WHERE user_id = :uid;
                  IF same IS NULL THEN
                    INSERT INTO users (user_id, email) VALUES (:uid, :email);
                  END IF;
                END;
                """);
        assertEquals(Analysis.Verdict.NONE, analyze(p, 3).verdict());
        assertEquals(
                Analysis.Verdict.FOUND,
                Analysis.run(p, SpecLibrary.builtin().get("ec"), Analysis.Options.defaults(2))
                        .verdict(),
                "the paper's EC has the duplicate insert");
        Replay r =
                run(
                        p,
                        """
                table users: empty
                T1: Register(uid = 1, email = 10)
                T2: Register(uid = 1, email = 20)
                T1 T2
                T1*
                T2*
                """);
        assertEquals(
                1, Oracle.committed(r.history()).size(), "the second INSERT aborts\n" + r.trace());
        assertTrue(
                Oracle.check(r.history(), Level.parse("ser")) instanceof Verdict.Consistent,
                r.trace());
    }
}
