package isocheck.anomaly;

import isocheck.vocabulary.CooClass;
import isocheck.vocabulary.CycleClassifier;
import java.util.List;

/**
 * A cycle in so ∪ wr ∪ co' (AWDIT Lemma 3.2): no commit order can contain it, so the level is
 * violated. {@code name} is "causality cycle" when only so and wr edges take part, otherwise the
 * anomaly of the strongest pattern among the inferred edges ("non-monotonic read", "fractured
 * read", "causality violation").
 */
public record CycleWitness(
        String name, String adya, List<WitnessEdge> edges, List<TxnView> transactions)
        implements Witness {
    public CycleWitness {
        edges = List.copyOf(edges);
        transactions = List.copyOf(transactions);
    }

    /** Coo's class of the cycle (shared classifier, {@link CycleClassifier#coo}). */
    public CooClass coo() {
        return CycleClassifier.coo(edges);
    }

    /** The transactions on the cycle, starting at the source of the first edge. */
    public List<String> cycle() {
        return edges.stream().map(WitnessEdge::from).toList();
    }
}
