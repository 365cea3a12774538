package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random histories of at most 8 transactions for the exact levels. A hidden serial order is drawn
 * (a random interleaving of the sessions); each external read then observes: the latest write of
 * its key, in that order, among the transactions it observes:
 *
 * <ul>
 *   <li>"serial": all earlier ones (serializable);
 *   <li>"prefix": a prefix of the order containing its session predecessor (PC holds; lost updates
 *       and write skews);
 *   <li>"causal": its session predecessor and a random set of earlier ones, closed under what they
 *       observe, half the time also every earlier writer of a key it writes (CC holds; long forks;
 *       PSI holds with the closure);
 *   <li>"random": a random subset (anything goes).
 * </ul>
 *
 * One history in four is shaped as mini-transactions (1–2 reads, ≤ 2 writes, each write after a
 * read of its key). Half get real-time stamps: consistent with the hidden order but overlapping, or
 * random. Reads after an own write read it back.
 */
final class LevelHistories {
    private LevelHistories() {}

    static History generate(long seed) {
        return generate(seed, false);
    }

    /**
     * With {@code concurrent}, most histories are "causal" ones with small visible sets and a
     * single arbitration: CC holds, and PC fails through long forks — rare otherwise.
     */
    static History generate(long seed, boolean concurrent) {
        return generate(seed, concurrent, false);
    }

    /**
     * Read-modify-write-heavy histories: each transaction reads 1–3 keys (of 1–3) and overwrites
     * most of what it reads, sometimes with a blind write; the observation modes above decide
     * whether the read-modify-writes form chains (serial) or lost updates, forks and skews (the
     * others).
     */
    static History generateRmw(long seed) {
        return generate(seed, false, true);
    }

