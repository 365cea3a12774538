package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import java.io.BufferedReader;
import java.io.IOException;

/**
 * Reads AWDIT's test format (lassemoldrup/AWDIT {@code histories/tests}): events {@code r KEY
 * VALUE} or {@code w KEY VALUE}, one a line; a line of {@code =} characters ends a session, a line
 * of {@code -} characters ends a transaction; empty pieces are skipped, as AWDIT's parser does.
 * There is no initial transaction: a first session that writes initial values is an ordinary
 * session.
 */
final class AwditTestReader {
    private AwditTestReader() {}

    static History read(BufferedReader in, String file) throws IOException, HistoryFormatException {
        HistoryBuilder b = new HistoryBuilder();
        b.sourceLine(0);
        int session = -1;
        int txn = -1;
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String s = line.strip();
            if (s.isEmpty()) {
                continue;
            }
            if (s.chars().allMatch(c -> c == '=')) {
                session = -1;
                txn = -1;
                continue;
            }
            if (s.chars().allMatch(c -> c == '-')) {
                txn = -1;
                continue;
            }
            String[] parts = s.split("\\s+");
            if (parts.length != 3 || !(parts[0].equals("r") || parts[0].equals("w"))) {
                throw new HistoryFormatException(
                        file,
                        lineNo,
                        1,
                        "expected 'r KEY VALUE', 'w KEY VALUE', a line of '=' or a line of '-'");
            }
            long key = number(parts[1], file, lineNo, "key");
            long value = number(parts[2], file, lineNo, "value");
            if (session < 0) {
                session = b.session(Integer.toString(b.sessionCount()));
            }
            if (txn < 0) {
                txn = b.begin(session);
            }
            b.sourceLine(lineNo);
            int k = b.keys().intern(key);
            if (parts[0].equals("w")) {
                b.write(txn, k, value);
            } else {
                b.read(txn, k, value);
            }
        }
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw HistoryFormatException.invalid(file, e);
        }
    }

    private static long number(String s, String file, int line, String what)
            throws HistoryFormatException {
        try {
            long v = Long.parseLong(s);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new HistoryFormatException(
                    file, line, 0, "expected a non-negative integer " + what + ", got '" + s + "'");
        }
    }
}
