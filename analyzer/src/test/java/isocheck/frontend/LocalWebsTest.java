package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Web renaming of reassigned scalar locals (LocalWebs): a name per web, every read bound to the
 * assignments that may reach it, whatever the path.
 */
class LocalWebsTest {

    private static Transaction only(String body) {
        Program p =
                ProgramLoader.parse(
                        "t.sql",
                        """
                CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
                CREATE FUNCTION f(p_id INT, ids INT[]) RETURNS void LANGUAGE plpgsql AS $$
                """
                                + body
                                + "\n$$;\n");
        return p.transactions().get(0);
    }

    /** The text of every statement, nested blocks flattened, in program order. */
    private static List<String> texts(Transaction t) {
        List<String> out = new ArrayList<>();
        flatten(t.body(), out);
        return out;
    }

    private static void flatten(List<Stmt> block, List<String> out) {
        for (Stmt s : block) {
            if (s instanceof Stmt.Assign a) out.add(a.target() + " := " + a.value().text());
            else if (s instanceof Stmt.If i) {
                out.add("IF " + i.condition().text());
                flatten(i.thenBranch(), out);
                out.add("ELSE");
                flatten(i.elseBranch(), out);
                out.add("END IF");
            } else if (s instanceof Stmt.Foreach f) {
                out.add("FOREACH " + f.variable());
                flatten(f.body(), out);
                out.add("END LOOP");
            } else if (s instanceof Stmt.Update u)
                out.add("UPDATE " + u.assignments().get(0).value().text());
            else if (s instanceof Stmt.Abort) out.add("ABORT");
            else out.add(s.getClass().getSimpleName());
        }
    }

    private static List<String> locals(Transaction t) {
        return t.locals().stream().map(Variable::name).toList();
    }

    /** TPC-C Delivery's shape: ROW_COUNT after the DELETE and after the UPDATE, each tested. */
    @Test
    void twoRowCountsInOneIterationAreTwoWebs() {
        Transaction t =
                only(
                        """
                DECLARE v INT; result INT;
                BEGIN
                  FOREACH v IN ARRAY ids LOOP
                    DELETE FROM account WHERE id = v;
                    GET DIAGNOSTICS result = ROW_COUNT;
                    IF result <> 1 THEN RAISE EXCEPTION 'delete'; END IF;
                    UPDATE account SET balance = 0 WHERE id = p_id;
                    GET DIAGNOSTICS result = ROW_COUNT;
                    IF result <> 1 THEN RAISE EXCEPTION 'update'; END IF;
                  END LOOP;
                END""");
        List<String> s = texts(t);
        assertEquals(
                List.of("IF :result <> 1", "IF :result$2 <> 1"),
                s.stream().filter(x -> x.startsWith("IF")).toList(),
                s.toString());
        assertEquals(
                List.of("result", "result$2"),
                s.stream()
                        .filter(x -> x.startsWith("result"))
                        .map(x -> x.substring(0, x.indexOf(' ')))
                        .toList());
        Variable second = t.variable("result$2").orElseThrow();
        assertEquals(1, second.loopDepth());
    }

    @Test
    void straightLineReassignmentsAreTwoWebs() {
        Transaction t =
                only(
                        """
                DECLARE x INT;
                BEGIN
                  x := 1;
                  UPDATE account SET balance = x WHERE id = p_id;
                  x := 2;
                  UPDATE account SET balance = x + 1 WHERE id = p_id;
                END""");
        assertEquals(List.of("x := 1", "UPDATE :x", "x$2 := 2", "UPDATE (:x$2 + 1)"), texts(t));
    }

    /** An accumulator: each read is reached by the entry value and by the loop's own write. */
    @Test
    void aLoopCarriedValueStaysOneWeb() {
        Transaction t =
                only(
                        """
                DECLARE v INT; s INT;
                BEGIN
                  s := 0;
                  FOREACH v IN ARRAY ids LOOP
                    UPDATE account SET balance = s WHERE id = v;
                    s := v;
                  END LOOP;
                  UPDATE account SET balance = s WHERE id = p_id;
                END""");
        assertEquals(List.of("s", "v"), locals(t));
        assertEquals(
                List.of("s := 0", "FOREACH v", "UPDATE :s", "s := :v", "END LOOP", "UPDATE :s"),
                texts(t));
    }

