package isocheck.encoding;

import static isocheck.encoding.RulesTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.query.Analysis;
import org.junit.jupiter.api.Test;

/**
 * Encoding rules of the schema constructs of issue 13 ("schema as people write it"), each shown by
 * a verdict that changes with the rule.
 */
class SchemaRulesTest {

    static String bump(String where) {
        return """
                CREATE TABLE switch (s_id BIGINT PRIMARY KEY, active BOOLEAN NOT NULL DEFAULT TRUE, n INT NOT NULL DEFAULT 0);
                TRANSACTION Bump(id BIGINT)
                BEGIN
                  SELECT n INTO x FROM switch WHERE s_id = :id;
                  UPDATE switch SET n = :x.n + 1 WHERE s_id = :id%s;
                END;
                """
                .formatted(where);
    }

    /**
     * A BOOLEAN column standing alone is {@code active = 1}, encoded exactly like any comparison:
     * the read-modify-write loses updates when it runs on active rows, and a WHERE no row can
     * satisfy ({@code active AND NOT active}) writes nothing, so there is no cycle.
     */
    @Test
    void aBareBooleanColumnIsAComparisonWithTrue() throws Exception {
        assertEquals(Analysis.Verdict.FOUND, run(bump(" AND active"), "ec", 2).verdict());
        assertEquals(Analysis.Verdict.FOUND, run(bump(" AND active = TRUE"), "ec", 2).verdict());
        assertEquals(
                Analysis.Verdict.NONE, run(bump(" AND active AND NOT active"), "ec", 3).verdict());
        assertEquals(
                Analysis.Verdict.NONE,
                run(bump(" AND active = TRUE AND active = FALSE"), "ec", 3).verdict());
    }

    /**
     * SMALLINT is INT (frontend.SqlTypes), its comparisons and arithmetic exact: a stock guard no
     * integer satisfies ({@code qty > 0 AND qty < 1}) never lets Take's UPDATE write, so the lost
     * update is gone even under ec; {@code qty > 0} alone keeps it (smallint.sql).
     */
    @Test
    void aSmallintColumnIsAnExactInteger() throws Exception {
        String take =
                """
                CREATE TABLE stock (item SMALLINT PRIMARY KEY, qty SMALLINT NOT NULL);
                TRANSACTION Take(id SMALLINT)
                BEGIN
                  SELECT qty INTO q FROM stock WHERE item = :id;
                  UPDATE stock SET qty = :q - 1 WHERE item = :id AND %s;
                END;
                """;
        assertEquals(Analysis.Verdict.FOUND, run(take.formatted("qty > 0"), "ec", 2).verdict());
        assertEquals(
                Analysis.Verdict.NONE,
                run(take.formatted("qty > 0 AND qty < 1"), "ec", 3).verdict());
        assertEquals(Analysis.Verdict.NONE, run(take.formatted("qty > 0"), "si", 3).verdict());
    }

    /**
     * NOT NULL and three-valued logic (Terms#mayBeNull): a comparison with a column that may be
     * NULL can be UNKNOWN, which no integer value encodes, so it is tested by polarity (may hold,
     * may not); with NOT NULL it is the value's comparison. {@code n = 0 OR NOT (n = 0)} is then a
     * tautology, the UPDATE is forced to write, and psi orders two writers of n (no lost update);
     * on a nullable n the write is not forced and psi reports the lost update (the
     * over-approximation's price). SER has none either way.
     */
    @Test
    void aComparisonWithANullableColumnIsTestedByPolarity() throws Exception {
        String counter =
                """
                CREATE TABLE counter (id INT PRIMARY KEY, n INT%s);
                TRANSACTION Inc(id INT)
                BEGIN
                  SELECT n INTO cur FROM counter WHERE id = :id;
                  UPDATE counter SET n = :cur + 1 WHERE id = :id AND (n = 0 OR NOT (n = 0));
                END;
                """;
        String notNull = counter.formatted(" NOT NULL");
        String nullable = counter.formatted("");
        assertEquals(Analysis.Verdict.FOUND, run(notNull, "ec", 2).verdict());
        assertEquals(Analysis.Verdict.NONE, run(notNull, "psi", 2).verdict());
        assertEquals(Analysis.Verdict.FOUND, run(nullable, "ec", 2).verdict());
        assertEquals(Analysis.Verdict.FOUND, run(nullable, "psi", 2).verdict());
        assertEquals(Analysis.Verdict.NONE, run(nullable, "ser", 3).verdict());
    }

