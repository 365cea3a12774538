package isocheck.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads of a row's absence (phantoms), recovered after a run: a SELECT that did not return a row
 * another transaction inserted, though the row matches its WHERE clause (and, for MIN/MAX, would
 * have changed the result), read that row's {@code @alive} key in a version without the row. The
 * recorder logs only the rows a SELECT returns, so without this a predicate read that misses an
 * insert leaves no trace (Adya's predicate anti-dependency; the paper's Definition 3 makes a
 * predicate read read the Alive field of every matching record).
 *
 * <p>Only the unambiguous case is recorded: the row's {@code @alive} key has exactly one write
 * among the committed transactions of the run, the insert itself (so it was absent before that
 * insert and present after it, never deleted), and the WHERE clause reads only columns the row
 * keeps from its insert (checked where the predicate is kept, {@link Interpreter}). The absent
 * version is the initial one, version 0 of the key, which the history's initial transaction then
 * writes ("not yet inserted"). A SELECT that misses a row deleted meanwhile, or a row whose
 * matching depends on updated columns, still leaves no trace.
 */
final class AbsenceReads {

    private AbsenceReads() {}

    /** One derived read: inserted into a log's operations before position {@code opIndex}. */
    record Read(int opIndex, String key) {}

    /** The derived reads of every log that has some, in the order they go into its operations. */
    static Map<TxnLog, List<Read>> derive(List<List<TxnLog>> sessions) {
        Map<String, Integer> aliveWrites = new HashMap<>();
        Map<String, List<Inserter>> insertsByTable = new HashMap<>();
        for (List<TxnLog> session : sessions) {
            for (TxnLog log : session) {
                if (!log.committed) {
                    continue;
                }
                for (TxnLog.Op op : log.ops) {
                    if (op.write() && op.key().endsWith("/@alive")) {
                        aliveWrites.merge(op.key(), 1, Integer::sum);
                    }
                }
                for (TxnLog.Inserted ins : log.inserted) {
                    insertsByTable.computeIfAbsent(ins.table(), k -> new ArrayList<>()).add(new Inserter(log, ins));
                }
            }
        }
        Map<TxnLog, List<Read>> out = new IdentityHashMap<>();
        for (List<TxnLog> session : sessions) {
            for (TxnLog log : session) {
                for (TxnLog.PredicateRead pr : log.predicateReads) {
                    for (Inserter i : insertsByTable.getOrDefault(pr.table(), List.of())) {
                        String key = i.row().prefix() + "@alive";
                        if (i.log() != log && !pr.returned().contains(i.row().prefix()) && aliveWrites.getOrDefault(key, 0) == 1
                                && pr.affects().test(i.row().row())) {
                            out.computeIfAbsent(log, k -> new ArrayList<>()).add(new Read(pr.opIndex(), key));
                        }
                    }
                }
            }
        }
        return out;
    }

    private record Inserter(TxnLog log, TxnLog.Inserted row) {}
}
