package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.program.Program;
import isocheck.program.Transaction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PL/pgSQL files as written: every-construct.sql (every construct the front-end reads) and the
 * example plpgsql/bank.sql load into PostgreSQL unchanged and every routine is called there; the
 * same files analyze (they parse to one transaction type per routine) and run through isocheck's
 * interpreter with exact recording, on PostgreSQL and H2. PostgreSQL: ISOCHECK_TEST_PG (unset:
 * those tests are skipped; set but unreachable: they fail).
 */
@ExtendWith(PostgresConfigured.class)
class PlpgsqlPostgresTest {

    static final Path EVERY = Path.of("src/test/resources/plpgsql/every-construct.sql");
    static final Path BANK = Path.of("../benchmarks/programs/plpgsql/bank.sql");

    private static Connection postgres() throws SQLException {
        String url = PostgresRunTest.url();
        Assumptions.assumeTrue(
                url != null && !url.isBlank(),
                PostgresRunTest.ENV + " is not set: PostgreSQL test skipped");
        return DriverManager.getConnection(url);
    }

    /** A fresh schema first on the search path; the caller's file then creates its tables there. */
    private static String freshSchema(Statement s) throws SQLException {
        String schema = "plpgsql_" + Long.toHexString(System.nanoTime());
        s.execute("CREATE SCHEMA " + schema);
        s.execute("SET search_path TO " + schema);
        return schema;
    }