    /**
     * A comparison with the literal NULL is UNKNOWN on every row (SQL:2016 §8.2), and so is its
     * negation: the front-end pushes NOT to the atoms and takes each UNKNOWN as FALSE under AND/OR
     * (ExprTranslator#unknown), which is exact for a WHERE. So {@code NOT (n = NULL)} selects no
     * row, the UPDATE never writes, and the lost update of the counter is gone even under ec; with
     * {@code OR n = n} beside it the row is selected again and the lost update is back.
     */
    @Test
    void aComparisonWithTheNullLiteralIsNeverTrue() throws Exception {
        String counter =
                """
                CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL);
                TRANSACTION Inc(id INT)
                BEGIN
                  SELECT n INTO cur FROM counter WHERE id = :id;
                  UPDATE counter SET n = :cur + 1 WHERE id = :id AND (%s);
                END;
                """;
        assertEquals(
                Analysis.Verdict.NONE, run(counter.formatted("NOT (n = NULL)"), "ec", 3).verdict());
        assertEquals(Analysis.Verdict.NONE, run(counter.formatted("n <> NULL"), "ec", 3).verdict());
        assertEquals(
                Analysis.Verdict.FOUND,
                run(counter.formatted("NOT (n = NULL) OR n = n"), "ec", 2).verdict());
    }

    /**
     * A DEFAULT is the value an INSERT that omits the column writes (SqlTranslator fills it in):
     * two Registers that each find no user with the address and score 7 and then insert one form a
     * phantom 2-cycle when the omitted score defaults to 7 (each missed a row its WHERE matches),
     * and none when it defaults to 5 (the inserted rows match neither WHERE).
     */
    @Test
    void aDefaultIsTheValueOfAnOmittedColumn() throws Exception {
        String register =
                """
                CREATE TABLE users (user_id INT PRIMARY KEY, email VARCHAR(64) NOT NULL, score INT NOT NULL DEFAULT %d);
                TRANSACTION Register(uid INT, email VARCHAR(64))
                BEGIN
                  SELECT user_id INTO same FROM users WHERE email = :email AND score = 7;
                  IF same IS NULL THEN
                    INSERT INTO users (user_id, email) VALUES (:uid, :email);
                  END IF;
                END;
                """;
        assertEquals(Analysis.Verdict.FOUND, run(register.formatted(7), "si", 2).verdict());
        assertEquals(Analysis.Verdict.NONE, run(register.formatted(5), "si", 3).verdict());
    }

    /**
     * UNIQUE, CHECK and REFERENCES are not encoded (AccessRules' class comment): a violating write
     * fails and aborts its transaction, and an aborted transaction is in no dependency, so the
     * program without them has every execution of the one with them. The anomalies found are the
     * same with and without each constraint (the explorer enforces CHECK exactly and agrees:
     * constraints.sql in SoundnessOracleTest).
     */
    @Test
    void constraintsAddNoFacts() throws Exception {
        String withdraw =
                """
                CREATE TABLE owner (o_id INT PRIMARY KEY);
                CREATE TABLE account (acc_id INT PRIMARY KEY, owner INT NOT NULL%s, balance INT NOT NULL%s);
                TRANSACTION Withdraw(id INT)
                BEGIN
                  SELECT balance INTO b FROM account WHERE acc_id = :id;
                  UPDATE account SET balance = :b - 1 WHERE acc_id = :id;
                END;
                """;
        Analysis.Options all = Analysis.Options.defaults(2).withAll(true);
        String plain = withdraw.formatted("", "");
        Analysis.Outcome without = run(plain, "ec", all);
        assertEquals(Analysis.Verdict.FOUND, without.verdict());
        for (String[] c :
                new String[][] {
                    {" UNIQUE", ""}, {" REFERENCES owner (o_id)", ""}, {"", " CHECK (balance >= 0)"}
                }) {
            String source = withdraw.formatted(c[0], c[1]);
            assertTrue(!source.equals(plain), source);
            Analysis.Outcome with = run(source, "ec", all);
            assertEquals(without.anomalies().size(), with.anomalies().size(), source);
            assertEquals(Analysis.Verdict.NONE, run(source, "psi", 2).verdict(), source);
        }
    }

