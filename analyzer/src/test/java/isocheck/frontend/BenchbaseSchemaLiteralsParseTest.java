package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What BenchBase's Wikipedia and AuctionMark need of the front-end (issue 13 §3): a quoted integer
 * DEFAULT on an integer column ({@code ug_user int NOT NULL DEFAULT '0'}), an ISO date-time DEFAULT
 * on a TIMESTAMP/DATE column ({@code i_start_date timestamp DEFAULT '1970-01-01 00:00:01'}), and
 * {@code BETWEEN} in a WHERE clause (CloseAuctions' {@code i_start_date BETWEEN ? AND ?}).
 */
class BenchbaseSchemaLiteralsParseTest {

    private static final String SCHEMA =
            """
            CREATE TABLE item (
              i_id BIGINT PRIMARY KEY,
              n INT NOT NULL DEFAULT '0',
              neg SMALLINT DEFAULT '-3',
              starts TIMESTAMP DEFAULT '1970-01-01 00:00:01',
              due DATE DEFAULT '1970-01-02',
              code VARCHAR(8) DEFAULT '12',
              stamp VARCHAR(14) DEFAULT '1970-01-01'
            );
            """;

    private static Program parse(String body) {
        return ProgramLoader.parse("t.sql", SCHEMA + body);
    }

    @Test
    void quotedIntegerAndInstantDefaultsAreNumbersOnNumericColumnsOnly() {
        Table t =
                parse("TRANSACTION t(id BIGINT)\nBEGIN\n  SKIP;\nEND;\n")
                        .schema()
                        .table("item")
                        .orElseThrow();
        assertEquals("0", t.column("n").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals("-3", t.column("neg").orElseThrow().defaultValue().orElseThrow().text());
        // seconds since 1970-01-01 00:00 UTC
        assertEquals("1", t.column("starts").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals("86400", t.column("due").orElseThrow().defaultValue().orElseThrow().text());
        // on a string column a quoted literal stays the string, whatever it spells
        assertEquals("'12'", t.column("code").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals(
                "'1970-01-01'",
                t.column("stamp").orElseThrow().defaultValue().orElseThrow().text());
    }

    @Test
    void aQuotedNonNumberOnANumericColumnIsStillRefused() {
        for (String column : List.of("x INT DEFAULT 'abc'", "x TIMESTAMP DEFAULT 'soon'")) {
            ProgramError e =
                    assertThrows(
                            ProgramError.class,
                            () ->
                                    ProgramLoader.parse(
                                            "t.sql",
                                            "CREATE TABLE u (k INT PRIMARY KEY, "
                                                    + column
                                                    + ");\nTRANSACTION t()\nBEGIN\n  SKIP;\nEND;\n"));
            assertTrue(e.getMessage().contains("does not fit column x"), e.getMessage());
        }
    }

    @Test
    void betweenIsTheTwoComparisonsItAbbreviates() {
        Program p =
                parse(
                        """
                TRANSACTION t(lo INT, hi INT)
                BEGIN
                  UPDATE item SET n = 1 WHERE starts BETWEEN :lo AND :hi;
                  DELETE FROM item WHERE n NOT BETWEEN 1 AND :hi;
                END;
                """);
        List<Stmt> body = p.transactions().get(0).body();
        assertEquals("starts >= :lo AND starts <= :hi", ((Stmt.Update) body.get(0)).where().text());
        assertEquals("NOT (n >= 1 AND n <= :hi)", ((Stmt.Delete) body.get(1)).where().text());
    }
}
