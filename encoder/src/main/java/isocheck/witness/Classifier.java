package isocheck.witness;

import isocheck.vocabulary.CycleClassifier;
import isocheck.vocabulary.CycleEdge;
import java.util.ArrayList;
import java.util.List;

/**
 * Names a static witness's cycle with the shared {@link CycleClassifier}, the one the checker uses,
 * so that a witness and the checker's witness of its {@code --history-out} history have the same
 * name: lost update, write skew (phantom when an anti-dependency is on a record's existence), read
 * skew, read-write skew (Adya's G-single with one ww edge), causality violation, long fork, and for
 * other cycles the checker's generic names ("write skew (3 transactions)", "causality cycle", …);
 * {@link #adya} gives Adya's phenomenon (G0, G1c, G-single, G2-item). The item of an edge is its
 * record and field ({@link Witness.Edge#item()}), so "same item" means same record and field.
 */
public final class Classifier {
    private Classifier() {}

    /** The common name of the cycle (shared with the checker). */
    public static String classify(List<Witness.Edge> edges) {
        return CycleClassifier.commonName(cycle(edges));
    }

    /** Adya's phenomenon of the cycle (shared with the checker). */
    public static String adya(List<Witness.Edge> edges) {
        return CycleClassifier.adya(cycle(edges));
    }

    /** The edges in the shared vocabulary: transactions named {@code T1 … Tk} as in the witness. */
    static List<CycleEdge> cycle(List<Witness.Edge> edges) {
        List<CycleEdge> out = new ArrayList<>();
        for (Witness.Edge e : edges) {
            out.add(
                    new CycleEdge.Of(
                            e.kind().edgeKind(),
                            "T" + (e.from() + 1),
                            "T" + (e.to() + 1),
                            e.item()));
        }
        return out;
    }
}
