package isocheck.run;

import static isocheck.run.JavaEvaluator.compare;
import static isocheck.run.JavaEvaluator.test;

import isocheck.program.Aggregate;
import isocheck.program.Cond;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The predicate reads a recorded statement logs ({@link TxnLog.PredicateScan}, checked by {@link
 * PredicateReads}): its WHERE clause, narrowed where its result depends on fewer rows (MIN/MAX,
 * ORDER BY … LIMIT).
 */
final class PredicateScans {
    private PredicateScans() {}

    /** Logs what a WHERE clause evaluated, for {@link PredicateReads}. */
    static void scan(
            TxnLog log,
            int firstOp,
            Table t,
            Cond where,
            Map<String, Object> env,
            Map<String, Long> seen) {
        scan(log, firstOp, t, where, env, seen, Map.of());
    }

    /**
     * Logs what a WHERE clause evaluated, some rows only within a range of versions ({@link
     * TxnLog.PredicateScan#uncertain}).
     */
    static void scan(
            TxnLog log,
            int firstOp,
            Table t,
            Cond where,
            Map<String, Object> env,
            Map<String, Long> seen,
            Map<String, long[]> uncertain) {
        scan(log, firstOp, t, where, env, seen, uncertain, TxnLog.Unseen.ABSENT);
    }

    /**
     * Logs what a WHERE clause evaluated, {@code unseen} saying what the rows it did not see were
     * for it ({@link TxnLog.Unseen}).
     */
    static void scan(
            TxnLog log,
            int firstOp,
            Table t,
            Cond where,
            Map<String, Object> env,
            Map<String, Long> seen,
            Map<String, long[]> uncertain,
            TxnLog.Unseen unseen) {
        Map<String, Object> frozen = new HashMap<>(env);
        log.scanned(
                new TxnLog.PredicateScan(
                        firstOp,
                        t.name(),
                        PredicateReads.text(where, frozen),
                        row -> test(where, frozen, row),
                        seen,
                        PredicateReads.rowPrefix(t, where, frozen),
                        uncertain,
                        unseen));
    }

    /**
     * The predicate a MIN or MAX that found {@code best} depends on: the WHERE clause and {@code
     * column <= best} ({@code >=} for MAX). A row outside it cannot change the result, so a write
     * that moves a row in or out of the WHERE clause above the minimum is no predicate
     * anti-dependency of the statement (the MIN/MAX rule of the static side, the paper's §4): the
     * statement is recorded as a predicate read of the predicate its result reads.
     */
    static void aggregateScan(
            TxnLog log,
            int firstOp,
            Table t,
            Cond where,
            Map<String, Object> env,
            Map<String, Long> seen,
            Aggregate a,
            String column,
            Object best,
            TxnLog.Unseen unseen) {
        Map<String, Object> frozen = new HashMap<>(env);
        boolean min = a.function() == Aggregate.Function.MIN;
        String text =
                PredicateReads.text(where, frozen)
                        + " AND "
                        + column
                        + (min ? " <= " : " >= ")
                        + (best instanceof String str ? "'" + str.replace("'", "''") + "'" : best);
        log.scanned(
                new TxnLog.PredicateScan(
                        firstOp,
                        t.name(),
                        text,
                        row -> {
                            Object v = row.get(column);
                            return test(where, frozen, row)
                                    && v != null
                                    && (min ? compare(v, best) <= 0 : compare(v, best) >= 0);
                        },
                        seen,
                        PredicateReads.rowPrefix(t, where, frozen),
                        Map.of(),
                        unseen));
    }

