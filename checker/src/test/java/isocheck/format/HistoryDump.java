package isocheck.format;

import isocheck.history.History;

/** Every observable field of a history as text, to compare histories in round-trip tests. */
final class HistoryDump {
    private HistoryDump() {}

    static String of(History h, boolean withNames) {
        StringBuilder sb = new StringBuilder();
        sb.append("initial=")
                .append(h.hasInitial())
                .append(" sessions=")
                .append(h.sessionCount())
                .append('\n');
        for (int t = 0; t < h.txnCount(); t++) {
            if (h.isInitial(t)) {
                sb.append("init");
            } else {
                sb.append(withNames ? h.sessionName(h.session(t)) : Integer.toString(h.session(t)))
                        .append(withNames || h.isCommitted(t) ? " id=" + h.txnId(t) : "")
                        .append(h.isCommitted(t) ? "" : " aborted");
            }
            if (h.startTime(t) != History.NO_TIME || h.commitTime(t) != History.NO_TIME) {
                sb.append(" time=").append(h.startTime(t)).append("..").append(h.commitTime(t));
            }
            sb.append(':');
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                sb.append(' ').append(h.opText(op));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
