package isocheck.history;

import isocheck.primitive.IntList;
import isocheck.primitive.IntLongIntMap;
import isocheck.primitive.LongIntMap;
import isocheck.primitive.LongList;
import isocheck.primitive.Parallel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link History}. Transactions may be opened in any order and their operations may arrive
 * interleaved (as in a log of concurrent sessions); {@link #build()} groups transactions by session
 * and operations by transaction, keeping arrival order as session order and program order.
 *
 * <p>Low-level use (readers, recorders): {@link #session}, {@link #begin}, {@link #read}, {@link
 * #write}, {@link #abort}. Fluent use (tests): {@code b.init().w("x", 0); b.txn("s1").w("x",
 * 1).r("y", 0);}.
 */
public final class HistoryBuilder {
    private static final byte COMMITTED = 0;
    private static final byte ABORTED = 1;

    private final KeyTable keys = new KeyTable();
    private final List<String> sessionNames = new ArrayList<>();
    private final Map<String, Integer> sessionIds = new HashMap<>();

    private final IntList txnSession = new IntList();
    private final LongList txnIds = new LongList();
    private final IntList txnStatus = new IntList();
    private final IntList txnLine =
            new IntList(); // the source line current when the transaction began
    private LongList startTimes;
    private LongList commitTimes;
    private boolean explicitIds;
    private boolean idsDistinct; // the caller maps each id to one transaction (distinctIds)

    private final IntList opTxn = new IntList(1024);
    private final IntList opKeyKind = new IntList(1024); // key << 1 | isWrite
    private final LongList opValue = new LongList(1024);
    private IntList opLine;
    private int currentLine = -1;

    private int initialTxn = -1;
    private boolean implicitInitial;
    private long implicitInitialValue;

    /**
     * Predicate reads, with the global operation index they come before ({@link #predicateRead}).
     */
    private final List<PredicateRead> predicateReads = new ArrayList<>();

    private final IntList predicateAt = new IntList();
    private final IntList predicateLine = new IntList();

    /** Per transaction, how many operations it has so far (a predicate read's position). */
    private final IntList txnOps = new IntList();

    /**
     * Recorded version order ({@link #write(int, int, long, long)}): per such write its key, value,
     * the value of the version it replaced and its source line; resolved to operations in {@link
     * #build}.
     */
    private IntList replacedKey;

    private LongList replacedValue;
    private LongList replacedPrevious;
    private IntList replacedLine;

    public KeyTable keys() {
        return keys;
    }

    /** The session named {@code name}, created on first use; sessions keep their creation order. */
    public int session(String name) {
        Integer id = sessionIds.get(name);
        if (id == null) {
            id = sessionNames.size();
            sessionIds.put(name, id);
            sessionNames.add(name);
        }
        return id;
    }

    public String sessionName(int s) {
        return sessionNames.get(s);
    }

    public int sessionCount() {
        return sessionNames.size();
    }

    /**
     * Opens a committed transaction at the end of session {@code s}, numbered by its creation
     * order.
     */
    public int begin(int s) {
        return begin(s, Long.MIN_VALUE);
    }

    /**
     * Opens a committed transaction at the end of session {@code s} with source identifier {@code
     * id}.
     */
    public int begin(int s, long id) {
        if (s < 0 || s >= sessionNames.size()) {
            throw new IllegalArgumentException("no session " + s);
        }
        return newTxn(s, id);
    }

    private int newTxn(int s, long id) {
        int t = txnSession.size();
        txnSession.add(s);
        if (id != Long.MIN_VALUE) {
            explicitIds = true;
        }
        txnIds.add(id);
        txnStatus.add(COMMITTED);
        txnOps.add(0);
        txnLine.add(currentLine);
        if (startTimes != null) {
            startTimes.add(History.NO_TIME);
            commitTimes.add(History.NO_TIME);
        }
        return t;
    }

    /**
     * The initial transaction (created on first use): it writes the initial state and precedes all.
     */
    public int initial() {
        if (initialTxn < 0) {
            initialTxn = newTxn(-1, Long.MIN_VALUE);
        }
        return initialTxn;
    }

    /**
     * The convention of Plume, dbcop and Cobra histories: the initial transaction writes {@code
     * value} to every key, except keys on which some transaction explicitly writes that value (such
     * files spell the initial state out themselves).
     */
    public void initialWritesEverywhere(long value) {
        initial();
        implicitInitial = true;
        implicitInitialValue = value;
    }

