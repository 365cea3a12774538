package isocheck.anomaly;

import java.util.List;

/**
 * A transaction as shown in a witness.
 *
 * @param label its display name ("T7", "init")
 * @param session its session's name, or null for the initial transaction
 * @param position its 1-based position in its session (0 for the initial transaction)
 * @param committed whether it committed
 * @param ops its operations in program order
 */
public record TxnView(
        String label, String session, int position, boolean committed, List<OpView> ops) {
    public TxnView {
        ops = List.copyOf(ops);
    }

    /** "T7 (session 2, #3)", "init (initial state)". */
    public String describe() {
        if (session == null) {
            return label + " (initial state)";
        }
        return label
                + " (session "
                + session
                + ", #"
                + position
                + (committed ? "" : ", aborted")
                + ")";
    }

    public String opsText() {
        if (ops.stream().anyMatch(op -> op.key().startsWith("pred#"))) {
            return PredicateEdgeText.opsText(ops);
        }
        StringBuilder sb = new StringBuilder();
        for (OpView op : ops) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(op);
        }
        return sb.toString();
    }
}
