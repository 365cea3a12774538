package isocheck.run;

import static isocheck.run.JavaEvaluator.compare;
import static isocheck.run.JdbcValues.bind;
import static isocheck.run.JdbcValues.get;
import static isocheck.run.JdbcValues.keyPrefix;
import static isocheck.run.JdbcValues.rowName;
import static isocheck.run.PredicateScans.aggregateScan;
import static isocheck.run.PredicateScans.scan;
import static isocheck.run.PredicateScans.selectScan;

import isocheck.program.Aggregate;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one compiled SQL statement ({@link Compiled}) over JDBC with its parameters bound from the
 * transaction's variables, stores its result in them, and, when recording, logs the versions it
 * read and wrote and its predicate read ({@link TxnLog}).
 */
final class StatementExecutor {
    private final SqlGen gen;
    private final AtomicLong versions;
    private static final com.fasterxml.jackson.databind.ObjectMapper NOTES =
            new com.fasterxml.jackson.databind.ObjectMapper();
    private final SqlDialect dialect;

    StatementExecutor(SqlGen gen, SqlDialect dialect, AtomicLong versions) {
        this.gen = gen;
        this.dialect = dialect;
        this.versions = versions;
    }

    /** Runs {@code c}; returns the number of rows an UPDATE, INSERT or DELETE changed, else -1. */
    int sql(
            Compiled c,
            Map<String, Object> env,
            Interpreter.Session session,
            TxnLog log,
            StepGate gate)
            throws SQLException, InterruptedException {
        int changed = -1;
        gate.beforeStatement(
                c.stmt().sql().replaceAll("\\s+", " "), c.stmt().pos().line(), c.stmt());
        long version =
                c.kind() == Compiled.Kind.SELECT
                                || c.kind() == Compiled.Kind.AGGREGATE
                                || c.kind() == Compiled.Kind.JOIN
                        ? 0
                        : versions.incrementAndGet();
        Compiled.Frame frame =
                new Compiled.Frame() {
                    @Override
                    public Object var(String name) {
                        return env.get(name);
                    }

                    @Override
                    public long version() {
                        return version;
                    }
                };
        PreparedStatement p = session.prepare(c.sql());
        int i = 1;
        for (Compiled.Param param : c.params()) {
            bind(dialect, session.connection, p, i++, param, param.value(frame));
        }
        StringBuilder outcome = gate == StepGate.NONE ? null : new StringBuilder();
        Table t = c.table();
        int nk = t.primaryKey().size();
        Compiled.Predicate pred = c.recorded() ? c.predicate() : null;
        switch (c.kind()) {
            case SELECT -> {
                List<Map<String, Object>> rows = new ArrayList<>();
                int firstOp = log.ops.size();
                Map<String, Long> seen = pred == null ? null : new HashMap<>();
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        if (c.recorded()) {
                            int vpred = nk + 2 * c.columns().size() + 1;
                            String prefix = keyPrefix(t, rs, nk);
                            seen.put(rowName(prefix), rs.getLong(vpred));
                            if (pred.broadened() && rs.getLong(vpred + 1) != 1) {
                                continue; // a row of the key part the WHERE clause does not match
                            }
                        }
                        Map<String, Object> row = new LinkedHashMap<>();
                        int base = c.recorded() ? nk : 0;
                        for (int k = 0; k < c.columns().size(); k++) {
                            row.put(
                                    c.columns().get(k),
                                    get(rs, base + k + 1, c.columnTypes().get(k)));
                        }
                        if (c.recorded()) {
                            String prefix = keyPrefix(t, rs, nk);
                            int vbase = nk + c.columns().size();
                            for (int k = 0; k < c.columns().size(); k++) {
                                log.read(
                                        prefix + SqlGen.fieldName(t, c.columns().get(k)),
                                        rs.getLong(vbase + k + 1));
                            }
                        }
                        rows.add(row);
                    }
                }
                Stmt.Select sel = (Stmt.Select) c.stmt();
                Object value = rows;
                if (sel.aggregate().isPresent()) { // unrecorded: the database computed it
                    value = rows.isEmpty() ? null : Values.read(rows, null);
                }
                if (c.recorded()) {
                    // SKIP LOCKED: a matching row it did not return may have been skipped (locked):
                    // any version; a read not broadened (a locking read, LIMIT) fetched only the
                    // rows it matched (Compiled.Predicate#decided): absent or not matching
                    selectScan(log, firstOp, t, sel, env, seen, rows, unseen(sel, pred));
                }
                env.put(sel.target(), value);
                if (outcome != null) {
                    outcome.append(sel.target()).append(" = ").append(showRows(value));
                }
            }
            case AGGREGATE -> {
                Stmt.Select sel = (Stmt.Select) c.stmt();
                Aggregate a = sel.aggregate().orElseThrow();
                long count = 0;
                long sum = 0;
                Set<Object> distinct = new HashSet<>();
                Object best = null;
                ScalarType type = c.columnTypes().get(0);
                int firstOp = log.ops.size();
                Map<String, Long> seen = new HashMap<>();
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        String prefix = keyPrefix(t, rs, nk);
                        seen.put(rowName(prefix), rs.getLong(nk + 3));
                        if (pred.broadened() && rs.getLong(nk + 4) != 1) {
                            continue;
                        }
                        Object v = get(rs, nk + 1, type);
                        log.read(
                                prefix + SqlGen.fieldName(t, c.columns().get(0)),
                                rs.getLong(nk + 2));
                        if (!a.isExtremum()) {
                            if (v != null || a.column().isEmpty()) {
                                count++;
                                if (v != null) {
                                    distinct.add(v);
                                }
                                if (v instanceof Long x) {
                                    sum += x;
                                }
                            }
                        } else if (v != null) {
                            int cmp = best == null ? 0 : compare(v, best);
                            if (best == null
                                    || (a.function() == Aggregate.Function.MIN
                                            ? cmp < 0
                                            : cmp > 0)) {
                                best = v;
                            }
                        }
                    }
                }
                // SUM/AVG over no non-NULL value is NULL; AVG truncates toward zero (Aggregate)
                Object value =
                        switch (a.function()) {
                            case COUNT ->
                                    a.distinct() ? (Object) (long) distinct.size() : (Object) count;
                            case SUM -> count == 0 ? null : (Object) sum;
                            case AVG -> count == 0 ? null : (Object) (sum / count);
                            case MIN, MAX -> best;
                        };
                if (!a.isExtremum() || best == null) {
                    // COUNT, SUM, AVG (and COUNT DISTINCT) aggregate every matching row: Adya's
                    // predicate read
                    scan(log, firstOp, t, sel.where(), env, seen, Map.of(), unseen(sel, pred));
                } else {
                    aggregateScan(
                            log,
                            firstOp,
                            t,
                            sel.where(),
                            env,
                            seen,
                            a,
                            c.columns().get(0),
                            best,
                            unseen(sel, pred));
                }
                env.put(sel.target(), value);
                if (outcome != null) {
                    outcome.append(sel.target()).append(" = ").append(Values.show(value));
                }
            }
            case JOIN -> {
                Stmt.Select sel = (Stmt.Select) c.stmt();
                // recorded, every join records a predicate read per table (JoinReads)
                Object value =
                        c.recorded()
                                ? JoinReads.run(gen, sel, p, env, log)
                                : JoinRows.fill(gen, sel, p, log, env, false);
                env.put(sel.target(), value);
                if (outcome != null) {
                    outcome.append(sel.target()).append(" = ").append(Values.show(value));
                }
            }
            case UPDATE, INSERT, DELETE -> {
                if (c.recorded()) {
                    int n = 0;
                    StringBuilder read = new StringBuilder();
                    int firstOp = log.ops.size();
                    List<String> replacedCols =
                            c.kind() == Compiled.Kind.UPDATE
                                    ? UpdateReads.replacedNotRead(t, (Stmt.Update) c.stmt())
                                    : List.of();
                    Map<String, Long> seen = new HashMap<>();
                    // the pre-read of the key part: row -> {predicate version, 1 if it matched}
                    Map<String, long[]> pre = new LinkedHashMap<>();
                    if (pred.preReadSql() != null && !pred.preReadInStatement()) {
                        PreparedStatement q = session.prepare(pred.preReadSql());
                        int j = 1;
                        for (Compiled.Param param : pred.preReadParams()) {
                            bind(dialect, session.connection, q, j++, param, param.value(frame));
                        }
                        try (ResultSet rs = q.executeQuery()) {
                            while (rs.next()) {
                                pre.put(
                                        rowName(keyPrefix(t, rs, nk)),
                                        new long[] {rs.getLong(nk + 1), rs.getLong(nk + 2)});
                            }
                        }
                    }
                    String[] notes = pred.preReadSql() == null ? null : dialect.evaluationNotes();
                    Set<String> noted = new HashSet<>();
                    if (notes != null) {
                        session.prepare(notes[0]).execute();
                    }
                    if (c.fetchSql()
                            != null) { // no UPDATE … RETURNING: run it, then select what it changed
                        p.executeUpdate();
                        p = session.prepare(c.fetchSql());
                        int j = 1;
                        for (Compiled.Param param : c.fetchParams()) {
                            bind(dialect, session.connection, p, j++, param, param.value(frame));
                        }
                    }
                    try (ResultSet rs = p.executeQuery()) {
                        int width = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            if (pred.preReadInStatement() && rs.getInt(width) == 1) {
                                int at =
                                        width - nk - 3; // the pre-read's columns, then the tag, end
                                // the row
                                StringBuilder key = new StringBuilder(t.name()).append('/');
                                for (int k = 1; k <= nk; k++) {
                                    key.append(k > 1 ? "," : "").append(rs.getString(at + k));
                                }
                                pre.put(
                                        key.toString(),
                                        new long[] {
                                            rs.getLong(at + nk + 1), rs.getLong(at + nk + 2)
                                        });
                                continue;
                            }
                            String prefix = keyPrefix(t, rs, nk);
                            for (int k = 0;
                                    k < c.reads().size();
                                    k++) { // read before write, as the row did
                                String key = prefix + SqlGen.fieldName(t, c.reads().get(k));
                                long v = rs.getLong(nk + k + 1);
                                log.read(key, v);
                                if (outcome != null) {
                                    read.append(read.length() == 0 ? "; read " : ", ")
                                            .append(key)
                                            .append(" version ")
                                            .append(v);
                                }
                            }
                            int replacedAt = nk + c.reads().size() + 1;
                            for (String col : c.columns()) {
                                String key = prefix + SqlGen.fieldName(t, col);
                                int j = replacedCols.indexOf(col);
                                int r = c.reads().indexOf(col);
                                if (r >= 0 && c.kind() == Compiled.Kind.UPDATE && !t.isKey(col)) {
                                    // read and assigned: the version read is the one replaced
                                    log.write(key, version, rs.getLong(nk + r + 1));
                                } else if (j >= 0) { // the version it replaced (UpdateReads)
                                    log.write(key, version, rs.getLong(replacedAt + j));
                                } else {
                                    log.write(key, version);
                                }
                            }
                            rowWrite(
                                    c,
                                    pred,
                                    t,
                                    rs,
                                    nk,
                                    replacedCols.size(),
                                    prefix,
                                    version,
                                    seen,
                                    log);
                            n++;
                        }
                    }
                    if (notes != null) { // the versions the statement itself evaluated
                        try (ResultSet rs = session.prepare(notes[1]).executeQuery()) {
                            rs.next();
                            for (com.fasterxml.jackson.databind.JsonNode e :
                                    NOTES.readTree(rs.getString(1))) {
                                StringBuilder row = new StringBuilder(t.name()).append('/');
                                for (int k = 0; k < nk; k++) {
                                    row.append(k > 0 ? "," : "").append(e.get(k).asText());
                                }
                                // the last evaluation of a row decided it; a changed row keeps the
                                // version its write replaced
                                if (!seen.containsKey(row.toString())
                                        || noted.contains(row.toString())) {
                                    seen.put(row.toString(), e.get(nk).asLong());
                                    noted.add(row.toString());
                                }
                            }
                        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                            throw new SQLException(
                                    "unreadable evaluation notes: " + e.getMessage());
                        }
                    }
                    Map<String, long[]> uncertain =
                            pred.preReadSql() == null || notes != null
                                    ? Map.of()
                                    : unchanged(session, pred, frame, t, nk, pre, seen);
                    c.stmt()
                            .whereClause()
                            .ifPresent(where -> scan(log, firstOp, t, where, env, seen, uncertain));
                    changed = n;
                    if (outcome != null) {
                        outcome.append(n)
                                .append(n == 1 ? " row" : " rows")
                                .append(" (version ")
                                .append(version)
                                .append(read)
                                .append(")");
                    }
                } else {
                    int n = p.executeUpdate();
                    changed = n;
                    if (outcome != null) {
                        outcome.append(n).append(n == 1 ? " row" : " rows");
                    }
                }
            }
        }
        gate.afterStatement(outcome == null ? "" : outcome.toString());
        return changed;
    }

    /** What a SELECT says of the rows it did not return ({@link TxnLog.Unseen}). */
    private static TxnLog.Unseen unseen(Stmt.Select sel, Compiled.Predicate pred) {
        return sel.lock().skipLocked()
                ? TxnLog.Unseen.ANY
                : pred.decided() ? TxnLog.Unseen.ABSENT : TxnLog.Unseen.UNMATCHED;
    }

    /**
     * What the WHERE clause of an UPDATE or DELETE saw of the rows of its key part it did not
     * change ({@code seen} holds the changed ones, each with the version it replaced): put into
     * {@code seen} where it is known, returned as uncertain ({@link
     * TxnLog.PredicateScan#uncertain}) where it is not. The pre-read {@code pre} decides a row it
     * found not matching when it is exact ({@link SqlDialect#preReadExact}). Otherwise, and for a
     * row it found matching that the statement left alone (PostgreSQL at READ COMMITTED
     * re-evaluated it on a newer version and it no longer matched, manual §13.2.1), the key part is
     * read again: a row whose version did not move between the two reads was seen in that version;
     * a row this transaction holds locked was seen in its current version (the lock was taken
     * before the re-evaluation and nobody could change the row since, {@link
     * SqlDialect#lockedByThisTransaction}); any other row is uncertain between its two versions
     * (-1: absent, {@link Long#MAX_VALUE}: any later version).
     */
    private Map<String, long[]> unchanged(
            Interpreter.Session session,
            Compiled.Predicate pred,
            Compiled.Frame frame,
            Table t,
            int nk,
            Map<String, long[]> pre,
            Map<String, Long> seen)
            throws SQLException {
        boolean again = !dialect.preReadExact();
        for (Map.Entry<String, long[]> e : pre.entrySet()) {
            if (!seen.containsKey(e.getKey())) {
                if (e.getValue()[1] == 0 && dialect.preReadExact()) {
                    seen.put(e.getKey(), e.getValue()[0]);
                } else {
                    again = true;
                }
            }
        }
        if (!again) {
            return Map.of();
        }
        Map<String, long[]> post = new HashMap<>(); // row -> {predicate version, 1 if locked}
        PreparedStatement q = session.prepare(pred.postReadSql());
        int j = 1;
        for (Compiled.Param param : pred.postReadParams()) {
            bind(dialect, session.connection, q, j++, param, param.value(frame));
        }
        try (ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                post.put(
                        rowName(keyPrefix(t, rs, nk)),
                        new long[] {rs.getLong(nk + 1), rs.getLong(nk + 2)});
            }
        }
        Map<String, long[]> uncertain = new HashMap<>();
        Set<String> rows = new java.util.LinkedHashSet<>(pre.keySet());
        rows.addAll(post.keySet());
        for (String row : rows) {
            if (seen.containsKey(row)) {
                continue;
            }
            long[] before = pre.get(row);
            long[] after = post.get(row);
            if (before != null && after != null && before[0] == after[0]) {
                seen.put(row, before[0]); // it did not move: the statement saw this version
            } else if (before != null && before[1] == 1 && after != null && after[1] == 1) {
                seen.put(row, after[0]); // re-evaluated under this transaction's lock
            } else if (before == null && dialect.preReadExact()) {
                continue; // not in the statement's snapshot: it did not see the row
            } else {
                uncertain.put(
                        row,
                        new long[] {
                            before == null ? TxnLog.ABSENT : before[0],
                            after == null ? Long.MAX_VALUE : after[0]
                        });
            }
        }
        return uncertain;
    }

    /**
     * Logs the row version a recorded write installed ({@link TxnLog.RowWrite}), and, for UPDATE
     * and DELETE, the predicate version its WHERE clause saw matching. Column positions follow
     * {@link Compiled.Predicate}, after {@code replaced} replaced-version columns of an UPDATE.
     */
    private void rowWrite(
            Compiled c,
            Compiled.Predicate pred,
            Table t,
            ResultSet rs,
            int nk,
            int replaced,
            String prefix,
            long version,
            Map<String, Long> seen,
            TxnLog log)
            throws SQLException {
        String row = rowName(prefix);
        String key = prefix + SqlGen.fieldName(t, c.columns().get(0));
        int at = nk + c.reads().size() + replaced + 1; // first predicate column
        Map<String, Object> keys = new HashMap<>();
        for (int k = 0; k < nk; k++) {
            String col = t.primaryKey().get(k);
            keys.put(col, get(rs, k + 1, t.column(col).orElseThrow().type()));
        }
        switch (c.kind()) {
            case INSERT ->
                    log.rowWrites.add(
                            new TxnLog.RowWrite(
                                    row,
                                    version,
                                    TxnLog.ABSENT,
                                    null,
                                    image(pred, rs, at, keys),
                                    key,
                                    log.ops.size()));
            case DELETE -> {
                long previous = rs.getLong(at);
                seen.put(row, previous);
                log.rowWrites.add(
                        new TxnLog.RowWrite(
                                row,
                                version,
                                previous,
                                image(pred, rs, at + 1, keys),
                                null,
                                key,
                                log.ops.size()));
            }
            default -> {
                long previous = rs.getLong(at);
                seen.put(row, previous);
                if (pred.writesVersion()) {
                    Map<String, Object> after = image(pred, rs, at + 1, keys);
                    Map<String, Object> before = new HashMap<>(after);
                    int old = at + 1 + pred.image().size();
                    for (int k = 0; k < pred.old().size(); k++) {
                        String col = pred.old().get(k);
                        before.put(
                                col,
                                get(rs, old + k, pred.imageTypes().get(pred.image().indexOf(col))));
                    }
                    log.rowWrites.add(
                            new TxnLog.RowWrite(
                                    row, version, previous, before, after, key, log.ops.size()));
                }
            }
        }
    }

    private static Map<String, Object> image(
            Compiled.Predicate pred, ResultSet rs, int at, Map<String, Object> keys)
            throws SQLException {
        Map<String, Object> out = new HashMap<>(keys);
        for (int k = 0; k < pred.image().size(); k++) {
            out.put(pred.image().get(k), get(rs, at + k, pred.imageTypes().get(k)));
        }
        return out;
    }

    private static String showRows(Object v) {
        if (v instanceof List<?> rows) {
            if (rows.isEmpty()) {
                return "no rows";
            }
            StringBuilder sb = new StringBuilder();
            for (Object r : rows) {
                if (sb.length() > 0) {
                    sb.append(", ");
                }
                sb.append(
                        r instanceof Map<?, ?> m
                                ? m.toString().replace("{", "(").replace("}", ")")
                                : r);
            }
            return sb.toString();
        }
        return Values.show(v);
    }
}
