package isocheck.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.witness.Witness;
import org.junit.jupiter.api.Test;

/**
 * The commit guard (a transaction that reaches ROLLBACK or RAISE EXCEPTION is in no execution), the
 * early exit (statements after a RETURN do not run on its path), and SQL's key uniqueness ({@link
 * KeyModel#SQL}): each with the rule left out to show the verdict depends on it.
 */
class UserAbortRulesTest {

    static final String ALWAYS_ABORTS =
            """
            CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL);
            TRANSACTION Inc(id INT)
            BEGIN
              SELECT n INTO cur FROM counter WHERE id = :id;
              UPDATE counter SET n = :cur + 1 WHERE id = :id;
              ROLLBACK;
            END;
            """;

    @Test
    void anInstanceThatAlwaysAbortsIsInNoCycle() throws Exception {
        assertEquals(Analysis.Verdict.NONE, RulesTest.run(ALWAYS_ABORTS, "ec", 3).verdict());
        // without the commit guard the aborting path is taken as committed: the lost update of two
        // Incs
        Analysis.Outcome without =
                RulesTest.run(
                        ALWAYS_ABORTS, "ec", Analysis.Options.defaults(2).without("commit_guard"));
        assertEquals(Analysis.Verdict.FOUND, without.verdict());
        assertEquals("lost update", without.anomalies().get(0).anomaly());
    }

    @Test
    void anAbortUnderAGuardRulesOutOnlyItsPath() throws Exception {
        String guarded =
                """
                CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL);
                TRANSACTION Inc(id INT, limit INT)
                BEGIN
                  SELECT n INTO cur FROM counter WHERE id = :id;
                  UPDATE counter SET n = :cur + 1 WHERE id = :id;
                  IF cur.n >= limit THEN
                    RAISE EXCEPTION 'limit reached';
                  END IF;
                END;
                """;
        // the paths that commit (the value read is below the limit) still have the lost update
        Analysis.Outcome o = RulesTest.run(guarded, "ec", 2);
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertEquals("lost update", o.anomalies().get(0).anomaly());
    }

    @Test
    void statementsAfterAReturnDoNotRunOnItsPath() throws Exception {
        String early =
                """
                CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL);
                TRANSACTION Inc(id INT)
                BEGIN
                  SELECT n INTO cur FROM counter WHERE id = :id;
                  IF id > 0 THEN
                    RETURN;
                  END IF;
                  UPDATE counter SET n = :cur + 1 WHERE id = :id;
                END;
                """;
        Analysis.Outcome o = RulesTest.run(early, "ec", 2);
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        for (Witness.Txn t : o.anomalies().get(0).txns()) {
            assertTrue(
                    Long.parseLong(t.parameters().get("id")) <= 0,
                    "the UPDATE runs only for id <= 0: " + t);
        }
        Program p = isocheck.frontend.ProgramLoader.parse("early.sql", early);
        var update = new ProgramModel(p).transactions().get(0).statements().get(1);
        assertEquals("(id > 0) IS NOT TRUE", update.guard().get(0).text().replace(":", ""));
    }

    /**
     * Two inserts of one key (a username registration): overwrite allows the duplicate-key cycle,
     * SQL does not.
     */
    @Test
    void sqlKeyUniquenessRulesOutTheDuplicateInsertCycle() throws Exception {
        String register =
                """
                CREATE TABLE users (name VARCHAR(20) PRIMARY KEY, owner INT NOT NULL);
                TRANSACTION Register(n VARCHAR(20), who INT)
                BEGIN
                  SELECT owner INTO u FROM users WHERE name = :n;
                  IF u IS NULL THEN
                    INSERT INTO users (name, owner) VALUES (:n, :who);
                  END IF;
                END;
                """;
        Analysis.Outcome paper =
                RulesTest.run(
                        register, "ec", Analysis.Options.defaults(2).withKeys(KeyModel.OVERWRITE));
        assertEquals(Analysis.Verdict.FOUND, paper.verdict());
        Analysis.Outcome sql =
                RulesTest.run(register, "ec", Analysis.Options.defaults(3).withKeys(KeyModel.SQL));
        assertEquals(Analysis.Verdict.NONE, sql.verdict());
        // the rule that decides it: unique_inserts, now stated for tables no program deletes from
        Analysis.Outcome without =
                RulesTest.run(
                        register,
                        "ec",
                        Analysis.Options.defaults(2)
                                .withKeys(KeyModel.SQL)
                                .without("unique_inserts"));
        assertEquals(Analysis.Verdict.FOUND, without.verdict());
    }
}