    public void abort(int txn) {
        if (txn == initialTxn) {
            throw new IllegalArgumentException("the initial transaction cannot abort");
        }
        txnStatus.set(txn, ABORTED);
    }

    public void commit(int txn) {
        txnStatus.set(txn, COMMITTED);
    }

    /** Real-time start and commit stamps of {@code txn} ({@link History#NO_TIME} if unknown). */
    public void times(int txn, long start, long commit) {
        if (startTimes == null) {
            startTimes = new LongList(txnSession.size() + 16);
            commitTimes = new LongList(txnSession.size() + 16);
            for (int i = 0; i < txnSession.size(); i++) {
                startTimes.add(History.NO_TIME);
                commitTimes.add(History.NO_TIME);
            }
        }
        startTimes.set(txn, start);
        commitTimes.set(txn, commit);
    }

    /** Tags the operations added from now on with a source line, used in error messages. */
    public void sourceLine(int line) {
        if (opLine == null) {
            opLine = new IntList(Math.max(16, opTxn.size() + 16));
            for (int i = 0; i < opTxn.size(); i++) {
                opLine.add(-1);
            }
        }
        currentLine = line;
    }

    public void read(int txn, int key, long value) {
        op(txn, key, value, false);
    }

    public void write(int txn, int key, long value) {
        op(txn, key, value, true);
    }

    /**
     * A write that the source recorded as installed directly over the version {@code replaced} of
     * the same key (a database's own version order, e.g. the version an UPDATE overwrote): {@link
     * History#replaced} gives it to the checkers as a known ww edge. {@link #build} rejects a
     * replaced version nobody wrote.
     */
    public void write(int txn, int key, long value, long replaced) {
        op(txn, key, value, true);
        if (replacedKey == null) {
            replacedKey = new IntList();
            replacedValue = new LongList(16);
            replacedPrevious = new LongList(16);
            replacedLine = new IntList();
        }
        replacedKey.add(key);
        replacedValue.add(value);
        replacedPrevious.add(replaced);
        replacedLine.add(currentLine);
    }

    private void op(int txn, int key, long value, boolean write) {
        if (txn < 0 || txn >= txnSession.size()) {
            throw new IllegalArgumentException("no transaction " + txn);
        }
        if (!write && txn == initialTxn) {
            throw new IllegalArgumentException("the initial transaction only writes");
        }
        txnOps.set(txn, txnOps.get(txn) + 1);
        opTxn.add(txn);
        opKeyKind.add(key << 1 | (write ? 1 : 0));
        opValue.add(value);
        if (opLine != null) {
            opLine.add(currentLine);
        }
    }

    /**
     * A predicate read by {@code txn}, after the operations it has so far ({@link PredicateRead}).
     * {@link #build} reduces it to item reads of keys of its own ({@link PredicateKey}), one per
     * change: a change the read observed becomes a read of the changer's write (Adya's predicate
     * read-dependency), a later change a read of the initial version that the changer overwrites
     * (the predicate anti-dependency). Every level's axiom then says what Adya's edges say: a
     * change the predicate saw must be visible to it, a change it missed must not be.
     */
    public void predicateRead(
            int txn, String table, String predicate, List<PredicateRead.Row> rows) {
        if (txn < 0 || txn >= txnSession.size()) {
            throw new IllegalArgumentException("no transaction " + txn);
        }
        if (txn == initialTxn) {
            throw new IllegalArgumentException("the initial transaction only writes");
        }
        predicateReads.add(new PredicateRead(txn, txnOps.get(txn), table, predicate, rows));
        predicateAt.add(opTxn.size());
        predicateLine.add(opLine == null ? -1 : currentLine);
    }

    // ---- fluent layer for tests and recorders ----

    /** A fluent handle on one transaction. */
    public final class Txn {
        private final int id;

        private Txn(int id) {
            this.id = id;
        }

        public int id() {
            return id;
        }

        public Txn r(String key, long value) {
            read(id, keys.intern(key), value);
            return this;
        }

        public Txn w(String key, long value) {
            write(id, keys.intern(key), value);
            return this;
        }

        /** A write recorded as installed directly over version {@code replaced} of {@code key}. */
        public Txn w(String key, long value, long replaced) {
            write(id, keys.intern(key), value, replaced);
            return this;
        }

        /** A predicate read here; {@code rows} as in {@link PredicateRead}. */
        public Txn p(String table, String predicate, PredicateRead.Row... rows) {
            predicateRead(id, table, predicate, List.of(rows));
            return this;
        }

