package isocheck.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** What one transaction attempt did, as it will appear in the history: its reads and writes in program order. */
final class TxnLog {
    /** One operation: a key ({@code table/pk/field}, or a number for kv workloads) and a version. */
    record Op(boolean write, String key, long value) {}

    /**
     * A recorded SELECT's predicate, kept so that a row another transaction inserted and this one did
     * not see can be recorded as a read of its absence ({@link AbsenceReads}). {@code returned} holds
     * the {@code table/pk/} prefixes of the rows it returned; {@code affects} tells whether a row (its
     * column values as inserted) would have changed the result had it been visible; {@code opIndex} is
     * where the statement's reads begin in {@link #ops}.
     */
    record PredicateRead(int opIndex, String table, Set<String> returned, Predicate<Map<String, Object>> affects) {}

    /** A row this attempt inserted: its {@code table/pk/} prefix and its column values. */
    record Inserted(String table, String prefix, Map<String, Object> row) {}

    final String name;
    final List<Op> ops = new ArrayList<>();
    final List<PredicateRead> predicateReads = new ArrayList<>();
    final List<Inserted> inserted = new ArrayList<>();
    boolean committed;
    /** Why it aborted (the database's message), or null. */
    String abortReason;
    String abortState;
    long start;
    long end;

    TxnLog(String name) {
        this.name = name;
    }

    void read(String key, long version) {
        ops.add(new Op(false, key, version));
    }

    void write(String key, long version) {
        ops.add(new Op(true, key, version));
    }
}
