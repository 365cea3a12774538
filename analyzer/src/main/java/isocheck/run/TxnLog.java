package isocheck.run;

import java.util.ArrayList;
import java.util.List;

/** What one transaction attempt did, as it will appear in the history: its reads and writes in program order. */
final class TxnLog {
    /** One operation: a key ({@code table/pk/field}, or a number for kv workloads) and a version. */
    record Op(boolean write, String key, long value) {}

    final String name;
    final List<Op> ops = new ArrayList<>();
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