    /**
     * The predicate read of a row SELECT, {@code unseen} saying what a row it did not return was
     * for it when no LIMIT cut the result. With ORDER BY … LIMIT n that returned n rows, the result
     * depends only on the rows ordered no later than the last one returned (ties included: the
     * database may order a tie either way), so, as for MIN/MAX (the paper's §4 rule), the predicate
     * is the WHERE clause and that order bound; a row it did not return was absent or outside that
     * bound, or, when the order does not decide every tie (it does not cover the primary key), a
     * tie the LIMIT cut: any version. LIMIT without ORDER BY returns any n rows: the WHERE clause,
     * a row not returned in any version (a range: the checkers never call such a read consistent;
     * it used to be left out, hiding its edges). Fewer than n rows: every matching row was
     * returned, the WHERE clause is the predicate.
     */
    static void selectScan(
            TxnLog log,
            int firstOp,
            Table t,
            Stmt.Select sel,
            Map<String, Object> env,
            Map<String, Long> seen,
            List<Map<String, Object>> rows,
            TxnLog.Unseen unseen) {
        if (sel.limit().isEmpty() || rows.size() < sel.limit().get()) {
            scan(log, firstOp, t, sel.where(), env, seen, Map.of(), unseen);
            return;
        }
        if (rows.isEmpty()) {
            return; // LIMIT 0 reads nothing
        }
        if (sel.orderBy().isEmpty()) {
            scan(log, firstOp, t, sel.where(), env, seen, Map.of(), TxnLog.Unseen.ANY);
            return;
        }
        // the order decides ties when it covers the primary key's columns the WHERE clause does
        // not fix: two matching rows then differ in some ORDER BY column (TPC-C's Delivery, ORDER
        // BY no_o_id with no_w_id and no_d_id fixed, is such a read: the rows it skipped are
        // exactly those ordered before the returned one that it saw absent or not matching)
        java.util.Set<String> decided = new java.util.HashSet<>();
        sel.orderBy().forEach(k -> decided.add(k.column()));
        decided.addAll(PredicateReads.fixedKeyColumns(t, sel.where(), env));
        boolean decidesTies = decided.containsAll(t.primaryKey());
        TxnLog.Unseen cut =
                decidesTies && unseen != TxnLog.Unseen.ANY
                        ? TxnLog.Unseen.UNMATCHED
                        : TxnLog.Unseen.ANY;
        Map<String, Object> frozen = new HashMap<>(env);
        Map<String, Object> last = new HashMap<>();
        StringBuilder bound = new StringBuilder();
        for (var key : sel.orderBy()) {
            Object v = rows.get(rows.size() - 1).get(key.column());
            if (v == null && !sel.columns().contains(key.column())) {
                // the order column was not selected: the bound is unknown
                scan(log, firstOp, t, sel.where(), env, seen, Map.of(), TxnLog.Unseen.ANY);
                return;
            }
            last.put(key.column(), v);
            bound.append(bound.length() == 0 ? "" : ", ")
                    .append(key.column())
                    .append(key.descending() ? " DESC" : "");
        }
        String text =
                PredicateReads.text(sel.where(), frozen)
                        + " AND ordered by "
                        + bound
                        + " no later than "
                        + last.values().stream()
                                .map(
                                        v ->
                                                v instanceof String str
                                                        ? "'" + str.replace("'", "''") + "'"
                                                        : String.valueOf(v))
                                .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
        log.scanned(
                new TxnLog.PredicateScan(
                        firstOp,
                        t.name(),
                        text,
                        row -> test(sel.where(), frozen, row) && noLaterThan(sel, row, last),
                        seen,
                        PredicateReads.rowPrefix(t, sel.where(), frozen),
                        Map.of(),
                        cut));
    }

    /**
     * Whether {@code row} is ordered no later than {@code last} by {@code sel}'s ORDER BY (a tie
     * counts).
     */
    private static boolean noLaterThan(
            Stmt.Select sel, Map<String, Object> row, Map<String, Object> last) {
        for (var key : sel.orderBy()) {
            Object x = row.get(key.column());
            Object y = last.get(key.column());
            if (x == null || y == null) {
                return false; // NULL ordering is the database's choice: no edge from it
            }
            int cmp = compare(x, y);
            if (cmp != 0) {
                return key.descending() ? cmp > 0 : cmp < 0;
            }
        }
        return true;
    }
}
