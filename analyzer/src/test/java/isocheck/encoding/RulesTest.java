package isocheck.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One small program per encoding rule: what the rule lets the solver prove (a cycle the spec rules
 * out) and, by leaving the rule out, that the proof needs it. Each program is a few lines, so each
 * query takes milliseconds.
 */
class RulesTest {

    static final String COUNTER =
            """
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

    static Analysis.Outcome run(String source, String spec, Analysis.Options opts)
            throws Exception {
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
        assertEquals(
                w.txns().get(0).parameters().get("id"), w.txns().get(1).parameters().get("id"));
    }

    @Test
    void forcingWwIsWhatPsiNeedsToRuleOutTheLostUpdate() throws Exception {
        assertEquals(Analysis.Verdict.NONE, run(COUNTER, "psi", 3).verdict());
        // without η^{→WW} nothing makes the two writers write-write dependent, so PSI's WW ⇒ vis is
        // idle
        assertEquals(
                Analysis.Verdict.FOUND,
                run(COUNTER, "psi", Analysis.Options.defaults(3).without("forcing_WW")).verdict());
    }

    @Test
    void differentKeysNeverConflict() throws Exception {
        String blind =
                """
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
        String deletes =
                """
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
        String inserts =
                """
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
        String parentChild =
                """
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
        String queue =
                """
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
        // ... which PSI forbids: both delete the head, so they are write-write ordered and the
        // later sees it gone
        assertEquals(Analysis.Verdict.NONE, run(queue, "psi", 3).verdict());
    }

    @Test
    void tablesNoProgramInsertsIntoHaveOneAliveForEveryone() throws Exception {
        // read skew needs atomic visibility broken; with accounts that always exist EC already
        // forbids it
        String skew =
                """
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
            Analysis.Verdict quantified =
                    run(
                                    COUNTER,
                                    spec,
                                    Analysis.Options.defaults(2).withMode(Encoder.Mode.QUANTIFIED))
                            .verdict();
            assertEquals(expanded, quantified, spec);
        }
    }

    // ------------------------------------------------------------------ counters (CounterRules)

    /** Ids drawn from a per-sequence counter; Last reads the newest item of a sequence. */
    static final String SEQUENCE =
            """
            CREATE TABLE seq (id INT PRIMARY KEY, next INT NOT NULL);
            CREATE TABLE item (s INT NOT NULL, k INT NOT NULL, v INT NOT NULL, PRIMARY KEY (s, k));
            TRANSACTION Add(s INT, v INT)
            BEGIN
              SELECT next INTO cur FROM seq WHERE id = :s;
              k := cur.next;
              UPDATE seq SET next = next + 1 WHERE id = :s;
              INSERT INTO item (s, k, v) VALUES (:s, :k, :v);
            END;
            TRANSACTION Last(s INT)
            BEGIN
              SELECT MAX(k) INTO m FROM item WHERE s = :s;
              SELECT v INTO x FROM item WHERE s = :s AND k = :m;
            END;
            """;

    static boolean anyEdgeOn(Analysis.Outcome o, String table) {
        return o.anomalies().stream()
                .anyMatch(w -> w.edges().stream().anyMatch(e -> e.table().equals(table)));
    }

    @Test
    void counterSeenWriterOrdersDrawnIdsUnderPsi() throws Exception {
        // Add A1 sees Add A2 (both increment seq: PSI's WW ⇒ vis), Last sees A1 but misses A2's
        // item:
        // a stale MAX only if A2's id exceeds A1's, which the counter forbids (A2's id is the
        // smaller)
        Analysis.Outcome psi = run(SEQUENCE, "psi", 3);
        assertEquals(Analysis.Verdict.NONE, psi.verdict(), psi.anomalies().toString());
        Analysis.Outcome without =
                run(SEQUENCE, "psi", Analysis.Options.defaults(3).without("counter_seen_writer"));
        assertEquals(Analysis.Verdict.FOUND, without.verdict());
        assertEquals(3, without.anomalies().get(0).k());
        // the rule needs every pair of writers ordered by visibility: under EC it is off and the
        // real lost update on the counter is found
        Analysis.Outcome ec = run(SEQUENCE, "ec", Analysis.Options.defaults(2).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, ec.verdict());
        assertTrue(
                ec.anomalies().stream()
                        .anyMatch(
                                w ->
                                        w.anomaly().startsWith("lost update")
                                                && w.edges().stream()
                                                        .allMatch(e -> e.table().equals("seq"))),
                ec.anomalies().toString());
    }

    @Test
    void insertKeyDefinedTiesTheDrawnIdToAnExistingCounter() throws Exception {
        // a NULL key aborts the INSERT, so the sequence row exists and is incremented; without the
        // rule a missing sequence row gives any id and the stale MAX is back. rows_complete (a
        // SELECT
        // matching an alive record is non-empty) also ties the id to the sequence row when that row
        // is alive, so the ablation leaves out both
        assertEquals(
                Analysis.Verdict.FOUND,
                run(
                                SEQUENCE,
                                "psi",
                                Analysis.Options.defaults(3)
                                        .without("insert_key_defined", "rows_complete"))
                        .verdict());
    }

    @Test
    void selectCompleteFindsTheRowAnInsertIfAbsentChecks() throws Exception {
        // Register inserts only if no user has the address; a user alive in its view with that
        // address
        // is in the result, so the only 2-cycle left is the real phantom (both miss the other's
        // insert)
        String register =
                """
                CREATE TABLE users (user_id INT PRIMARY KEY, email VARCHAR(64) NOT NULL);
                TRANSACTION Register(uid INT, email VARCHAR(64))
                BEGIN
                  SELECT user_id INTO same FROM users WHERE email = :email;
                  IF same IS NULL THEN
                    INSERT INTO users (user_id, email) VALUES (:uid, :email);
                  END IF;
                END;
                """;
        Analysis.Outcome si = run(register, "si", Analysis.Options.defaults(2).withAll(true));
        assertEquals(1, si.anomalies().size());
        assertEquals("write skew (phantom)", si.anomalies().get(0).anomaly());
        assertTrue(
                si.anomalies().get(0).edges().stream().allMatch(e -> e.field().equals("@alive")));
        // without it a model may have a register read a matching user yet find none (an rw edge on
        // email)
        Analysis.Outcome without =
                run(
                        register,
                        "si",
                        Analysis.Options.defaults(2).withAll(true).without("select_complete"));
        assertEquals(Analysis.Verdict.FOUND, without.verdict());
        assertEquals(Analysis.Verdict.NONE, run(register, "ser", 3).verdict());
    }

    @Test
    void counterUnseenWriterMakesOldItemsVisibleUnderSi() throws Exception {
        // Old counts the items at least two ids below the counter it read; under SI it sees their
        // inserters, so its count never misses one: no anti-dependency on item, only the real write
        // skew on (seq.next, note.n)
        String older =
                """
                CREATE TABLE seq (id INT PRIMARY KEY, next INT NOT NULL);
                CREATE TABLE item (s INT NOT NULL, k INT NOT NULL, PRIMARY KEY (s, k));
                CREATE TABLE note (id INT PRIMARY KEY, n INT NOT NULL);
                TRANSACTION Add(s INT)
                BEGIN
                  SELECT next INTO cur FROM seq WHERE id = :s;
                  SELECT n INTO seen FROM note WHERE id = :s;
                  UPDATE seq SET next = next + 1 WHERE id = :s;
                  INSERT INTO item (s, k) VALUES (:s, :cur.next);
                END;
                TRANSACTION Old(s INT)
                BEGIN
                  SELECT next INTO cur FROM seq WHERE id = :s;
                  IF cur IS NOT NULL THEN
                    SELECT COUNT(k) INTO c FROM item WHERE s = :s AND k < :cur.next - 1;
                    UPDATE note SET n = :c WHERE id = :s;
                  END IF;
                END;
                """;
        Analysis.Outcome si = run(older, "si", Analysis.Options.defaults(2).withAll(true));
        assertEquals(Analysis.Verdict.FOUND, si.verdict());
        assertTrue(anyEdgeOn(si, "seq"), "the write skew on the counter is real");
        assertFalse(anyEdgeOn(si, "item"), si.anomalies().toString());
        Analysis.Outcome without =
                run(
                        older,
                        "si",
                        Analysis.Options.defaults(2)
                                .withAll(true)
                                .without("counter_unseen_writer"));
        assertTrue(anyEdgeOn(without, "item"), without.anomalies().toString());
        // PSI lacks the prefix property the rule needs (checked by Z3), so there it stays off
        assertTrue(
                anyEdgeOn(run(older, "psi", Analysis.Options.defaults(2).withAll(true)), "item"));
        // under a hybrid the property is decided per observer type: Old at SI has it (so no edge on
        // item), Old at PSI does not, whatever Add's level (the rule stays off for Old)
        Analysis.Options all = Analysis.Options.defaults(2).withAll(true);
        assertFalse(
                anyEdgeOn(
                        runHybrid(older, "include si for Old\ninclude psi for Add\n", all),
                        "item"));
        assertTrue(
                anyEdgeOn(
                        runHybrid(
                                older,
                                "include si for Old\ninclude psi for Add\n",
                                all.without("counter_unseen_writer")),
                        "item"));
        assertTrue(
                anyEdgeOn(
                        runHybrid(older, "include psi for Old\ninclude si for Add\n", all),
                        "item"));
    }

    /** An analysis under a user spec given as text (per-type levels). */
    static Analysis.Outcome runHybrid(String source, String specText, Analysis.Options opts)
            throws Exception {
        List<SpecLibrary.Source> sources = new java.util.ArrayList<>(SpecLibrary.builtinSources());
        sources.add(new SpecLibrary.Source("hybrid", "hybrid.spec", specText, false));
        Program p = ProgramLoader.parse("test.sql", source);
        return Analysis.run(p, SpecLibrary.fromSources(sources).get("hybrid"), opts);
    }

    @Test
    void inserterVisibleMakesWhoSeesADrawnRecordSeeItsInserter() throws Exception {
        // the rule itself, on two transactions: Add t1 inserts item (s, k) with k drawn from seq;
        // t2 sees that record alive but not t1. With the initial keys below the counter nobody else
        // can have inserted it: unsatisfiable; without the rule, satisfiable
        Program p = ProgramLoader.parse("test.sql", SEQUENCE);
        try (com.microsoft.z3.Context ctx = new com.microsoft.z3.Context()) {
            Vocabulary v = new Vocabulary(ctx, p);
            ProgramModel m = new ProgramModel(p);
            Encoder e = new Encoder(v, m, Encoder.Mode.EXPANDED).assumeKeysBelowCounters(true);
            java.util.List<com.microsoft.z3.Expr<?>> t = v.transactions(2);
            java.util.List<Part> parts =
                    e.encode(
                            SpecLibrary.builtin().get("psi"),
                            t,
                            java.util.Map.of(),
                            java.util.Map.of());
            var add = m.facts("Add");
            var insert =
                    add.statements().stream()
                            .filter(sf -> sf.statement() instanceof isocheck.program.Stmt.Insert)
                            .findFirst()
                            .orElseThrow();
            var x =
                    e.rules()
                            .pinnedRecord(
                                    insert,
                                    e.rules()
                                            .site(
                                                    insert,
                                                    add.transaction(),
                                                    t.get(0),
                                                    java.util.List.of()))
                            .orElseThrow();
            com.microsoft.z3.BoolExpr unseen =
                    ctx.mkAnd(
                            ctx.mkDistinct(t.get(0), t.get(1)),
                            v.isType(t.get(0), "Add"),
                            v.alive("item", x, t.get(1)),
                            ctx.mkNot(v.vis(t.get(0), t.get(1))));
            for (boolean withRule : new boolean[] {true, false}) {
                com.microsoft.z3.Solver solver = ctx.mkSolver();
                for (Part part : parts)
                    if (withRule || !part.name().startsWith("inserter_visible"))
                        solver.add(part.formula());
                solver.add(unseen);
                assertEquals(
                        withRule
                                ? com.microsoft.z3.Status.UNSATISFIABLE
                                : com.microsoft.z3.Status.SATISFIABLE,
                        solver.check(),
                        "with inserter_visible: " + withRule);
            }
            assertTrue(parts.stream().anyMatch(part -> part.name().startsWith("inserter_visible")));
        }
    }
}