    private static long scalar(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getLong(1);
        }
    }

    private static String state(Statement s, String sql) {
        SQLException e = assertThrows(SQLException.class, () -> s.execute(sql), sql);
        return e.getSQLState();
    }

    @Test
    void bothFilesParseToOneTransactionTypePerRoutine() throws Exception {
        Program every = ProgramLoader.load(EVERY);
        assertEquals(
                List.of("new_order", "cancel_order", "restock", "open_customer", "refer"),
                every.transactions().stream().map(Transaction::name).toList());
        Program bank = ProgramLoader.load(BANK);
        assertEquals(
                List.of("withdraw", "transfer", "pay_interest", "total_balance"),
                bank.transactions().stream().map(Transaction::name).toList());
    }

    @Test
    void everyConstructLoadsIntoPostgresUnchangedAndEveryRoutineRuns() throws Exception {
        try (Connection c = postgres();
                Statement s = c.createStatement()) {
            c.setAutoCommit(
                    true); // a PROCEDURE may ROLLBACK only outside an explicit transaction block
            String schema = freshSchema(s);
            try {
                s.execute(Files.readString(EVERY));
                s.execute("INSERT INTO item VALUES (1, 'a', 500), (2, 'b', 1500)");
                s.execute("INSERT INTO stock VALUES (1, 50, 0), (2, 5, 0)");
                assertEquals(2, scalar(s, "SELECT new_order(1, ARRAY[1, 2], 'first')"));
                assertEquals(49, scalar(s, "SELECT s_quantity FROM stock WHERE s_i_id = 1"));
                assertEquals(96, scalar(s, "SELECT s_quantity FROM stock WHERE s_i_id = 2"));
                assertEquals(
                        "P0001",
                        state(s, "SELECT new_order(1, ARRAY[1], 'again')")); // RAISE EXCEPTION
                assertEquals(
                        "P0002",
                        state(s, "SELECT new_order(3, ARRAY[7], 'no item')")); // INTO STRICT found
                // no row
                assertEquals(
                        0,
                        scalar(s, "SELECT COUNT(*) FROM orders WHERE o_id = 3"),
                        "the aborted call wrote nothing");
                s.execute("CALL restock(2, 1000)");
                assertEquals(
                        96 + 1000 + 1, scalar(s, "SELECT s_quantity FROM stock WHERE s_i_id = 2"));
                s.execute("CALL restock(42, 1)"); // no stock row: ROLLBACK
                s.execute("SELECT cancel_order(9)"); // no such order: RETURN
                s.execute("SELECT cancel_order(1)");
                assertEquals(0, scalar(s, "SELECT COUNT(*) FROM order_line"));
                assertEquals(0, scalar(s, "SELECT COUNT(*) FROM orders"));
                // the schema constructs: DEFAULTs, BOOLEAN conditions, NULL, and the constraints
                // enforced
                s.execute(
                        "SELECT open_customer(1, 'ann', TRUE, TIMESTAMP '2026-01-01 00:00:00', NULL)");
                s.execute("SELECT open_customer(2, 'bob', FALSE, NULL, NULL)");
                s.execute("SELECT open_customer(3, 'cy', TRUE, NULL, 1)");
                assertEquals(
                        2,
                        scalar(
                                s,
                                "SELECT COUNT(*) FROM customer WHERE c_active AND c_balance = 0 AND c_level = 1"));
                assertEquals(
                        2,
                        scalar(s, "SELECT COUNT(*) FROM customer WHERE c_code = 'ok'"),
                        "NOT (c_score = NULL) is never true: bob untouched");
                assertEquals(
                        "23505",
                        state(s, "SELECT open_customer(4, 'ann', TRUE, NULL, NULL)")); // UNIQUE
                assertEquals(
                        "23503",
                        state(s, "SELECT open_customer(5, 'dee', TRUE, NULL, 42)")); // REFERENCES
                assertEquals(
                        "23514",
                        state(s, "UPDATE customer SET c_balance = -1 WHERE c_id = 1")); // CHECK
                // NULL arguments tested with IS NULL, and CASE in a SELECT list
                assertEquals(0, scalar(s, "SELECT refer(3, NULL)"));
                assertEquals(1, scalar(s, "SELECT refer(3, 2)")); // bob is not active
                assertEquals(
                        1,
                        scalar(s, "SELECT COUNT(*) FROM customer WHERE c_level = 1 AND c_id = 3"));
                assertEquals(2, scalar(s, "SELECT refer(NULL, 1)")); // every customer
                assertEquals(3, scalar(s, "SELECT COUNT(*) FROM customer WHERE c_level = 2"));
            } finally {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    @Test
    void theBankExampleLoadsIntoPostgresUnchangedAndEveryRoutineRuns() throws Exception {
        try (Connection c = postgres();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            String schema = freshSchema(s);
            try {
                s.execute(Files.readString(BANK));
                s.execute("INSERT INTO customer VALUES (1, 'ann')");
                s.execute("INSERT INTO account VALUES (1, 1, 100), (2, 1, 50)");
                assertEquals(70, scalar(s, "SELECT withdraw(1, 30)"));
                assertEquals("P0001", state(s, "SELECT withdraw(2, 500)"));
                s.execute("CALL transfer(1, 2, 20)");
                assertEquals(50, scalar(s, "SELECT balance FROM account WHERE acc_id = 1"));
                assertEquals(70, scalar(s, "SELECT balance FROM account WHERE acc_id = 2"));
                assertEquals("P0001", state(s, "CALL transfer(1, 3, 1)"));
                s.execute("CALL pay_interest(ARRAY[1, 2, 3], 1, 10)");
                assertEquals(55, scalar(s, "SELECT balance FROM account WHERE acc_id = 1"));
                assertEquals(2, scalar(s, "SELECT COUNT(*) FROM audit"));
                assertTrue(scalar(s, "SELECT total_balance(1)") > 0);
                assertEquals(0, scalar(s, "SELECT total_balance(7)"));
            } finally {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    static final Path ON_CONFLICT = Path.of("../benchmarks/programs/litmus/on-conflict.sql");

    /**
     * ON CONFLICT DO NOTHING / DO UPDATE with EXCLUDED, FOUND, GET DIAGNOSTICS ROW_COUNT, RETURNING
     * … INTO: PostgreSQL's answers.
     */
    @Test
    void onConflictLoadsIntoPostgresUnchangedAndBehavesAsTheRewriteSays() throws Exception {
        try (Connection c = postgres();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            String schema = freshSchema(s);
            try {
                s.execute(Files.readString(ON_CONFLICT));
                s.execute("INSERT INTO users VALUES (1, 0)");
                assertEquals(
                        1,
                        scalar(
                                s,
                                "SELECT claim('ann', 1)")); // inserted: FOUND, ROW_COUNT 1, claims
                // 0 + 1 RETURNING 1
                assertEquals(
                        0, scalar(s, "SELECT claim('ann', 1)")); // taken: DO NOTHING, NOT FOUND
                assertEquals(1, scalar(s, "SELECT claims FROM users WHERE uid = 1"));
                assertEquals(1, scalar(s, "SELECT bump(7)")); // inserted
                assertEquals(2, scalar(s, "SELECT bump(7)")); // DO UPDATE SET n = seen + EXCLUDED.n
                assertEquals(2, scalar(s, "SELECT n FROM hits WHERE page = 7"));
            } finally {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    private static void onConflictRunsThroughTheInterpreter(Db db) throws Exception {
        Program p = ProgramLoader.load(ON_CONFLICT);
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
                        db,
                        p,
                        g,
                        "on-conflict.gen",
                        new Runner.Options(1, 60, 5, false, 0, false, true));
        History h = o.history();
        assertEquals(60, o.result().committed(), o.summary());
        assertTrue(
                Oracle.consistent(h, Level.SER), () -> "one client: " + Oracle.check(h, Level.SER));
    }

    @Test
    void onConflictRunsThroughTheInterpreterOnH2AndPostgres() throws Exception {
        onConflictRunsThroughTheInterpreter(Db.embedded(Isolation.SERIALIZABLE));
        postgres().close();
        onConflictRunsThroughTheInterpreter(
                Db.of(PostgresRunTest.url(), null, null, Isolation.SERIALIZABLE));
    }

    /**
     * isocheck run on the same file: the interpreter executes the routines' IR statement by
     * statement, recorded exactly.
     */
    private static void runsThroughTheInterpreter(Db db) throws Exception {
        Program p = ProgramLoader.load(BANK);
        GenSpec g =
                GenSpec.parse(
                        "bank.gen",
                        List.of(
                                "table customer: cust_id = 1..2, name = 'c'",
                                "table account: acc_id = 1..4, cust_id = 1..2, balance = 100",
                                "table audit: empty",
                                "param *.p_acc = 1..4",
                                "param *.src = 1..4",
                                "param *.dst = 1..4",
                                "param *.p_cust = 1..2",
                                "param pay_interest.accs = rows 1..2",
                                "param pay_interest.accs.elem = 1..4 distinct",
                                "param pay_interest.seq = unique"));
        Runs.Outcome o =
                Runs.program(
                        db, p, g, "bank.gen", new Runner.Options(2, 120, 3, false, 0, false, true));
        History h = o.history();
        assertTrue(o.result().committed() > 0, o.summary());
        assertEquals(o.result().attempts(), h.txnCount() - 1, o.summary());
        assertTrue(
                Oracle.consistent(h, Level.SER),
                () -> "SERIALIZABLE: " + Oracle.check(h, Level.SER));
    }

    @Test
    void theBankExampleRunsThroughTheInterpreterOnPostgres() throws Exception {
        postgres().close();
        runsThroughTheInterpreter(Db.of(PostgresRunTest.url(), null, null, Isolation.SERIALIZABLE));
    }

    @Test
    void theBankExampleRunsThroughTheInterpreterOnH2() throws Exception {
        runsThroughTheInterpreter(Db.embedded(Isolation.SERIALIZABLE));
    }
}
