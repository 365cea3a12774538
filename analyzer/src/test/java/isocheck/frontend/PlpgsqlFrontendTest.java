package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The IR the PL/pgSQL front-end builds: bare variables, $n, hidden row sets, FOUND, ON CONFLICT,
 * ROW_COUNT, RETURNING.
 */
class PlpgsqlFrontendTest {

    static Transaction only(String body) {
        Program p =
                ProgramLoader.parse(
                        "t.sql",
                        """
                CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
                CREATE FUNCTION f(p_id INT, amount INT) RETURNS INT LANGUAGE plpgsql AS $$
                """
                                + body
                                + "\n$$;\n");
        return p.transactions().get(0);
    }

    @Test
    void bareVariablesAndPositionalParametersBecomeVariableReferences() {
        Transaction t =
                only(
                        """
                DECLARE b INT;
                BEGIN
                  SELECT balance INTO b FROM account WHERE id = $1;
                  UPDATE account SET balance = b - amount WHERE id = p_id;
                END""");
        Stmt.Select sel = (Stmt.Select) t.body().get(0);
        assertTrue(
                sel.target().startsWith("b$"),
                "a DECLAREd scalar is filled through a hidden row set: " + sel.target());
        assertEquals(":p_id", ((Cond.Compare) sel.where()).right().text());
        Stmt.Assign copy = (Stmt.Assign) t.body().get(1);
        assertEquals("b", copy.target());
        Stmt.Update u = (Stmt.Update) t.body().get(2);
        assertEquals("(:b - :amount)", u.assignments().get(0).value().text());
    }

    /**
     * FOR r IN SELECT over a join (SEATS' FindFlights) is a nested-loop join: the first table's
     * SELECT, a loop over its rows, and inside it the second table's SELECT bound to the loop row
     * ({@code c = v.j}, no row set left over from the chain), then the loop over r; r.c of the
     * first table reads the outer loop variable.
     */
    @Test
    void forOverAJoinIsANestedLoopJoin() {
        Program p =
                ProgramLoader.parse(
                        "t.sql",
                        """
                CREATE TABLE airline (al_id INT PRIMARY KEY, fee INT NOT NULL);
                CREATE TABLE flight (f_id INT PRIMARY KEY, f_al_id INT NOT NULL, seats INT NOT NULL);
                CREATE FUNCTION f(p_a INT) RETURNS VOID LANGUAGE plpgsql AS $$
                DECLARE r RECORD;
                BEGIN
                  FOR r IN SELECT a.fee, f.f_id FROM airline a JOIN flight f ON f.f_al_id = a.al_id
                           WHERE a.al_id = p_a LOOP
                    UPDATE flight SET seats = r.fee WHERE f_id = r.f_id;
                  END LOOP;
                END
                $$;
                """);
        List<Stmt> body = p.transactions().get(0).body();
        assertEquals(2, body.size(), body.toString());
        Stmt.Select airlines = (Stmt.Select) body.get(0);
        assertEquals("airline", airlines.table());
        Stmt.Foreach outer = (Stmt.Foreach) body.get(1);
        assertEquals(airlines.target(), outer.source());
        Stmt.Select flights = (Stmt.Select) outer.body().get(0);
        // a.al_id = p_a and f.f_al_id = a.al_id imply f_al_id = p_a (JoinParts#chain)
        assertEquals(
                "f_al_id = :p_a AND f_al_id = :" + outer.variable() + ".al_id",
                flights.where().text());
        Stmt.Foreach inner = (Stmt.Foreach) outer.body().get(1);
        assertEquals("r", inner.variable());
        assertEquals(flights.target(), inner.source());
        Stmt.Update u = (Stmt.Update) inner.body().get(0);
        assertEquals(":" + outer.variable() + ".fee", u.assignments().get(0).value().text());
        assertEquals("f_id = :r.f_id", u.where().text());
    }

