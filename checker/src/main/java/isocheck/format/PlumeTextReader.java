package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads Plume/PolySI text: one operation a line, {@code r(KEY,VALUE,SESSION,TXN)} or {@code w(…)},
 * non-negative decimal numbers (Plume's regex {@code ([rw])\((\d++),(\d++),(\d++),(-?\d++)\)}).
 *
 * <p>Conventions (FORMAT.md): transaction ids are global; a transaction belongs to the session of
 * its first line; sessions and transactions are ordered by first appearance; operations by line.
 * {@code TXN = -1} marks an aborted write (Plume, AWDIT): consecutive such lines of one session
 * form one aborted transaction. An implicit initial transaction writes 0 to every key, except keys
 * the file itself writes 0 to (MTC and IsoVista files spell the initial state out).
 *
 * <p>Speed: the file is parsed as bytes in 1 MiB blocks, with no object per line (AWDIT's own
 * generated histories are 20 bytes a line; a String per line was a third of RC's checking time at
 * 10^6 events). Lines end at LF, CR or CRLF; blanks are the ASCII whitespace of {@link
 * Character#isWhitespace}; columns count bytes, which are characters in a valid file.
 */
final class PlumeTextReader {
    private static final int BLOCK = 1 << 20;
    private static final String[] FIELD = {"key", "value", "session", "txn id"};

    private final String file;
    private final HistoryBuilder b = new HistoryBuilder();
    private final LongIntMap txnById = new LongIntMap(1024);
    private final IntList txnSession = new IntList(); // builder txn → session
    private final LongIntMap sessionById = new LongIntMap(64);
    private final IntList abortedOpen = new IntList(); // session → open aborted txn or -1
    private final long[] fields = new long[4];
    private long lastId = Long.MIN_VALUE;
    private int lastSession = -1;
    private int lastTxn = -1;

    private PlumeTextReader(String file) {
        this.file = file;
        b.sourceLine(0);
    }

    static History read(BufferedReader in, String file) throws IOException, HistoryFormatException {
        StringBuilder text = new StringBuilder();
        char[] buf = new char[8192];
        for (int n; (n = in.read(buf)) > 0; ) {
            text.append(buf, 0, n);
        }
        return read(
                new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)), file);
    }

    static History read(InputStream in, String file) throws IOException, HistoryFormatException {
        PlumeTextReader r = new PlumeTextReader(file);
        byte[] buf = new byte[BLOCK];
        int len = 0; // bytes in buf
        int start = 0; // start of the current (unfinished) line
        int lineNo = 0;
        boolean eof = false;
        boolean skipLf = false; // the previous block ended with CR: a leading LF belongs to it
        while (!eof) {
            if (start > 0) { // keep the unfinished line, read more behind it
                System.arraycopy(buf, start, buf, 0, len - start);
                len -= start;
                start = 0;
            }
            if (len == buf.length) {
                buf = java.util.Arrays.copyOf(buf, buf.length * 2); // a line longer than a block
            }
            int n = in.read(buf, len, buf.length - len);
            if (n < 0) {
                eof = true;
            } else {
                len += n;
            }
            int i = start;
            if (skipLf && i < len) {
                if (buf[i] == '\n') {
                    i++;
                    start = i;
                }
                skipLf = false;
            }
            while (true) {
                while (i < len && buf[i] != '\n' && buf[i] != '\r') {
                    i++;
                }
                if (i == len) {
                    if (eof && start < len) {
                        r.line(buf, start, len, ++lineNo);
                        start = len;
                    }
                    break;
                }
                r.line(buf, start, i, ++lineNo);
                if (buf[i] == '\r') {
                    if (i + 1 < len) {
                        if (buf[i + 1] == '\n') {
                            i++;
                        }
                    } else {
                        skipLf = true;
                    }
                }
                start = ++i;
            }
        }
        return r.finish();
    }

    private static boolean blank(byte c) {
        return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
    }

    private void line(byte[] s, int from, int to, int lineNo) throws HistoryFormatException {
        int i = from;
        while (i < to && blank(s[i])) {
            i++;
        }
        if (i == to) {
            return;
        }
        byte kind = s[i];
        if (kind != 'r' && kind != 'w') {
            throw new HistoryFormatException(
                    file, lineNo, i - from + 1, "expected r(key,value,session,txn) or w(…)");
        }
        i++;
        if (i >= to || s[i] != '(') {
            throw new HistoryFormatException(
                    file, lineNo, i - from + 1, "expected '(' after '" + (char) kind + "'");
        }
        i++;
        for (int f = 0; f < 4; f++) {
            int startCol = i - from;
            boolean neg = false;
            if (f == 3 && i < to && s[i] == '-') {
                neg = true;
                i++;
            }
            long v = 0;
            int digits = 0;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                int d = s[i] - '0';
                if (v > (Long.MAX_VALUE - d) / 10) {
                    throw new HistoryFormatException(
                            file,
                            lineNo,
                            startCol + 1,
                            "number too large (Plume numbers are below 2^63)");
                }
                v = v * 10 + d;
                i++;
                digits++;
            }
            if (digits == 0) {
                throw new HistoryFormatException(
                        file, lineNo, startCol + 1, "expected a non-negative integer " + FIELD[f]);
            }
            fields[f] = neg ? -v : v;
            char want = f == 3 ? ')' : ',';
            if (i >= to || s[i] != want) {
                throw new HistoryFormatException(
                        file, lineNo, i - from + 1, "expected '" + want + "'");
            }
            i++;
        }
        while (i < to && blank(s[i])) {
            i++;
        }
        if (i < to) {
            throw new HistoryFormatException(
                    file, lineNo, i - from + 1, "unexpected text after the operation");
        }
        operation(kind == 'w', lineNo);
    }

    private void operation(boolean write, int lineNo) throws HistoryFormatException {
        long txnId = fields[3];
        if (txnId < -1) {
            throw new HistoryFormatException(
                    file, lineNo, 0, "txn id must be non-negative, or -1 for an aborted write");
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
                throw new HistoryFormatException(
                        file,
                        lineNo,
                        0,
                        "transaction "
                                + txnId
                                + " appears in session "
                                + fields[2]
                                + " but began in session "
                                + b.sessionName(txnSession.get(txn)));
            }
        }
        if (txnId != -1) {
            lastId = txnId;
            lastSession = session;
            lastTxn = txn;
        }
        b.sourceLine(lineNo);
        int key = b.keys().intern(fields[0]);
        if (write) {
            b.write(txn, key, fields[1]);
        } else {
            b.read(txn, key, fields[1]);
        }
    }

    private History finish() throws HistoryFormatException {
        b.initialWritesEverywhere(0);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw new HistoryFormatException(
                    file,
                    e.secondLine(),
                    0,
                    e.getMessage()
                            + (e.firstLine() > 0
                                    ? " (first written at line " + e.firstLine() + ")"
                                    : ""));
        }
    }
}