    private static History generate(long seed, boolean concurrent, boolean rmw) {
        Random rnd = new Random(seed);
        if (concurrent && rnd.nextBoolean()) {
            return forkShaped(rnd);
        }
        int sessions = 1 + rnd.nextInt(4);
        int keys = rnd.nextInt(5) == 0 ? 1 : 2 + rnd.nextInt(2);
        int sessionsMin = 0;
        int pick = rnd.nextInt(20);
        int mode =
                pick < 2 ? 0 : pick < 7 ? 1 : pick < 17 ? 2 : 3; // serial, prefix, causal, random
        if (rmw) { // more serial runs: long chains, consistent verdicts
            mode = pick < 7 ? 0 : pick < 12 ? 1 : pick < 18 ? 2 : 3;
        }
        if (concurrent && rnd.nextInt(10) < 7) {
            mode = 2;
        }
        boolean mini = !rmw && rnd.nextInt(4) == 0;
        if (rmw) {
            keys = 1 + rnd.nextInt(3);
        }
        int times = rnd.nextInt(4); // 0,1: none; 2: hidden order with overlap; 3: random
        int total = 3 + rnd.nextInt(6); // 3..8
        List<Integer> txnSession = new ArrayList<>();
        List<List<int[]>> txnOps = new ArrayList<>();
        for (int t = 0; t < total; t++) {
            txnSession.add(t < sessions ? t : rnd.nextInt(sessions));
            List<int[]> ops = new ArrayList<>();
            if (mini) {
                int x = rnd.nextInt(keys);
                ops.add(new int[] {0, x});
                if (rnd.nextInt(3) > 0) {
                    int y = rnd.nextInt(keys);
                    ops.add(new int[] {0, y});
                    if (rnd.nextBoolean()) {
                        ops.add(new int[] {1, y});
                    }
                }
                if (rnd.nextInt(3) > 0) {
                    ops.add(new int[] {1, x});
                }
            } else if (rmw) {
                int m = 1 + rnd.nextInt(keys);
                for (int j = 0; j < m; j++) {
                    int x = rnd.nextInt(keys);
                    ops.add(new int[] {0, x});
                    if (rnd.nextInt(3) > 0) {
                        ops.add(new int[] {1, x});
                    }
                }
                if (rnd.nextInt(3)
                        == 0) { // a read of another key: skews and forks around the chains
                    ops.add(0, new int[] {0, rnd.nextInt(keys)});
                }
                if (rnd.nextInt(3) == 0) { // a blind write: chains of several writers per key
                    ops.add(new int[] {1, rnd.nextInt(keys)});
                }
            } else {
                int m = 1 + rnd.nextInt(4);
                for (int j = 0; j < m; j++) {
                    // reads mostly before writes: more external reads
                    boolean write = rnd.nextInt(10) < (j < m / 2 ? 2 : 6);
                    ops.add(new int[] {write ? 1 : 0, rnd.nextInt(keys)});
                }
            }
            txnOps.add(ops);
        }
        // sessions ordered by index; hidden order = random interleaving respecting sessions
        List<List<Integer>> bySession = new ArrayList<>();
        for (int s = 0; s < sessions; s++) {
            bySession.add(new ArrayList<>());
        }
        for (int t = 0; t < total; t++) {
            bySession.get(txnSession.get(t)).add(t);
        }
        int[] hidden = new int[total];
        int[] rank = new int[total];
        int[] next = new int[sessions];
        for (int r = 0; r < total; r++) {
            int s;
            do {
                s = rnd.nextInt(sessions);
            } while (next[s] >= bySession.get(s).size());
            int t = bySession.get(s).get(next[s]++);
            hidden[r] = t;
            rank[t] = r;
        }
        long[][] values = new long[total][];
        long counter = 1;
        for (int t = 0; t < total; t++) {
            values[t] = new long[txnOps.get(t).size()];
            for (int j = 0; j < values[t].length; j++) {
                if (txnOps.get(t).get(j)[0] == 1) {
                    values[t][j] = counter++;
                }
            }
        }
        // what each transaction observes: a set of earlier transactions in the hidden order
        boolean[][] vis = new boolean[total][total];
        int[] soPredRank = new int[total];
        for (int s = 0; s < sessions; s++) {
            int prev = -1;
            for (int t : bySession.get(s)) {
                soPredRank[t] = prev < 0 ? -1 : rank[prev];
                prev = t;
            }
        }
        boolean conflictClosure = rnd.nextBoolean();
        // "forked" causal histories: each transaction picks the latest visible write by one of two
        // arbitration orders (the hidden one or its reverse), which breaks Prefix but not causality
        boolean forked = mode == 2 && rnd.nextInt(3) > (concurrent ? 1 : 0);
        if (concurrent) {
            conflictClosure = false;
        }
        boolean[] reversed = new boolean[total];
        for (int t = 0; t < total; t++) {
            reversed[t] = forked && rnd.nextBoolean();
        }
        for (int r = 0; r < total; r++) {
            int t = hidden[r];
            switch (mode) {
                case 0 -> {
                    for (int q = 0; q < r; q++) {
                        vis[t][hidden[q]] = true;
                    }
                }
                case 1 -> {
                    int lo = soPredRank[t] + 1;
                    int snap = lo + rnd.nextInt(r - lo + 1);
                    for (int q = 0; q < snap; q++) {
                        vis[t][hidden[q]] = true;
                    }
                }
                case 2 -> {
                    for (int q = 0; q < r; q++) {
                        int u = hidden[q];
                        if (q == soPredRank[t]
                                || rnd.nextInt(100) < 20
                                || (conflictClosure && conflicts(txnOps.get(t), txnOps.get(u)))) {
                            vis[t][u] = true;
                        }
                    }
                    for (int q = r - 1; q >= 0; q--) {
                        int u = hidden[q];
                        if (vis[t][u]) {
                            for (int z = 0; z < total; z++) {
                                vis[t][z] |= vis[u][z];
                            }
                        }
                    }
                }
                default -> {
                    for (int q = 0; q < total; q++) {
                        vis[t][q] = q != t && rnd.nextBoolean();
                    }
                }
            }
        }
        for (int r = 0; r < total; r++) {
            int t = hidden[r];
            List<int[]> ops = txnOps.get(t);
            for (int j = 0; j < ops.size(); j++) {
                if (ops.get(j)[0] == 1) {
                    continue;
                }
                int x = ops.get(j)[1];
                long own = -1;
                long earlier = -1;
                for (int i = 0; i < j; i++) {
                    if (ops.get(i)[1] == x) {
                        if (ops.get(i)[0] == 1) {
                            own = values[t][i];
                        } else {
                            earlier = values[t][i];
                        }
                    }
                }
                if (own >= 0) {
                    values[t][j] = own;
                } else if (earlier >= 0 && rnd.nextInt(10) < 9) {
                    values[t][j] = earlier;
                } else {
                    long v = 0;
                    int best = -1;
                    for (int u = 0; u < total; u++) {
                        long f = finalWrite(txnOps.get(u), values[u], x);
                        int key = reversed[t] ? total - rank[u] : rank[u];
                        if (vis[t][u] && f >= 0 && (mode == 3 ? rnd.nextBoolean() : key > best)) {
                            v = f;
                            best = key;
                        }
                    }
                    values[t][j] = v;
                }
            }
        }
        HistoryBuilder b = new HistoryBuilder();
        for (int x = 0; x < keys; x++) {
            b.init().w(key(x), 0);
        }
        for (int s = 0; s < sessions; s++) {
            for (int t : bySession.get(s)) {
                HistoryBuilder.Txn tx = b.txn("s" + s);
                List<int[]> ops = txnOps.get(t);
                for (int j = 0; j < ops.size(); j++) {
                    if (ops.get(j)[0] == 1) {
                        tx.w(key(ops.get(j)[1]), values[t][j]);
                    } else {
                        tx.r(key(ops.get(j)[1]), values[t][j]);
                    }
                }
                if (times == 2) {
                    long start = 10L * rank[t] + rnd.nextInt(8);
                    tx.times(start, start + 1 + rnd.nextInt(rnd.nextBoolean() ? 12 : 30));
                } else if (times == 3) {
                    long start = rnd.nextInt(60);
                    tx.times(start, start + 1 + rnd.nextInt(20));
                }
            }
        }
        return b.build();
    }

