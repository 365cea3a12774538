package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TypeSequenceTest {

    static final List<String> TPCC =
            List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel");

    /**
     * The number of necklaces of length k over n colours (Burnside), to check the enumeration
     * against.
     */
    static int necklaces(int n, int k) {
        int sum = 0;
        for (int r = 0; r < k; r++) sum += (int) Math.pow(n, gcd(r, k));
        return sum / k;
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    @Test
    void everyCyclicSequenceOnceUpToRotation() {
        for (int n = 1; n <= 5; n++) {
            for (int k = 2; k <= 5; k++) {
                List<TypeSequence> cycles =
                        TypeSequence.cycles(TPCC.subList(0, n), k, (a, b) -> true);
                assertEquals(necklaces(n, k), cycles.size(), n + " types, k = " + k);
                Set<List<String>> rotations = new HashSet<>();
                for (TypeSequence s : cycles) {
                    for (int r = 0; r < k; r++) {
                        List<String> rot = new java.util.ArrayList<>();
                        for (int i = 0; i < k; i++) rot.add(s.get((i + r) % k));
                        rotations.add(rot);
                    }
                }
                // the rotations of the representatives cover every sequence: nothing is lost
                assertEquals((int) Math.pow(n, k), rotations.size(), n + " types, k = " + k);
            }
        }
    }

    @Test
    void leastRotationStartsWithTheEarliestType() {
        List<TypeSequence> cycles = TypeSequence.cycles(TPCC, 4, (a, b) -> true);
        assertTrue(
                cycles.contains(
                        new TypeSequence(
                                List.of("NewOrder", "OrderStatus", "Payment", "OrderStatus"))));
        assertFalse(
                cycles.contains(
                        new TypeSequence(
                                List.of("Payment", "OrderStatus", "NewOrder", "OrderStatus"))));
    }

    @Test
    void pairsWithoutADependencyPruneCyclesAndPaths() {
        Set<String> readOnly = Set.of("OrderStatus", "StockLevel");
        List<TypeSequence> cycles =
                TypeSequence.cycles(
                        TPCC, 4, (a, b) -> !(readOnly.contains(a) && readOnly.contains(b)));
        assertTrue(
                cycles.stream()
                        .noneMatch(
                                s -> {
                                    for (int i = 0; i < s.size(); i++) {
                                        if (readOnly.contains(s.get(i))
                                                && readOnly.contains(s.get((i + 1) % s.size())))
                                            return true;
                                    }
                                    return false;
                                }));
        // the closing edge counts for cycles, not for paths
        assertFalse(
                cycles.contains(
                        new TypeSequence(
                                List.of("OrderStatus", "Delivery", "Delivery", "StockLevel"))));
        List<TypeSequence> paths =
                TypeSequence.paths(
                        TPCC, 4, (a, b) -> !(readOnly.contains(a) && readOnly.contains(b)));
        assertTrue(
                paths.contains(
                        new TypeSequence(
                                List.of("OrderStatus", "Delivery", "Delivery", "StockLevel"))));
        assertTrue(cycles.size() < necklaces(5, 4));
        assertEquals((int) Math.pow(5, 3), TypeSequence.paths(TPCC, 3, (a, b) -> true).size());
    }

    @Test
    void multisetOfTypes() {
        TypeSequence s =
                new TypeSequence(List.of("NewOrder", "OrderStatus", "Payment", "OrderStatus"));
        assertTrue(s.hasTypes(List.of("NewOrder", "Payment", "OrderStatus", "OrderStatus")));
        assertFalse(s.hasTypes(List.of("NewOrder", "Payment", "Payment", "OrderStatus")));
        assertEquals("NewOrder-OrderStatus-Payment-OrderStatus", s.fileStem());
    }
}
