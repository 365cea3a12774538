package isocheck.level;

import isocheck.anomaly.OpRef;
import isocheck.anomaly.OpView;
import isocheck.anomaly.TxnView;
import isocheck.history.History;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Turns transaction and operation indices into self-contained witness views. */
final class WitnessFactory {
    private final HistoryIndex idx;
    private final Map<Integer, TxnView> views = new HashMap<>();

    WitnessFactory(HistoryIndex idx) {
        this.idx = idx;
    }

    TxnView txn(int t) {
        return views.computeIfAbsent(t, this::makeView);
    }

    String label(int t) {
        return idx.h.txnLabel(t);
    }

    OpRef op(int op) {
        if (op < 0) {
            return null;
        }
        int t = idx.opTxn[op];
        return new OpRef(txn(t), op - idx.h.opStart(t));
    }

    private TxnView makeView(int t) {
        History h = idx.h;
        List<OpView> ops = new ArrayList<>(h.opEnd(t) - h.opStart(t));
        for (int op = h.opStart(t); op < h.opEnd(t); op++) {
            ops.add(new OpView(h.isWrite(op), h.keys().name(h.key(op)), History.valueText(h.value(op))));
        }
        int s = h.session(t);
        if (s < 0) {
            return new TxnView(h.txnLabel(t), null, 0, true, ops);
        }
        return new TxnView(h.txnLabel(t), h.sessionName(s), t - h.sessionStart(s) + 1, h.isCommitted(t), ops);
    }
}
