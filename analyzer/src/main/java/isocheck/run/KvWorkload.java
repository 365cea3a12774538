package isocheck.run;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Generated workloads over one table {@code kv(k, v)}, keys 1..N all starting at 0. Every write
 * writes a fresh unique value (a run-wide counter), so a read names its write by its value alone:
 * no instrumentation is needed, and history keys are the plain integers k.
 *
 * <ul>
 *   <li>{@code mt}: mini-transactions (MTC, Def. 8): one or two reads, at most two writes, every
 *       write preceded by a read of its key; the shapes R(x), R(x)R(y), R(x)W(x), R(x)R(y)W(x),
 *       R(x)R(y)W(x)W(y), R(x)W(x)R(y)W(y), chosen uniformly, x ≠ y.
 *   <li>{@code kv}: random transactions of 1..4 operations, Cobra's mix: 20% read-only, 40%
 *       write-only (blind writes), 40% read-modify-write.
 * </ul>
 */
final class KvWorkload implements Workload {

    enum Kind {
        MT,
        KV
    }

    private final Kind kind;
    private final int keys;
    private final double zipf;
    private final AtomicLong values;
    private final boolean record;
    private double[] cdf;

    KvWorkload(Kind kind, int keys, double zipf, AtomicLong values, boolean record) {
        if (keys < 2) {
            throw new RunError("--keys must be at least 2");
        }
        this.kind = kind;
        this.keys = keys;
        this.zipf = zipf;
        this.values = values;
        this.record = record;
        if (zipf > 0) {
            cdf = new double[keys];
            double sum = 0;
            for (int i = 0; i < keys; i++) {
                sum += 1 / Math.pow(i + 1, zipf);
                cdf[i] = sum;
            }
            for (int i = 0; i < keys; i++) {
                cdf[i] /= sum;
            }
        }
    }

    @Override
    public String describe() {
        return (kind == Kind.MT ? "mini-transactions" : "key-value transactions")
                + " over "
                + keys
                + " keys"
                + (zipf > 0 ? " (zipf " + zipf + ")" : " (uniform)");
    }

    @Override
    public List<String> createTables() {
        return List.of("CREATE TABLE kv (k BIGINT NOT NULL, v BIGINT NOT NULL, PRIMARY KEY (k))");
    }

    @Override
    public void populate(Connection c, Random rnd) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO kv (k, v) VALUES (?, 0)")) {
            for (long k = 1; k <= keys; k++) {
                p.setLong(1, k);
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** One operation: read (write = false) or write of key k. */
    record Op(boolean write, long key) {}

    private long key(Random rnd) {
        if (cdf == null) {
            return 1 + rnd.nextInt(keys);
        }
        double u = rnd.nextDouble();
        for (int i = 0; i < keys; i++) {
            if (u < cdf[i]) {
                return i + 1;
            }
        }
        return keys;
    }

    @Override
    public Invocation next(Random rnd) {
        long x = key(rnd);
        long y;
        do {
            y = key(rnd);
        } while (y == x);
        List<Op> ops = new ArrayList<>();
        String name;
        if (kind == Kind.MT) {
            int shape = rnd.nextInt(6);
            switch (shape) {
                case 0 -> ops.add(new Op(false, x));
                case 1 -> {
                    ops.add(new Op(false, x));
                    ops.add(new Op(false, y));
                }
                case 2 -> {
                    ops.add(new Op(false, x));
                    ops.add(new Op(true, x));
                }
                case 3 -> {
                    ops.add(new Op(false, x));
                    ops.add(new Op(false, y));
                    ops.add(new Op(true, x));
                }
                case 4 -> {
                    ops.add(new Op(false, x));
                    ops.add(new Op(false, y));
                    ops.add(new Op(true, x));
                    ops.add(new Op(true, y));
                }
                default -> {
                    ops.add(new Op(false, x));
                    ops.add(new Op(true, x));
                    ops.add(new Op(false, y));
                    ops.add(new Op(true, y));
                }
            }
            name = "mt";
        } else {
            int n = 1 + rnd.nextInt(4);
            double u = rnd.nextDouble();
            if (u < 0.2) {
                name = "read-only";
                for (int i = 0; i < n; i++) {
                    ops.add(new Op(false, key(rnd)));
                }
            } else if (u < 0.6) {
                name = "write-only";
                for (int i = 0; i < n; i++) {
                    ops.add(new Op(true, key(rnd)));
                }
            } else {
                name = "read-modify-write";
                for (int i = 0; i < (n + 1) / 2; i++) {
                    long k = key(rnd);
                    ops.add(new Op(false, k));
                    ops.add(new Op(true, k));
                }
            }
        }
        return new Invocation(name, ops);
    }

    @Override
    public void execute(
            Invocation inv, Interpreter.Session s, TxnLog log, StepGate gate, Random rnd)
            throws SQLException, InterruptedException {
        @SuppressWarnings("unchecked")
        List<Op> ops = (List<Op>) inv.payload();
        PreparedStatement read = s.prepare("SELECT v FROM kv WHERE k = ?");
        PreparedStatement write = s.prepare("UPDATE kv SET v = ? WHERE k = ?");
        for (Op op : ops) {
            gate.beforeStatement((op.write() ? "w(" : "r(") + op.key() + ")");
            if (op.write()) {
                long v = values.incrementAndGet();
                write.setLong(1, v);
                write.setLong(2, op.key());
                write.executeUpdate();
                if (record) {
                    log.write(Long.toString(op.key()), v);
                }
                gate.afterStatement("wrote " + v);
            } else {
                read.setLong(1, op.key());
                long v;
                try (ResultSet rs = read.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException("key " + op.key() + " missing from kv");
                    }
                    v = rs.getLong(1);
                }
                if (record) {
                    log.read(Long.toString(op.key()), v);
                }
                gate.afterStatement("read " + v);
            }
        }
    }
}
