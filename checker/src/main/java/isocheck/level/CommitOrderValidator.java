package isocheck.level;

import isocheck.history.History;
import java.util.Arrays;
import java.util.Optional;

/**
 * Checks a certificate: whether a commit order co satisfies a level's axioms on a history (Biswas &
 * Enea, OOPSLA 2019, §2.2; PSI per Cerone et al., see {@link Level#PSI}). Independent of the
 * checkers (it reads the history directly), so that tests can trust a "consistent" verdict without
 * trusting the search that produced it.
 *
 * <p>Cost: O(n + ops) for PC, SI, SER and SSER (one sweep along co; snapshot queries answered
 * offline, bucketed by snapshot position); O(n·k + ops) for PSI (vector clocks over the k sessions
 * along co). The history must pass read consistency and repeatable reads (the checkers verify that
 * first; {@link #check} does too, via {@link ReadConsistency}).
 */
public final class CommitOrderValidator {
    private CommitOrderValidator() {}

    /** Empty if {@code co} is a valid certificate of {@code level} for {@code h}, else why not. */
    public static Optional<String> check(History h, Level level, int[] co) {
        if (!level.exact()) {
            throw new IllegalArgumentException(
                    "certificates are commit orders of PC, PSI, SI, SER or SSER");
        }
        // one index for both checks, each asked for its first anomaly only (ReadConsistency.check
        // and repeatableReads build an index each and list every anomaly; this check runs for
        // the guessed order too)
        HistoryIndex idx = new HistoryIndex(h);
        if (!ReadConsistency.anomalies(idx, new Views(idx), 1).isEmpty()) {
            return Optional.of("the history is not read-consistent");
        }
        if (!ReadConsistency.repeatableReads(idx, new Views(idx), 1).isEmpty()) {
            return Optional.of("the history has a non-repeatable read");
        }
        int n = h.txnCount();
        int[] pos = new int[n];
        Arrays.fill(pos, -1);
        int committed = 0;
        for (int t = 0; t < n; t++) {
            if (h.isCommitted(t)) {
                committed++;
            }
        }
        if (co == null || co.length != committed) {
            return Optional.of(
                    "co must list each of the " + committed + " committed transactions once");
        }
        for (int i = 0; i < co.length; i++) {
            int t = co[i];
            if (t < 0 || t >= n || !h.isCommitted(t) || pos[t] >= 0) {
                return Optional.of(
                        "co position "
                                + i
                                + ": transaction "
                                + t
                                + " is unknown, aborted or repeated");
            }
            pos[t] = i;
        }
        if (h.hasInitial() && pos[0] != 0) {
            return Optional.of("the initial transaction must come first");
        }
        // so ⊆ co
        for (int s = 0; s < h.sessionCount(); s++) {
            int prev = -1;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (h.isCommitted(t)) {
                    if (prev >= 0 && pos[prev] > pos[t]) {
                        return Optional.of(
                                "co puts "
                                        + h.txnLabel(t)
                                        + " before "
                                        + h.txnLabel(prev)
                                        + ", its session predecessor");
                    }
                    prev = t;
                }
            }
        }
        // the recorded version order ⊆ co (version order = co on the writers of a key)
        RecordedOrder rec = RecordedOrder.of(h);
        for (int e = 0; e < rec.size(); e++) {
            if (pos[rec.from[e]] > pos[rec.to[e]]) {
                return Optional.of(
                        "co puts "
                                + h.txnLabel(rec.to[e])
                                + " before "
                                + h.txnLabel(rec.from[e])
                                + ", whose version of "
                                + h.keys().name(rec.key[e])
                                + " its write was recorded to replace");
            }
        }
        // External reads: (reader, key, writer); one per (reader, key) thanks to repeatable reads.
        int keys = h.keys().size();
        int[] readStart = new int[n + 1];
        int[] rKey = new int[h.opCount()];
        int[] rWriter = new int[h.opCount()];
        int[] stamp = new int[keys];
        Arrays.fill(stamp, -1);
        // operation → transaction in one sequential pass, for the writers of the reads: a binary
        // search over the transactions per read (History.txnOf) missed the cache at every step at
        // 10^6 transactions
        int[] txnOfOp = new int[h.opCount()];
        for (int t = 0; t < n; t++) {
            Arrays.fill(txnOfOp, h.opStart(t), h.opEnd(t), t);
        }
        int m = 0;
        for (int t = 0; t < n; t++) {
            readStart[t] = m;
            if (!h.isCommitted(t)) {
                continue;
            }
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                int x = h.key(op);
                if (h.isWrite(op)) {
                    stamp[x] = t;
                    continue;
                }
                if (stamp[x] == t) {
                    continue;
                }
                int w = h.writeOf(x, h.value(op));
                int wt = txnOfOp[w];
                if (wt == t) {
                    continue;
                }
                stamp[x] = t;
                rKey[m] = x;
                rWriter[m++] = wt;
                if (pos[wt] > pos[t]) {
                    return Optional.of(
                            "co puts "
                                    + h.txnLabel(t)
                                    + " before "
                                    + h.txnLabel(wt)
                                    + ", which it reads from");
                }
            }
        }
        readStart[n] = m;
        // write sets (keys, deduplicated)
        int[] wsStart = new int[n + 1];
        int[] wsKey = new int[h.opCount()];
        Arrays.fill(stamp, -1);
        int wm = 0;
        for (int t = 0; t < n; t++) {
            wsStart[t] = wm;
            if (!h.isCommitted(t)) {
                continue;
            }
            for (int op = h.opStart(t); op < h.opEnd(t); op++) {
                if (h.isWrite(op) && stamp[h.key(op)] != t) {
                    stamp[h.key(op)] = t;
                    wsKey[wm++] = h.key(op);
                }
            }
        }
        wsStart[n] = wm;
        return switch (level) {
            case SER, SSER ->
                    serializable(h, level, co, pos, readStart, rKey, rWriter, wsStart, wsKey);
            case PC, SI ->
                    prefix(
                            h,
                            level.traits().conflict(),
                            co,
                            pos,
                            readStart,
                            rKey,
                            rWriter,
                            wsStart,
                            wsKey);
            case PSI -> psi(h, co, pos, readStart, rKey, rWriter, wsStart, wsKey);
            default -> throw new AssertionError(level);
        };
    }

    /** Serialization: every read observes the co-latest writer of its key; SSER: rt ⊆ co. */
    private static Optional<String> serializable(
            History h,
            Level level,
            int[] co,
            int[] pos,
            int[] readStart,
            int[] rKey,
            int[] rWriter,
            int[] wsStart,
            int[] wsKey) {
        int[] last = new int[h.keys().size()];
        Arrays.fill(last, -1);
        long maxStart = Long.MIN_VALUE;
        int maxStartTxn = -1;
        for (int t : co) {
            for (int i = readStart[t]; i < readStart[t + 1]; i++) {
                if (last[rKey[i]] != rWriter[i]) {
                    return Optional.of(
                            h.txnLabel(t)
                                    + " reads "
                                    + h.keys().name(rKey[i])
                                    + " from "
                                    + h.txnLabel(rWriter[i])
                                    + " but the co-latest writer is "
                                    + (last[rKey[i]] < 0 ? "none" : h.txnLabel(last[rKey[i]])));
                }
            }
            for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                last[wsKey[i]] = t;
            }
            if (level.traits().realTime()
                    && !h.isInitial(t)
                    && h.startTime(t) != History.NO_TIME
                    && h.commitTime(t) != History.NO_TIME) {
                if (h.commitTime(t) < maxStart) {
                    return Optional.of(
                            h.txnLabel(t)
                                    + " commits before "
                                    + h.txnLabel(maxStartTxn)
                                    + " starts but co puts it after");
                }
                if (h.startTime(t) > maxStart) {
                    maxStart = h.startTime(t);
                    maxStartTxn = t;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Prefix (and Conflict for SI): t3 observes the co-prefix up to its snapshot position s3 = the
     * latest of its direct so/wr predecessors (and, for SI, of the co-earlier writers of keys it
     * writes); each read of x must come from the latest x-writer within that prefix.
     */
    private static Optional<String> prefix(
            History h,
            boolean conflict,
            int[] co,
            int[] pos,
            int[] readStart,
            int[] rKey,
            int[] rWriter,
            int[] wsStart,
            int[] wsKey) {
        int n = co.length;
        int[] snap = new int[h.txnCount()];
        int[] last = new int[h.keys().size()];
        Arrays.fill(last, -1);
        // snapshot positions
        int[] soPredPos = new int[h.txnCount()];
        Arrays.fill(soPredPos, h.hasInitial() ? 0 : -1);
        for (int s = 0; s < h.sessionCount(); s++) {
            int prev = -1;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (h.isCommitted(t)) {
                    if (prev >= 0) {
                        soPredPos[t] = pos[prev];
                    }
                    prev = t;
                }
            }
        }
        for (int t : co) {
            int s3 = soPredPos[t];
            if (h.isInitial(t)) {
                s3 = -1;
            }
            for (int i = readStart[t]; i < readStart[t + 1]; i++) {
                s3 = Math.max(s3, pos[rWriter[i]]);
            }
            if (conflict) {
                for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                    if (last[wsKey[i]] >= 0) {
                        s3 = Math.max(s3, pos[last[wsKey[i]]]);
                    }
                }
            }
            snap[t] = s3;
            for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                last[wsKey[i]] = t;
            }
        }
        // bucket readers by snapshot position, then sweep co again
        int[] bucketStart = new int[n + 2];
        for (int t : co) {
            bucketStart[snap[t] + 2]++;
        }
        for (int i = 0; i < n + 1; i++) {
            bucketStart[i + 1] += bucketStart[i];
        }
        int[] bucket = new int[n];
        int[] fill = Arrays.copyOf(bucketStart, n + 1);
        for (int t : co) {
            bucket[fill[snap[t] + 1]++] = t;
        }
        Arrays.fill(last, -1);
        for (int p = -1; p < n; p++) {
            if (p >= 0) {
                int t = co[p];
                for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                    last[wsKey[i]] = t;
                }
            }
            for (int b = bucketStart[p + 1]; b < bucketStart[p + 2]; b++) {
                int t3 = bucket[b];
                for (int i = readStart[t3]; i < readStart[t3 + 1]; i++) {
                    if (last[rKey[i]] != rWriter[i]) {
                        return Optional.of(
                                h.txnLabel(t3)
                                        + " reads "
                                        + h.keys().name(rKey[i])
                                        + " from "
                                        + h.txnLabel(rWriter[i])
                                        + " but its snapshot (co prefix up to "
                                        + (p < 0 ? "nothing" : h.txnLabel(co[p]))
                                        + ") ends with "
                                        + (last[rKey[i]] < 0
                                                ? "no writer"
                                                : h.txnLabel(last[rKey[i]]))
                                        + " writing it"
                                        + (conflict ? " (Prefix ∧ Conflict)" : " (Prefix)"));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * PSI: vis = (so ∪ wr ∪ ww_co)+ where ww_co links consecutive writers of each key in co; each
     * read of x from t1 must not see the next x-writer after t1 (then no later one either, the
     * writers of x being a vis-chain). Vector clocks: per transaction, per session, the highest
     * session position visible.
     */
    private static Optional<String> psi(
            History h,
            int[] co,
            int[] pos,
            int[] readStart,
            int[] rKey,
            int[] rWriter,
            int[] wsStart,
            int[] wsKey) {
        int k = h.sessionCount();
        int n = h.txnCount();
        int[] readSlot = readSlots(n, h.keys().size(), readStart, rKey, rWriter, wsStart, wsKey);
        int[] sessPos = new int[n];
        for (int s = 0; s < k; s++) {
            int p = 0;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (h.isCommitted(t)) {
                    sessPos[t] = p++;
                }
            }
        }
        // one row of k ints per committed transaction, by its position in co, in blocks of rows
        // (not an array per transaction: at 10^6 transactions a million 400-byte arrays that all
        // survive to the end were copied by the collector)
        Clocks clock = new Clocks(co.length, k);
        int[] last = new int[h.keys().size()];
        Arrays.fill(last, -1);
        int[] next =
                new int[wsKey.length]; // next writer of (t, key) in co: indexed by write-set slot
        Arrays.fill(next, -1);
        int[] lastSlot = new int[h.keys().size()];
        Arrays.fill(lastSlot, -1);
        for (int t : co) {
            for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                int x = wsKey[i];
                if (lastSlot[x] >= 0) {
                    next[lastSlot[x]] = t;
                }
                lastSlot[x] = i;
            }
        }
        int[] prevInSession = new int[n];
        Arrays.fill(prevInSession, -1);
        for (int s = 0; s < k; s++) {
            int prev = -1;
            for (int t = h.sessionStart(s); t < h.sessionEnd(s); t++) {
                if (h.isCommitted(t)) {
                    prevInSession[t] = prev;
                    prev = t;
                }
            }
        }
        Arrays.fill(lastSlot, -1);
        int[] c = new int[k];
        for (int t : co) {
            Arrays.fill(c, -1);
            if (!h.isInitial(t)) {
                join(c, clock, pos, prevInSession[t], h, sessPos);
                for (int i = readStart[t]; i < readStart[t + 1]; i++) {
                    join(c, clock, pos, rWriter[i], h, sessPos);
                }
                for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                    int x = wsKey[i];
                    if (last[x] >= 0) {
                        join(c, clock, pos, last[x], h, sessPos);
                    }
                }
            }
            clock.store(pos[t], c);
            for (int i = readStart[t]; i < readStart[t + 1]; i++) {
                int t1 = rWriter[i];
                int slot = readSlot[i];
                int nx = slot < 0 ? -1 : next[slot];
                if (nx >= 0 && nx != t && pos[nx] < pos[t] && visible(c, nx, h, sessPos)) {
                    return Optional.of(
                            h.txnLabel(t)
                                    + " reads "
                                    + h.keys().name(rKey[i])
                                    + " from "
                                    + h.txnLabel(t1)
                                    + " but also sees "
                                    + h.txnLabel(nx)
                                    + ", which overwrites it (vis = (so ∪ wr ∪ ww)+)");
                }
            }
            for (int i = wsStart[t]; i < wsStart[t + 1]; i++) {
                last[wsKey[i]] = t;
            }
        }
        return Optional.empty();
    }

    /**
     * For each external read i (of key rKey[i] from rWriter[i]), the slot of that key in its
     * writer's write set, or -1: the reads grouped by writer, each writer's keys spread once into a
     * per-key table, O(n + keys + ops). A scan of the writer's write set per read cost a whole scan
     * of the initial transaction's write set (every key) for each read of an initial version: on
     * the long fork at 10^6 (200,000 keys) the most sampled frame of the PSI certificate check.
     */
    static int[] readSlots(
            int n,
            int keys,
            int[] readStart,
            int[] rKey,
            int[] rWriter,
            int[] wsStart,
            int[] wsKey) {
        int reads = readStart[n];
        int[] byStart = new int[n + 1];
        for (int i = 0; i < reads; i++) {
            byStart[rWriter[i] + 1]++;
        }
        for (int t = 0; t < n; t++) {
            byStart[t + 1] += byStart[t];
        }
        int[] fill = Arrays.copyOf(byStart, n);
        int[] byWriter = new int[reads];
        for (int i = 0; i < reads; i++) {
            byWriter[fill[rWriter[i]]++] = i;
        }
        int[] keySlot = new int[keys];
        Arrays.fill(keySlot, -1);
        int[] slot = new int[reads];
        for (int t = 0; t < n; t++) {
            if (byStart[t] == byStart[t + 1]) {
                continue;
            }
            for (int j = wsStart[t]; j < wsStart[t + 1]; j++) {
                keySlot[wsKey[j]] = j;
            }
            for (int k = byStart[t]; k < byStart[t + 1]; k++) {
                slot[byWriter[k]] = keySlot[rKey[byWriter[k]]];
            }
            for (int j = wsStart[t]; j < wsStart[t + 1]; j++) {
                keySlot[wsKey[j]] = -1;
            }
        }
        return slot;
    }

    /**
     * c ⊔= clock(u) ⊔ {u}. Nothing to do when c already shows u visible (c[session(u)] ≥ u's
     * session position): c is the join of {x} ⊔ clock(x) over the transactions x joined so far, and
     * what it shows visible is closed under vis (a clock holds its session predecessor's, and
     * through it every earlier one of that session, and clock(x) ⊒ clock(y) for each y that x
     * sees), so u visible in c means u is x or seen by some joined x, and clock(u) ⊑ clock(x) ⊑ c.
     * Exact, not a bound: the session predecessor, joined first, usually already sees the writers a
     * transaction reads from, and each skipped join saves a row of k ints read at random (the joins
     * were the most sampled frame of the PSI certificate check at 10^6, RESULTS stop 27).
     */
    private static void join(int[] c, Clocks clock, int[] pos, int u, History h, int[] sessPos) {
        if (u < 0 || h.isInitial(u)) {
            return;
        }
        int s = h.session(u);
        if (c[s] >= sessPos[u]) {
            return;
        }
        clock.joinInto(c, pos[u]);
        c[s] = sessPos[u];
    }

    private static boolean visible(int[] c, int u, History h, int[] sessPos) {
        if (h.isInitial(u)) {
            return true;
        }
        return c[h.session(u)] >= sessPos[u];
    }

    /**
     * The PSI check's vector clocks: row r (a transaction's position in co) of k ints, rows packed
     * into blocks of about 2^24 ints (no index overflow, few objects).
     */
    private static final class Clocks {
        private final int k;
        private final int rowsPerBlock;
        private final int[][] blocks;

        Clocks(int rows, int k) {
            this.k = Math.max(1, k);
            this.rowsPerBlock = Math.max(1, (1 << 24) / this.k);
            int count = (rows + rowsPerBlock - 1) / rowsPerBlock;
            blocks = new int[count][];
            for (int b = 0; b < count; b++) {
                int inBlock = Math.min(rowsPerBlock, rows - b * rowsPerBlock);
                blocks[b] = new int[inBlock * this.k];
            }
        }

        void store(int row, int[] c) {
            System.arraycopy(c, 0, blocks[row / rowsPerBlock], (row % rowsPerBlock) * k, c.length);
        }

        /**
         * c[i] = max(c[i], row[i]): Math.max, which C2 vectorises, where a compare and store per
         * cell stays scalar.
         */
        void joinInto(int[] c, int row) {
            int[] b = blocks[row / rowsPerBlock];
            int at = (row % rowsPerBlock) * k;
            for (int i = 0; i < c.length; i++) {
                c[i] = Math.max(c[i], b[at + i]);
            }
        }
    }
}