    /**
     * Expressions and aliases in a SELECT list (SEATS' FindOpenSeats): the SELECT reads the columns
     * they name, and each value is an assignment right after it over the selected row's fields;
     * {@code r.alias} then reads the hidden local. Into a scalar, the one expression. Refused: an
     * unnamed expression into a record (a CASE too), several items into a scalar.
     */
    @Test
    void selectListExpressionsAreAssignmentsAfterTheSelect() {
        Transaction t =
                only(
                        """
                DECLARE r RECORD; v INT;
                BEGIN
                  SELECT id, balance - amount AS after INTO r FROM account WHERE id = p_id;
                  SELECT balance * 2 INTO v FROM account WHERE id = p_id;
                  UPDATE account SET balance = r.after + v WHERE id = p_id;
                  RETURN r.after;
                END""");
        List<Stmt> body = t.body();
        Stmt.Select sel = (Stmt.Select) body.get(0);
        assertEquals(List.of("id", "balance"), sel.columns());
        Stmt.Assign after = (Stmt.Assign) body.get(1);
        assertTrue(after.target().startsWith("r$after$"), after.target());
        assertEquals("(:r.balance - :amount)", after.value().text());
        Stmt.Select scalar = (Stmt.Select) body.get(2);
        assertEquals(List.of("balance"), scalar.columns());
        Stmt.Assign v = (Stmt.Assign) body.get(3);
        assertEquals("v", v.target());
        assertEquals("(:" + scalar.target() + ".balance * 2)", v.value().text());
        Stmt.Update u = (Stmt.Update) body.get(4);
        assertEquals("(:" + after.target() + " + :v)", u.assignments().get(0).value().text());
        for (String[] bad :
                new String[][] {
                    {"SELECT balance + 1 INTO r FROM account WHERE id = p_id;", "needs an alias"},
                    {
                        "SELECT id, balance + 1 INTO v FROM account WHERE id = p_id;",
                        "INTO scalar v"
                    },
                    {
                        "SELECT CASE WHEN balance > 0 THEN 1 ELSE 0 END INTO r FROM account WHERE id = p_id;",
                        "needs an alias"
                    }
                }) {
            String message =
                    org.junit.jupiter.api.Assertions.assertThrows(
                                    ProgramError.class,
                                    () ->
                                            only(
                                                    "DECLARE r RECORD; v INT;\nBEGIN\n  "
                                                            + bad[0]
                                                            + "\nEND"))
                            .getMessage();
            assertTrue(message.contains(bad[1]), bad[0] + ": " + message);
        }
    }

    /**
     * CASE in a SELECT list (BenchBase's {@code SELECT CASE WHEN … END INTO v}) is a value like any
     * other expression there: the SELECT reads every column its conditions and values name, and the
     * assignment after it evaluates the CASE over the selected row (conditions included).
     */
    @Test
    void caseInASelectListIsAConditionalValueOverTheRowRead() {
        Transaction t =
                only(
                        """
                DECLARE r RECORD; v INT;
                BEGIN
                  SELECT CASE WHEN balance > amount THEN balance - amount WHEN id IS NULL THEN 0 ELSE balance END INTO v FROM account WHERE id = p_id;
                  SELECT id, CASE WHEN balance > 0 THEN 1 ELSE 0 END AS positive INTO r FROM account WHERE id = p_id;
                  UPDATE account SET balance = v + r.positive WHERE id = p_id;
                END""");
        List<Stmt> body = t.body();
        Stmt.Select scalar = (Stmt.Select) body.get(0);
        assertEquals(List.of("balance", "id"), scalar.columns());
        Stmt.Assign v = (Stmt.Assign) body.get(1);
        assertEquals("v", v.target());
        Expr.Case c = org.junit.jupiter.api.Assertions.assertInstanceOf(Expr.Case.class, v.value());
        String row = ":" + scalar.target() + ".";
        assertEquals(row + "balance > :amount", c.conditions().get(0).text());
        assertEquals(row + "id IS NULL", c.conditions().get(1).text());
        assertEquals("(" + row + "balance - :amount)", c.values().get(0).text());
        assertEquals(row + "balance", c.otherwise().text());
        Stmt.Select rec = (Stmt.Select) body.get(2);
        assertEquals(List.of("id", "balance"), rec.columns());
        Stmt.Assign positive = (Stmt.Assign) body.get(3);
        assertTrue(positive.target().startsWith("r$positive$"), positive.target());
        assertEquals(":r.balance > 0", ((Expr.Case) positive.value()).conditions().get(0).text());
    }

    @Test
    void foundTestsTheLastQuerysRowSet() {
        Transaction t =
                only(
                        """
                DECLARE r RECORD;
                BEGIN
                  SELECT balance INTO r FROM account WHERE id = p_id;
                  IF NOT FOUND THEN
                    RAISE EXCEPTION 'none';
                  END IF;
                END""");
        Stmt.If i = (Stmt.If) t.body().get(1);
        assertEquals("NOT (:r IS NOT NULL)", i.condition().text());
        assertInstanceOf(Stmt.Abort.class, i.thenBranch().get(0));
    }

