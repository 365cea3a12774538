package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import org.junit.jupiter.api.Test;

/**
 * Two read-modify-write chains of one key that no order serializes, a violation the known graph
 * does not show: key x has the chain A1 → A2 (A2 reads A1's x and overwrites it) and the chain B1.
 * A2's x is read by R, which writes y; B1 read the initial y, so B1 -rw-> R. S reads x from B1 and
 * y from R. Chain A first: R -rw-> B1 -rw-> R. Chain B first: A1 -ww-> A2 -wr-> R -wr-> S -rw-> A1.
 * The polygraph has one constraint (between the two chains), and both orientations close a cycle.
 */
class ChainPairRefutationTest {

    private static History history() {
        HistoryBuilder b = new HistoryBuilder();
        b.init().w("x", 0).w("y", 0);
        b.txn("a1").w("x", 1);
        b.txn("a2").r("x", 1).w("x", 2);
        b.txn("b1").r("y", 0).w("x", 3);
        b.txn("r").r("x", 2).w("y", 1);
        b.txn("s").r("x", 3).r("y", 1);
        return b.build();
    }

    @Test
    void serializabilityIsRefutedByOrderingTheChains() {
        History h = history();
        assertEquals(
                null, ExactOracle.commitOrder(h, Level.SER), "the axioms say: not serializable");
        Verdict v =
                LevelChecker.of(
                                Level.SER,
                                new CheckOptions(1).withStrategy(CheckOptions.Strategy.POLYGRAPH))
                        .check(h);
        assertInstanceOf(Verdict.Violated.class, v, () -> v.toString());
        assertTrue(
                v.explain().stream()
                        .anyMatch(
                                n ->
                                        n.contains("1 links")
                                                && n.contains(
                                                        "1 constraints after (1 between chains")),
                () -> String.join("\n", v.explain()));
        assertTrue(
                v.explain().stream().noneMatch(n -> n.startsWith("search: ")),
                "pruning refutes both orders, no search");
        String witness = ((Verdict.Violated) v).witnesses().get(0).toString();
        assertTrue(witness.contains("WW") || witness.contains("ww"), witness);
    }

    @Test
    void everyExactLevelAgreesWithTheAxioms() {
        History h = history();
        for (Level level : new Level[] {Level.PC, Level.PSI, Level.SI, Level.SER, Level.SSER}) {
            for (CheckOptions.Strategy s : CheckOptions.Strategy.values()) {
                boolean expected = ExactOracle.commitOrder(h, level) != null;
                Verdict v = LevelChecker.of(level, new CheckOptions(1).withStrategy(s)).check(h);
                assertEquals(expected, v instanceof Verdict.Consistent, level + " " + s + ": " + v);
            }
        }
    }
}