    /** Both branches' values reach the read after the IF: one web. */
    @Test
    void aValueSetInOneBranchStaysWithTheValueBeforeTheIf() {
        Transaction t =
                only(
                        """
                DECLARE x INT;
                BEGIN
                  x := 1;
                  IF p_id > 0 THEN x := 2; END IF;
                  UPDATE account SET balance = x WHERE id = p_id;
                  x := 3;
                  UPDATE account SET balance = x WHERE id = p_id;
                END""");
        assertEquals(
                List.of(
                        "x := 1",
                        "IF :p_id > 0",
                        "x := 2",
                        "ELSE",
                        "END IF",
                        "UPDATE :x",
                        "x$2 := 3",
                        "UPDATE :x$2"),
                texts(t));
    }

    /** After RAISE nothing flows on: the branch that aborts reaches no later read. */
    @Test
    void aBranchThatAbortsReachesNothing() {
        Transaction t =
                only(
                        """
                DECLARE x INT;
                BEGIN
                  x := 1;
                  UPDATE account SET balance = x WHERE id = p_id;
                  IF p_id > 0 THEN
                    x := 2;
                  ELSE
                    x := 3;
                    RAISE EXCEPTION 'no';
                  END IF;
                  UPDATE account SET balance = x WHERE id = p_id;
                END""");
        assertEquals(
                List.of(
                        "x := 1",
                        "UPDATE :x",
                        "IF :p_id > 0",
                        "x$2 := 2",
                        "ELSE",
                        "x$3 := 3",
                        "ABORT",
                        "END IF",
                        "UPDATE :x$2"),
                texts(t));
    }

    /**
     * BenchBase TATP's DeleteCallForwarding: ROW_COUNT outside loops is an IF with two assignments,
     * one web of two; it stays with the declared value, as PathAssignment needs.
     */
    @Test
    void aWebOfSeveralAssignmentsKeepsTheName() {
        Transaction t =
                only(
                        """
                DECLARE n INT := -1;
                BEGIN
                  DELETE FROM account WHERE id = p_id;
                  GET DIAGNOSTICS n = ROW_COUNT;
                  IF n = 0 THEN RAISE EXCEPTION 'none'; END IF;
                END""");
        assertEquals(List.of("n", "delete_found$1"), locals(t));
    }

    /**
     * The earlier SELECT of a join stands in the body and in the last SELECT's joinedFrom; after
     * renaming both are still one object (run.Interpreter finds a join's parts by identity).
     */
    @Test
    void aJoinsPartsStayTheBodysStatements() {
        Program p =
                ProgramLoader.parse(
                        "t.sql",
                        """
                CREATE TABLE page (page_id INT PRIMARY KEY, page_len INT NOT NULL);
                CREATE TABLE revision (rev_id INT PRIMARY KEY, rev_page INT NOT NULL);
                CREATE FUNCTION f(p INT) RETURNS void LANGUAGE plpgsql AS $$
                DECLARE r RECORD; x INT;
                BEGIN
                  x := p;
                  SELECT * INTO r FROM page, revision WHERE page_id = rev_page AND page_id = x;
                  x := p + 1;
                  UPDATE page SET page_len = x WHERE page_id = p;
                END
                $$;
                """);
        Transaction t = p.transactions().get(0);
        List<Stmt.Select> joins = new ArrayList<>();
        List<Stmt.Select> selects = new ArrayList<>();
        for (Stmt s : t.body()) {
            if (s instanceof Stmt.Select sel) {
                selects.add(sel);
                if (sel.isJoin()) joins.add(sel);
            }
        }
        assertEquals(1, joins.size(), t.body().toString());
        for (Stmt.Select part : joins.get(0).joinedFrom())
            assertTrue(
                    selects.stream().anyMatch(x -> x == part),
                    "a joinedFrom part not in the body: " + part);
        assertTrue(t.variable("x$2").isPresent(), t.locals().toString());
    }
}
