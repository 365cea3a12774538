package isocheck.level;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Small random histories for property tests. The shape (sessions, transactions, operations, keys)
 * is drawn first; then each read picks its value: usually the final write of some transaction (or
 * the initial value), sometimes its own latest write, rarely something anomalous (a value nobody
 * wrote, an intermediate write, a write of an aborted transaction). In "serial" mode reads only
 * observe transactions earlier in a hidden serial order, so consistent histories are common.
 */
final class RandomHistories {
    private RandomHistories() {}

    static History generate(long seed) {
        return generate(seed, false);
    }

    /**
     * With {@code recorded}, every write names the version it replaced in the hidden serial order
     * ({@link History#replaced}; its transaction's earlier write of the key, else the previous
     * writer's, else the initial version), and an eighth of them a random version of the key
     * instead: orders a checker must follow, some contradicting the reads.
     */
    static History generate(long seed, boolean recorded) {
        Random rnd = new Random(seed);
        int sessions = 1 + rnd.nextInt(4);
        int keys = 1 + rnd.nextInt(3);
        boolean withInit = rnd.nextInt(10) < 8;
        boolean serial = rnd.nextBoolean();
        boolean anomalies = rnd.nextInt(6) == 0;
        int reuse =
                rnd.nextBoolean() ? 9 : 2; // tenths: how often a re-read repeats the earlier read
        int totalTxns = 0;

        // shape: per transaction a list of (isWrite, key)
        List<int[]> txnSession = new ArrayList<>();
        List<List<int[]>> txnOps = new ArrayList<>();
        List<Boolean> aborted = new ArrayList<>();
        for (int s = 0; s < sessions; s++) {
            int n = 1 + rnd.nextInt(3);
            for (int i = 0; i < n && totalTxns < 9; i++, totalTxns++) {
                List<int[]> ops = new ArrayList<>();
                int m = 1 + rnd.nextInt(4);
                for (int j = 0; j < m; j++) {
                    ops.add(new int[] {rnd.nextInt(5) < 2 ? 1 : 0, rnd.nextInt(keys)});
                }
                txnSession.add(new int[] {s});
                txnOps.add(ops);
                aborted.add(anomalies && rnd.nextInt(8) == 0);
            }
        }
        int n = txnOps.size();
        // hidden serial order: a random interleaving that respects sessions
        int[] rank = new int[n];
        {
            int[] next = new int[sessions];
            List<List<Integer>> bySession = new ArrayList<>();
            for (int s = 0; s < sessions; s++) {
                bySession.add(new ArrayList<>());
            }
            for (int t = 0; t < n; t++) {
                bySession.get(txnSession.get(t)[0]).add(t);
            }
            for (int r = 0; r < n; r++) {
                int s;
                do {
                    s = rnd.nextInt(sessions);
                } while (next[s] >= bySession.get(s).size());
                rank[bySession.get(s).get(next[s]++)] = r;
            }
        }
        // values: every write gets a unique value
        long[][] values = new long[n][];
        long counter = 1;
        for (int t = 0; t < n; t++) {
            values[t] = new long[txnOps.get(t).size()];
            for (int j = 0; j < values[t].length; j++) {
                if (txnOps.get(t).get(j)[0] == 1) {
                    values[t][j] = counter++;
                }
            }
        }
        for (int t = 0; t < n; t++) {
            List<int[]> ops = txnOps.get(t);
            for (int j = 0; j < ops.size(); j++) {
                if (ops.get(j)[0] == 1) {
                    continue;
                }
                int x = ops.get(j)[1];
                long own = -1;
                for (int i = 0; i < j; i++) {
                    if (ops.get(i)[0] == 1 && ops.get(i)[1] == x) {
                        own = values[t][i];
                    }
                }
                if (own >= 0 && rnd.nextInt(10) < 9) {
                    values[t][j] = own;
                    continue;
                }
                long earlier =
                        -1; // an earlier read of x in this transaction: usually read it again
                for (int i = 0; i < j; i++) {
                    if (ops.get(i)[0] == 0 && ops.get(i)[1] == x) {
                        earlier = values[t][i];
                    }
                }
                if (own < 0 && earlier >= 0 && rnd.nextInt(10) < reuse) {
                    values[t][j] = earlier;
                    continue;
                }
                if (anomalies && rnd.nextInt(20) == 0) {
                    values[t][j] = 1000 + rnd.nextInt(3); // thin air
                    continue;
                }
                List<Long> candidates = new ArrayList<>();
                if (withInit) {
                    candidates.add(0L);
                }
                for (int u = 0; u < n; u++) {
                    if (u == t || (serial && rank[u] > rank[t])) {
                        continue;
                    }
                    if (aborted.get(u) && !anomalies) {
                        continue;
                    }
                    List<int[]> uo = txnOps.get(u);
                    long fin = -1;
                    for (int i = 0; i < uo.size(); i++) {
                        if (uo.get(i)[0] == 1 && uo.get(i)[1] == x) {
                            if (fin >= 0 && anomalies && rnd.nextInt(10) == 0) {
                                break; // leave an intermediate write as the candidate
                            }
                            fin = values[u][i];
                        }
                    }
                    if (fin >= 0) {
                        candidates.add(fin);
                    }
                }
                values[t][j] =
                        candidates.isEmpty()
                                ? (withInit ? 0 : 1000)
                                : candidates.get(rnd.nextInt(candidates.size()));
            }
        }
        Long[][] replaced = new Long[n][];
        if (recorded) {
            Integer[] byRank = new Integer[n];
            for (int t = 0; t < n; t++) {
                byRank[rank[t]] = t;
                replaced[t] = new Long[txnOps.get(t).size()];
            }
            Map<Integer, List<Long>> versions = new HashMap<>();
            for (int x = 0; x < keys; x++) {
                versions.put(x, new ArrayList<>(withInit ? List.of(0L) : List.of()));
            }
            for (Integer t : byRank) {
                List<int[]> ops = txnOps.get(t);
                for (int j = 0; j < ops.size(); j++) {
                    if (ops.get(j)[0] != 1) {
                        continue;
                    }
                    List<Long> vs = versions.get(ops.get(j)[1]);
                    if (!vs.isEmpty()) {
                        replaced[t][j] =
                                rnd.nextInt(8) == 0
                                        ? vs.get(rnd.nextInt(vs.size()))
                                        : vs.get(vs.size() - 1);
                    }
                    if (!aborted.get(t)) {
                        vs.add(values[t][j]);
                    }
                }
            }
        }
        HistoryBuilder b = new HistoryBuilder();
        if (withInit) {
            b.init();
            for (int x = 0; x < keys; x++) {
                b.init().w(key(x), 0);
            }
        }
        for (int t = 0; t < n; t++) {
            HistoryBuilder.Txn tx = b.txn("s" + txnSession.get(t)[0]);
            List<int[]> ops = txnOps.get(t);
            for (int j = 0; j < ops.size(); j++) {
                if (ops.get(j)[0] == 1 && recorded && replaced[t][j] != null) {
                    tx.w(key(ops.get(j)[1]), values[t][j], replaced[t][j]);
                } else if (ops.get(j)[0] == 1) {
                    tx.w(key(ops.get(j)[1]), values[t][j]);
                } else {
                    tx.r(key(ops.get(j)[1]), values[t][j]);
                }
            }
            if (aborted.get(t)) {
                tx.aborted();
            }
        }
        return b.build();
    }

    private static String key(int x) {
        return String.valueOf((char) ('x' + x));
    }

    /** The history in a compact, readable form for failure messages. */
    static String dump(History h) {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < h.txnCount(); t++) {
            sb.append(h.txnLabel(t));
            if (!h.isInitial(t)) {
                sb.append(" [").append(h.sessionName(h.session(t))).append(']');
            }
            if (!h.isCommitted(t)) {
                sb.append(" ABORTED");
            }
            sb.append(':');
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                sb.append(' ').append(h.opText(op));
                if (h.isWrite(op) && h.replaced(op) >= 0) {
                    sb.append("<-").append(History.valueText(h.value(h.replaced(op))));
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