        public Txn aborted() {
            abort(id);
            return this;
        }

        public Txn times(long start, long commit) {
            HistoryBuilder.this.times(id, start, commit);
            return this;
        }
    }

    /** Opens a new committed transaction at the end of the named session. */
    public Txn txn(String session) {
        return new Txn(begin(session(session)));
    }

    /** The initial transaction, for fluent writes. */
    public Txn init() {
        return new Txn(initial());
    }

    /**
     * Sizes the operation lists for about {@code n} operations (a reader that knows its input's
     * size): growing them by doubling copies every element about once more and leaves the last
     * array up to twice too large (at 10^7 events RC: 0.95x the wall time, 889 against 937 MiB,
     * RESULTS dyn5).
     */
    public void expectOperations(int n) {
        opTxn.ensureCapacity(n);
        opKeyKind.ensureCapacity(n);
        opValue.ensureCapacity(n);
        if (opLine != null) {
            opLine.ensureCapacity(n);
        }
    }

    /**
     * Declares that the caller never opens two transactions with one id (it maps each id to the
     * transaction it began, as the Plume reader does), so {@link #build} need not hash every id to
     * find a repeat: at 10^7 events that was a quarter of the single-threaded build (RESULTS,
     * dyn5).
     */
    public void distinctIds() {
        idsDistinct = true;
    }

    // ---- building ----

    /**
     * Builds the history.
     *
     * @throws InvalidHistoryException if two writes carry the same (key, value) pair
     */
    public History build() {
        rejectContradictions();
        if (implicitInitial) {
            addImplicitInitialWrites();
        }
        boolean[] predicateKey = expandPredicateReads();
        int nTxn = txnSession.size();
        int nSess = sessionNames.size();
        boolean hasInit = initialTxn >= 0;

        // Transaction order: initial first, then each session's transactions in creation order.
        int[] sessionStart = new int[nSess + 1];
        for (int t = 0; t < nTxn; t++) {
            int s = txnSession.get(t);
            if (s >= 0) {
                sessionStart[s + 1]++;
            }
        }
        sessionStart[0] = hasInit ? 1 : 0;
        for (int s = 0; s < nSess; s++) {
            sessionStart[s + 1] += sessionStart[s];
        }
        int[] fill = java.util.Arrays.copyOf(sessionStart, nSess);
        int[] newIndex = new int[nTxn];
        for (int t = 0; t < nTxn; t++) {
            int s = txnSession.get(t);
            newIndex[t] = s < 0 ? 0 : fill[s]++;
        }

        int[] session = new int[nTxn];
        long[] ids = new long[nTxn];
        boolean[] committed = new boolean[nTxn];
        long[] start = startTimes == null ? null : new long[nTxn];
        long[] commit = startTimes == null ? null : new long[nTxn];
        long ordinal = 0; // default ids: 1, 2, … in creation order
        for (int t = 0; t < nTxn; t++) {
            int n = newIndex[t];
            session[n] = txnSession.get(t);
            long id = txnIds.get(t);
            if (txnSession.get(t) >= 0) {
                ordinal++;
            }
            ids[n] = id == Long.MIN_VALUE ? (explicitIds ? -1 : ordinal) : id;
            committed[n] = txnStatus.get(t) == COMMITTED;
            if (start != null) {
                start[n] = startTimes.get(t);
                commit[n] = commitTimes.get(t);
            }
        }
        if (hasInit) {
            ids[0] = -1;
        }

        // Operations: stable counting sort by new transaction index.
        int nOp = opTxn.size();
        int[] opStart = new int[nTxn + 1];
        for (int i = 0; i < nOp; i++) {
            opStart[newIndex[opTxn.get(i)] + 1]++;
        }
        for (int t = 0; t < nTxn; t++) {
            opStart[t + 1] += opStart[t];
        }
        int[] pos = java.util.Arrays.copyOf(opStart, nTxn);
        int[] key = new int[nOp];
        long[] value = new long[nOp];
        boolean[] isWrite = new boolean[nOp];
        int[] line = opLine == null ? null : new int[nOp];
        IntLongIntMap index = null;
        if (Parallel.parts(nOp) > 1) {
            index = scatterBesideIndex(pos, newIndex, key, value, isWrite, line);
        } else {
            int writes = 0;
            for (int i = 0; i < nOp; i++) {
                int p = pos[newIndex[opTxn.get(i)]]++;
                int kk = opKeyKind.get(i);
                key[p] = kk >>> 1;
                isWrite[p] = (kk & 1) != 0;
                value[p] = opValue.get(i);
                if (line != null) {
                    line[p] = opLine.get(i);
                }
                if (isWrite[p]) {
                    writes++;
                }
            }
            index = writeIndex(writes, key, value, isWrite, line, opStart, ids, hasInit);
        }
        if (index == null) { // a repeated write: report the first in history order, as one pass
            int writes = 0;
            for (boolean w : isWrite) {
                writes += w ? 1 : 0;
            }
            writeIndex(writes, key, value, isWrite, line, opStart, ids, hasInit);
            throw new IllegalStateException("a repeated write the second pass did not find");
        }
        List<PredicateRead> preds = new ArrayList<>(predicateReads.size());
        for (PredicateRead pr : predicateReads) {
            preds.add(pr.withTxn(newIndex[pr.txn()]));
        }
        int[] replaced = replacedOps(index, nOp);
        return new History(
                keys,
                hasInit,
                session,
                ids,
                committed,
                opStart,
                key,
                value,
                isWrite,
                start,
                commit,
                sessionNames.toArray(new String[0]),
                sessionStart,
                index,
                preds,
                predicateKey,
                replaced);
    }

