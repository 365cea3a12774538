package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Constraint;
import isocheck.program.Program;
import isocheck.program.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UNIQUE (column, table, CREATE UNIQUE INDEX), CHECK (…) and REFERENCES / FOREIGN KEY in CREATE
 * TABLE.
 */
class ConstraintsParseTest {

    private static Program parse(String schema) {
        return ProgramLoader.parse(
                "t.sql", schema + "\nTRANSACTION t(id INT)\nBEGIN\n  SKIP;\nEND;\n");
    }

    private static String error(String schema) {
        return assertThrows(ProgramError.class, () -> parse(schema)).getMessage();
    }

    @Test
    void everyFormIsKeptAsAConstraintOfItsTable() {
        Program p =
                parse(
                        """
                CREATE TABLE account (acc_id INT PRIMARY KEY, owner INT NOT NULL UNIQUE, email VARCHAR(64),
                  balance INT NOT NULL CONSTRAINT non_negative CHECK (balance >= 0), kind INT, UNIQUE (kind, email), CHECK (kind IN (1, 2)));
                CREATE TABLE transfer (t_id INT PRIMARY KEY, acc INT NOT NULL REFERENCES account, dst INT,
                  FOREIGN KEY (dst) REFERENCES account (acc_id));
                CREATE UNIQUE INDEX account_email ON account (email);
                """);
        Table account = p.schema().table("account").orElseThrow();
        assertEquals(
                List.of(
                        "UNIQUE (owner)",
                        "CHECK (balance >= 0)",
                        "UNIQUE (kind, email)",
                        "CHECK ((kind = 1 OR kind = 2))",
                        "UNIQUE (email)"),
                account.constraints().stream().map(Constraint::sql).toList());
        Table transfer = p.schema().table("transfer").orElseThrow();
        assertEquals(
                List.of(
                        "FOREIGN KEY (acc) REFERENCES account (acc_id)",
                        "FOREIGN KEY (dst) REFERENCES account (acc_id)"),
                transfer.constraints().stream().map(Constraint::sql).toList());
        assertEquals(1, account.constraints().get(0).pos().line());
    }

    @Test
    void malformedConstraintsAreRefusedWithAPosition() {
        assertTrue(
                error("CREATE TABLE a (id INT PRIMARY KEY, p INT REFERENCES nowhere (id));")
                        .contains("REFERENCES names table nowhere"));
        assertTrue(
                error("CREATE TABLE a (id INT PRIMARY KEY, p INT REFERENCES a (nope));")
                        .contains("a.nope, which is not a column of a"));
        assertTrue(
                error(
                                "CREATE TABLE a (id INT PRIMARY KEY, p INT REFERENCES a (id) ON DELETE CASCADE);")
                        .contains("ON DELETE/UPDATE actions are not supported"));
        assertTrue(
                error("CREATE TABLE a (id INT PRIMARY KEY, p INT CHECK (q > 0));")
                        .contains("unknown column q"));
        assertTrue(
                error("CREATE TABLE a (id INT PRIMARY KEY, p INT, UNIQUE (q));")
                        .contains("UNIQUE names q, which is not a column of a"));
        assertTrue(
                error(
                                "CREATE TABLE a (id INT PRIMARY KEY, p INT);\nCREATE UNIQUE INDEX i ON a (p) WHERE p > 0;")
                        .contains("partial or expression unique indexes"));
        ProgramError e =
                assertThrows(
                        ProgramError.class,
                        () ->
                                parse(
                                        "CREATE TABLE a (id INT PRIMARY KEY,\n  p INT CHECK (p > :x));"));
        assertEquals(2, e.pos().line());
    }
}
