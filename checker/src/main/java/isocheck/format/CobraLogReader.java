package isocheck.format;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.InvalidHistoryException;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads a Cobra log directory (DBCobra/CobraVerifier; AWDIT {@code formats.rs}): one {@code *.log}
 * file per session, records of a tag byte and big-endian 64-bit integers: {@code S txn}, {@code C
 * txn}, {@code A}, {@code W wid key val}, {@code R wtxn wid key val}.
 *
 * <p>Conventions (FORMAT.md): sessions are the files in natural name order (T2 before T10); a
 * write's value is its write id (unique by construction); a read's value is the write id it
 * observed, and the sentinels INIT (0xbebeebee) and NULL (0xdeadbeef) denote the initial value,
 * written as 0 by an implicit initial transaction. {@code A} aborts the open transaction.
 * Timestamps (TIME_ORDER_ON) are not supported.
 */
final class CobraLogReader {
    static final long INIT_WID = 0xbebeebeeL;
    static final long NULL_WID = 0xdeadbeefL;

    private CobraLogReader() {}

    static History read(Path dir) throws IOException, HistoryFormatException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.log")) {
            ds.forEach(files::add);
        }
        if (files.isEmpty()) {
            throw new HistoryFormatException(
                    dir, 0, 0, "no *.log files: not a Cobra log directory");
        }
        files.sort(Comparator.comparing((Path p) -> naturalKey(p.getFileName().toString())));
        HistoryBuilder b = new HistoryBuilder();
        for (Path f : files) {
            readSession(b, f);
        }
        b.initialWritesEverywhere(0);
        try {
            return b.build();
        } catch (InvalidHistoryException e) {
            throw new HistoryFormatException(dir, 0, 0, e.getMessage());
        }
    }

    static String naturalKey(String name) {
        String digits = name.replaceAll("\\D", "");
        return String.format("%20s|%s", digits, name);
    }

    private static void readSession(HistoryBuilder b, Path f)
            throws IOException, HistoryFormatException {
        String name = f.getFileName().toString();
        int session = b.session(name.substring(0, name.length() - ".log".length()));
        long pos = 0;
        int open = -1;
        long openId = 0;
        try (DataInputStream in =
                new DataInputStream(new BufferedInputStream(Files.newInputStream(f), 1 << 16))) {
            while (true) {
                int tag = in.read();
                if (tag < 0) {
                    break;
                }
                long at = pos;
                try {
                    switch (tag) {
                        case 'S' -> {
                            long id = in.readLong();
                            pos += 9;
                            if (open >= 0) {
                                throw error(
                                        f,
                                        at,
                                        "transaction "
                                                + hex(id)
                                                + " starts while "
                                                + hex(openId)
                                                + " is open");
                            }
                            open = b.begin(session, id);
                            openId = id;
                        }
                        case 'C' -> {
                            long id = in.readLong();
                            pos += 9;
                            if (open < 0 || id != openId) {
                                throw error(
                                        f,
                                        at,
                                        "commit of "
                                                + hex(id)
                                                + " but "
                                                + (open < 0 ? "no transaction" : hex(openId))
                                                + " is open");
                            }
                            open = -1;
                        }
                        case 'A' -> {
                            pos += 1;
                            if (open < 0) {
                                throw error(f, at, "abort with no open transaction");
                            }
                            b.abort(open);
                            open = -1;
                        }
                        case 'W' -> {
                            long wid = in.readLong();
                            long key = in.readLong();
                            in.readLong(); // value hash: the write id identifies the write
                            pos += 25;
                            requireOpen(f, at, open);
                            b.write(open, b.keys().intern(key), wid);
                        }
                        case 'R' -> {
                            in.readLong(); // writer txn id: implied by the write id
                            long wid = in.readLong();
                            long key = in.readLong();
                            in.readLong();
                            pos += 33;
                            requireOpen(f, at, open);
                            b.read(
                                    open,
                                    b.keys().intern(key),
                                    wid == INIT_WID || wid == NULL_WID ? 0 : wid);
                        }
                        default ->
                                throw error(
                                        f, at, "unknown record tag 0x" + Integer.toHexString(tag));
                    }
                } catch (EOFException e) {
                    throw error(f, at, "truncated '" + (char) tag + "' record");
                }
            }
        }
        if (open >= 0) {
            throw error(f, pos, "transaction " + hex(openId) + " never commits");
        }
    }

    private static void requireOpen(Path f, long at, int open) throws HistoryFormatException {
        if (open < 0) {
            throw error(f, at, "operation outside a transaction");
        }
    }

    private static HistoryFormatException error(Path f, long byteOffset, String msg) {
        return new HistoryFormatException(f, 0, 0, "byte " + byteOffset + ": " + msg);
    }

    private static String hex(long id) {
        return "0x" + Long.toHexString(id);
    }
}
