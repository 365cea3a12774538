package isocheck.format;

import isocheck.history.KeyTable;
import isocheck.primitive.IntList;
import isocheck.primitive.LongIntMap;
import isocheck.primitive.LongList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * One byte range of a large Plume text file, parsed on a thread of its own: {@link PlumeTextReader}
 * splits the file at line ends into as many ranges as there are cores, reads the first itself and
 * merges the others into the history in file order. A range applies the reader's per-line rules
 * (FORMAT.md: a transaction belongs to the session of its first line, consecutive {@code TXN = -1}
 * lines of a session form one aborted transaction) with its own numbering: sessions, transactions
 * and keys by first appearance in the range, lines from 1. What only the ranges before it can
 * decide — whether a transaction id or an aborted run continues from an earlier range, the global
 * numbers, the line offset — is left to the merge, which needs one look-up per session, transaction
 * and key instead of per line.
 *
 * <p>Parsing stops at the range's first error, kept in {@link #failure} (its line counted in the
 * range): the merge reports it only when nothing earlier in the file is wrong.
 */
final class PlumeTextRange {
    private final String file;
    private final Path path;
    private final long from;
    private final long to;

    // operations, in line order
    int[] txn; // range transaction
    int[] keyKind; // range key << 1 | isWrite
    long[] value;
    int[] line; // line in the range, from 1
    int size;
    int lines; // lines in the range (after a complete parse)

    // sessions by first appearance
    final LongList sessionIds = new LongList();
    final IntList abortedOpen = new IntList(); // session → its open aborted transaction, or -1

    /** Session → the aborted transaction it began before any other line of it here, or -1. */
    final IntList leadingAborted = new IntList();

    private final IntList committedSeen = new IntList(); // session → 1 once a txn id line came
    private final LongIntMap sessionById = new LongIntMap(64);
    private int[] denseSession = new int[64]; // session id below 2^16 → session + 1 (0: absent)

    // transactions by first appearance
    final LongList txnIds = new LongList(); // -1: an aborted run
    final IntList txnSession = new IntList();
    final IntList txnFirstLine = new IntList();
    private final LongIntMap txnById = new LongIntMap(1024);
    private int[] denseTxn = new int[1024]; // txn id - denseBase → txn + 1 (0: absent)
    private long denseBase = -1; // the first transaction id here (ids rise from it in generators)

    final KeyTable keys = new KeyTable();

    HistoryFormatException failure; // the first error, at its line in the range

    private final long[] fields = new long[4];
    private long lastId = Long.MIN_VALUE;
    private long lastSessionId = Long.MIN_VALUE;
    private int lastSession = -1;
    private int lastTxn = -1;

    /**
     * The range [from, to) of the file, with room for {@code capacity} operations (the first range
     * makes room for the whole file's: the history builder keeps its arrays and appends the
     * others).
     */
    PlumeTextRange(String file, Path path, long from, long to, int capacity) {
        this.file = file;
        this.path = path;
        this.from = from;
        this.to = to;
        int expected = Math.max(16, capacity);
        txn = new int[expected];
        keyKind = new int[expected];
        value = new long[expected];
        line = new int[expected];
    }

