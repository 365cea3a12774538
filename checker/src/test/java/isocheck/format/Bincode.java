package isocheck.format;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Builds dbcop history.bincode files byte by byte (bincode 1: little-endian, u64 lengths). */
final class Bincode {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Bincode u64(long v) {
        for (int i = 0; i < 8; i++) {
            out.write((int) (v >>> (8 * i)) & 0xff);
        }
        return this;
    }

    Bincode bool(boolean b) {
        out.write(b ? 1 : 0);
        return this;
    }

    Bincode string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        u64(b.length);
        out.write(b, 0, b.length);
        return this;
    }

    /** The header: params (id, n_node, n_variable, n_transaction, n_event), info, start, end. */
    Bincode header(int sessions) {
        return u64(0).u64(sessions)
                .u64(2)
                .u64(1)
                .u64(3)
                .string("test")
                .string("2022-07-05T12:23:43.032406225+08:00")
                .string("2022-07-05T12:23:44.000000000+08:00");
    }

    /** An event: write flag, variable, value, success. */
    Bincode event(boolean write, long variable, long value, boolean success) {
        return bool(write).u64(variable).u64(value).bool(success);
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    /** Write skew: two sessions each read x=0, y=0 (the initial values) and write one of them. */
    static byte[] writeSkew() {
        Bincode b = new Bincode().header(2).u64(2);
        b.u64(1)
                .u64(3)
                .event(false, 1, 0, true)
                .event(false, 2, 0, true)
                .event(true, 1, 1, true)
                .bool(true);
        b.u64(1)
                .u64(3)
                .event(false, 1, 0, true)
                .event(false, 2, 0, true)
                .event(true, 2, 2, true)
                .bool(true);
        return b.bytes();
    }
}
