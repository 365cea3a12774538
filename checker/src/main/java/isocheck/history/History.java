package isocheck.history;

import isocheck.primitive.IntLongIntMap;

/**
 * An immutable transactional history in columnar form (Biswas–Enea Def. 2.2; AWDIT Def. 2.2).
 *
 * <p>Transactions are numbered {@code 0..txnCount()-1}. The optional initial transaction is number
 * 0 and belongs to no session; it writes the initial state and precedes every other transaction
 * (docs/DESIGN.md §2 "check", Biswas–Enea §2.2). The transactions of session {@code s} are the
 * contiguous range {@code sessionStart(s) .. sessionEnd(s)-1}, in session order; aborted
 * transactions stay in place but take no part in checking. The operations of transaction {@code t}
 * are the contiguous range {@code opStart(t) .. opEnd(t)-1}, in program order. Operations live in
 * primitive arrays: no object per operation.
 *
 * <p>Values identify writes: no two writes carry the same (key, value) pair, so {@link #writeOf}
 * finds the write a read observed.
 */
public final class History {
    /** The value "nil": the absent initial value of Elle-style histories, {@code null} in JSON. */
    public static final long NIL = Long.MIN_VALUE;

    /** Marks a missing timestamp. */
    public static final long NO_TIME = Long.MIN_VALUE;

    private final KeyTable keys;
    private final boolean hasInitial;
    private final int[] txnSession;
    private final long[] txnId;
    private final boolean[] committed;
    private final int[] opStart;
    private final int[] opKey;
    private final long[] opValue;
    private final boolean[] opWrite;
    private final long[] startTime;
    private final long[] commitTime;
    private final String[] sessionNames;
    private final int[] sessionStart;
    private final IntLongIntMap writeIndex;
    private final java.util.List<PredicateRead> predicateReads;
    private final boolean[] predicateKey;

    /** Per write, the write it was recorded to have replaced (-1: not recorded); null: none. */
    private final int[] replacedOp;

    History(
            KeyTable keys,
            boolean hasInitial,
            int[] txnSession,
            long[] txnId,
            boolean[] committed,
            int[] opStart,
            int[] opKey,
            long[] opValue,
            boolean[] opWrite,
            long[] startTime,
            long[] commitTime,
            String[] sessionNames,
            int[] sessionStart,
            IntLongIntMap writeIndex,
            java.util.List<PredicateRead> predicateReads,
            boolean[] predicateKey,
            int[] replacedOp) {
        this.keys = keys;
        this.hasInitial = hasInitial;
        this.txnSession = txnSession;
        this.txnId = txnId;
        this.committed = committed;
        this.opStart = opStart;
        this.opKey = opKey;
        this.opValue = opValue;
        this.opWrite = opWrite;
        this.startTime = startTime;
        this.commitTime = commitTime;
        this.sessionNames = sessionNames;
        this.sessionStart = sessionStart;
        this.writeIndex = writeIndex;
        this.predicateReads = java.util.List.copyOf(predicateReads);
        this.predicateKey = predicateKey;
        this.replacedOp = replacedOp;
    }

    /**
     * Whether some write carries a recorded version order ({@link #replaced}): the database's own
     * order of two versions, which the checkers take as a known ww edge instead of guessing it.
     */
    public boolean hasRecordedOrder() {
        return replacedOp != null;
    }

    /**
     * The write operation whose version write {@code op} was recorded to have replaced directly
     * (its immediate predecessor in the key's version order, e.g. the row version a PostgreSQL
     * UPDATE built its new version from), or -1 if none was recorded.
     */
    public int replaced(int op) {
        return replacedOp == null ? -1 : replacedOp[op];
    }

    /**
     * The predicate reads, in the order they were added ({@link PredicateRead}; {@code txn} is a
     * transaction of this history). Each is also present as item reads of keys of its own ({@link
     * #isPredicateKey}), which is what the checkers see.
     */
    public java.util.List<PredicateRead> predicateReads() {
        return predicateReads;
    }

    /**
     * How many rows of the predicate reads have an observed version known only within a range
     * ({@link PredicateRead.Row#uncertain}): while there are any, a consistent verdict is not exact
     * (an edge of the range may be missing) and the checkers answer unknown instead.
     */
    public int uncertainPredicateRows() {
        int n = 0;
        for (PredicateRead p : predicateReads) {
            for (PredicateRead.Row r : p.rows()) {
                n += r.uncertain() ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * Whether key {@code k} stands for a predicate edge ({@link PredicateKey}) rather than a data
     * item.
     */
    public boolean isPredicateKey(int k) {
        return k < predicateKey.length && predicateKey[k];
    }

    public KeyTable keys() {
        return keys;
    }

    public int txnCount() {
        return txnSession.length;
    }

    public int opCount() {
        return opKey.length;
    }

    public int sessionCount() {
        return sessionNames.length;
    }

    public String sessionName(int s) {
        return sessionNames[s];
    }

    /** First transaction of session {@code s}. */
    public int sessionStart(int s) {
        return sessionStart[s];
    }

    /** One past the last transaction of session {@code s}. */
    public int sessionEnd(int s) {
        return sessionStart[s + 1];
    }

    /** Whether transaction 0 is the initial transaction. */
    public boolean hasInitial() {
        return hasInitial;
    }

    public boolean isInitial(int t) {
        return hasInitial && t == 0;
    }

    /** The session of transaction {@code t}, or -1 for the initial transaction. */
    public int session(int t) {
        return txnSession[t];
    }

    /**
     * The transaction's identifier in its source (a Plume txn id, a Cobra txn id …), or its number.
     */
    public long txnId(int t) {
        return txnId[t];
    }

    public boolean isCommitted(int t) {
        return committed[t];
    }

    public int opStart(int t) {
        return opStart[t];
    }

    public int opEnd(int t) {
        return opStart[t + 1];
    }

    public boolean isWrite(int op) {
        return opWrite[op];
    }

    public int key(int op) {
        return opKey[op];
    }

    public long value(int op) {
        return opValue[op];
    }

    public boolean hasTimes() {
        return startTime != null;
    }

    /** Real-time start stamp of {@code t}, or {@link #NO_TIME}. */
    public long startTime(int t) {
        return startTime == null ? NO_TIME : startTime[t];
    }

    /** Real-time commit stamp of {@code t}, or {@link #NO_TIME}. */
    public long commitTime(int t) {
        return commitTime == null ? NO_TIME : commitTime[t];
    }

    /** The write operation of (key, value), or -1 if no transaction wrote it. */
    public int writeOf(int key, long value) {
        return writeIndex.get(key, value);
    }

    /**
     * The transaction containing operation {@code op} (binary search; prefer iterating by
     * transaction).
     */
    public int txnOf(int op) {
        int lo = 0;
        int hi = txnCount() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (opStart[mid] <= op) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        while (lo + 1 < txnCount() && opStart[lo + 1] <= op) {
            lo++;
        }
        return lo;
    }

    /** A short display name: "init" or "T" followed by the transaction id. */
    public String txnLabel(int t) {
        return isInitial(t) ? "init" : "T" + txnId[t];
    }

    /** An operation as text, e.g. {@code r(x,1)} or {@code w(y,nil)}. */
    public String opText(int op) {
        return (opWrite[op] ? "w(" : "r(")
                + keys.name(opKey[op])
                + ","
                + valueText(opValue[op])
                + ")";
    }

    public static String valueText(long v) {
        return v == NIL ? "nil" : Long.toString(v);
    }
}