    /**
     * parent_in_view (ForeignKeyRules): fk-parent.sql's write skews need a card without its
     * account. At the databases' levels the FOREIGN KEY removes them, and only it: without the
     * REFERENCES clause the same program has them at READ COMMITTED and REPEATABLE READ too; the
     * paper's si keeps them either way (it enforces no FOREIGN KEY).
     */
    @Test
    void aForeignKeyRemovesTheExecutionsWithAnOrphanInADatabaseSnapshot() throws Exception {
        String source =
                java.nio.file.Files.readString(
                        java.nio.file.Path.of("")
                                .toAbsolutePath()
                                .getParent()
                                .resolve("benchmarks/programs/litmus/fk-parent.sql"));
        String reference = " REFERENCES account (a_id)";
        assertTrue(source.contains(reference));
        String without = source.replace(reference, "");
        for (String level :
                java.util.List.of(
                        "pg-read-committed",
                        "pg-repeatable-read",
                        "mysql-read-committed",
                        "mysql-repeatable-read")) {
            assertEquals(Analysis.Verdict.NONE, run(source, level, 2).verdict(), level);
            assertEquals(Analysis.Verdict.FOUND, run(without, level, 2).verdict(), level);
        }
        assertEquals(Analysis.Verdict.FOUND, run(source, "si", 2).verdict());
    }

    /**
     * parent_of_insert's later statements (ForeignKeyRules#laterReadsOfParent):
     * comment-seller.sql's cycle needs NewComment's UPDATE of the item to miss the item its earlier
     * INSERT's FOREIGN KEY check found. At READ COMMITTED the REFERENCES clause removes it, and
     * only it: without the clause the program has it.
     */
    @Test
    void aParentAnInsertFoundStaysInTheLaterStatementsViews() throws Exception {
        String source =
                java.nio.file.Files.readString(
                        java.nio.file.Path.of("src/test/resources/fk-insert/comment-seller.sql"));
        String reference = " REFERENCES item (i_id)";
        assertTrue(source.contains(reference));
        String without = source.replace(reference, "");
        for (String level : java.util.List.of("pg-read-committed", "mysql-read-committed")) {
            assertEquals(Analysis.Verdict.NONE, run(source, level, 2).verdict(), level);
            assertEquals(Analysis.Verdict.FOUND, run(without, level, 2).verdict(), level);
        }
    }

    /**
     * parent_of_insert (ForeignKeyRules#parentsOfInserts): issue-card.sql's write skew needs Issue
     * to insert a card for an account it did not find, in a table no program writes. At the
     * databases' levels the card's FOREIGN KEY removes it, and only it: without the REFERENCES
     * clause the program has it at READ COMMITTED and REPEATABLE READ too, and with a transaction
     * that inserts accounts (the account may commit between Issue's SELECT and its INSERT) READ
     * COMMITTED keeps it; the paper's si keeps it either way.
     */
    @Test
    void aCommittedInsertHasItsForeignKeysParent() throws Exception {
        String source =
                java.nio.file.Files.readString(
                        java.nio.file.Path.of("src/test/resources/fk-insert/issue-card.sql"));
        String reference = " REFERENCES account (a_id)";
        assertTrue(source.contains(reference));
        String without = source.replace(reference, "");
        for (String level :
                java.util.List.of(
                        "pg-read-committed",
                        "pg-repeatable-read",
                        "mysql-read-committed",
                        "mysql-repeatable-read")) {
            assertEquals(Analysis.Verdict.NONE, run(source, level, 2).verdict(), level);
            assertEquals(Analysis.Verdict.FOUND, run(without, level, 2).verdict(), level);
        }
        assertEquals(Analysis.Verdict.FOUND, run(source, "si", 2).verdict());
        String opener =
                source
                        + """

                        CREATE FUNCTION open_account(p_a INT) RETURNS VOID
                        LANGUAGE plpgsql AS $$
                        BEGIN
                          INSERT INTO account (a_id, bal) VALUES (p_a, 0);
                        END
                        $$;
                        """;
        assertEquals(Analysis.Verdict.FOUND, run(opener, "pg-read-committed", 2).verdict());
    }
}
