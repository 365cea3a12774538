package isocheck.level;

import isocheck.anomaly.OpRef;
import isocheck.anomaly.OpView;
import isocheck.anomaly.TxnView;
import isocheck.history.History;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Self-contained witness views of a history's transactions and operations, made once per
 * transaction, for every checker.
 */
final class Views {
    private final History h;

    /**
     * Operation → transaction where an index holds it; null: {@link History#txnOf} (binary search).
     */
    private final int[] opTxn;

    private final Map<Integer, TxnView> views = new HashMap<>();

    Views(History h) {
        this(h, null);
    }

    Views(HistoryIndex idx) {
        this(idx.h, idx.opTxn);
    }

    private Views(History h, int[] opTxn) {
        this.h = h;
        this.opTxn = opTxn;
    }

    TxnView txn(int t) {
        return views.computeIfAbsent(t, this::make);
    }

    String label(int t) {
        return h.txnLabel(t);
    }

    OpRef op(int op) {
        if (op < 0) {
            return null;
        }
        int t = opTxn != null ? opTxn[op] : h.txnOf(op);
        return new OpRef(txn(t), op - h.opStart(t));
    }

    private TxnView make(int t) {
        List<OpView> ops = new ArrayList<>(h.opEnd(t) - h.opStart(t));
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            ops.add(
                    new OpView(
                            h.isWrite(op),
                            h.keys().name(h.key(op)),
                            History.valueText(h.value(op))));
        }
        int s = h.session(t);
        if (s < 0) {
            return new TxnView(h.txnLabel(t), null, 0, true, ops);
        }
        return new TxnView(
                h.txnLabel(t), h.sessionName(s), t - h.sessionStart(s) + 1, h.isCommitted(t), ops);
    }
}
