package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code isocheck run} end to end on embedded H2, and its one-line errors (exit 2, no history file
 * left behind).
 */
class RunCommandTest {

    private static final String LOST_UPDATE = "../benchmarks/programs/litmus/lost-update.sql";
    private static final String NL = System.lineSeparator();

    @Test
    void runsOnEmbeddedH2WritesTheHistoryAndChecksIt(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("h.jsonl");
        CliRun run =
                CliRun.of(
                        "run",
                        LOST_UPDATE,
                        "--transactions",
                        "100",
                        "--clients",
                        "2",
                        "--out",
                        out.toString(),
                        "--check",
                        "rc");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(
                run.out()
                        .startsWith(
                                "lost-update.sql (default generator) on H2 (in-memory) at READ COMMITTED: 2 clients, seed 1"
                                        + NL
                                        + "100 transactions: 100 committed, 0 aborted, 0 retries; "),
                run.out());
        assertTrue(run.out().contains("RC: consistent" + NL), run.out());
        String first = Files.readAllLines(out).get(0);
        // version 2: a program's WHERE clauses are predicate reads (FORMAT.md)
        assertEquals(
                "{\"format\":\"isocheck-history\",\"version\":2,\"sessions\":[\"c1\",\"c2\"]}",
                first);
        // RC, RA and CC are checked: at READ COMMITTED the lost updates this program invites may
        // make SI/SER fail.
        CliRun check = CliRun.of("check", out.toString(), "--level", "cc");
        assertEquals(ExitCode.OK, check.exitCode(), check.out() + check.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void miniTransactionWorkloadAndPlumeOutput(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("mt.txt");
        CliRun run =
                CliRun.of(
                        "run",
                        "--workload",
                        "mt",
                        "--transactions",
                        "200",
                        "--keys",
                        "5",
                        "--out",
                        out.toString());
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(
                run.out().startsWith("mini-transactions over 5 keys (uniform) on H2"), run.out());
        assertTrue(
                Files.readString(out).startsWith("w(") || Files.readString(out).startsWith("r("),
                "Plume text");
    }

    @Test
    void scheduleShowsTheStepsAndTheLostUpdate() {
        CliRun run =
                CliRun.of(
                        "run",
                        LOST_UPDATE,
                        "--schedule",
                        "../benchmarks/schedules/lost-update.schedule",
                        "--check",
                        "rc");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(
                run.out()
                        .contains(
                                "  5  T2   UPDATE counter SET cnt = :cur + 1 WHERE counter_id = :id  → 1 row (version 2)"),
                run.out());
        assertTrue(
                run.out()
                        .contains(
                                "T1 (Increment): committed"
                                        + NL
                                        + "T2 (Increment): committed"
                                        + NL),
                run.out());
    }

    @Test
    void badUrlMissingDriverAndUnreachableServerAreOneLineErrors(@TempDir Path dir) {
        Path out = dir.resolve("h.jsonl");
        CliRun notUrl =
                CliRun.of("run", LOST_UPDATE, "--db", "localhost:5432", "--out", out.toString());
        assertEquals(ExitCode.BAD_INPUT, notUrl.exitCode());
        assertEquals(
                "--db: 'localhost:5432' is not a JDBC URL (expected jdbc:h2:…, jdbc:postgresql://HOST:PORT/DB, jdbc:mariadb://HOST:PORT/, jdbc:sqlite:DIR)"
                        + NL,
                notUrl.err());

        CliRun mysql =
                CliRun.of(
                        "run",
                        LOST_UPDATE,
                        "--db",
                        "jdbc:mysql://localhost/db",
                        "--out",
                        out.toString());
        assertEquals(ExitCode.BAD_INPUT, mysql.exitCode());
        assertEquals(
                "--db: no JDBC driver for 'mysql' (isocheck ships the drivers of H2, PostgreSQL, MariaDB and SQLite: "
                        + "jdbc:h2:…, jdbc:postgresql://HOST:PORT/DB, jdbc:mariadb://HOST:PORT/, jdbc:sqlite:DIR)"
                        + NL,
                mysql.err());

        CliRun refused =
                CliRun.of(
                        "run",
                        LOST_UPDATE,
                        "--db",
                        "jdbc:postgresql://127.0.0.1:1/nodb?user=someone",
                        "--password",
                        "s3cret-pw",
                        "--out",
                        out.toString());
        assertEquals(ExitCode.BAD_INPUT, refused.exitCode());
        assertTrue(
                refused.err().startsWith("cannot connect to jdbc:postgresql://127.0.0.1:1/nodb: "),
                refused.err());
        assertEquals(1, refused.err().lines().count(), refused.err());
        assertFalse(
                refused.err().contains("s3cret-pw") || refused.err().contains("someone"),
                "credentials are never printed");

        CliRun badPg =
                CliRun.of("run", LOST_UPDATE, "--db", "jdbc:postgresql:/", "--out", out.toString());
        assertEquals(ExitCode.BAD_INPUT, badPg.exitCode(), badPg.err());
        assertEquals(1, badPg.err().lines().count(), badPg.err());
        assertFalse(Files.exists(out), "no history after a failed run");
    }

    @Test
    void aSchemaTheDatabaseRejectsIsOneLineAndLeavesNoHistory(@TempDir Path dir) throws Exception {
        Path prog = dir.resolve("year.sql");
        Files.writeString(
                prog,
                "CREATE TABLE t (id INT PRIMARY KEY, year INT NOT NULL);\n"
                        + "TRANSACTION A(x INT) BEGIN SELECT year INTO v FROM t WHERE id = :x; END;\n");
        Path out = dir.resolve("h.jsonl");
        CliRun run = CliRun.of("run", prog.toString(), "--out", out.toString());
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertTrue(
                run.err()
                        .startsWith(
                                "the database rejected the schema (table t): Syntax error in SQL statement"),
                run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(Files.exists(out));
    }

    /**
     * {@code --isolation-of}: each type at its own level. The bank's lost update with the
     * withdrawal at SERIALIZABLE and the deposit at READ COMMITTED (H2's SET SESSION
     * CHARACTERISTICS per connection); with the deposit at SERIALIZABLE too, H2 aborts it.
     */
    @Test
    void aLevelPerTransactionType() {
        String bank = "../benchmarks/programs/bank.sql";
        String schedule = "../benchmarks/programs/mixed/bank-lost-update.schedule";
        CliRun mix =
                CliRun.of(
                        "run",
                        bank,
                        "--isolation",
                        "read-committed",
                        "--isolation-of",
                        "withdraw=serializable",
                        "--schedule",
                        schedule,
                        "--check",
                        "ser");
        assertEquals(ExitCode.FINDING, mix.exitCode(), mix.out() + mix.err());
        assertTrue(mix.out().contains("at READ COMMITTED (withdraw at SERIALIZABLE)"), mix.out());
        assertTrue(mix.out().contains("SER: VIOLATED (lost update"), mix.out());
        CliRun both =
                CliRun.of(
                        "run",
                        bank,
                        "--isolation",
                        "read-committed",
                        "--isolation-of",
                        "withdraw=serializable",
                        "--isolation-of",
                        "deposit=serializable",
                        "--schedule",
                        schedule,
                        "--check",
                        "ser");
        assertEquals(ExitCode.OK, both.exitCode(), both.out() + both.err());
        assertTrue(both.out().contains("D (deposit): aborted"), both.out());
        CliRun type = CliRun.of("run", bank, "--isolation-of", "transfer=serializable");
        assertEquals(ExitCode.BAD_INPUT, type.exitCode());
        assertEquals(
                "--isolation-of transfer=…: "
                        + bank
                        + " has no transaction 'transfer' (its transactions: withdraw, deposit)"
                        + NL,
                type.err());
        CliRun level = CliRun.of("run", bank, "--isolation-of", "deposit=chaos");
        assertEquals(ExitCode.BAD_INPUT, level.exitCode());
        assertTrue(
                level.err().startsWith("--isolation-of deposit: unknown isolation level 'chaos'"),
                level.err());
        CliRun workload = CliRun.of("run", "--workload", "kv", "--isolation-of", "kv=serializable");
        assertEquals(ExitCode.BAD_INPUT, workload.exitCode());
        assertEquals(
                "--isolation-of names a PROGRAM's transaction types: give a PROGRAM" + NL,
                workload.err());
        CliRun sqlite =
                CliRun.of(
                        "run",
                        bank,
                        "--db",
                        "jdbc:sqlite:target",
                        "--isolation",
                        "serializable",
                        "--isolation-of",
                        "deposit=read-committed");
        assertEquals(ExitCode.BAD_INPUT, sqlite.exitCode());
        assertTrue(
                sqlite.err()
                        .startsWith(
                                "--isolation-of deposit=read-committed: SQLite has no such level"),
                sqlite.err());
    }

    @Test
    void unknownLevelsAndIsolationLevelsAreRejectedBeforeRunning() {
        CliRun level = CliRun.of("run", LOST_UPDATE, "--check", "nonsense");
        assertEquals(ExitCode.BAD_INPUT, level.exitCode());
        assertTrue(level.err().startsWith("--check: unknown level 'nonsense'"), level.err());
        assertEquals("", level.out(), "nothing ran");
        CliRun iso = CliRun.of("run", LOST_UPDATE, "--isolation", "chaos");
        assertEquals(ExitCode.BAD_INPUT, iso.exitCode());
        assertEquals(
                "--isolation: unknown isolation level 'chaos' (expected read-uncommitted, read-committed, repeatable-read, snapshot or serializable)"
                        + NL,
                iso.err());
        CliRun both = CliRun.of("run");
        assertEquals(ExitCode.BAD_INPUT, both.exitCode());
        assertEquals("give a PROGRAM or --workload mt|kv" + NL, both.err());
    }

    @Test
    void malformedGeneratorAndScheduleFilesNameTheLine(@TempDir Path dir) throws Exception {
        Path gen = dir.resolve("bad.gen");
        Files.writeString(gen, "# ok\nparam Increment.id = 1..\n");
        CliRun g = CliRun.of("run", LOST_UPDATE, "--gen", gen.toString());
        assertEquals(ExitCode.BAD_INPUT, g.exitCode());
        assertEquals(
                gen
                        + ":2:7: expected an integer, a 'string', A..B, a | b, unique, #, count(P) or rows N; found ''"
                        + NL,
                g.err());

        Path gen2 = dir.resolve("bad2.gen");
        Files.writeString(gen2, "param Increment.nope = 1\n");
        CliRun g2 = CliRun.of("run", LOST_UPDATE, "--gen", gen2.toString());
        assertEquals(gen2 + ":1:7: transaction Increment has no parameter 'nope'" + NL, g2.err());

        Path sched = dir.resolve("bad.schedule");
        Files.writeString(sched, "T1: Increment(id = 1)\nT1 T2\n");
        CliRun s = CliRun.of("run", LOST_UPDATE, "--schedule", sched.toString());
        assertEquals(ExitCode.BAD_INPUT, s.exitCode());
        assertEquals(
                sched + ":2:4: step 'T2' names no declared transaction (declared: T1)" + NL,
                s.err());
    }

    @Test
    void outIntoAMissingDirectoryIsAnError(@TempDir Path dir) {
        Path out = dir.resolve("no/such/dir/h.jsonl");
        CliRun run = CliRun.of("run", LOST_UPDATE, "--transactions", "10", "--out", out.toString());
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertTrue(run.err().contains("cannot write: no such directory"), run.err());
    }

    /**
     * tpcc.sql declares "order ids are below d_next_o_id" (-- @isocheck invariant): run checks it
     * on the database it populates. Its own generator keeps it; a generator with an order at or
     * above its district's counter is refused before any transaction runs.
     */
    @Test
    void runChecksTheProgramsDeclaredInvariantsOnThePopulatedDatabase(@TempDir Path dir)
            throws Exception {
        String tpcc = "../benchmarks/programs/tpcc.sql";
        CliRun ok = CliRun.of("run", tpcc, "--transactions", "20", "--clients", "2");
        assertEquals(ExitCode.OK, ok.exitCode(), ok.err());
        Path gen = dir.resolve("bad.gen");
        Files.writeString(
                gen,
                Files.readString(Path.of("../benchmarks/programs/tpcc.gen"))
                        .replace(
                                "table orders:    empty",
                                "row orders: o_w_id = 1, o_d_id = 1, o_id = 1, o_c_id = 1, o_entry_d = 1, o_carrier_id = 0, o_ol_cnt = 1, o_all_local = 1"));
        CliRun bad = CliRun.of("run", tpcc, "--gen", gen.toString(), "--transactions", "20");
        assertEquals(ExitCode.BAD_INPUT, bad.exitCode(), bad.out() + bad.err());
        assertTrue(
                bad.err()
                        .contains(
                                "tpcc.sql:144:4: the populated database breaks the declared invariant orders.o_id < district.d_next_o_id: 1 row(s) of orders"),
                bad.err());
    }
}
