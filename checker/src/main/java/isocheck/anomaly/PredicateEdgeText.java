package isocheck.anomaly;

import isocheck.history.PredicateKey;
import isocheck.vocabulary.EdgeKind;
import java.util.List;
import java.util.Optional;

/**
 * Witness wording of predicate edges (Adya's predicate read-dependency and anti-dependency): a wr
 * or rw edge whose key stands for a predicate edge ({@link PredicateKey}) is explained in terms of
 * the predicate and the row, e.g. "T2 inserted invoices/7, a row T1's predicate {@code total > 100}
 * on invoices would have matched". Kept apart from {@link CycleClassifier} and {@link EdgeKind} on
 * purpose: predicate edges are wr/rw edges of their own keys, no new edge kind.
 */
public final class PredicateEdgeText {
    private PredicateEdgeText() {}

    /** The explanation of a wr or rw edge on a predicate key, or empty for an ordinary key. */
    public static Optional<String> explain(WitnessEdge e) {
        Optional<PredicateKey> key = PredicateKey.parse(e.key());
        if (key.isEmpty() || (e.kind() != EdgeKind.RW && e.kind() != EdgeKind.WR)) {
            return Optional.empty();
        }
        PredicateKey k = key.get();
        String pred = "predicate `" + k.predicate() + "` on " + k.table();
        if (e.kind() == EdgeKind.RW) { // from: the reader; to: the writer whose change it missed
            String reader = e.from() + "'s " + pred;
            String what =
                    switch (k.effect()) {
                        case INSERTED ->
                                e.to()
                                        + " inserted "
                                        + k.row()
                                        + ", a row "
                                        + reader
                                        + " would have matched";
                        case DELETED ->
                                e.to() + " deleted " + k.row() + ", a row " + reader + " matched";
                        case ENTERED ->
                                e.to()
                                        + " updated "
                                        + k.row()
                                        + " so that "
                                        + reader
                                        + " would match it; "
                                        + e.from()
                                        + " saw it not matching";
                        case LEFT ->
                                e.to()
                                        + " updated "
                                        + k.row()
                                        + " so that "
                                        + reader
                                        + " no longer matches it; "
                                        + e.from()
                                        + " saw it matching";
                    };
            // No note: the version order of a predicate key (initial version, then the change) is
            // fixed.
            return Optional.of(what + " [predicate anti-dependency]");
        }
        String reader = e.to() + "'s " + pred;
        String what =
                switch (k.effect()) {
                    case INSERTED -> reader + " saw " + e.from() + "'s insert of " + k.row();
                    case DELETED -> reader + " saw " + e.from() + "'s delete of " + k.row();
                    case ENTERED ->
                            reader
                                    + " saw "
                                    + k.row()
                                    + " matching after "
                                    + e.from()
                                    + "'s update";
                    case LEFT ->
                            reader
                                    + " saw "
                                    + k.row()
                                    + " no longer matching after "
                                    + e.from()
                                    + "'s update";
                };
        return Optional.of(what + " [predicate read-dependency]");
    }

    /**
     * A transaction's operations as text, its predicate reads shown once each as {@code p(table:
     * predicate)} in place of the item reads that stand for their edges, and the writes that stand
     * for its changes left out.
     */
    static String opsText(List<OpView> ops) {
        StringBuilder sb = new StringBuilder();
        int lastRead = -1;
        for (OpView op : ops) {
            Optional<PredicateKey> k = PredicateKey.parse(op.key());
            String text;
            if (k.isEmpty()) {
                text = op.toString();
            } else if (op.write() || k.get().read() == lastRead) {
                continue;
            } else {
                lastRead = k.get().read();
                text = "p(" + k.get().table() + ": " + k.get().predicate() + ")";
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(text);
        }
        return sb.toString();
    }
}
