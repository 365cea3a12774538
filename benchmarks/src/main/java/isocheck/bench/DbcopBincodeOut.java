package isocheck.bench;

import isocheck.history.History;
import isocheck.history.KeyTable;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a history as dbcop's {@code history.bincode} (rnbguy/dbcop oopsla-2019 {@code
 * db/history.rs}; the layout {@code isocheck.format.DbcopBincodeReader} reads: bincode 1,
 * little-endian u64 lengths and numbers, 1-byte booleans), for dbcop and PolySI's {@code
 * --type=dbcop}. Only what the benchmark generators produce: numeric keys, non-negative values,
 * committed transactions, an initial state of 0 (implicit in dbcop, so not written).
 */
final class DbcopBincodeOut {
    private final OutputStream out;

    private DbcopBincodeOut(OutputStream out) {
        this.out = out;
    }

    /** Writes {@code h} to {@code dir}/history.bincode (dbcop's verify -d wants the directory). */
    static void write(History h, Path dir) throws IOException {
        Files.createDirectories(dir);
        KeyTable keys = h.keys();
        int maxTxns = 0;
        for (int s = 0; s < h.sessionCount(); s++) {
            maxTxns = Math.max(maxTxns, h.sessionEnd(s) - h.sessionStart(s));
        }
        try (OutputStream os =
                new BufferedOutputStream(Files.newOutputStream(dir.resolve("history.bincode")))) {
            DbcopBincodeOut w = new DbcopBincodeOut(os);
            // params: id, n_node, n_variable, n_transaction, n_event
            w.u64(0).u64(h.sessionCount()).u64(keys.size()).u64(maxTxns).u64(0);
            w.string("isocheck HardHistories");
            w.string("2026-11-26T00:00:00+00:00").string("2026-11-26T00:00:00+00:00");
            w.u64(h.sessionCount());
            for (int s = 0; s < h.sessionCount(); s++) {
                w.u64(h.sessionEnd(s) - h.sessionStart(s));
                for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                    if (!h.isCommitted(t) || h.isInitial(t)) {
                        throw new IOException("dbcop output: only committed transactions");
                    }
                    w.u64(h.opEnd(t) - h.opStart(t));
                    for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                        if (!keys.isNumeric(h.key(op)) || h.value(op) < 0) {
                            throw new IOException("dbcop output: numeric keys and values only");
                        }
                        w.bool(h.isWrite(op)).u64(keys.number(h.key(op))).u64(h.value(op));
                        w.bool(true);
                    }
                    w.bool(true);
                }
            }
        }
    }

    private DbcopBincodeOut u64(long v) throws IOException {
        for (int i = 0; i < 8; i++) {
            out.write((int) (v >>> (8 * i)) & 0xff);
        }
        return this;
    }

    private DbcopBincodeOut bool(boolean b) throws IOException {
        out.write(b ? 1 : 0);
        return this;
    }

    private DbcopBincodeOut string(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        u64(b.length);
        out.write(b);
        return this;
    }
}