    /** Parses the range; an I/O error is thrown, a format error kept in {@link #failure}. */
    void parse() throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            lines = PlumeTextReader.scan(file, new RangeStream(ch, from, to), fields, this::op);
        } catch (HistoryFormatException e) {
            failure = e;
        }
    }

    private void op(byte kind, int lineNo) throws HistoryFormatException {
        long txnId = fields[3];
        if (txnId < -1) {
            throw new HistoryFormatException(
                    file, lineNo, 0, "txn id must be non-negative, or -1 for an aborted write");
        }
        int session = fields[2] == lastSessionId ? lastSession : sessionOf(fields[2]);
        if (session < 0) {
            session = newSession(fields[2]);
        }
        int t;
        if (txnId == -1) {
            t = abortedOpen.get(session);
            if (t < 0) {
                t = newTxn(-1, session, lineNo);
                abortedOpen.set(session, t);
                if (committedSeen.get(session) == 0) {
                    leadingAborted.set(session, t);
                }
            }
        } else if (txnId == lastId && session == lastSession) {
            abortedOpen.set(session, -1);
            t = lastTxn; // lines of one transaction usually come together
        } else {
            abortedOpen.set(session, -1);
            committedSeen.set(session, 1);
            t = txnOf(txnId);
            if (t < 0) {
                t = newTxn(txnId, session, lineNo);
                putTxn(txnId, t);
            } else if (txnSession.get(t) != session) {
                throw new HistoryFormatException(
                        file,
                        lineNo,
                        0,
                        PlumeTextReader.sessionClash(
                                txnId,
                                fields[2],
                                Long.toString(sessionIds.get(txnSession.get(t)))));
            }
        }
        if (txnId != -1) {
            lastId = txnId;
            lastSession = session;
            lastSessionId = fields[2];
            lastTxn = t;
        }
        if (size == txn.length) {
            grow();
        }
        txn[size] = t;
        keyKind[size] = keys.intern(fields[0]) << 1 | (kind == 'w' ? 1 : 0);
        value[size] = fields[1];
        line[size] = lineNo;
        size++;
    }

    private void grow() {
        int n = (int) Math.min(size + (size >> 1) + 16L, Integer.MAX_VALUE - 8);
        txn = Arrays.copyOf(txn, n);
        keyKind = Arrays.copyOf(keyKind, n);
        value = Arrays.copyOf(value, n);
        line = Arrays.copyOf(line, n);
    }

    private int newSession(long id) {
        int s = sessionIds.size();
        sessionIds.add(id);
        abortedOpen.add(-1);
        leadingAborted.add(-1);
        committedSeen.add(0);
        sessionById.put(id, s);
        if (id >= denseSession.length && id < 1 << 16) {
            denseSession =
                    Arrays.copyOf(
                            denseSession,
                            (int) Math.min(Math.max(id + 1, 2L * denseSession.length), 1 << 16));
        }
        if (id < denseSession.length) {
            denseSession[(int) id] = s + 1;
        }
        return s;
    }

    /** Session id → session, or -1 (ids are non-negative: the parser rejects a sign there). */
    private int sessionOf(long id) {
        return id < denseSession.length ? denseSession[(int) id] - 1 : sessionById.get(id);
    }

    private int newTxn(long id, int session, int lineNo) {
        int t = txnIds.size();
        txnIds.add(id);
        txnSession.add(session);
        txnFirstLine.add(lineNo);
        return t;
    }

    /**
     * Transaction id → range transaction, or -1. As in PlumeTextReader, ids that generators number
     * 0, 1, 2, … live in an array, here offset by the range's first id (a later range's ids start
     * high); others in txnById.
     */
    private int txnOf(long id) {
        long d = id - denseBase;
        if (denseBase >= 0 && d >= 0 && d < denseTxn.length && denseTxn[(int) d] != 0) {
            return denseTxn[(int) d] - 1;
        }
        // (an id stored here before the array grew over it stays here)
        return txnById.size() == 0 ? -1 : txnById.get(id);
    }

    private void putTxn(long id, int t) {
        if (denseBase < 0) {
            denseBase = id;
        }
        long d = id - denseBase;
        if (d >= denseTxn.length && d < 4L * txnIds.size() + (1 << 16)) {
            int len = (int) Math.max(d + 1, Math.min(2L * denseTxn.length, Integer.MAX_VALUE - 8));
            denseTxn = Arrays.copyOf(denseTxn, len);
        }
        if (d >= 0 && d < denseTxn.length) {
            denseTxn[(int) d] = t + 1;
        } else {
            txnById.put(id, t);
        }
    }

    /** The bytes [from, to) of a file, read at their positions (each range has its channel). */
    static final class RangeStream extends InputStream {
        private final FileChannel ch;
        private long pos;
        private final long end;

        RangeStream(FileChannel ch, long from, long to) {
            this.ch = ch;
            this.pos = from;
            this.end = to;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= end) {
                return -1;
            }
            int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, end - pos)), pos);
            if (n > 0) {
                pos += n;
            }
            return n < 0 ? -1 : n;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }
    }
}
