package isocheck.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What one transaction attempt did, as it will appear in the history: its reads and writes in
 * program order.
 */
final class TxnLog {
    /**
     * One operation: a key ({@code table/pk/field}, or a number for kv workloads) and a version.
     */
    record Op(boolean write, String key, long value, long replaced) {
        Op(boolean write, String key, long value) {
            this(write, key, value, NOT_RECORDED);
        }
    }

    /** {@link Op#replaced} of an operation that records no replaced version. */
    static final long NOT_RECORDED = Long.MIN_VALUE;

    /**
     * What one statement's WHERE clause evaluated ({@link PredicateReads}): {@code seen} gives, for
     * every row of the clause's key part the statement saw (matching or not), the predicate version
     * it observed ({@link SqlGen#PRED_VERSION}); {@code matches} evaluates the clause, parameters
     * bound, on a row version's column values; {@code text} is the clause with its parameters
     * bound; {@code opIndex} is where the statement's operations begin in {@link #ops}; {@code
     * rowPrefix} narrows the rows it can ever match by its equalities on leading key columns
     * ({@link PredicateReads#rowPrefix}); {@code uncertain} gives the rows whose observed version
     * is known only to lie between two versions, {@code {from, to}} ({@link #ABSENT}: before the
     * row existed; {@link Long#MAX_VALUE}: any later version), e.g. a row another transaction
     * changed while an UPDATE at READ COMMITTED was evaluating its WHERE clause; {@code unseen}
     * says what a row that is in neither map was for the statement.
     */
    record PredicateScan(
            int opIndex,
            String table,
            String text,
            Predicate<Map<String, Object>> matches,
            Map<String, Long> seen,
            String rowPrefix,
            Map<String, long[]> uncertain,
            Unseen unseen) {
        PredicateScan(
                int opIndex,
                String table,
                String text,
                Predicate<Map<String, Object>> matches,
                Map<String, Long> seen,
                String rowPrefix,
                Map<String, long[]> uncertain) {
            this(opIndex, table, text, matches, seen, rowPrefix, uncertain, Unseen.ABSENT);
        }

        PredicateScan(
                int opIndex,
                String table,
                String text,
                Predicate<Map<String, Object>> matches,
                Map<String, Long> seen,
                String rowPrefix) {
            this(opIndex, table, text, matches, seen, rowPrefix, Map.of());
        }
    }

    /**
     * What a statement's predicate read says about a row it did not see ({@link PredicateReads}
     * picks the row's versions that fit).
     */
    enum Unseen {
        /**
         * Absent for the statement: it saw every row of its WHERE clause's key part, matching or
         * not (a key-only clause, a broadened SELECT, an UPDATE/DELETE with its pre-read).
         */
        ABSENT,
        /**
         * Absent or not matching: it returned every row it matched, but not the others (a locking
         * read, whose rows cannot be broadened without locking more).
         */
        UNMATCHED,
        /**
         * Any version: a row it matched may have been left out (LIMIT without an order that decides
         * ties, SKIP LOCKED).
         */
        ANY
    }

    /**
     * A row version this attempt installed: {@code row} is {@code table/pk}, {@code version} the
     * statement's version, {@code previous} the predicate version it replaced ({@link #ABSENT} for
     * an insert), {@code before}/{@code after} the column values a predicate can read (null: no
     * row), {@code key} one history key the statement wrote for the row (naming the writer), {@code
     * opIndex} how many operations the attempt had logged when it installed it (a statement of the
     * same attempt that began at or after it came later in program order).
     */
    record RowWrite(
            String row,
            long version,
            long previous,
            Map<String, Object> before,
            Map<String, Object> after,
            String key,
            int opIndex) {
        /** A write whose place in its attempt is not known: -1, before every statement. */
        RowWrite(
                String row,
                long version,
                long previous,
                Map<String, Object> before,
                Map<String, Object> after,
                String key) {
            this(row, version, previous, before, after, key, -1);
        }
    }

    static final long ABSENT = -1;

    final String name;
    final List<Op> ops = new ArrayList<>();
    final List<PredicateScan> predicateScans = new ArrayList<>();
    final List<RowWrite> rowWrites = new ArrayList<>();
    boolean committed;

    /** Why it aborted (the database's message), or null. */
    String abortReason;

    String abortState;
    long start;
    long end;

    /**
     * {@link System#nanoTime()} just before COMMIT was sent ({@link Long#MAX_VALUE} until then):
     * the commit took effect after it.
     */
    long commitSent = Long.MAX_VALUE;

    /**
     * Per predicate scan, in {@link #predicateScans}' order, {@link System#nanoTime()} when it was
     * recorded: after its statement returned.
     */
    final List<Long> scanEnds = new ArrayList<>();

    /**
     * Whether it ran at READ UNCOMMITTED, where a statement may read a version before its writer's
     * COMMIT (H2, MariaDB): {@link #commitSent} then bounds nothing it saw.
     */
    boolean dirtyReads;

    /** Records a predicate scan, after its statement returned. */
    void scanned(PredicateScan scan) {
        predicateScans.add(scan);
        scanEnds.add(System.nanoTime());
    }

    TxnLog(String name) {
        this.name = name;
    }

    void read(String key, long version) {
        ops.add(new Op(false, key, version));
    }

    void write(String key, long version) {
        ops.add(new Op(true, key, version));
    }

    /** A write that replaced version {@code replaced} of the key (the database's version order). */
    void write(String key, long version, long replaced) {
        ops.add(new Op(true, key, version, replaced));
    }
}
