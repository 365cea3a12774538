package isocheck.primitive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The (int, long) → int map against java.util.HashMap, through several rehashes. */
class IntLongIntMapTest {

    @Test
    void agreesWithHashMap() {
        Random rnd = new Random(3);
        IntLongIntMap map = new IntLongIntMap(2);
        Map<String, Integer> oracle = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            int a = rnd.nextInt(1000);
            long b =
                    switch (rnd.nextInt(4)) {
                        case 0 -> rnd.nextInt(50);
                        case 1 -> Long.MIN_VALUE + rnd.nextInt(3); // History.NIL and neighbours
                        case 2 -> -1L - rnd.nextInt(3);
                        default -> rnd.nextLong();
                    };
            int v = rnd.nextInt(Integer.MAX_VALUE);
            Integer prev = oracle.putIfAbsent(a + "/" + b, v);
            assertEquals(prev == null ? -1 : prev, map.putIfAbsent(a, b, v));
            int qa = rnd.nextInt(1000);
            long qb = rnd.nextInt(50);
            Integer want = oracle.get(qa + "/" + qb);
            assertEquals(want == null ? -1 : want, map.get(qa, qb));
        }
        assertEquals(oracle.size(), map.size());
        for (Map.Entry<String, Integer> e : oracle.entrySet()) {
            String[] p = e.getKey().split("/");
            assertEquals(e.getValue(), map.get(Integer.parseInt(p[0]), Long.parseLong(p[1])));
        }
    }
}
