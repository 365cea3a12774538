package isocheck.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import org.junit.jupiter.api.Test;

/**
 * One small program per encoding rule: what the rule lets the solver prove (a cycle the spec rules
 * out) and, by leaving the rule out, that the proof needs it. Each program is a few lines, so each
 * query takes milliseconds.
 */
class RulesTest {

    static final String COUNTER = """
            CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL);
            TRANSACTION Inc(id INT)
            BEGIN
              SELECT n INTO cur FROM counter WHERE id = :id;
              UPDATE counter SET n = :cur + 1 WHERE id = :id;
            END;
            """;

    static Analysis.Outcome run(String source, String spec, int bound) throws Exception {
        return run(source, spec, Analysis.Options.defaults(bound));
    }

    static Analysis.Outcome run(String source, String spec, Analysis.Options opts) throws Exception {
        Program p = ProgramLoader.parse("test.sql", source);
        return Analysis.run(p, SpecLibrary.builtin().get(spec), opts);
    }

    @Test
    void necessaryConditionsFindTheLostUpdateUnderEc() throws Exception {
        Analysis.Outcome o = run(COUNTER, "ec", 2);
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Witness w = o.anomalies().get(0);
        assertEquals("lost update", w.anomaly());
        assertEquals(2, w.k());
        // both edges on the same record: the necessary conditions equate the two ids
        assertEquals(w.txns().get(0).parameters().get("id"), w.txns().get(1).parameters().get("id"));
    }

    @Test
    void forcingWwIsWhatPsiNeedsToRuleOutTheLostUpdate() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run(COUNTER, "psi", 3).verdict());
        // without η^{→WW} nothing makes the two writers write-write dependent, so PSI's WW ⇒ vis is idle
        assertEquals(Analysis.Verdict.FOUND,
                run(COUNTER, "psi", Analysis.Options.defaults(3).without("forcing_WW")).verdict());
    }

    @Test
    void differentKeysNeverConflict() throws Exception {
        String blind = """
                CREATE TABLE r (id INT PRIMARY KEY, v INT NOT NULL);
                TRANSACTION W(a INT, b INT)
                BEGIN
                  SELECT v INTO x FROM r WHERE id = :a;
                  UPDATE r SET v = 1 WHERE id = :b;
                END;
                """;
        // a write skew needs a ≠ b in both: found under EC, and every edge joins equal keys
        Analysis.Outcome o = run(blind, "si", 2);
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        Witness w = o.anomalies().get(0);
        for (Witness.Edge e : w.edges()) assertTrue(e.key().containsKey("id"));
        assertEquals(Analysis.Verdict.NONE, run(blind, "ser", 3).verdict());
    }

    @Test
    void twoDeletesOfOnePinnedRowFormNoCycle() throws Exception {
        String deletes = """
                CREATE TABLE t (id INT PRIMARY KEY, v INT NOT NULL);
                TRANSACTION Rem(id INT)
                BEGIN
                  DELETE FROM t WHERE id = :id;
                END;
                """;
        assertEquals(Analysis.Verdict.NONE, run(deletes, "ec", 3).verdict());
    }

    @Test
    void twoInsertsOfOneKeyFormNoCycle() throws Exception {
        String inserts = """
                CREATE TABLE t (id INT PRIMARY KEY, v INT NOT NULL);
                TRANSACTION Add(id INT, v INT)
                BEGIN
                  INSERT INTO t (id, v) VALUES (:id, :v);
                END;
                """;
        assertEquals(Analysis.Verdict.NONE, run(inserts, "ec", 3).verdict());
    }

    @Test
    void aPredicateDeleteMissingAConcurrentInsertIsAnAntiDependency() throws Exception {
        String parentChild = """
                CREATE TABLE parent (p INT PRIMARY KEY, name VARCHAR(8) NOT NULL);
                CREATE TABLE child (p INT NOT NULL, c INT NOT NULL, PRIMARY KEY (p, c));
                TRANSACTION AddChild(p INT, c INT)
                BEGIN
                  SELECT name INTO par FROM parent WHERE p = :p;
                  IF par IS NOT NULL THEN
                    INSERT INTO child (p, c) VALUES (:p, :c);
                  END IF;
                END;
                TRANSACTION RemParent(p INT)
                BEGIN
                  DELETE FROM parent WHERE p = :p;
                  DELETE FROM child WHERE p = :p;
                END;
                """;
        Analysis.Outcome o = run(parentChild, "ec", 2);
        assertEquals(Analysis.Verdict.FOUND, o.verdict());
        assertTrue(o.anomalies().get(0).edges().stream().allMatch(e -> e.field().equals("@alive")));
        assertEquals(Analysis.Verdict.NONE, run(parentChild, "ser", 3).verdict());
    }

    @Test
    void minOfAQueueChangesOnlyWhenItsHeadIsDeleted() throws Exception {
        String queue = """
                CREATE TABLE q (g INT NOT NULL, id INT NOT NULL, PRIMARY KEY (g, id));
                TRANSACTION Dequeue(g INT)
                BEGIN
                  SELECT MIN(id) INTO head FROM q WHERE g = :g;
                  IF head IS NOT NULL THEN
                    DELETE FROM q WHERE g = :g AND id = :head;
                  END IF;
                END;
                """;
        // two dequeues of one head: each misses the other's delete (EC) ...
        assertEquals(Analysis.Verdict.FOUND, run(queue, "ec", 2).verdict());
        // ... which PSI forbids: both delete the head, so they are write-write ordered and the later sees it gone
        assertEquals(Analysis.Verdict.NONE, run(queue, "psi", 3).verdict());
    }

    @Test
    void tablesNoProgramInsertsIntoHaveOneAliveForEveryone() throws Exception {
        // read skew needs atomic visibility broken; with accounts that always exist EC already forbids it
        String skew = """
                CREATE TABLE acct (id INT PRIMARY KEY, bal INT NOT NULL);
                TRANSACTION Move(x INT, y INT)
                BEGIN
                  UPDATE acct SET bal = :x WHERE id = 1;
                  UPDATE acct SET bal = :y WHERE id = 2;
                END;
                TRANSACTION Audit()
                BEGIN
                  SELECT bal INTO a FROM acct WHERE id = 1;
                  SELECT bal INTO b FROM acct WHERE id = 2;
                END;
                """;
        assertEquals(Analysis.Verdict.NONE, run(skew, "ec", 3).verdict());
    }

    @Test
    void quantifiedAndExpandedAgreeOnTheCounter() throws Exception {
        for (String spec : new String[] {"ec", "psi"}) {
            Analysis.Verdict expanded = run(COUNTER, spec, Analysis.Options.defaults(2)).verdict();
            Analysis.Verdict quantified = run(COUNTER, spec, Analysis.Options.defaults(2).withMode(Encoder.Mode.QUANTIFIED)).verdict();
            assertEquals(expanded, quantified, spec);
        }
    }
}
