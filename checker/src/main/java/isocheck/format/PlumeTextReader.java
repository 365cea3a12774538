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
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

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
    private int[] denseTxn = new int[1024]; // txn id → builder txn + 1 (see txnOf)
    private final IntList txnSession = new IntList(); // builder txn → session
    private final LongIntMap sessionById = new LongIntMap(64);
    private int[] denseSession = new int[64]; // session id below 2^16 → session + 1 (0: absent)
    private final IntList abortedOpen = new IntList(); // session → open aborted txn or -1
    private final long[] fields = new long[4];
    private volatile boolean abandoned; // the building thread failed: the scanner may stop
    private long lastId = Long.MIN_VALUE;
    private long lastSessionId = Long.MIN_VALUE; // session id of lastSession (lines come in runs)
    private int lastSession = -1;
    private int lastTxn = -1;

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

    /**
     * Reads a Plume text history of about {@code sizeHint} bytes (0: unknown). A large one is read
     * by two threads (Parallel): one splits the bytes into lines and fields, the other builds the
     * history from the fields, in batches; errors are reported exactly as one thread would (a
     * malformed line is reported after every earlier line has been taken in).
     */
    static History read(InputStream in, String file, long sizeHint)
            throws IOException, HistoryFormatException {
        PlumeTextReader r = new PlumeTextReader(file);
        // AWDIT's generated lines are 20-22 bytes: a shorter line costs one regrowth
        r.b.expectOperations((int) Math.min(sizeHint / 20, Integer.MAX_VALUE - 8));
        if (Parallel.parts(sizeHint / 20) > 1) { // ~20 bytes a line in AWDIT's histories
            r.readPipelined(in);
        } else {
            r.scan(in, r.fields, (kind, lineNo) -> r.operation(kind == 'w', lineNo));
        }
        return r.finish();
    }

    /**
     * Receives the operations of {@link #scan} in file order: kind 'r' or 'w', the fields in the
     * array given to scan.
     */
    private interface OpSink {
        void op(byte kind, int lineNo) throws HistoryFormatException;
    }

    /**
     * Splits the stream into lines (LF, CR or CRLF), in 1 MiB blocks, and parses each into {@code
     * f}. A line of the plain form {@code r(1,2,3,4)} is parsed in the same pass that finds its end
     * ({@link #quick}); any other line (blanks, errors, very long numbers, a line cut by the block
     * end) is found first and then parsed by {@link #parse}, which reports errors exactly.
     */
    private void scan(InputStream in, long[] f, OpSink sink)
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
                            line(buf, start, len, ++lineNo, f, sink);
                            start = len;
                        }
                        break;
                    }
                    line(buf, start, i, ++lineNo, f, sink);
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
    }

    private void line(byte[] s, int from, int to, int lineNo, long[] f, OpSink sink)
            throws HistoryFormatException {
        byte kind = parse(s, from, to, lineNo, f);
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

    /** Parsed operations handed from the scanning thread to the building thread. */
    private static final class Batch {
        static final int SIZE = 1 << 15;

        /**
         * Batches in flight (1.2 MB each): two threads need about two; ten were 12 MB of a 10^6
         * check's peak RSS.
         */
        static final int POOL = 4;

        final long[] f = new long[4 * SIZE]; // key, value, session, txn of each operation
        final int[] line = new int[SIZE];
        final boolean[] write = new boolean[SIZE];
        int size;
        boolean last; // no batch follows
        Exception failure; // the error that ended the input after these operations
    }

    private void readPipelined(InputStream in) throws IOException, HistoryFormatException {
        BlockingQueue<Batch> full = new ArrayBlockingQueue<>(Batch.POOL);
        BlockingQueue<Batch> empty = new ArrayBlockingQueue<>(Batch.POOL);
        for (int i = 0; i < Batch.POOL; i++) {
            empty.add(new Batch());
        }
        Parallel.Task scanner =
                Parallel.start(
                        true,
                        () -> {
                            long[] f = new long[4];
                            Batch[] cur = {take(empty)};
                            try {
                                scan(
                                        in,
                                        f,
                                        (kind, lineNo) -> {
                                            if (abandoned) {
                                                throw new IllegalStateException("abandoned");
                                            }
                                            Batch b = cur[0];
                                            int k = b.size++;
                                            System.arraycopy(f, 0, b.f, 4 * k, 4);
                                            b.line[k] = lineNo;
                                            b.write[k] = kind == 'w';
                                            if (b.size == Batch.SIZE) {
                                                put(full, b);
                                                cur[0] = take(empty);
                                            }
                                        });
                            } catch (IOException | HistoryFormatException | RuntimeException e) {
                                cur[0].failure = e;
                            }
                            cur[0].last = true;
                            put(full, cur[0]);
                        });
        try {
            while (true) {
                Batch b = take(full);
                for (int k = 0; k < b.size; k++) {
                    System.arraycopy(b.f, 4 * k, fields, 0, 4);
                    operation(b.write[k], b.line[k]);
                }
                if (b.last) {
                    if (b.failure instanceof HistoryFormatException e) {
                        throw e;
                    }
                    if (b.failure instanceof IOException e) {
                        throw e;
                    }
                    if (b.failure instanceof RuntimeException e) {
                        throw e;
                    }
                    break;
                }
                b.size = 0;
                put(empty, b);
            }
        } catch (HistoryFormatException | RuntimeException e) {
            abandoned = true;
            empty.clear();
            for (int i = 0; i < Batch.POOL; i++) {
                empty.add(new Batch()); // let the scanner run to its end and stop
            }
            throw e;
        } finally {
            joinQuietly(scanner, full);
        }
    }

    /** Waits for the scanner, draining batches it may still be handing over. */
    private static void joinQuietly(Parallel.Task scanner, BlockingQueue<Batch> full) {
        Thread drainer =
                new Thread(
                        () -> {
                            try {
                                while (!take(full).last) {
                                    // discard
                                }
                            } catch (RuntimeException e) {
                                // interrupted: the scanner has ended
                            }
                        });
        drainer.setDaemon(true);
        drainer.start();
        scanner.join();
        drainer.interrupt();
    }

    private static Batch take(BlockingQueue<Batch> q) {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void put(BlockingQueue<Batch> q, Batch b) {
        try {
            q.put(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static boolean blank(byte c) {
        return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
    }

    /**
     * Parses one line into {@code fields} (key, value, session, txn); returns 'r' or 'w', or 0 for
     * a blank line. Uses only {@code file}: safe on the scanning thread.
     */
    private byte parse(byte[] s, int from, int to, int lineNo, long[] fields)
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
            session = b.session(Long.toString(fields[2]));
            sessionById.put(fields[2], session);
            long id = fields[2];
            if (id >= denseSession.length && id < 1 << 16) {
                denseSession =
                        java.util.Arrays.copyOf(
                                denseSession,
                                (int)
                                        Math.min(
                                                Math.max(id + 1, 2L * denseSession.length),
                                                1 << 16));
            }
            // (every id below 2^16 lands here, and the array never grows beyond: sessionOf may
            // read every id below its length here)
            if (id < denseSession.length) {
                denseSession[(int) id] = session + 1;
            }
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
