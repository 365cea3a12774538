package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import isocheck.primitive.Parallel;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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
 * Character#isWhitespace}; columns count bytes, which are characters in a valid file. A large file
 * is read in byte ranges on all cores ({@link #readInRanges}).
 */
final class PlumeTextReader {
    private static final int BLOCK = 1 << 20;

    /**
     * The first range's size relative to the others' (readInRanges): this thread reads it straight
     * into the builder, more work a line than a range's arrays, and then merges the others. (0.6,
     * 0.75 and 1.0 measured alike within the noise of a loaded machine at 10^7, RESULTS dyn6.)
     */
    private static final double FIRST_SHARE = 0.75;

    /**
     * Files from this size are read in ranges; below, one thread reads. At 10^6 events (20 MB) the
     * ranges' arrays beside the builder's raised RC's peak RSS from 179 to 208 MiB (bar: 1.5x
     * AWDIT's 128), while one thread took 0.85x the CPU and 0.89x the wall time of dyn5's
     * two-thread pipeline; at 10^7 (220 MB) the ranges took 0.93x (RC) and 0.97x (RA) the wall time
     * of one thread (paired runs, RESULTS, dyn6).
     */
    private static final long RANGES_FROM = 64 << 20;

    private static final String[] FIELD = {"key", "value", "session", "txn id"};

    private final String file;
    private final HistoryBuilder b = new HistoryBuilder();
    private final LongIntMap txnById = new LongIntMap(1024);
    private int[] denseTxn = new int[1024]; // txn id → builder txn + 1 (see txnOf)
    private final IntList txnSession = new IntList(); // builder txn → session
    private final LongIntMap sessionById = new LongIntMap(64);
    private int[] denseSession = new int[64]; // session id below 2^16 → session + 1 (0: absent)
    private final IntList abortedOpen = new IntList(); // session → open aborted txn or -1
    private final long[] fields = new long[4];
    private long lastId = Long.MIN_VALUE;
    private long lastSessionId = Long.MIN_VALUE; // session id of lastSession (lines come in runs)
    private int lastSession = -1;
    private int lastTxn = -1;
    private int lineOffset; // lines of the ranges merged so far (readInRanges)

    private PlumeTextReader(String file) {
        this.file = file;
        b.sourceLine(0);
        b.distinctIds(); // txnOf maps each id to the one transaction it began
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
        return read(in, file, 0);
    }

    /** Reads a Plume text history of about {@code sizeHint} bytes (0: unknown) on this thread. */
    static History read(InputStream in, String file, long sizeHint)
            throws IOException, HistoryFormatException {
        PlumeTextReader r = new PlumeTextReader(file);
        // AWDIT's generated lines are 20-22 bytes: a shorter line costs one regrowth
        r.b.expectOperations((int) Math.min(sizeHint / 20, Integer.MAX_VALUE - 8));
        scan(file, in, r.fields, (kind, lineNo) -> r.operation(kind == 'w', lineNo));
        return r.finish();
    }

    /**
     * Reads the Plume text file {@code path} of {@code size} bytes: a large one in byte ranges
     * parsed on all cores ({@link PlumeTextRange}) and merged in file order, a small one as a
     * stream on this thread.
     */
    static History read(Path path, String file, long size)
            throws IOException, HistoryFormatException {
        int parts = Parallel.parts(size / 20); // ~20 bytes a line in AWDIT's histories
        if (parts > 1 && size >= RANGES_FROM) {
            return readInRanges(path, file, size, parts);
        }
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, file, size);
        }
    }

    /**
     * Reads {@code path} as {@code parts} byte ranges split at line ends: this thread reads the
     * first straight into the history builder while each other range is parsed on a thread of its
     * own ({@link PlumeTextRange}), then merges those in file order. The history and any error are
     * the ones a single thread reading the file from the start gives (the first error in file
     * order, at its line). Where one thread parsed while another built (dyn5), every core now
     * parses; the merge costs one look-up per session, transaction and key of a range and one pass
     * over its operations (RESULTS, dyn6).
     */
    static History readInRanges(Path path, String file, long size, int parts)
            throws IOException, HistoryFormatException {
        long[] bounds;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            bounds = lineBounds(ch, size, parts);
        }
        PlumeTextRange[] ranges = new PlumeTextRange[parts];
        Parallel.Task[] tasks = new Parallel.Task[parts];
        for (int p = 1; p < parts; p++) {
            // AWDIT's generated lines are 20-22 bytes: a shorter line costs a regrowth
            int capacity = (int) Math.min((bounds[p + 1] - bounds[p]) / 20 + 16, 1 << 30);
            int q = p;
            tasks[p] =
                    Parallel.start(
                            true,
                            () -> {
                                try { // (its arrays are allocated on its thread too)
                                    ranges[q] =
                                            new PlumeTextRange(
                                                    file, path, bounds[q], bounds[q + 1], capacity);
                                    ranges[q].parse();
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
        }
        PlumeTextReader reader = new PlumeTextReader(file);
        reader.b.expectOperations((int) Math.min(size / 20, Integer.MAX_VALUE - 8));
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            reader.lineOffset =
                    scan(
                            file,
                            new PlumeTextRange.RangeStream(ch, 0, bounds[1]),
                            reader.fields,
                            (kind, lineNo) -> reader.operation(kind == 'w', lineNo));
        }
        for (int p = 1; p < parts; p++) {
            try {
                tasks[p].join();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            reader.merge(ranges[p]);
            ranges[p] = null; // its operations are in the builder now
        }
        return reader.finish();
    }

    /**
     * The starts of {@code parts} ranges of about equal size, each at the start of a line (after an
     * LF, a CR, or a CRLF as a whole), and the end: parts + 1 positions, non-decreasing.
     */
    private static long[] lineBounds(FileChannel ch, long size, int parts) throws IOException {
        long[] bounds = new long[parts + 1];
        bounds[parts] = size;
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        for (int p = 1; p < parts; p++) {
            long pos =
                    Math.max(
                            bounds[p - 1],
                            (long) (size * (FIRST_SHARE + p - 1) / (FIRST_SHARE + parts - 1)));
            bounds[p] = pos == 0 ? 0 : lineStart(ch, pos - 1, size, buf);
        }
        return bounds;
    }

    /** The start of the first line that begins after position {@code at}, or {@code size}. */
    private static long lineStart(FileChannel ch, long at, long size, ByteBuffer buf)
            throws IOException {
        long pos = at;
        while (pos < size) {
            buf.clear();
            int n = ch.read(buf, pos);
            if (n <= 0) {
                return size;
            }
            for (int i = 0; i < n; i++) {
                byte c = buf.get(i);
                if (c == '\n') {
                    return pos + i + 1;
                }
                if (c == '\r') { // a CRLF is one line end: the line starts after its LF
                    long next = pos + i + 1;
                    if (next < size) {
                        buf.clear();
                        buf.limit(1);
                        if (ch.read(buf, next) == 1 && buf.get(0) == '\n') {
                            next++;
                        }
                    }
                    return next;
                }
            }
            pos += n;
        }
        return size;
    }

    /**
     * Takes in range {@code r}, the next in file order: its sessions and transactions are mapped to
     * the history's (created in the range's order of first appearance, so the numbering is the one
     * line-by-line reading gives; a transaction id or an aborted run that began in an earlier range
     * continues there), its keys interned, its operations renumbered and appended. The first error
     * in file order wins: a transaction here that began in another session in an earlier range, or
     * the range's own first error, whichever comes first.
     */
    private void merge(PlumeTextRange r) throws HistoryFormatException {
        HistoryFormatException first = shifted(r.failure);
        int nSessions = r.sessionIds.size();
        int[] sessionMap = new int[nSessions];
        for (int s = 0; s < nSessions; s++) {
            long id = r.sessionIds.get(s);
            int g = sessionOf(id);
            sessionMap[s] = g >= 0 ? g : newSession(id);
        }
        int nTxns = r.txnIds.size();
        int[] txnMap = new int[nTxns];
        for (int t = 0; t < nTxns; t++) {
            int ls = r.txnSession.get(t);
            int session = sessionMap[ls];
            long id = r.txnIds.get(t);
            int lineNo = r.txnFirstLine.get(t) + lineOffset;
            int g;
            if (id == -1) {
                g = r.leadingAborted.get(ls) == t ? abortedOpen.get(session) : -1;
                if (g < 0) {
                    b.sourceLine(lineNo);
                    g = b.begin(session, -1);
                    b.abort(g);
                    txnSession.add(session);
                }
            } else {
                g = txnOf(id);
                if (g < 0) {
                    b.sourceLine(lineNo);
                    g = b.begin(session, id);
                    putTxn(id, g);
                    txnSession.add(session);
                } else if (txnSession.get(g) != session) {
                    // (range transactions come in order of their first lines: the first clash is
                    // the earliest; the range's own error may still come before it)
                    if (first == null || lineNo < first.line()) {
                        first =
                                new HistoryFormatException(
                                        file,
                                        lineNo,
                                        0,
                                        sessionClash(
                                                id,
                                                r.sessionIds.get(ls),
                                                b.sessionName(txnSession.get(g))));
                    }
                    break;
                }
            }
            txnMap[t] = g;
        }
        if (first != null) {
            throw first;
        }
        for (int s = 0; s < nSessions; s++) {
            int open = r.abortedOpen.get(s);
            abortedOpen.set(sessionMap[s], open >= 0 ? txnMap[open] : -1);
        }
        int nKeys = r.keys.size();
        int[] keyMap = new int[nKeys];
        for (int k = 0; k < nKeys; k++) {
            keyMap[k] = b.keys().intern(r.keys.number(k));
        }
        int n = r.size;
        int[] txn = r.txn;
        int[] keyKind = r.keyKind;
        int[] line = r.line;
        int off = lineOffset;
        for (int i = 0; i < n; i++) {
            txn[i] = txnMap[txn[i]];
            int kk = keyKind[i];
            keyKind[i] = keyMap[kk >>> 1] << 1 | (kk & 1);
            line[i] += off;
        }
        b.appendOperations(r.txn, r.keyKind, r.value, r.line, n);
        lineOffset += r.lines;
        b.sourceLine(lineOffset);
    }

    /** A range's error at its line in the file. */
    private HistoryFormatException shifted(HistoryFormatException e) {
        return e == null || lineOffset == 0
                ? e
                : new HistoryFormatException(file, e.line() + lineOffset, e.column(), e.detail());
    }

    /**
     * Receives the operations of {@link #scan} in file order: kind 'r' or 'w', the fields in the
     * array given to scan.
     */
    interface OpSink {
        void op(byte kind, int lineNo) throws HistoryFormatException;
    }

    /**
     * Splits the stream into lines (LF, CR or CRLF), in 1 MiB blocks, and parses each into {@code
     * f}. A line of the plain form {@code r(1,2,3,4)} is parsed in the same pass that finds its end
     * ({@link #quick}); any other line (blanks, errors, very long numbers, a line cut by the block
     * end) is found first and then parsed by {@link #parse}, which reports errors exactly.
     */
    static int scan(String file, InputStream in, long[] f, OpSink sink)
            throws IOException, HistoryFormatException {
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
            if (skipLf && start < len) {
                if (buf[start] == '\n') {
                    start++;
                }
                skipLf = false;
            }
            while (true) {
                int i = quick(buf, start, len, f);
                if (i >= 0) {
                    sink.op(buf[start], ++lineNo);
                } else {
                    i = start;
                    while (i < len && buf[i] != '\n' && buf[i] != '\r') {
                        i++;
                    }
                    if (i == len) {
                        if (eof && start < len) {
                            line(file, buf, start, len, ++lineNo, f, sink);
                            start = len;
                        }
                        break;
                    }
                    line(file, buf, start, i, ++lineNo, f, sink);
                }
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
        return lineNo;
    }

    private static void line(
            String file, byte[] s, int from, int to, int lineNo, long[] f, OpSink sink)
            throws HistoryFormatException {
        byte kind = parse(file, s, from, to, lineNo, f);
        if (kind != 0) {
            sink.op(kind, lineNo);
        }
    }

    /**
     * Parses a line of the plain form {@code r(KEY,VALUE,SESSION,TXN)} or {@code w(…)} (no blanks,
     * numbers of at most 18 digits, so no overflow) starting at {@code p} into {@code f}, and
     * returns the index of its line end (CR or LF) in s[0, len); or -1 if the line is not of that
     * form or not complete in s, for {@link #parse} to read (same fields, or an exact error). One
     * pass over the bytes instead of finding the line end and parsing it again (RESULTS, dyn5).
     */
    private static int quick(byte[] s, int p, int len, long[] f) {
        if (len - p < 11) { // the shortest line, "r(0,0,0,0)" and its end
            return -1;
        }
        byte kind = s[p];
        if ((kind != 'r' && kind != 'w') || s[p + 1] != '(') {
            return -1;
        }
        int i = p + 2;
        for (int k = 0; k < 4; k++) {
            boolean neg = k == 3 && i < len && s[i] == '-';
            if (neg) {
                i++;
            }
            int digitsFrom = i;
            long v = 0;
            int d;
            while (i < len && (d = s[i] - '0') >= 0 && d <= 9) {
                v = v * 10 + d;
                i++;
            }
            if (i == digitsFrom || i - digitsFrom > 18 || i >= len) {
                return -1;
            }
            if (s[i] != (k == 3 ? ')' : ',')) {
                return -1;
            }
            f[k] = neg ? -v : v;
            i++;
        }
        return i < len && (s[i] == '\n' || s[i] == '\r') ? i : -1;
    }

    private static boolean blank(byte c) {
        return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
    }

    /**
     * Parses one line into {@code fields} (key, value, session, txn); returns 'r' or 'w', or 0 for
     * a blank line. Static: safe on any thread.
     */
    private static byte parse(String file, byte[] s, int from, int to, int lineNo, long[] fields)
            throws HistoryFormatException {
        int i = from;
        while (i < to && blank(s[i])) {
            i++;
        }
        if (i == to) {
            return 0;
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
                // 18 digits cannot overflow a long: only longer numbers pay for the check (a
                // long division per digit; C1, which runs RC and RA below 64 MiB, keeps it one)
                if (digits >= 18 && v > (Long.MAX_VALUE - d) / 10) {
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
        return kind;
    }

    private void operation(boolean write, int lineNo) throws HistoryFormatException {
        long txnId = fields[3];
        if (txnId < -1) {
            throw new HistoryFormatException(
                    file, lineNo, 0, "txn id must be non-negative, or -1 for an aborted write");
        }
        // (sessions without a hash probe: at 10^7 events the probe was 26 of the building
        // thread's 72 reading samples, RESULTS dyn5)
        int session = fields[2] == lastSessionId ? lastSession : sessionOf(fields[2]);
        if (session < 0) {
            session = newSession(fields[2]);
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
            txn = txnOf(txnId);
            if (txn < 0) {
                txn = b.begin(session, txnId);
                putTxn(txnId, txn);
                txnSession.add(session);
            } else if (txnSession.get(txn) != session) {
                throw new HistoryFormatException(
                        file,
                        lineNo,
                        0,
                        sessionClash(txnId, fields[2], b.sessionName(txnSession.get(txn))));
            }
        }
        if (txnId != -1) {
            lastId = txnId;
            lastSession = session;
            lastSessionId = fields[2];
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

    static String sessionClash(long txnId, long session, String began) {
        return "transaction "
                + txnId
                + " appears in session "
                + session
                + " but began in session "
                + began;
    }

    private int newSession(long id) {
        int session = b.session(Long.toString(id));
        sessionById.put(id, session);
        if (id >= denseSession.length && id < 1 << 16) {
            denseSession =
                    java.util.Arrays.copyOf(
                            denseSession,
                            (int) Math.min(Math.max(id + 1, 2L * denseSession.length), 1 << 16));
        }
        // (every id below 2^16 lands here, and the array never grows beyond: sessionOf may
        // read every id below its length here)
        if (id < denseSession.length) {
            denseSession[(int) id] = session + 1;
        }
        abortedOpen.add(-1);
        return session;
    }

    /** Session id → session, or -1 (ids are non-negative: parse rejects a sign there). */
    private int sessionOf(long id) {
        return id < denseSession.length ? denseSession[(int) id] - 1 : sessionById.get(id);
    }

    /**
     * Transaction id → builder transaction. Generators number transactions 0, 1, 2, …: ids below a
     * few times the transactions seen so far live in an array (one sequential store per new
     * transaction instead of a hash probe that misses the cache at 10^6 transactions), others in
     * txnById.
     */
    private int txnOf(long id) {
        if (id >= 0 && id < denseTxn.length && denseTxn[(int) id] != 0) {
            return denseTxn[(int) id] - 1;
        }
        // (an id stored here before the array grew over it stays here)
        return txnById.size() == 0 ? -1 : txnById.get(id);
    }

    private void putTxn(long id, int txn) {
        if (id >= 0 && id >= denseTxn.length && id < 4L * txnSession.size() + (1 << 16)) {
            int len = (int) Math.max(id + 1, Math.min(2L * denseTxn.length, Integer.MAX_VALUE - 8));
            denseTxn = java.util.Arrays.copyOf(denseTxn, len);
        }
        if (id >= 0 && id < denseTxn.length) {
            denseTxn[(int) id] = txn + 1; // 0: absent
        } else {
            txnById.put(id, txn);
        }
    }

    private History finish() throws HistoryFormatException {
        b.initialWritesEverywhere(0);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw HistoryFormatException.invalid(file, e);
        }
    }
}
