package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Generated histories on which the strong levels (PSI, SI, SER) need search: many concurrent
 * <em>blind</em> writers per key (no read of the key before the write) and no commit stamps, so the
 * version order of a key is not recorded and the reads constrain it only together (the polygraph's
 * constraints, Papadimitriou 1979; Biswas &amp; Enea, OOPSLA 2019, §4 show that checking SI/SER is
 * NP-complete exactly because of this freedom).
 *
 * <p>The history is recorded from a simulated snapshot-isolation database (Berenson et al. 1995:
 * every transaction reads the snapshot of its start, commits only if no transaction that committed
 * after its start wrote one of its keys, "first committer wins"; a loser is dropped as if retried
 * elsewhere). With {@code concurrency == 1} the execution is serial. So the truth is known by
 * construction:
 *
 * <ul>
 *   <li>{@link Plant#NONE}, concurrency 1: serializable (SER, SI, PSI hold).
 *   <li>{@link Plant#NONE}, concurrency &gt; 1: SI (and PSI) hold; SER is not known.
 *   <li>{@link Plant#WRITE_SKEW} into a serial execution: two transactions read x and y from the
 *       same snapshot and write one each, read-modify-write (SI and PSI hold, SER is violated: each
 *       read is overwritten by the other, an rw cycle whatever the version orders).
 *   <li>{@link Plant#LONG_FORK}: T1 updates x, T2 updates y from one snapshot; T3 sees T1 and not
 *       T2, T4 sees T2 and not T1 (Cerone et al. 2015, §4: PSI holds, SI and SER are violated: T1
 *       →wr T3 →rw T2 →wr T4 →rw T1 has no two adjacent rw edges, whatever the version orders).
 *   <li>{@link Plant#LOST_UPDATE}: two read-modify-writes of x from one snapshot both commit (PSI,
 *       SI and SER are violated: NoConflict orders them and the later one missed the earlier).
 * </ul>
 *
 * The planted transactions use read-modify-writes, so their violation does not depend on the
 * version order chosen for the blind writers around them; it sits among the blind writers' many
 * candidate orders. Values are unique per key (a per-key counter); the initial transaction writes 0
 * to every key (Plume text's and dbcop's implicit initial state).
 */
public final class HardHistories {
    private HardHistories() {}

    /** An anomaly planted in the middle of the execution (see the class comment). */
    public enum Plant {
        NONE,
        WRITE_SKEW,
        LONG_FORK,
        LOST_UPDATE
    }

    /**
     * Generation parameters.
     *
     * @param txns committed transactions to generate (the planted ones included)
     * @param sessions client sessions (each runs one transaction at a time)
     * @param keys the keys, drawn uniformly
     * @param reads reads per transaction
     * @param writes blind writes per transaction (on keys it does not read)
     * @param concurrency at most this many transactions are open at once (1: a serial execution)
     * @param plant the anomaly to plant
     * @param seed the random seed
     */
    public record Params(
            int txns,
            int sessions,
            int keys,
            int reads,
            int writes,
            int concurrency,
            Plant plant,
            long seed) {
        public Params {
            if (txns < 4 || sessions < 2 || keys < 2 || reads < 0 || writes < 1) {
                throw new IllegalArgumentException(
                        "need txns >= 4, sessions >= 2, keys >= 2, reads >= 0, writes >= 1");
            }
            if (reads + writes > keys) {
                throw new IllegalArgumentException("reads + writes must not exceed keys");
            }
            if (concurrency < 1 || concurrency > sessions) {
                throw new IllegalArgumentException("concurrency must be in 1..sessions");
            }
            if (plant == Plant.LONG_FORK && sessions < 4) {
                // T3 and T4 need sessions of their own: after T1 in T1's session, T4 would have to
                // see T1 (PSI's session guarantee)
                throw new IllegalArgumentException("a long fork needs sessions >= 4");
            }
        }

        /** Whether {@code level} holds on the generated history, or null if not known. */
        public Boolean truth(Level level) {
            boolean ser = level == Level.SER;
            boolean si = level == Level.SI;
            boolean psi = level == Level.PSI;
            if (!ser && !si && !psi) {
                return null;
            }
            return switch (plant) {
                case NONE -> concurrency == 1 || !ser ? Boolean.TRUE : null;
                case WRITE_SKEW -> !ser;
                case LONG_FORK -> psi;
                case LOST_UPDATE -> Boolean.FALSE;
            };
        }
    }

    /** One committed version of a key: the commit sequence number that installed it, its value. */
    private static final class Versions {
        long[] seq = new long[4];
        long[] value = new long[4];
        int n;

        void add(long s, long v) {
            if (n == seq.length) {
                seq = Arrays.copyOf(seq, 2 * n);
                value = Arrays.copyOf(value, 2 * n);
            }
            seq[n] = s;
            value[n++] = v;
        }

        /** The value installed last at or before commit sequence number {@code snapshot}. */
        long at(long snapshot) {
            int lo = 0;
            int hi = n - 1; // seq[0] == 0: the initial version
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (seq[mid] <= snapshot) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return value[lo];
        }

        long lastSeq() {
            return seq[n - 1];
        }
    }

    /** An open transaction: its session, snapshot and chosen keys. */
    private record Open(int session, long snapshot, int[] readKeys, int[] writeKeys) {}

    public static History generate(Params p) {
        return new Generator(p).run();
    }

    private static final class Generator {
        final Params p;
        final Random rnd;
        final HistoryBuilder b = new HistoryBuilder();
        final int[] keyIds;
        final int[] sessionIds;
        final Versions[] versions;
        final long[] counter;
        final boolean[] busy;
        long commitSeq;
        int committed;

        Generator(Params p) {
            this.p = p;
            rnd = new Random(p.seed());
            int init = b.initial();
            keyIds = new int[p.keys()];
            versions = new Versions[p.keys()];
            counter = new long[p.keys()];
            for (int x = 0; x < p.keys(); x++) {
                keyIds[x] = b.keys().intern(Integer.toString(x));
                b.write(init, keyIds[x], 0);
                versions[x] = new Versions();
                versions[x].add(0, 0);
            }
            sessionIds = new int[p.sessions()];
            for (int s = 0; s < p.sessions(); s++) {
                sessionIds[s] = b.session("s" + s);
            }
            busy = new boolean[p.sessions()];
        }

        History run() {
            List<Open> open = new ArrayList<>();
            int planted = plantSize(p.plant());
            int plantAt = p.plant() == Plant.NONE ? -1 : Math.min(p.txns() / 2, p.txns() - planted);
            while (committed < p.txns()) {
                if (committed >= plantAt && plantAt >= 0) {
                    // close every open transaction first: the planted ones see a quiet state
                    while (!open.isEmpty()) {
                        commit(open.remove(open.size() - 1));
                    }
                    plant();
                    plantAt = -1;
                    continue;
                }
                int remaining = p.txns() - committed - (plantAt >= 0 ? planted : 0) - open.size();
                if (open.size() < p.concurrency() && remaining > 0 && rnd.nextInt(3) > 0) {
                    open.add(start());
                } else if (!open.isEmpty()) {
                    commit(open.remove(rnd.nextInt(open.size())));
                } else if (remaining <= 0) {
                    break;
                }
            }
            while (!open.isEmpty()) {
                commit(open.remove(open.size() - 1));
            }
            return b.build();
        }

        static int plantSize(Plant plant) {
            return switch (plant) {
                case NONE -> 0;
                case WRITE_SKEW, LOST_UPDATE -> 2;
                case LONG_FORK -> 4;
            };
        }

        int idleSession() {
            int s = rnd.nextInt(p.sessions());
            while (busy[s]) {
                s = (s + 1) % p.sessions();
            }
            return s;
        }

        Open start() {
            int s = idleSession();
            busy[s] = true;
            int[] picked = distinctKeys(p.reads() + p.writes());
            return new Open(
                    s,
                    commitSeq,
                    Arrays.copyOfRange(picked, 0, p.reads()),
                    Arrays.copyOfRange(picked, p.reads(), picked.length));
        }

        int[] distinctKeys(int n) {
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                boolean dup;
                do {
                    out[i] = rnd.nextInt(p.keys());
                    dup = false;
                    for (int j = 0; j < i; j++) {
                        dup |= out[j] == out[i];
                    }
                } while (dup);
            }
            return out;
        }

        /** First committer wins: a transaction whose write set was overwritten since it began. */
        void commit(Open o) {
            busy[o.session()] = false;
            for (int x : o.writeKeys()) {
                if (versions[x].lastSeq() > o.snapshot()) {
                    return; // aborted; dropped from the history (a client would retry it)
                }
            }
            int t = b.begin(sessionIds[o.session()]);
            for (int x : o.readKeys()) {
                b.read(t, keyIds[x], versions[x].at(o.snapshot()));
            }
            commitSeq++;
            for (int x : o.writeKeys()) {
                long v = ++counter[x];
                b.write(t, keyIds[x], v);
                versions[x].add(commitSeq, v);
            }
            committed++;
        }

        /** Reads x at {@code snapshot} and writes a fresh version of it (a read-modify-write). */
        void update(int t, int x, long snapshot, long seq) {
            b.read(t, keyIds[x], versions[x].at(snapshot));
            long v = ++counter[x];
            b.write(t, keyIds[x], v);
            versions[x].add(seq, v);
        }

        void plant() {
            int[] xy = distinctKeys(2);
            int x = xy[0];
            int y = xy[1];
            int s0 = rnd.nextInt(p.sessions());
            int s1 = (s0 + 1 + rnd.nextInt(p.sessions() - 1)) % p.sessions();
            long snap = commitSeq;
            switch (p.plant()) {
                case WRITE_SKEW -> {
                    int ta = b.begin(sessionIds[s0]);
                    b.read(ta, keyIds[y], versions[y].at(snap));
                    int tb = b.begin(sessionIds[s1]);
                    b.read(tb, keyIds[x], versions[x].at(snap));
                    update(ta, x, snap, ++commitSeq);
                    update(tb, y, snap, ++commitSeq);
                    committed += 2;
                }
                case LOST_UPDATE -> {
                    int ta = b.begin(sessionIds[s0]);
                    int tb = b.begin(sessionIds[s1]);
                    update(ta, x, snap, ++commitSeq);
                    update(tb, x, snap, ++commitSeq);
                    committed += 2;
                }
                case LONG_FORK -> {
                    int s2 = idleOther(s0, s1);
                    int s3 = idleOther(s0, s1, s2);
                    int t1 = b.begin(sessionIds[s0]);
                    update(t1, x, snap, ++commitSeq);
                    long afterT1 = commitSeq;
                    int t2 = b.begin(sessionIds[s1]);
                    update(t2, y, snap, ++commitSeq);
                    // T3 and T4 are read-only: T3 sees T1 and not T2, T4 sees T2 and not T1
                    int t3 = b.begin(sessionIds[s2]);
                    b.read(t3, keyIds[x], versions[x].at(afterT1));
                    b.read(t3, keyIds[y], versions[y].at(snap));
                    int t4 = b.begin(sessionIds[s3]);
                    b.read(t4, keyIds[y], versions[y].at(commitSeq));
                    b.read(t4, keyIds[x], versions[x].at(snap));
                    committed += 4;
                }
                case NONE -> throw new IllegalStateException();
            }
        }

        /** A session other than {@code taken} (there are at least 4 for a long fork). */
        int idleOther(int... taken) {
            int s = rnd.nextInt(p.sessions());
            for (int tries = 0; tries < p.sessions(); tries++) {
                boolean free = true;
                for (int u : taken) {
                    free &= u != s;
                }
                if (free) {
                    return s;
                }
                s = (s + 1) % p.sessions();
            }
            return taken[taken.length - 1];
        }
    }
}
