package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads dbcop's {@code history.bincode} (rnbguy/dbcop oopsla-2019 {@code db/history.rs}, as read by
 * PolySI and AWDIT): bincode 1 with its default configuration, little-endian, fixed 8-byte lengths
 * and {@code usize}s, 1-byte booleans, strings as a u64 length and UTF-8 bytes.
 *
 * <pre>
 * History  { params: {id, n_node, n_variable, n_transaction, n_event: u64},
 *            info: String, start: String, end: String, data: Vec&lt;Session&gt; }
 * Session  = Vec&lt;Transaction&gt;
 * Transaction { events: Vec&lt;Event&gt;, success: bool }
 * Event    { write: bool, variable: u64, value: u64, success: bool }
 * </pre>
 *
 * <p>Conventions (FORMAT.md): sessions are named 1, 2, … (dbcop's node numbering; 0 is its root);
 * transactions are numbered 1, 2, … in file order; value 0 is the initial value, written by an
 * implicit initial transaction to every key (unless the file writes 0 itself); a transaction with
 * {@code success = false} is aborted; in a committed transaction a write event with {@code success
 * = false} is an aborted write (kept in an aborted transaction of its own, placed right after it)
 * and a read event with {@code success = false} is dropped (it returned nothing). Variables and
 * values are u64; those at or above 2^63 are rejected. Errors name the byte offset.
 */
final class DbcopBincodeReader {
    /** Larger counts are certainly corrupt (and would make us allocate absurdly). */
    private static final long MAX_COUNT = 1L << 31;

    private final Path file;
    private final InputStream in;
    private long pos;
    private final byte[] buf = new byte[8];

    private DbcopBincodeReader(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /** Reads a {@code history.bincode} file, or a directory that holds one. */
    static History read(Path path) throws IOException, HistoryFormatException {
        Path file = Files.isDirectory(path) ? path.resolve("history.bincode") : path;
        if (!Files.isRegularFile(file)) {
            throw new HistoryFormatException(path, 0, 0, "no history.bincode in this directory");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return new DbcopBincodeReader(file, in).run();
        }
    }

    private History run() throws IOException, HistoryFormatException {
        for (int i = 0; i < 5; i++) {
            u64("history parameter"); // id, n_node, n_variable, n_transaction, n_event: not needed
        }
        string("info");
        string("start time");
        string("end time");
        HistoryBuilder b = new HistoryBuilder();
        long sessions = count("number of sessions");
        for (long s = 0; s < sessions; s++) {
            int session = b.session(Long.toString(s + 1));
            long txns = count("number of transactions");
            for (long t = 0; t < txns; t++) {
                int txn = b.begin(session);
                int failedWrites = -1;
                long events = count("number of events");
                for (long e = 0; e < events; e++) {
                    long at = pos;
                    boolean write = bool("event write flag");
                    long variable = number("variable", at);
                    long value = number("value", at);
                    boolean ok = bool("event success flag");
                    int key = b.keys().intern(variable);
                    if (write && ok) {
                        b.write(txn, key, value);
                    } else if (write) {
                        if (failedWrites < 0) {
                            failedWrites = b.begin(session);
                            b.abort(failedWrites);
                        }
                        b.write(failedWrites, key, value);
                    } else if (ok) {
                        b.read(txn, key, value);
                    }
                }
                if (!bool("transaction success flag")) {
                    b.abort(txn);
                }
            }
        }
        if (in.read() >= 0) {
            throw error(pos, "unexpected data after the history");
        }
        b.initialWritesEverywhere(0);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw new HistoryFormatException(file, 0, 0, e.getMessage());
        }
    }

    private long u64(String what) throws IOException, HistoryFormatException {
        long at = pos;
        int n = in.readNBytes(buf, 0, 8);
        if (n < 8) {
            throw error(at, "truncated file: expected " + what + " (8 bytes)");
        }
        pos += 8;
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | (buf[i] & 0xff);
        }
        return v;
    }

    private long count(String what) throws IOException, HistoryFormatException {
        long at = pos;
        long n = u64(what);
        if (n < 0 || n >= MAX_COUNT) {
            throw error(
                    at,
                    what
                            + " "
                            + Long.toUnsignedString(n)
                            + " is implausible: not a dbcop history.bincode");
        }
        return n;
    }

    private long number(String what, long eventAt) throws IOException, HistoryFormatException {
        long at = pos;
        long v = u64(what);
        if (v < 0) {
            throw error(
                    at,
                    what
                            + " "
                            + Long.toUnsignedString(v)
                            + " is 2^63 or more (event at byte "
                            + eventAt
                            + ")");
        }
        return v;
    }

    private boolean bool(String what) throws IOException, HistoryFormatException {
        long at = pos;
        int b = in.read();
        if (b < 0) {
            throw error(at, "truncated file: expected " + what);
        }
        pos++;
        if (b > 1) {
            throw error(at, what + " must be 0 or 1, found " + b);
        }
        return b == 1;
    }

    private void string(String what) throws IOException, HistoryFormatException {
        long at = pos;
        long n = u64(what + " length");
        if (n < 0 || n > (1 << 20)) {
            throw error(
                    at,
                    what
                            + " length "
                            + Long.toUnsignedString(n)
                            + " is implausible: not a dbcop history.bincode");
        }
        try {
            in.skipNBytes(n);
        } catch (EOFException e) {
            throw error(at, "truncated file: " + what + " is cut short");
        }
        pos += n;
    }

    private HistoryFormatException error(long at, String msg) {
        return new HistoryFormatException(file, 0, 0, "byte " + at + ": " + msg);
    }
}