    /**
     * The recorded version order as operations: per write the operation of the version it replaced,
     * -1 where none was recorded; null when no write has one.
     */
    private int[] replacedOps(IntLongIntMap index, int nOp) {
        if (replacedKey == null) {
            return null;
        }
        int[] out = new int[nOp];
        java.util.Arrays.fill(out, -1);
        for (int i = 0; i < replacedKey.size(); i++) {
            int key = replacedKey.get(i);
            long value = replacedValue.get(i);
            long previous = replacedPrevious.get(i);
            int op = index.get(key, value);
            int prev = index.get(key, previous);
            if (prev < 0 || previous == value) {
                throw new InvalidHistoryException(
                        "w("
                                + keys.name(key)
                                + ","
                                + History.valueText(value)
                                + ") records that it replaced version "
                                + History.valueText(previous)
                                + (previous == value ? ", itself" : ", which no transaction wrote")
                                + " (a replaced version must name a write of the same key)",
                        -1,
                        replacedLine.get(i));
            }
            out[op] = prev;
        }
        return out;
    }

    /** Values identify writes: rejects a repeated (key, value) pair, naming both places. */
    private IntLongIntMap writeIndex(
            int writes,
            int[] key,
            long[] value,
            boolean[] isWrite,
            int[] line,
            int[] opStart,
            long[] ids,
            boolean hasInit) {
        IntLongIntMap index = new IntLongIntMap(writes);
        for (int op = 0; op < key.length; op++) {
            if (isWrite[op]) {
                int prev = index.putIfAbsent(key[op], value[op], op);
                if (prev >= 0) {
                    throw duplicate(prev, op, key, value, line, opStart, ids, hasInit);
                }
            }
        }
        return index;
    }

    /**
     * The operations' counting sort (into key, value, isWrite, line) on this thread while another
     * hashes the writes into the (key, value) → operation index, in arrival order: the index is the
     * same map (the positions are computed first), built beside the sort instead of after it (at
     * 10^7 events they were the two halves of build). Returns null on a repeated write, for the
     * caller to report it as the one-thread pass does (the first repeat in history order).
     */
    private IntLongIntMap scatterBesideIndex(
            int[] pos, int[] newIndex, int[] key, long[] value, boolean[] isWrite, int[] line) {
        int nOp = opTxn.size();
        int[] at = new int[nOp]; // arrival i → position in the history
        int writes = 0;
        for (int i = 0; i < nOp; i++) {
            at[i] = pos[newIndex[opTxn.get(i)]]++;
            writes += opKeyKind.get(i) & 1;
        }
        IntLongIntMap index = new IntLongIntMap(writes);
        boolean[] repeated = {false};
        Parallel.Task indexing =
                Parallel.start(
                        true,
                        () -> {
                            for (int i = 0; i < nOp; i++) {
                                int kk = opKeyKind.get(i);
                                if ((kk & 1) != 0
                                        && index.putIfAbsent(kk >>> 1, opValue.get(i), at[i])
                                                >= 0) {
                                    repeated[0] = true;
                                    return;
                                }
                            }
                        });
        for (int i = 0; i < nOp; i++) {
            int p = at[i];
            int kk = opKeyKind.get(i);
            key[p] = kk >>> 1;
            isWrite[p] = (kk & 1) != 0;
            value[p] = opValue.get(i);
            if (line != null) {
                line[p] = opLine.get(i);
            }
        }
        indexing.join();
        return repeated[0] ? null : index;
    }

