package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Column;
import isocheck.program.Expr;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The column types of issue 13 ("schema as people write it"), NOT NULL and DEFAULT, in both
 * front-ends.
 */
class SqlTypesParseTest {

    private static final String SCHEMA =
            """
            CREATE TABLE item (
              i_id BIGINT PRIMARY KEY,
              qty SMALLINT NOT NULL DEFAULT 0,
              price NUMERIC(12, 2) NOT NULL,
              tax DECIMAL DEFAULT -1,
              weight REAL, ratio FLOAT, score DOUBLE PRECISION,
              name TEXT NOT NULL DEFAULT 'none', code VARCHAR(16), grade CHAR(1), label CHARACTER VARYING(8),
              active BOOLEAN NOT NULL DEFAULT TRUE, deleted BOOL DEFAULT NULL,
              created TIMESTAMP, changed TIMESTAMP WITHOUT TIME ZONE, seen TIMESTAMP WITH TIME ZONE, due DATE
            );
            """;

    private static Program parse(String body) {
        return ProgramLoader.parse("t.sql", SCHEMA + body);
    }

    private static Table item(Program p) {
        return p.schema().table("item").orElseThrow();
    }

    @Test
    void everyTypeMapsOntoTheIrValueTypes() {
        Table t = item(parse("TRANSACTION t(id BIGINT)\nBEGIN\n  SKIP;\nEND;\n"));
        for (String c :
                List.of(
                        "i_id", "qty", "price", "tax", "weight", "ratio", "score", "active",
                        "deleted", "created", "changed", "seen", "due")) {
            assertEquals(ScalarType.INT, t.column(c).orElseThrow().type(), c);
        }
        for (String c : List.of("name", "code", "grade", "label")) {
            assertEquals(ScalarType.STRING, t.column(c).orElseThrow().type(), c);
        }
        assertTrue(t.column("active").orElseThrow().bool());
        assertTrue(t.column("deleted").orElseThrow().bool());
        assertFalse(t.column("qty").orElseThrow().bool());
        assertTrue(t.column("qty").orElseThrow().notNull());
        assertFalse(t.column("tax").orElseThrow().notNull());
    }

    @Test
    void defaultsAreLiteralsOfTheColumnsType() {
        Table t = item(parse("TRANSACTION t(id BIGINT)\nBEGIN\n  SKIP;\nEND;\n"));
        assertEquals("0", t.column("qty").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals("-1", t.column("tax").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals("'none'", t.column("name").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals("1", t.column("active").orElseThrow().defaultValue().orElseThrow().text());
        assertEquals(
                Optional.empty(),
                t.column("deleted").orElseThrow().defaultValue(),
                "DEFAULT NULL is no default");
        assertEquals(Optional.empty(), t.column("code").orElseThrow().defaultValue());
    }

    @Test
    void anInsertThatLeavesOutADefaultedColumnWritesTheDefault() {
        Program p =
                parse(
                        "TRANSACTION t(id BIGINT, p NUMERIC(12,2))\nBEGIN\n  INSERT INTO item (i_id, price) VALUES (:id, :p);\nEND;\n");
        Stmt.Insert ins = (Stmt.Insert) p.transactions().get(0).body().get(0);
        assertEquals(List.of("i_id", "price", "qty", "tax", "name", "active"), ins.columns());
        assertEquals(
                List.of(":id", ":p", "0", "-1", "'none'", "1"),
                ins.values().stream().map(Expr::text).toList());
        // a NOT NULL column with a DEFAULT may be left out; one without may not
        ProgramError e =
                assertThrows(
                        ProgramError.class,
                        () ->
                                parse(
                                        "TRANSACTION t(id BIGINT)\nBEGIN\n  INSERT INTO item (i_id) VALUES (:id);\nEND;\n"));
        assertTrue(e.getMessage().contains("must give NOT NULL column price"), e.getMessage());
    }

    @Test
    void booleanLiteralsAreOneAndZeroAndABooleanColumnOrVariableIsACondition() {
        Program p =
                parse(
                        """
                TRANSACTION t(id BIGINT, on_sale BOOLEAN)
                BEGIN
                  UPDATE item SET active = FALSE WHERE i_id = :id AND active;
                  DELETE FROM item WHERE NOT active AND deleted = TRUE;
                  IF :on_sale THEN
                    UPDATE item SET active = :on_sale WHERE i_id = :id;
                  END IF;
                END;
                """);
        List<Stmt> body = p.transactions().get(0).body();
        Stmt.Update u = (Stmt.Update) body.get(0);
        assertEquals("0", u.assignments().get(0).value().text());
        assertEquals("i_id = :id AND active = 1", u.where().text());
        assertEquals(
                "NOT (active = 1) AND deleted = 1", ((Stmt.Delete) body.get(1)).where().text());
        assertEquals(":on_sale = 1", ((Stmt.If) body.get(2)).condition().text());
        ProgramError e =
                assertThrows(
                        ProgramError.class,
                        () ->
                                parse(
                                        "TRANSACTION t(id BIGINT)\nBEGIN\n  DELETE FROM item WHERE qty;\nEND;\n"));
        assertEquals(13, e.pos().line());
        assertTrue(
                e.getMessage().contains("only a BOOLEAN column or variable stands alone"),
                e.getMessage());
    }

    @Test
    void plpgsqlParametersAndDeclarationsTakeTheSameTypes() {
        Program p =
                parse(
                        """
                CREATE OR REPLACE FUNCTION restock(p_id BIGINT, p_price NUMERIC(12,2), p_when TIMESTAMP WITH TIME ZONE, p_score DOUBLE PRECISION,
                                                   p_name TEXT, p_on BOOLEAN) RETURNS VOID LANGUAGE plpgsql AS $$
                DECLARE
                  ok BOOLEAN := TRUE;
                  total NUMERIC(14, 2);
                  at TIMESTAMP;
                BEGIN
                  SELECT price INTO total FROM item WHERE i_id = p_id;
                  IF ok AND p_on THEN
                    UPDATE item SET price = p_price, created = p_when, score = p_score, name = p_name WHERE i_id = p_id AND active;
                  END IF;
                END
                $$;
                """);
        Transaction t = p.transactions().get(0);
        assertEquals(
                List.of("p_id", "p_price", "p_when", "p_score", "p_name", "p_on"),
                t.parameters().stream().map(v -> v.name()).toList());
        assertEquals(new Type.Scalar(ScalarType.STRING), t.parameters().get(4).type());
        assertEquals(new Type.Scalar(ScalarType.INT), t.parameters().get(5).type());
        Stmt.If i =
                (Stmt.If)
                        t.body().stream()
                                .filter(s -> s instanceof Stmt.If)
                                .findFirst()
                                .orElseThrow();
        assertEquals(":ok = 1 AND :p_on = 1", i.condition().text());
    }

    @Test
    void aDecimalLiteralIsRefusedWithItsPosition() {
        ProgramError e =
                assertThrows(
                        ProgramError.class,
                        () ->
                                parse(
                                        "TRANSACTION t(id BIGINT)\nBEGIN\n  UPDATE item SET price = price * 1.5 WHERE i_id = :id;\nEND;\n"));
        assertEquals("t.sql:13:35", e.pos().toString());
        assertTrue(e.getMessage().contains("decimal literal 1.5 is not supported"), e.getMessage());
    }

    @Test
    void columnRecordKeepsItsFourArgumentForm() {
        Column c =
                new Column("x", ScalarType.INT, false, new isocheck.program.SourcePos("f", 1, 1));
        assertFalse(c.bool());
        assertEquals(Optional.empty(), c.defaultValue());
    }
}
