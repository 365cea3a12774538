package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Cond;
import isocheck.program.FactExtractor;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.TransactionFacts;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FrontendTest {

    private static final String SCHEMA =
            """
            CREATE TABLE stock (s_w_id INT, s_i_id INT, s_qty INT NOT NULL, s_name VARCHAR(24),
                                PRIMARY KEY (s_w_id, s_i_id));
            CREATE TABLE log (l_id INT PRIMARY KEY, l_w INT);
            """;

    private static List<TransactionFacts> facts(String body) {
        return FactExtractor.of(ProgramLoader.parse("t.sql", SCHEMA + body));
    }

    private static String guard(StatementFacts s) {
        return s.guard().stream().map(Cond::text).collect(Collectors.joining(" AND "));
    }

    /**
     * The guard against names with an empty part ({@code a..b}, Fragment#emptyNamePart) reads the
     * fragment's source text: a {@code ..} in a comment or a string literal is not a name.
     */
    @Test
    void doubleDotsInCommentsAndStringsAreNotNames() {
        var txn =
                facts(
                                """
                TRANSACTION t(w INT)
                BEGIN
                  SELECT s_qty INTO qty FROM stock -- items 1..10
                    WHERE s_w_id = :w /* 1..2 */ AND s_i_id = 1;
                  UPDATE stock SET s_name = 'a..b' WHERE s_w_id = :w AND s_i_id = 1;
                END;
                """)
                        .get(0);
        assertEquals(2, txn.statements().size());
        ProgramError e =
                org.junit.jupiter.api.Assertions.assertThrows(
                        ProgramError.class,
                        () ->
                                facts(
                                        """
                TRANSACTION t(w INT)
                BEGIN
                  UPDATE stock SET s_qty = 1 WHERE s..w_id = :w AND s_i_id = 1;
                END;
                """));
        assertEquals(
                "t.sql:6:37: syntax error: unexpected '..' (a name has an empty part)",
                e.getMessage());
    }

    @Test
    void guardsCollectEnclosingConditionsWithElseNegatedAndElsifNested() {
        var txn =
                facts(
                                """
                TRANSACTION t(w INT, q INT)
                BEGIN
                  SELECT s_qty INTO qty FROM stock WHERE s_w_id = :w AND s_i_id = 1;
                  IF qty > q THEN
                    UPDATE stock SET s_qty = s_qty - :q WHERE s_w_id = :w AND s_i_id = 1;
                  ELSIF qty = q THEN
                    DELETE FROM stock WHERE s_w_id = :w AND s_i_id = 1;
                  ELSE
                    INSERT INTO log VALUES (:w, :q);
                  END IF;
                END;
                """)
                        .get(0);
        var s = txn.statements();
        assertEquals(4, s.size());
        assertEquals("", guard(s.get(0)));
        assertEquals(":qty > :q", guard(s.get(1)));
        assertEquals("(:qty > :q) IS NOT TRUE AND :qty = :q", guard(s.get(2)));
        assertEquals("(:qty > :q) IS NOT TRUE AND (:qty = :q) IS NOT TRUE", guard(s.get(3)));
    }

    @Test
    void readAndWriteSetsFollowThePaperIncludingAlive() {
        var s =
                facts(
                                """
                TRANSACTION t(w INT, q INT)
                BEGIN
                  SELECT s_name INTO n FROM stock WHERE s_w_id = :w AND s_qty > 3;
                  UPDATE stock SET s_qty = s_qty - :q WHERE s_w_id = :w AND s_i_id = :q;
                  INSERT INTO log (l_id, l_w) VALUES (:q, :w);
                  DELETE FROM log WHERE l_w = :w;
                  SELECT COUNT(*) INTO c FROM log WHERE l_w = :w;
                END;
                """)
                        .get(0)
                        .statements();
        assertEquals(List.of("s_w_id", "s_qty", "s_name", "@alive"), List.copyOf(s.get(0).reads()));
        assertEquals(List.of(), List.copyOf(s.get(0).writes()));
        assertEquals(List.of("s_w_id", "s_i_id", "s_qty", "@alive"), List.copyOf(s.get(1).reads()));
        assertEquals(List.of("s_qty"), List.copyOf(s.get(1).writes()));
        assertEquals(List.of(), List.copyOf(s.get(2).reads()));
        assertEquals(List.of("l_id", "l_w", "@alive"), List.copyOf(s.get(2).writes()));
        assertEquals(List.of("l_w", "@alive"), List.copyOf(s.get(3).reads()));
        assertEquals(List.of("@alive"), List.copyOf(s.get(3).writes()));
        assertEquals(List.of("l_w", "@alive"), List.copyOf(s.get(4).reads()));
    }

    @Test
    void keyPinsNeedTopLevelEqualitiesWithRecordIndependentValues() {
        var s =
                facts(
                                """
                TRANSACTION t(w INT, q INT)
                BEGIN
                  SELECT s_qty INTO a FROM stock WHERE s_i_id = :q + 1 AND s_w_id = :w;
                  SELECT s_qty INTO b FROM stock WHERE s_w_id = :w AND s_i_id > :q;
                  SELECT s_qty INTO c FROM stock WHERE s_w_id = :w OR s_i_id = :q;
                  SELECT s_qty INTO d FROM stock WHERE s_w_id = s_qty AND :q = s_i_id;
                  INSERT INTO log VALUES (:q * 2, :w);
                END;
                """)
                        .get(0)
                        .statements();
        assertEquals("{s_w_id=:w, s_i_id=(:q + 1)}", pins(s.get(0)));
        assertTrue(s.get(0).pinsWholeKey());
        assertEquals("{s_w_id=:w}", pins(s.get(1)));
        assertFalse(s.get(1).pinsWholeKey());
        assertEquals("{}", pins(s.get(2)));
        assertEquals("{s_i_id=:q}", pins(s.get(3)));
        assertEquals("{l_id=(:q * 2)}", pins(s.get(4)));
        assertTrue(s.get(4).pinsWholeKey());
    }

    private static String pins(StatementFacts s) {
        return s.keyPins().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().text())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    @Test
    void loopsNestAndLoopLocalsRecordTheirDepth() {
        var txn =
                facts(
                                """
                TRANSACTION t(w INT, items SET OF (i_id INT, qty INT))
                BEGIN
                  FOREACH item IN items LOOP
                    SELECT s_w_id, s_qty INTO rows FROM stock WHERE s_i_id = :item.i_id;
                    FOREACH r IN rows LOOP
                      UPDATE stock SET s_qty = :r.s_qty - :item.qty WHERE s_w_id = :r.s_w_id AND s_i_id = :item.i_id;
                    END LOOP;
                  END LOOP;
                  FOREACH item IN items LOOP
                    SKIP;
                  END LOOP;
                END;
                """)
                        .get(0);
        var update = txn.statements().get(1);
        assertEquals(
                List.of("item", "r"), update.loops().stream().map(Stmt.Foreach::variable).toList());
        assertEquals(
                List.of("items", "rows"),
                update.loops().stream().map(Stmt.Foreach::source).toList());
        Variable rows = txn.transaction().variable("rows").orElseThrow();
        assertEquals(1, rows.loopDepth());
        assertEquals(Variable.Kind.LOOP, txn.transaction().variable("r").orElseThrow().kind());
        assertEquals(2, txn.transaction().variable("r").orElseThrow().loopDepth());
        assertInstanceOf(Type.Rows.class, txn.transaction().variable("items").orElseThrow().type());
    }

    @Test
    void chooseMembershipAndAggregatesResolve() {
        Program p =
                ProgramLoader.parse(
                        "t.sql",
                        SCHEMA
                                + """
                TRANSACTION t(w INT, name VARCHAR(24))
                BEGIN
                  SELECT s_i_id, s_qty INTO named FROM stock WHERE s_w_id = :w AND s_name = :name;
                  IF named IS NOT NULL THEN
                    pick := CHOOSE named;
                    SELECT MAX(s_qty) INTO top FROM stock WHERE s_w_id = :w AND s_i_id = ANY(:named.s_i_id);
                    IF top IS NULL OR pick.s_qty >= top THEN
                      x := pick.s_i_id * 2;
                    ELSE
                      x := 0;
                    END IF;
                    UPDATE stock SET s_qty = :x WHERE s_w_id = :w AND s_i_id = :pick.s_i_id;
                  END IF;
                END;
                """);
        var txn = p.transactions().get(0);
        assertEquals(new Type.Scalar(ScalarType.INT), txn.variable("top").orElseThrow().type());
        assertInstanceOf(Type.Row.class, txn.variable("pick").orElseThrow().type());
        var select = (Stmt.Select) ((Stmt.If) txn.body().get(1)).thenBranch().get(1);
        assertEquals("s_w_id = :w AND s_i_id = ANY(:named.s_i_id)", select.where().text());
        assertEquals("MAX(s_qty)", select.aggregate().orElseThrow().text());
    }

    @Test
    void namesAreCaseInsensitiveAndTablesMayFollowTransactions() {
        Program p =
                ProgramLoader.parse(
                        "t.sql",
                        """
                transaction T(ID int)
                begin
                  select BAL into b from Account where Acc_Id = :Id;
                  if B > 0 then skip; end if;
                end;
                create table account (acc_id int primary key, bal int);
                """);
        var select = (Stmt.Select) p.transactions().get(0).body().get(0);
        assertEquals("account", select.table());
        assertEquals(List.of("bal"), select.columns());
        assertEquals("acc_id = :id", select.where().text());
    }

    @Test
    void definiteAssignmentAcceptsVariablesAssignedOnEveryBranch() {
        var txn =
                facts(
                                """
                TRANSACTION t(w INT)
                BEGIN
                  IF w > 0 THEN
                    x := 1;
                  ELSIF w < 0 THEN
                    x := 2;
                  ELSE
                    SELECT COUNT(*) INTO x FROM log;
                  END IF;
                  UPDATE log SET l_w = :x WHERE l_id = :w;
                END;
                """)
                        .get(0);
        assertEquals(2, txn.statements().size());
    }

    @Test
    void elsifBranchThatMissesAnAssignmentIsCaught() {
        ProgramError e =
                assertThrows(
                        ProgramError.class,
                        () ->
                                facts(
                                        """
                TRANSACTION t(w INT)
                BEGIN
                  IF w > 0 THEN
                    x := 1;
                  ELSIF w < 0 THEN
                    SKIP;
                  ELSE
                    x := 3;
                  END IF;
                  UPDATE log SET l_w = :x WHERE l_id = :w;
                END;
                """));
        assertEquals(
                "t.sql:13:24: variable x may be read before it is assigned (assign it on every path first)",
                e.getMessage());
    }

    @Test
    void sqlTextKeepsTheStatementAsWritten() {
        var s =
                facts(
                                """
                TRANSACTION t(w INT)
                BEGIN
                  UPDATE log   SET l_w = :w   -- keep comments out of the statement
                   WHERE l_id = 1;
                END;
                """)
                        .get(0)
                        .statements()
                        .get(0);
        assertEquals(
                "UPDATE log   SET l_w = :w   -- keep comments out of the statement\n   WHERE l_id = 1",
                s.statement().sql());
        assertEquals("t.sql:6:3", s.statement().pos().toString());
    }
}