    /**
     * Structural contradictions a reader cannot see line by line: two transactions with one id (the
     * checkers name transactions by id, so they would be reported as one, e.g. a cycle T1 -> T1),
     * and a commit stamp earlier than the start stamp (no real-time order can come from it).
     */
    private void rejectContradictions() {
        if (explicitIds && !idsDistinct) {
            LongIntMap firstWithId = new LongIntMap(txnIds.size());
            for (int t = 0; t < txnIds.size(); t++) {
                long id = txnIds.get(t);
                if (id == Long.MIN_VALUE || id == -1 || txnSession.get(t) < 0) {
                    continue; // no id of its own (-1: the aborted-write group of some formats)
                }
                int prev = firstWithId.putIfAbsent(id, t);
                if (prev >= 0) {
                    throw new InvalidHistoryException(
                            "transaction id "
                                    + id
                                    + " is used twice"
                                    + (txnLine.get(prev) > 0
                                            ? " (first at line " + txnLine.get(prev) + ")"
                                            : "")
                                    + "; every transaction needs an id of its own",
                            -1,
                            txnLine.get(t));
                }
            }
        }
        if (startTimes != null) {
            for (int t = 0; t < startTimes.size(); t++) {
                long start = startTimes.get(t);
                long commit = commitTimes.get(t);
                if (start != History.NO_TIME && commit != History.NO_TIME && commit < start) {
                    String name =
                            txnIds.get(t) == Long.MIN_VALUE
                                    ? "a transaction"
                                    : "transaction " + txnIds.get(t);
                    throw new InvalidHistoryException(
                            name
                                    + " commits at "
                                    + commit
                                    + ", before it starts at "
                                    + start
                                    + "; the commit time must not be earlier than the start time",
                            -1,
                            txnLine.get(t));
                }
            }
        }
    }

    private InvalidHistoryException duplicate(
            int first,
            int second,
            int[] key,
            long[] value,
            int[] line,
            int[] opStart,
            long[] ids,
            boolean hasInit) {
        String what = "w(" + keys.name(key[second]) + "," + History.valueText(value[second]) + ")";
        String msg =
                "duplicate write "
                        + what
                        + ": written by "
                        + txnName(first, opStart, ids, hasInit)
                        + " and again by "
                        + txnName(second, opStart, ids, hasInit)
                        + " (values must identify writes)";
        int l1 = line == null ? -1 : line[first];
        int l2 = line == null ? -1 : line[second];
        return new InvalidHistoryException(msg, l1, l2);
    }

    private static String txnName(int op, int[] opStart, long[] ids, boolean hasInit) {
        int lo = 0;
        while (opStart[lo + 1] <= op) {
            lo++;
        }
        return hasInit && lo == 0 ? "the initial transaction" : "transaction T" + ids[lo];
    }

    /**
     * Replaces the predicate reads by item operations on keys of their own ({@link
     * PredicateExpansion}); returns, per key, whether it stands for a predicate edge.
     */
    private boolean[] expandPredicateReads() {
        PredicateExpansion.Ops ops = new PredicateExpansion.Ops(opTxn, opKeyKind, opValue, opLine);
        if (predicateReads.isEmpty()) {
            return PredicateExpansion.none(ops, keys);
        }
        return PredicateExpansion.expand(
                ops, keys, predicateReads, predicateAt, predicateLine, initial(), this::txnLabelOf);
    }

    private String txnLabelOf(int t) {
        long id = txnIds.get(t);
        return id == Long.MIN_VALUE ? Integer.toString(t + 1) : Long.toString(id);
    }

    private void addImplicitInitialWrites() {
        int nKeys = keys.size();
        boolean[] explicit = new boolean[nKeys];
        for (int i = 0; i < opTxn.size(); i++) {
            int kk = opKeyKind.get(i);
            if ((kk & 1) != 0 && opValue.get(i) == implicitInitialValue) {
                explicit[kk >>> 1] = true;
            }
        }
        int saved = currentLine;
        if (opLine != null) {
            currentLine = -1;
        }
        for (int k = 0; k < nKeys; k++) {
            if (!explicit[k]) {
                op(initialTxn, k, implicitInitialValue, true);
            }
        }
        currentLine = saved;
        implicitInitial = false;
    }
}
