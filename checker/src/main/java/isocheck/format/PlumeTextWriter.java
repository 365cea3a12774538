package isocheck.format;

import isocheck.history.History;
import isocheck.history.KeyTable;
import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes Plume/PolySI text (see {@link PlumeTextReader} for the conventions). Sessions are numbered
 * 0, 1, … in order; transaction ids are kept when they are distinct and non-negative, otherwise
 * renumbered globally; aborted transactions are written with txn id -1. The initial transaction is
 * implicit, so it may only write 0.
 */
final class PlumeTextWriter {
    private PlumeTextWriter() {}

    static void write(History h, Writer out, String file)
            throws IOException, HistoryFormatException {
        KeyTable keys = h.keys();
        for (int k = 0; k < keys.size(); k++) {
            if (!keys.isNumeric(k) || keys.number(k) < 0) {
                throw new HistoryFormatException(
                        file,
                        0,
                        0,
                        "cannot write plume text: key '"
                                + keys.name(k)
                                + "' is not a non-negative integer");
            }
        }
        for (int op = 0; op < h.opCount(); op++) {
            if (h.value(op) < 0) {
                throw new HistoryFormatException(
                        file,
                        0,
                        0,
                        "cannot write plume text: value "
                                + History.valueText(h.value(op))
                                + " is not a non-negative integer");
            }
        }
        if (h.hasInitial()) {
            for (int op = h.opStart(0); op < h.opEnd(0); op++) {
                if (h.value(op) != 0) {
                    throw new HistoryFormatException(
                            file,
                            0,
                            0,
                            "cannot write plume text: the initial state writes "
                                    + h.opText(op)
                                    + ", but plume text's implicit initial state is 0");
                }
            }
        }
        boolean keepIds = true;
        Set<Long> seen = new HashSet<>();
        for (int t = 0; t < h.txnCount() && keepIds; t++) {
            if (!h.isInitial(t) && h.isCommitted(t)) {
                keepIds = h.txnId(t) >= 0 && seen.add(h.txnId(t));
            }
        }
        long counter = 0;
        StringBuilder sb = new StringBuilder(64);
        for (int s = 0; s < h.sessionCount(); s++) {
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                long id = !h.isCommitted(t) ? -1 : keepIds ? h.txnId(t) : counter++;
                for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                    sb.setLength(0);
                    sb.append(h.isWrite(op) ? "w(" : "r(")
                            .append(keys.number(h.key(op)))
                            .append(',')
                            .append(h.value(op))
                            .append(',')
                            .append(s)
                            .append(',')
                            .append(id)
                            .append(")\n");
                    out.append(sb);
                }
            }
        }
    }
}