    @Test
    void onConflictDoNothingIsAProbeAndAConditionalInsertAndFoundMeansInserted() {
        Transaction t =
                only(
                        """
                DECLARE k INT;
                BEGIN
                  INSERT INTO account (id, balance) VALUES (p_id, amount) ON CONFLICT (id) DO NOTHING;
                  GET DIAGNOSTICS k = ROW_COUNT;
                  IF FOUND THEN
                    RETURN k;
                  END IF;
                END""");
        Stmt.Select probe = (Stmt.Select) t.body().get(0);
        assertEquals(List.of("id"), probe.columns());
        Stmt.If insert = (Stmt.If) t.body().get(1);
        assertEquals(":" + probe.target() + " IS NULL", insert.condition().text());
        assertInstanceOf(Stmt.Insert.class, insert.thenBranch().get(0));
        Stmt.If rowCount = (Stmt.If) t.body().get(2);
        assertEquals(
                ":" + probe.target() + " IS NULL",
                rowCount.condition().text(),
                "ROW_COUNT is 1 when the probe found no row");
        Stmt.If found = (Stmt.If) t.body().get(3);
        assertEquals(
                ":" + probe.target() + " IS NULL",
                found.condition().text(),
                "FOUND: the row was inserted");
    }

    @Test
    void onConflictDoUpdateReadsExcludedAsTheInsertedValue() {
        Transaction t =
                only(
                        """
                BEGIN
                  INSERT INTO account (id, balance) VALUES (p_id, amount)
                    ON CONFLICT (id) DO UPDATE SET balance = account.balance + EXCLUDED.balance;
                END""");
        Stmt.If i = (Stmt.If) t.body().get(1);
        Stmt.Update u = (Stmt.Update) i.elseBranch().get(0);
        assertEquals("(balance + :amount)", u.assignments().get(0).value().text());
    }

    @Test
    void returningIntoAfterInsertIsTheInsertedValueAndAfterUpdateAReadOfTheRow() {
        Transaction t =
                only(
                        """
                DECLARE a INT; b INT;
                BEGIN
                  INSERT INTO account (id, balance) VALUES (p_id, amount + 1) RETURNING balance INTO a;
                  UPDATE account SET balance = balance + 1 WHERE id = p_id RETURNING balance INTO b;
                  RETURN a + b;
                END""");
        assertEquals("(:amount + 1)", ((Stmt.Assign) t.body().get(1)).value().text());
        assertInstanceOf(Stmt.Update.class, t.body().get(2));
        Stmt.Select read = (Stmt.Select) t.body().get(3);
        assertEquals(List.of("balance"), read.columns());
        assertEquals("b", ((Stmt.Assign) t.body().get(4)).target());
    }

    @Test
    void theExampleAndTheLitmusProgramsParse() throws Exception {
        assertEquals(
                4,
                ProgramLoader.load(Path.of("../benchmarks/programs/plpgsql/bank.sql"))
                        .transactions()
                        .size());
        assertEquals(
                2,
                ProgramLoader.load(Path.of("../benchmarks/programs/litmus/on-conflict.sql"))
                        .transactions()
                        .size());
    }

    /**
     * FOUND and GET DIAGNOSTICS n = ROW_COUNT after an UPDATE read a probe of the rows the UPDATE's
     * WHERE selects, placed just before it (PlpgsqlDml#statusProbe): FOUND is "the probe is
     * non-empty", ROW_COUNT 0 or 1 by the same test.
     */
    @Test
    void foundAndRowCountAfterAnUpdateTestAProbeOfItsRows() {
        Transaction t =
                only(
                        """
                DECLARE k INT;
                BEGIN
                  UPDATE account SET balance = balance - 1 WHERE id = p_id;
                  IF NOT FOUND THEN
                    RAISE EXCEPTION 'none';
                  END IF;
                  GET DIAGNOSTICS k = ROW_COUNT;
                  RETURN k;
                END""");
        Stmt.Select probe = assertInstanceOf(Stmt.Select.class, t.body().get(0));
        assertEquals("account", probe.table());
        assertTrue(probe.target().contains("$"), probe.target());
        assertInstanceOf(Stmt.Update.class, t.body().get(1));
        Stmt.If found = assertInstanceOf(Stmt.If.class, t.body().get(2));
        assertTrue(found.condition().text().contains(probe.target()), found.condition().text());
        assertInstanceOf(Stmt.Abort.class, found.thenBranch().get(0));
        String rest = t.body().subList(3, t.body().size()).toString();
        assertTrue(rest.contains(probe.target()), rest);
    }
}
