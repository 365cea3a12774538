package isocheck.explore;

import java.util.Map;
import java.util.function.Predicate;

/**
 * One database event of a transaction instance (paper §3.2): a read or write of a field (or
 * {@code @alive}) of a record, with the value. A read names the instance it read from (-1: the
 * initial state; its own index: its own earlier write). {@code statementKind} is SELECT, UPDATE,
 * INSERT or DELETE. For reads of {@code @alive}, {@code where} tests whether a row with the given
 * field values would satisfy the reading statement's WHERE clause, and {@code inResult} says
 * whether the record was in the statement's result (both for the Alive anti-dependency rule, see
 * {@link Dependencies}). {@code locked}: a read by a locking SELECT (FOR UPDATE/SHARE) of a record
 * it returns, hence holds a row lock on to commit (PostgreSQL manual §13.3.2).
 */
record Event(
        int txn,
        boolean write,
        RecordId record,
        String field,
        Object value,
        int readFrom,
        String statementKind,
        Predicate<Map<String, Object>> where,
        boolean inResult,
        boolean locked) {

    Event(
            int txn,
            boolean write,
            RecordId record,
            String field,
            Object value,
            int readFrom,
            String statementKind,
            Predicate<Map<String, Object>> where,
            boolean inResult) {
        this(txn, write, record, field, value, readFrom, statementKind, where, inResult, false);
    }
}
