package isocheck.bench;

import isocheck.history.ZipfSampler;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Generates random histories in our JSON Lines format (checker/FORMAT.md), streaming, with no
 * object per operation, for tests and benchmarks.
 *
 * <p>Transactions are generated one after another in a <em>serial</em> execution: each is assigned
 * to a random session, and each read returns the latest value of its key (its own write if it wrote
 * the key, else the last committed write, else the initial 0). So the history is serializable by
 * construction, hence consistent at every level. With {@code staleReads > 0}, that many reads are
 * replaced by reads of the key's previous version (a write already overwritten in the serial
 * order): injected anomalies that break causal consistency (and often RA and RC).
 *
 * <p>Every write carries a fresh value (a global counter), so values identify writes.
 */
public final class HistoryGenerator {
    /** Key distributions. */
    public enum Dist {
        UNIFORM,
        ZIPF
    }

    /** Generation parameters. */
    public record Params(
            long operations,
            int sessions,
            int meanOpsPerTxn,
            int keys,
            double readRatio,
            Dist dist,
            double zipfS,
            long staleReads,
            long seed) {
        /** The benchmark shape of issue 5: ≈10 ops per transaction, 50 sessions, uniform keys. */
        public static Params standard(long operations) {
            int keys = (int) Math.max(1_000, operations / 100);
            return new Params(operations, 50, 10, keys, 0.5, Dist.UNIFORM, 1.0, 0, 42);
        }

        /**
         * AWDIT's generator shape: ⌈√events⌉ sessions (1,000 for 10^6 events), mean transaction
         * size 5, read ratio 0.8, skewed (Zipf) keys.
         */
        public static Params awditShape(long operations) {
            int sessions = (int) Math.ceil(Math.sqrt(operations));
            return new Params(
                    operations,
                    sessions,
                    5,
                    (int) Math.max(100, operations / 100),
                    0.8,
                    Dist.ZIPF,
                    1.0,
                    0,
                    42);
        }

        public Params withStaleReads(long n) {
            return new Params(
                    operations, sessions, meanOpsPerTxn, keys, readRatio, dist, zipfS, n, seed);
        }

        public Params withSeed(long s) {
            return new Params(
                    operations,
                    sessions,
                    meanOpsPerTxn,
                    keys,
                    readRatio,
                    dist,
                    zipfS,
                    staleReads,
                    s);
        }
    }

    /** What was generated. */
    public record Stats(long transactions, long operations, long staleReads) {}

    private HistoryGenerator() {}

    public static Stats write(Params p, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            return write(p, w);
        }
    }

    public static Stats write(Params p, Writer out) throws IOException {
        SplittableRandom rnd = new SplittableRandom(p.seed());
        int k = p.keys();
        long[] current = new long[k]; // latest committed value per key (0 = initial)
        long[] previous = new long[k]; // the value before it, -1 if none
        java.util.Arrays.fill(previous, -1);
        long[] own =
                new long[k]; // value written by the current transaction, valid if ownStamp == txn
        long[] ownStamp = new long[k];
        java.util.Arrays.fill(ownStamp, -1);
        int[] touched = new int[4 * p.meanOpsPerTxn() + 64];
        ZipfSampler zipf = p.dist() == Dist.ZIPF ? new ZipfSampler(k, p.zipfS()) : null;

        StringBuilder sb = new StringBuilder(1 << 16);
        sb.append("{\"format\":\"isocheck-history\",\"version\":1,\"sessions\":[");
        for (int s = 0; s < p.sessions(); s++) {
            sb.append(s == 0 ? "" : ",").append("\"s").append(s).append('"');
        }
        sb.append("]}\n{\"initial\":true,\"ops\":[");
        for (int x = 0; x < k; x++) {
            sb.append(x == 0 ? "" : ",").append("[\"w\",").append(x).append(",0]");
            if (sb.length() > 1 << 15) {
                out.append(sb);
                sb.setLength(0);
            }
        }
        sb.append("]}\n");

        // Stale reads go at evenly spread read positions (deterministic, so the count is exact).
        long expectedReads = (long) (p.operations() * p.readRatio());
        long staleEvery =
                p.staleReads() > 0
                        ? Math.max(1, expectedReads / (p.staleReads() + 1))
                        : Long.MAX_VALUE;
        long readCount = 0;
        long stale = 0;
        long ops = 0;
        long txn = 0;
        long nextValue = 1;
        while (ops < p.operations()) {
            int size =
                    1
                            + rnd.nextInt(
                                    2 * p.meanOpsPerTxn()
                                            - 1); // uniform 1 .. 2·mean-1, mean = mean
            size = (int) Math.min(size, p.operations() - ops);
            int session = rnd.nextInt(p.sessions());
            sb.append("{\"session\":\"s")
                    .append(session)
                    .append("\",\"id\":")
                    .append(txn + 1)
                    .append(",\"ops\":[");
            int nTouched = 0;
            for (int i = 0; i < size; i++) {
                int x = zipf != null ? zipf.next(rnd) : rnd.nextInt(k);
                if (i > 0) {
                    sb.append(',');
                }
                if (rnd.nextDouble() < p.readRatio()) {
                    long v;
                    if (ownStamp[x] == txn) {
                        v = own[x];
                    } else {
                        v = current[x];
                        readCount++;
                        if (readCount % staleEvery == 0
                                && stale < p.staleReads()
                                && previous[x] >= 0) {
                            v = previous[x];
                            stale++;
                        }
                    }
                    sb.append("[\"r\",").append(x).append(',').append(v).append(']');
                } else {
                    long v = nextValue++;
                    if (ownStamp[x] != txn) {
                        ownStamp[x] = txn;
                        if (nTouched == touched.length) {
                            touched = java.util.Arrays.copyOf(touched, nTouched * 2);
                        }
                        touched[nTouched++] = x;
                    }
                    own[x] = v;
                    sb.append("[\"w\",").append(x).append(',').append(v).append(']');
                }
            }
            sb.append("]}\n");
            for (int i = 0; i < nTouched; i++) { // commit: install the final writes
                int x = touched[i];
                previous[x] = current[x];
                current[x] = own[x];
            }
            ops += size;
            txn++;
            if (sb.length() > 1 << 15) {
                out.append(sb);
                sb.setLength(0);
            }
        }
        out.append(sb);
        out.flush();
        return new Stats(txn, ops, stale);
    }
}
