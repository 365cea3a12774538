package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import java.io.BufferedReader;
import java.io.IOException;

/**
 * Reads Plume/PolySI text: one operation a line, {@code r(KEY,VALUE,SESSION,TXN)} or
 * {@code w(…)}, non-negative decimal numbers (Plume's regex {@code ([rw])\((\d++),(\d++),(\d++),(-?\d++)\)}).
 *
 * <p>Conventions (FORMAT.md): transaction ids are global; a transaction belongs to the session of
 * its first line; sessions and transactions are ordered by first appearance; operations by line.
 * {@code TXN = -1} marks an aborted write (Plume, AWDIT): consecutive such lines of one session form
 * one aborted transaction. An implicit initial transaction writes 0 to every key, except keys the
 * file itself writes 0 to (MTC and IsoVista files spell the initial state out).
 */
final class PlumeTextReader {
    private PlumeTextReader() {
    }

    static History read(BufferedReader in, String file) throws IOException, HistoryFormatException {
        HistoryBuilder b = new HistoryBuilder();
        b.sourceLine(0);
        LongIntMap txnById = new LongIntMap(1024);
        IntList txnSession = new IntList();         // builder txn → session
        LongIntMap sessionById = new LongIntMap(64);
        IntList abortedOpen = new IntList();        // session → open aborted txn or -1
        String line;
        int lineNo = 0;
        long[] fields = new long[4];
        long lastId = Long.MIN_VALUE;
        int lastSession = -1;
        int lastTxn = -1;
        while ((line = in.readLine()) != null) {
            lineNo++;
            int n = line.length();
            int i = 0;
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == n) {
                continue;
            }
            char kind = line.charAt(i);
            if (kind != 'r' && kind != 'w') {
                throw new HistoryFormatException(file, lineNo, i + 1, "expected r(key,value,session,txn) or w(…)");
            }
            i++;
            if (i >= n || line.charAt(i) != '(') {
                throw new HistoryFormatException(file, lineNo, i + 1, "expected '(' after '" + kind + "'");
            }
            i++;
            for (int f = 0; f < 4; f++) {
                int startCol = i;
                boolean neg = false;
                if (f == 3 && i < n && line.charAt(i) == '-') {
                    neg = true;
                    i++;
                }
                long v = 0;
                int digits = 0;
                while (i < n && line.charAt(i) >= '0' && line.charAt(i) <= '9') {
                    int d = line.charAt(i) - '0';
                    if (v > (Long.MAX_VALUE - d) / 10) {
                        throw new HistoryFormatException(file, lineNo, startCol + 1, "number too large (Plume numbers are below 2^63)");
                    }
                    v = v * 10 + d;
                    i++;
                    digits++;
                }
                if (digits == 0) {
                    throw new HistoryFormatException(file, lineNo, startCol + 1,
                            "expected a non-negative integer " + new String[] {"key", "value", "session", "txn id"}[f]);
                }
                fields[f] = neg ? -v : v;
                char want = f == 3 ? ')' : ',';
                if (i >= n || line.charAt(i) != want) {
                    throw new HistoryFormatException(file, lineNo, i + 1, "expected '" + want + "'");
                }
                i++;
            }
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i < n) {
                throw new HistoryFormatException(file, lineNo, i + 1, "unexpected text after the operation");
            }
            long txnId = fields[3];
            if (txnId < -1) {
                throw new HistoryFormatException(file, lineNo, 0, "txn id must be non-negative, or -1 for an aborted write");
            }
            int session = sessionById.get(fields[2]);
            if (session < 0) {
                session = b.session(Long.toString(fields[2]));
                sessionById.put(fields[2], session);
                abortedOpen.add(-1);
            }
            int txn;
            if (txnId == -1) {
                txn = abortedOpen.get(session);
                if (txn < 0) {
                    txn = b.begin(session, -1);
                    b.abort(txn);
                    txnSession.add(session);
                    abortedOpen.set(session, txn);
                }
            } else if (txnId == lastId && session == lastSession) {
                abortedOpen.set(session, -1);
                txn = lastTxn; // lines of one transaction usually come together
            } else {
                abortedOpen.set(session, -1);
                txn = txnById.get(txnId);
                if (txn < 0) {
                    txn = b.begin(session, txnId);
                    txnById.put(txnId, txn);
                    txnSession.add(session);
                } else if (txnSession.get(txn) != session) {
                    throw new HistoryFormatException(file, lineNo, 0, "transaction " + txnId + " appears in session "
                            + fields[2] + " but began in session " + b.sessionName(txnSession.get(txn)));
                }
            }
            if (txnId != -1) {
                lastId = txnId;
                lastSession = session;
                lastTxn = txn;
            }
            b.sourceLine(lineNo);
            int key = b.keys().intern(fields[0]);
            if (kind == 'w') {
                b.write(txn, key, fields[1]);
            } else {
                b.read(txn, key, fields[1]);
            }
        }
        b.initialWritesEverywhere(0);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw new HistoryFormatException(file, e.secondLine(), 0, e.getMessage()
                    + (e.firstLine() > 0 ? " (first written at line " + e.firstLine() + ")" : ""));
        }
    }
}
