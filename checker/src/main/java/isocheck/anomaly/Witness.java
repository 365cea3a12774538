package isocheck.anomaly;

import java.util.List;

/**
 * Evidence that a history violates a level: a single bad read ({@link ReadWitness}) or a cycle of
 * session-order, write-read and forced commit-order edges ({@link CycleWitness}).
 */
public sealed interface Witness permits ReadWitness, CycleWitness {
    /** The anomaly's name, e.g. "fractured read", "aborted read". */
    String name();

    /** Adya's name (G1a, G1b, G1c …) where one applies, else null. */
    String adya();

    /** The transactions involved, in order of first mention. */
    List<TxnView> transactions();

    /** An explanation a person can follow, several lines, ending with a newline. */
    default String toText() {
        return WitnessText.render(this);
    }

    /** One JSON object. */
    default String toJson() {
        return WitnessJson.render(this);
    }

    /** A Graphviz digraph. */
    default String toDot() {
        return WitnessDot.render(this);
    }
}
