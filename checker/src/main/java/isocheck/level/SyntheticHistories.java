package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import isocheck.history.ZipfSampler;
import java.util.Random;

/**
 * Generated histories for benchmarks and scale tests: sessions of transactions over keys drawn
 * uniformly or from a Zipf distribution, executed by a simulated database.
 *
 * <ul>
 *   <li>{@link #serializable}: transactions run one at a time in a random interleaving of the
 *       sessions (so the history is serializable and, with its stamps, strictly serializable); each
 *       transaction reads then writes (reads before writes of the same key, 2–8 operations).
 *   <li>{@link #miniTransactions}: the same execution with MTC's shapes (1–2 reads, each write
 *       after a read of its key).
 * </ul>
 *
 * Values are unique per key (a per-key counter); the initial transaction writes 0 to every key.
 */
public final class SyntheticHistories {
    private SyntheticHistories() {}

    /** Key distribution. */
    public enum Keys {
        UNIFORM,
        ZIPF
    }

    public static History serializable(int txns, int sessions, int keys, Keys dist, long seed) {
        return generate(txns, sessions, keys, dist, seed, false, true, false);
    }

    /**
     * A serializable history with one lost update injected in the middle: two transactions of
     * different sessions read the same version of a key and both overwrite it (SI and SER fail, PC
     * holds).
     */
    public static History withLostUpdate(int txns, int sessions, int keys, Keys dist, long seed) {
        return generate(txns, sessions, keys, dist, seed, false, true, true);
    }

    /** Without real-time stamps (as from a database that records none). */
    public static History serializableUnstamped(
            int txns, int sessions, int keys, Keys dist, long seed) {
        return generate(txns, sessions, keys, dist, seed, false, false, false);
    }

    public static History miniTransactions(int txns, int sessions, int keys, Keys dist, long seed) {
        return generate(txns, sessions, keys, dist, seed, true, true, false);
    }

    private static History generate(
            int txns,
            int sessions,
            int keys,
            Keys dist,
            long seed,
            boolean mini,
            boolean stamps,
            boolean lostUpdate) {
        Random rnd = new Random(seed);
        ZipfSampler zipf = dist == Keys.ZIPF ? new ZipfSampler(keys, 0.99) : null;
        HistoryBuilder b = new HistoryBuilder();
        int init = b.initial();
        String[] names = new String[keys];
        int[] keyIds = new int[keys];
        for (int x = 0; x < keys; x++) {
            names[x] = Integer.toString(x);
            keyIds[x] = b.keys().intern(names[x]);
            b.write(init, keyIds[x], 0);
        }
        long[] current = new long[keys];
        long[] counter = new long[keys];
        int[] sessionIds = new int[sessions];
        for (int s = 0; s < sessions; s++) {
            sessionIds[s] = b.session("s" + s);
        }
        int[] picked = new int[8];
        for (int i = 0; i < txns; i++) {
            int s = rnd.nextInt(sessions);
            if (lostUpdate && i == txns / 2 && sessions > 1) {
                int x = key(rnd, zipf, keys);
                long seen = current[x];
                for (int k = 0; k < 2; k++) {
                    int t = b.begin(sessionIds[(s + k) % sessions]);
                    b.read(t, keyIds[x], seen);
                    current[x] = ++counter[x];
                    b.write(t, keyIds[x], current[x]);
                    if (stamps) {
                        b.times(t, 10L * i + k, 10L * i + 5 + k);
                    }
                }
                continue;
            }
            int t = b.begin(sessionIds[s]);
            if (mini) {
                int reads = 1 + rnd.nextInt(2);
                int x = key(rnd, zipf, keys);
                int y = reads == 2 ? key(rnd, zipf, keys) : x;
                b.read(t, keyIds[x], current[x]);
                if (y != x) {
                    b.read(t, keyIds[y], current[y]);
                }
                if (rnd.nextInt(5) > 0) {
                    current[x] = ++counter[x];
                    b.write(t, keyIds[x], current[x]);
                }
                if (y != x && rnd.nextBoolean()) {
                    current[y] = ++counter[y];
                    b.write(t, keyIds[y], current[y]);
                }
            } else {
                int ops = 2 + rnd.nextInt(7);
                int n = 0;
                for (int j = 0; j < ops; j++) {
                    int x = key(rnd, zipf, keys);
                    boolean dup = false;
                    for (int k = 0; k < n; k++) {
                        dup |= picked[k] == x;
                    }
                    if (!dup) {
                        picked[n++] = x;
                    }
                }
                int split = rnd.nextInt(n + 1);
                for (int k = 0; k < n; k++) { // reads first, then writes (some read-modify-write)
                    if (k < split || rnd.nextInt(3) == 0) {
                        b.read(t, keyIds[picked[k]], current[picked[k]]);
                    }
                }
                for (int k = split; k < n; k++) {
                    int x = picked[k];
                    current[x] = ++counter[x];
                    b.write(t, keyIds[x], current[x]);
                }
            }
            if (stamps) {
                b.times(t, 10L * i, 10L * i + 5);
            }
        }
        return b.build();
    }

    private static int key(Random rnd, ZipfSampler zipf, int keys) {
        return zipf == null ? rnd.nextInt(keys) : zipf.next(rnd);
    }
}
