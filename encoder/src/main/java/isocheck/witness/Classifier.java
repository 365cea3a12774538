package isocheck.witness;

import isocheck.encoding.DepKind;
import isocheck.program.StatementFacts;
import java.util.List;

/**
 * Names a dependency cycle after the classic anomalies (Berenson et al. 1995, Adya 1999, Cerone et
 * al. 2015), by the shape of its edges:
 * <ul>
 *   <li>lost update: two transactions, both writing one field of one record that each read without
 *       seeing the other's write (paper §2: rw + ww, or rw + rw, on the same item);</li>
 *   <li>read-write skew: two transactions, one anti-dependency and one write dependency on
 *       different items (Coo's "Read-write Skew 1/2"; Adya's G-single, exactly one anti-dependency
 *       edge, which Elle also reports as G-single). Not a lost update: no transaction overwrites
 *       an item it read without seeing the other's write of it. The checker's
 *       {@code CycleClassifier.commonName} gives the same name;</li>
 *   <li>write skew: two transactions, two anti-dependencies on different items (a phantom when an
 *       item is a record's existence, e.g. "insert if absent" run twice);</li>
 *   <li>read skew: two transactions, one read dependency and one anti-dependency;</li>
 *   <li>causality violation: three transactions, two read dependencies and one anti-dependency;</li>
 *   <li>long fork: four transactions alternating wr and rw, two writers seen in opposite orders by two readers;</li>
 *   <li>otherwise G-single (one anti-dependency), G1c (none), or G2 (several).</li>
 * </ul>
 */
public final class Classifier {
    private Classifier() {}

    public static String classify(List<Witness.Edge> edges) {
        int k = edges.size();
        long rw = edges.stream().filter(e -> e.kind() == DepKind.RW).count();
        long wr = edges.stream().filter(e -> e.kind() == DepKind.WR).count();
        boolean phantom = edges.stream().anyMatch(e -> e.kind() == DepKind.RW && e.field().equals(StatementFacts.ALIVE));
        if (k == 2) {
            Witness.Edge a = edges.get(0), b = edges.get(1);
            boolean sameItem = a.item().equals(b.item());
            if (sameItem && (rw == 2 || (rw == 1 && edges.stream().anyMatch(e -> e.kind() == DepKind.WW)))) {
                return "lost update";
            }
            if (rw == 2) return phantom ? "write skew (phantom)" : "write skew";
            if (rw == 1 && wr == 1) return "read skew";
            if (rw == 1) return "read-write skew";
        }
        if (k == 3 && rw == 1 && wr == 2) return "causality violation";
        if (k == 4 && rw == 2 && wr == 2) {
            boolean alternating = true;
            for (int i = 0; i < 4; i++) {
                if (edges.get(i).kind() == edges.get((i + 1) % 4).kind()) alternating = false;
            }
            if (alternating) return "long fork";
        }
        if (rw == 0) return "G1c (cycle of write and read dependencies)";
        if (rw == 1) return "G-single (read skew)";
        return "G2 (anti-dependency cycle)";
    }
}
