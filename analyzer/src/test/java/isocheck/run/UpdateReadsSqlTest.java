package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.program.Stmt;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The SQL a read-modify-write UPDATE becomes (the README quotes it). */
class UpdateReadsSqlTest {

    static final String PROGRAM =
            """
            CREATE TABLE warehouse (w_id INT PRIMARY KEY, w_ytd INT NOT NULL, w_tax INT NOT NULL, w_name VARCHAR(10));

            TRANSACTION Pay(w_id INT, amount INT)
            BEGIN
              UPDATE warehouse SET w_ytd = w_ytd + :amount WHERE w_id = :w_id;
            END;

            TRANSACTION Tax(w_id INT)
            BEGIN
              UPDATE warehouse SET w_ytd = w_tax WHERE w_id = :w_id;
              UPDATE warehouse SET w_name = 'x' WHERE w_id = :w_id;
            END;
            """;

    static String sql(SqlDialect dialect, String txn, int stmt) {
        Program p = ProgramLoader.parse("w.sql", PROGRAM);
        Interpreter in = new Interpreter(p, dialect, true, new AtomicLong());
        return in.sqlOf((Stmt.Sql) p.transaction(txn).orElseThrow().body().get(stmt));
    }

    @Test
    void aFieldReadAndAssignedIsCopiedToItsPreviousVersionColumnAndReturned() {
        assertEquals(
                "UPDATE warehouse SET w_ytd = (w_ytd + CAST(? AS BIGINT)), isocheck_v_w_ytd = ?, "
                        + "isocheck_p_w_ytd = isocheck_v_w_ytd WHERE w_id = CAST(? AS BIGINT) RETURNING w_id, isocheck_p_w_ytd, isocheck_vpred",
                sql(Engines.POSTGRESQL, "Pay", 0));
        assertEquals(
                "SELECT w_id, isocheck_p_w_ytd, isocheck_vpred FROM FINAL TABLE (UPDATE warehouse SET w_ytd = (w_ytd + CAST(? AS BIGINT)), "
                        + "isocheck_v_w_ytd = ?, isocheck_p_w_ytd = isocheck_v_w_ytd WHERE w_id = CAST(? AS BIGINT))",
                sql(Engines.H2, "Pay", 0));
    }

    @Test
    void aFieldReadButNotAssignedIsReturnedFromItsOwnVersionColumn() {
        assertEquals(
                "UPDATE warehouse SET w_ytd = w_tax, isocheck_v_w_ytd = ?, isocheck_p_w_ytd = isocheck_v_w_ytd "
                        + "WHERE w_id = CAST(? AS BIGINT) RETURNING w_id, isocheck_v_w_tax, isocheck_p_w_ytd, isocheck_vpred",
                sql(Engines.POSTGRESQL, "Tax", 0));
    }

    /**
     * A blind UPDATE returns the keys, the version each assigned field replaced (the database's
     * version order, recorded as {@code History#replaced}) and the predicate version its WHERE
     * clause saw (PredicateReads); tables get the previous-version columns of the fields some
     * UPDATE assigns or reads, and no others.
     */
    @Test
    void blindUpdatesReturnTheVersionsTheyReplacedAndTablesGetOnlyTheNeededPreviousColumns() {
        assertEquals(
                "UPDATE warehouse SET w_name = 'x', isocheck_v_w_name = ?, isocheck_p_w_name = isocheck_v_w_name "
                        + "WHERE w_id = CAST(? AS BIGINT) RETURNING w_id, isocheck_p_w_name, isocheck_vpred",
                sql(Engines.POSTGRESQL, "Tax", 1));
        Program p = ProgramLoader.parse("w.sql", PROGRAM);
        String ddl =
                new Interpreter(p, Engines.POSTGRESQL, true, new AtomicLong())
                        .sqlGen()
                        .createTable(p.schema().table("warehouse").orElseThrow());
        assertTrue(ddl.contains("isocheck_p_w_ytd BIGINT DEFAULT 0 NOT NULL"), ddl);
        assertTrue(ddl.contains("isocheck_p_w_name BIGINT DEFAULT 0 NOT NULL"), ddl);
        assertTrue(!ddl.contains("isocheck_p_w_tax"), ddl);
    }

    /**
     * MariaDB has no UPDATE … RETURNING: the UPDATE runs alone (casts to SIGNED), then the rows
     * carrying the version it wrote are selected, in the key part of its WHERE clause.
     */
    @Test
    void onMariaDbTheUpdatedRowsAreSelectedByTheVersionTheUpdateWrote() {
        Program p = ProgramLoader.parse("w.sql", PROGRAM);
        SqlGen gen = new SqlGen(p, Engines.MARIADB.dialect(Isolation.READ_COMMITTED), true);
        Compiled c = gen.compile((Stmt.Sql) p.transaction("Pay").orElseThrow().body().get(0));
        assertEquals(
                "UPDATE warehouse SET w_ytd = (w_ytd + CAST(? AS SIGNED)), isocheck_v_w_ytd = ?, "
                        + "isocheck_p_w_ytd = isocheck_v_w_ytd WHERE w_id = CAST(? AS SIGNED)",
                c.sql());
        assertEquals(
                "SELECT w_id, isocheck_p_w_ytd, isocheck_vpred FROM warehouse WHERE w_id = CAST(? AS SIGNED) "
                        + "AND isocheck_v_w_ytd = ?",
                c.fetchSql());
        assertEquals(2, c.fetchParams().size());
    }
}