    /**
     * Long-fork-shaped histories: writers of one key each (blind or read-modify-write), readers of
     * two keys observing random versions, most in sessions of their own — CC mostly holds, PC and
     * PSI/SI/SER often fail.
     */
    private static History forkShaped(Random rnd) {
        int keys = 2 + rnd.nextInt(2);
        int writers = 2 + rnd.nextInt(2);
        int readers = 2 + rnd.nextInt(8 - writers - 1);
        HistoryBuilder b = new HistoryBuilder();
        for (int x = 0; x < keys; x++) {
            b.init().w(key(x), 0);
        }
        List<long[]> versions = new ArrayList<>(); // {key, value}
        for (int x = 0; x < keys; x++) {
            versions.add(new long[] {x, 0});
        }
        long counter = 1;
        int sessions = 0;
        for (int i = 0; i < writers; i++) {
            int x = rnd.nextInt(keys);
            HistoryBuilder.Txn t = b.txn("w" + i);
            if (rnd.nextBoolean()) {
                t.r(key(x), 0);
            }
            t.w(key(x), counter);
            versions.add(new long[] {x, counter++});
        }
        for (int i = 0; i < readers; i++) {
            String session =
                    rnd.nextInt(4) == 0 && sessions > 0
                            ? "r" + rnd.nextInt(sessions)
                            : "r" + sessions++;
            HistoryBuilder.Txn t = b.txn(session);
            int x = rnd.nextInt(keys);
            int y = (x + 1 + rnd.nextInt(keys - 1)) % keys;
            for (int k : new int[] {x, y}) {
                List<Long> vs = new ArrayList<>();
                for (long[] v : versions) {
                    if (v[0] == k) {
                        vs.add(v[1]);
                    }
                }
                t.r(key(k), vs.get(rnd.nextInt(vs.size())));
            }
        }
        return b.build();
    }

    private static boolean conflicts(List<int[]> a, List<int[]> b) {
        for (int[] p : a) {
            for (int[] q : b) {
                if (p[0] == 1 && q[0] == 1 && p[1] == q[1]) {
                    return true;
                }
            }
        }
        return false;
    }

    private static long finalWrite(List<int[]> ops, long[] vals, int x) {
        long f = -1;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i)[0] == 1 && ops.get(i)[1] == x) {
                f = vals[i];
            }
        }
        return f;
    }

    private static String key(int x) {
        return String.valueOf((char) ('x' + x));
    }
}
