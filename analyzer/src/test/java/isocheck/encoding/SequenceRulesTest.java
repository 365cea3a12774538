package isocheck.encoding;

import static isocheck.encoding.RulesTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.query.Analysis;
import org.junit.jupiter.api.Test;

/**
 * The encoding of a sequence (the front-end's Sequences): each call is a fresh hidden parameter of
 * its transaction, outside isolation, shown by verdicts that change with the rule.
 */
class SequenceRulesTest {

    /** Place inserts an order for a customer that has none, under key {@code key}. */
    static String place(String key) {
        return """
                CREATE SEQUENCE order_seq;
                CREATE TABLE orders (id INT PRIMARY KEY, customer INT NOT NULL);
                TRANSACTION Place(c INT)
                BEGIN
                  SELECT COUNT(*) INTO n FROM orders WHERE customer = :c;
                  IF n = 0 THEN
                    INSERT INTO orders (id, customer) VALUES (%s, :c);
                  END IF;
                END;
                """
                .formatted(key);
    }

    /**
     * Every call draws its own value: two Places insert two orders under two ids (a write skew
     * under si, none under ser); the two draws are two parameters the witness shows apart.
     */
    @Test
    void everyCallDrawsItsOwnValue() throws Exception {
        Analysis.Outcome drawn = run(place("nextval('order_seq')"), "si", 2);
        assertEquals(Analysis.Verdict.FOUND, drawn.verdict());
        var w = drawn.anomalies().get(0);
        assertTrue(
                w.edges().stream()
                        .allMatch(e -> e.table().equals("orders") && e.kind() == DepKind.RW),
                w.toString());
        assertTrue(
                !w.txns()
                        .get(0)
                        .parameters()
                        .get("nextval$order_seq$1")
                        .equals(w.txns().get(1).parameters().get("nextval$order_seq$1")),
                "two draws, two values: " + w);
        assertEquals(Analysis.Verdict.NONE, run(place("nextval('order_seq')"), "ser", 2).verdict());
    }

    /**
     * A sequence is outside isolation: ids drawn from a counter row conflict (a lost update under
     * ec), ids drawn with nextval never do, under the weakest spec.
     */
    @Test
    void aSequenceIsNoRecordAndNeverConflicts() throws Exception {
        String counter =
                """
                CREATE TABLE ids (id INT PRIMARY KEY, next INT NOT NULL);
                CREATE TABLE item (id INT PRIMARY KEY, x INT NOT NULL);
                TRANSACTION Add(x INT)
                BEGIN
                  SELECT next INTO v FROM ids WHERE id = 1;
                  UPDATE ids SET next = :v + 1 WHERE id = 1;
                  INSERT INTO item (id, x) VALUES (:v, :x);
                END;
                """;
        assertEquals(Analysis.Verdict.FOUND, run(counter, "ec", 2).verdict());
        String sequence =
                """
                CREATE SEQUENCE item_seq;
                CREATE TABLE item (id INT PRIMARY KEY, x INT NOT NULL);
                TRANSACTION Add(x INT)
                BEGIN
                  v := nextval('item_seq');
                  INSERT INTO item (id, x) VALUES (:v, :x);
                END;
                """;
        assertEquals(Analysis.Verdict.NONE, run(sequence, "ec", 4).verdict());
    }
}
