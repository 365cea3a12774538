package isocheck.run;

import isocheck.history.PredicateRead;
import isocheck.program.Cond;
import isocheck.program.Expr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The predicate reads of a run, in the history's terms ({@link PredicateRead}; Adya, Liskov &amp;
 * O'Neil, "Generalized Isolation Level Definitions", ICDE 2000): derived after the run from what
 * each WHERE clause saw ({@link TxnLog.PredicateScan}) and from the row versions the committed
 * transactions installed ({@link TxnLog.RowWrite}).
 *
 * <p>Each row's versions are put in the database's own order: every recorded write returns the
 * predicate version it replaced, so the versions of a row form a chain (an insert starts one). A
 * transaction's consecutive versions of a row count as one (Adya's model installs one version per
 * transaction). A version <em>changes the matches</em> of a predicate when the predicate, evaluated
 * on the row's columns before and after it, differs; the database's own verdict decides what the
 * reader saw, the predicate evaluated on the returned column values decides the other versions (the
 * program's comparisons are SQL's on integers and strings; NULL never matches).
 *
 * <p>The version a statement observed: for a row it saw, the predicate version returned with it;
 * for a row it did not see, one of the row's states that fit what the statement says of such rows
 * ({@link TxnLog.Unseen}: absent, or absent or not matching, or anything). One state fits: exact (a
 * populated row deleted once and found gone read-depends on the delete). Several fit (a row
 * inserted and later deleted: not yet inserted, or already deleted?), a row whose chain is not one
 * line (deleted and inserted again more than once), or a version written by a transaction that did
 * not commit (READ UNCOMMITTED): the row is given as a range of observed counts ({@link
 * PredicateRead.Row#uncertain}), which gives only the edges every count in it gives, and the
 * checkers never call such a history consistent. Nothing is dropped: a row that could add an edge
 * is in the history, exactly or as a range.
 */
final class PredicateReads {

    private PredicateReads() {}

    /** One predicate read of a log, to be placed before its operation {@code opIndex}. */
    record Derived(int opIndex, String table, String predicate, List<PredicateRead.Row> rows) {}

    /** The predicate reads of every log, and how many rows were given as a range. */
    record Result(Map<TxnLog, List<Derived>> reads, int unresolved) {}

    /** One transaction's versions of a row, consecutive in the row's chain. */
    private record Group(
            TxnLog log,
            Set<Long> versions,
            Map<String, Object> before,
            Map<String, Object> after,
            String key,
            long version,
            int firstOp) {}

    /** A row's chain, or {@code groups == null} when its order is not known. */
    private record Chain(List<Group> groups, boolean hasDelete) {}

    static Result derive(List<List<TxnLog>> sessions) {
        Map<String, List<TxnLog.RowWrite>> writes = new HashMap<>();
        Map<TxnLog.RowWrite, TxnLog> writer = new IdentityHashMap<>();
        Map<String, java.util.NavigableSet<String>> rowsOfTable = new HashMap<>();
        for (List<TxnLog> session : sessions) {
            for (TxnLog log : session) {
                if (!log.committed) {
                    continue;
                }
                for (TxnLog.RowWrite w : log.rowWrites) {
                    writes.computeIfAbsent(w.row(), k -> new ArrayList<>()).add(w);
                    writer.put(w, log);
                    rowsOfTable
                            .computeIfAbsent(
                                    w.row().substring(0, w.row().indexOf('/')),
                                    k -> new java.util.TreeSet<>())
                            .add(w.row());
                }
            }
        }
        Map<String, Chain> chains = new HashMap<>();
        Map<TxnLog, List<Derived>> out = new IdentityHashMap<>();
        int unresolved = 0;
        for (List<TxnLog> session : sessions) {
            for (TxnLog log : session) {
                for (int sc = 0; sc < log.predicateScans.size(); sc++) {
                    TxnLog.PredicateScan scan = log.predicateScans.get(sc);
                    long scanEnd = sc < log.scanEnds.size() ? log.scanEnds.get(sc) : Long.MAX_VALUE;
                    List<PredicateRead.Row> rows = new ArrayList<>();
                    Set<String> candidates = new LinkedHashSet<>(scan.seen().keySet());
                    candidates.addAll(scan.uncertain().keySet());
                    java.util.NavigableSet<String> written = rowsOfTable.get(scan.table());
                    if (written
                            != null) { // only rows its key equalities allow (a row name starts with
                        // its key)
                        String p = scan.rowPrefix();
                        candidates.addAll(
                                p.endsWith("/") || p.endsWith(",")
                                        ? written.subSet(p, true, p + Character.MAX_VALUE, false)
                                        : written.contains(p) ? Set.of(p) : Set.of());
                    }
                    for (String row : candidates) {
                        List<TxnLog.RowWrite> ws = writes.get(row);
                        if (ws == null) {
                            continue; // never written: no version changes anything
                        }
                        Chain chain = chains.computeIfAbsent(row, r -> chain(ws, writer));
                        if (chain.groups() == null) {
                            // no known version order: every change in any place, so the row gives
                            // no edge, but its read is uncertain (never called consistent)
                            List<PredicateRead.Change> any = unordered(ws, writer, scan);
                            if (!any.isEmpty()) {
                                rows.add(new PredicateRead.Row(row, 0, any.size(), any));
                                unresolved++;
                            }
                            continue;
                        }
                        List<PredicateRead.Change> changes = new ArrayList<>();
                        List<Integer> at = new ArrayList<>();
                        for (int g = 0; g < chain.groups().size(); g++) {
                            Group gr = chain.groups().get(g);
                            boolean before =
                                    gr.before() != null && scan.matches().test(gr.before());
                            boolean after = gr.after() != null && scan.matches().test(gr.after());
                            if (before != after) {
                                PredicateRead.Effect effect =
                                        gr.before() == null
                                                ? PredicateRead.Effect.INSERTED
                                                : gr.after() == null
                                                        ? PredicateRead.Effect.DELETED
                                                        : after
                                                                ? PredicateRead.Effect.ENTERED
                                                                : PredicateRead.Effect.LEFT;
                                changes.add(
                                        new PredicateRead.Change(gr.key(), gr.version(), effect));
                                at.add(g);
                            }
                        }
                        if (changes.isEmpty()) {
                            continue;
                        }
                        long[] range = scan.uncertain().get(row);
                        if (range != null) { // seen somewhere between two versions
                            int from = group(chain, range[0]);
                            int to =
                                    range[1] == Long.MAX_VALUE
                                            ? chain.groups().size() - 1
                                            : group(chain, range[1]);
                            if (from == -2) {
                                from = -1; // not a committed version: widen to the start
                            }
                            if (to == -2 || to < from) {
                                to = chain.groups().size() - 1;
                            }
                            rows.add(
                                    new PredicateRead.Row(
                                            row, count(at, from), count(at, to), changes));
                            continue;
                        }
                        Long seen = scan.seen().get(row);
                        if (seen == null) {
                            // not seen: the versions that fit what the statement says of such a
                            // row (TxnLog.Unseen); one fits: exact, several: the range they span
                            int[] span = unseen(chain, at, scan, log, scanEnd);
                            if (span[0] != span[1]) {
                                unresolved++;
                            }
                            rows.add(new PredicateRead.Row(row, span[0], span[1], changes));
                            continue;
                        }
                        // the group holding the observed version; -1: before them all
                        int observedGroup = group(chain, seen);
                        if (observedGroup == -2) {
                            // a version of a transaction that did not commit (READ UNCOMMITTED):
                            // somewhere in the row's life
                            unresolved++;
                            rows.add(new PredicateRead.Row(row, 0, changes.size(), changes));
                            continue;
                        }
                        int observed = count(at, observedGroup);
                        rows.add(new PredicateRead.Row(row, observed, changes));
                    }
                    out.computeIfAbsent(log, k -> new ArrayList<>())
                            .add(new Derived(scan.opIndex(), scan.table(), scan.text(), rows));
                }
            }
        }
        return new Result(out, unresolved);
    }

    /**
     * The group of {@code chain} holding {@code version}: -1 for the populated version (0) or no
     * row yet ({@link TxnLog#ABSENT}), -2 when no committed group holds it.
     */
    private static int group(Chain chain, long version) {
        if (version == 0 || version == TxnLog.ABSENT) {
            return -1;
        }
        int found = -2;
        for (int g = 0; g < chain.groups().size(); g++) {
            if (chain.groups().get(g).versions().contains(version)) {
                found = g;
            }
        }
        return found;
    }

    /**
     * The counts of match-changing groups ({@code at}) at or before the versions of {@code chain} a
     * statement that did not see the row may have observed, as {@code {min, max}}: the states where
     * the row was absent (before an insert that starts the chain, after a delete) for {@link
     * TxnLog.Unseen#ABSENT}, those where it was absent or did not match for {@link
     * TxnLog.Unseen#UNMATCHED}, every state for {@link TxnLog.Unseen#ANY}. E.g. a populated row one
     * transaction deleted, that a DELETE by key found gone (issue 15's double delete): only the
     * state after the delete fits, so the DELETE read-depends on the deleter. None fits (the row
     * was there all along yet unseen, which a database that keeps its contract does not show):
     * every state, an over-approximation.
     *
     * <p>Real time narrows the states: the statement saw every version committed before its
     * transaction began and none written by a transaction that began after it ended (every engine
     * here takes a statement's or transaction's snapshot after it begins: PostgreSQL manual,
     * "Concurrency Control", §13.2.1 and §13.2.2), so a serial run's probe of a row another
     * transaction inserted and a later one deleted is exact; nor one its own transaction installed
     * from its statement on; nor, at statement granularity, one whose COMMIT was sent after the
     * statement returned ({@link TxnLog#commitSent}; not at READ UNCOMMITTED, where a statement may
     * read a version its writer has not committed).
     */
    private static int[] unseen(
            Chain chain, List<Integer> at, TxnLog.PredicateScan scan, TxnLog reader, long scanEnd) {
        int min = Integer.MAX_VALUE;
        int max = -1;
        List<Group> gs = chain.groups();
        int first = -1; // the states before the last group committed before the reader began
        int last = gs.size() - 1; // and from the first group begun after it ended: impossible
        for (int g = 0; g < gs.size(); g++) {
            TxnLog w = gs.get(g).log();
            if (w != reader && w.end < reader.start) {
                first = g;
            }
            if (w != reader && w.start > reader.end && last == gs.size() - 1) {
                last = g - 1;
            }
            // nor one whose COMMIT was sent after the statement returned: at READ COMMITTED two
            // Reserves' PERFORMs found no reservation, one inserted it, a Cancel deleted it, the
            // other inserted it again, and the first PERFORM's "absent" was not yet inserted, not
            // already deleted (litmus reinsert.sql, stop 41)
            if (w != reader
                    && !reader.dirtyReads
                    && w.commitSent > scanEnd
                    && last == gs.size() - 1) {
                last = g - 1;
            }
            // nor a version its own transaction installed in this statement or a later one (a
            // statement sees none of its own changes: PostgreSQL manual, §13.2.1; in program
            // order): Delivery's first iteration missed a new order its second iteration deletes
            if (w == reader && gs.get(g).firstOp() >= scan.opIndex()) {
                last = Math.min(last, g - 1);
            }
        }
        for (int g = Math.max(-1, Math.min(first, last)); g <= last; g++) {
            Map<String, Object> state = g == -1 ? gs.get(0).before() : gs.get(g).after();
            boolean fits =
                    switch (scan.unseen()) {
                        case ABSENT -> state == null;
                        case UNMATCHED -> state == null || !scan.matches().test(state);
                        case ANY -> true;
                    };
            if (fits) {
                int n = count(at, g);
                min = Math.min(min, n);
                max = Math.max(max, n);
            }
        }
        return max < 0 ? new int[] {0, at.size()} : new int[] {min, max};
    }

    /**
     * The match-changing writes of a row whose version order is unknown, in version-number order
     * (the order does not matter: the row is read over its whole range).
     */
    private static List<PredicateRead.Change> unordered(
            List<TxnLog.RowWrite> ws,
            Map<TxnLog.RowWrite, TxnLog> writer,
            TxnLog.PredicateScan scan) {
        List<PredicateRead.Change> out = new ArrayList<>();
        ws.stream()
                .sorted(java.util.Comparator.comparingLong(TxnLog.RowWrite::version))
                .forEach(
                        w -> {
                            boolean before = w.before() != null && scan.matches().test(w.before());
                            boolean after = w.after() != null && scan.matches().test(w.after());
                            if (before != after) {
                                out.add(
                                        new PredicateRead.Change(
                                                w.key(),
                                                w.version(),
                                                w.before() == null
                                                        ? PredicateRead.Effect.INSERTED
                                                        : w.after() == null
                                                                ? PredicateRead.Effect.DELETED
                                                                : after
                                                                        ? PredicateRead.Effect
                                                                                .ENTERED
                                                                        : PredicateRead.Effect
                                                                                .LEFT));
                            }
                        });
        return out;
    }

    /** How many of the match-changing groups {@code at} lie at or before group {@code g}. */
    private static int count(List<Integer> at, int g) {
        int n = 0;
        while (n < at.size() && at.get(n) <= g) {
            n++;
        }
        return n;
    }

    /** The last write of the life that {@code root} begins. */
    private static TxnLog.RowWrite lastOf(TxnLog.RowWrite root, Map<Long, TxnLog.RowWrite> next) {
        TxnLog.RowWrite w = root;
        for (int n = 0; next.containsKey(w.version()) && n <= next.size(); n++)
            w = next.get(w.version());
        return w;
    }

    /** The row's committed versions in the database's order, grouped by transaction. */
    private static Chain chain(List<TxnLog.RowWrite> ws, Map<TxnLog.RowWrite, TxnLog> writer) {
        Map<Long, TxnLog.RowWrite> byVersion = new HashMap<>();
        for (TxnLog.RowWrite w : ws) {
            byVersion.put(w.version(), w);
        }
        Map<Long, TxnLog.RowWrite> next = new HashMap<>();
        List<TxnLog.RowWrite> roots = new ArrayList<>();
        for (TxnLog.RowWrite w : ws) {
            if (w.previous() == TxnLog.ABSENT || !byVersion.containsKey(w.previous())) {
                roots.add(w);
            } else if (next.put(w.previous(), w) != null) {
                return new Chain(null, true); // two successors of one version
            }
        }
        // The populated row's life (its first write replaced version 0) comes before any re-insert;
        // lives never overlap (the key is unique), so one that ends without a delete is the last:
        // two lives inserted from nothing, one deleted and one not, have one order (two Reserves
        // of one reservation and a Cancel between their INSERTs, litmus reinsert.sql, stop 41)
        roots.sort(
                java.util.Comparator.comparing((TxnLog.RowWrite a) -> a.previous() == TxnLog.ABSENT)
                        .thenComparing(a -> lastOf(a, next).after() != null));
        long populated = roots.stream().filter(a -> a.previous() != TxnLog.ABSENT).count();
        long open = roots.stream().filter(a -> lastOf(a, next).after() != null).count();
        if (roots.size() > 2
                || populated > 1
                || (roots.size() == 2 && populated == 0 && open != 1)) {
            return new Chain(null, true);
        }
        List<TxnLog.RowWrite> order = new ArrayList<>();
        for (TxnLog.RowWrite root : roots) {
            if (!order.isEmpty() && order.get(order.size() - 1).after() != null) {
                return new Chain(null, true); // a second life must follow a delete
            }
            for (TxnLog.RowWrite w = root; w != null; w = next.get(w.version())) {
                order.add(w);
            }
        }
        if (order.size() != ws.size()) {
            return new Chain(null, true);
        }
        List<Group> groups = new ArrayList<>();
        boolean hasDelete = false;
        for (int i = 0; i < order.size(); ) {
            TxnLog log = writer.get(order.get(i));
            int j = i;
            Set<Long> versions = new java.util.HashSet<>();
            while (j < order.size() && writer.get(order.get(j)) == log) {
                versions.add(order.get(j).version());
                j++;
            }
            TxnLog.RowWrite first = order.get(i);
            TxnLog.RowWrite last = order.get(j - 1);
            hasDelete |= order.subList(i, j).stream().anyMatch(w -> w.after() == null);
            groups.add(
                    new Group(
                            log,
                            versions,
                            first.before(),
                            last.after(),
                            last.key(),
                            last.version(),
                            first.opIndex()));
            i = j;
        }
        return new Chain(groups, hasDelete);
    }

    /**
     * What every row {@code where} can match starts with: {@code table/} and the values its
     * top-level equalities fix for the leading primary-key columns, e.g. {@code order_line/1,3,}
     * for {@code ol_w_id = 1 AND ol_d_id = 3 AND …}; the whole row name when they fix every key
     * column. Row names are {@code table/k1,k2,…} (the recorder's key prefixes).
     */
    static String rowPrefix(isocheck.program.Table t, Cond where, Map<String, Object> env) {
        Map<String, Object> fixed = new HashMap<>();
        equalities(t, where, env, fixed);
        StringBuilder sb = new StringBuilder(t.name()).append('/');
        List<String> pk = t.primaryKey();
        for (int i = 0; i < pk.size(); i++) {
            Object v = fixed.get(pk.get(i));
            if (v == null) {
                return sb.toString();
            }
            sb.append(v);
            if (i + 1 < pk.size()) {
                sb.append(',');
            }
        }
        return sb.toString();
    }

    /**
     * The primary-key columns of {@code t} that {@code where}'s top-level equalities fix to one
     * value: every row the clause matches has that value there.
     */
    static java.util.Set<String> fixedKeyColumns(
            isocheck.program.Table t, Cond where, Map<String, Object> env) {
        Map<String, Object> fixed = new HashMap<>();
        equalities(t, where, env, fixed);
        return fixed.keySet();
    }

    private static void equalities(
            isocheck.program.Table t, Cond c, Map<String, Object> env, Map<String, Object> out) {
        if (c instanceof Cond.And a) {
            equalities(t, a.left(), env, out);
            equalities(t, a.right(), env, out);
        } else if (c instanceof Cond.Compare cmp && cmp.op() == isocheck.program.CompareOp.EQ) {
            if (cmp.left() instanceof Expr.ColumnRef r
                    && t.isKey(r.column())
                    && constant(cmp.right())) {
                put(out, r.column(), value(cmp.right(), env));
            } else if (cmp.right() instanceof Expr.ColumnRef r
                    && t.isKey(r.column())
                    && constant(cmp.left())) {
                put(out, r.column(), value(cmp.left(), env));
            }
        }
    }

    private static void put(Map<String, Object> out, String column, Object v) {
        if (v instanceof Long || v instanceof String) { // a NULL matches nothing: no prefix from it
            out.putIfAbsent(column, v);
        }
    }

    private static boolean constant(Expr e) {
        return e instanceof Expr.VarRef || e instanceof Expr.IntLit || e instanceof Expr.StrLit;
    }

    private static Object value(Expr e, Map<String, Object> env) {
        if (e instanceof Expr.VarRef v) {
            Object o = Values.read(env.get(v.variable()), v.field());
            return o instanceof Integer i ? (Object) (long) i : o;
        }
        return e instanceof Expr.IntLit i ? (Object) i.value() : ((Expr.StrLit) e).value();
    }

    // ---- the predicate's text, parameters bound ----

    /**
     * {@code where} with its parameters replaced by their values, e.g. {@code shift_id = 5 AND
     * on_call = 1}.
     */
    static String text(Cond c, Map<String, Object> env) {
        return c.accept(new BoundText(env));
    }

    private static String text(Expr e, Map<String, Object> env) {
        return e.accept(new BoundText(env));
    }

    /** A condition's or expression's text with the program's variables replaced by their values. */
    private static final class BoundText implements Cond.Visitor<String>, Expr.Visitor<String> {
        private final Map<String, Object> env;

        BoundText(Map<String, Object> env) {
            this.env = env;
        }

        @Override
        public String visitConst(Cond.Const k) {
            return k.value() ? "TRUE" : "FALSE";
        }

        @Override
        public String visitCompare(Cond.Compare cmp) {
            return text(cmp.left(), env) + " " + cmp.op().symbol() + " " + text(cmp.right(), env);
        }

        @Override
        public String visitIsNull(Cond.IsNull n) {
            return Values.isNull(env.get(n.variable())) != n.negated() ? "TRUE" : "FALSE";
        }

        @Override
        public String visitMember(Cond.Member m) {
            List<Object> vs = Values.column(env.get(m.rows()), m.field());
            StringBuilder sb = new StringBuilder(text(m.element(), env)).append(" IN (");
            for (int i = 0; i < vs.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(literal(vs.get(i)));
            }
            return sb.append(")").toString();
        }

        @Override
        public String visitFieldIsNull(Cond.FieldIsNull n) {
            return text(n.operand(), env) + (n.negated() ? " IS NOT NULL" : " IS NULL");
        }

        @Override
        public String visitNot(Cond.Not n) {
            String x = text(n.operand(), env);
            return n.notTrue() ? "(" + x + ") IS NOT TRUE" : "NOT (" + x + ")";
        }

        @Override
        public String visitAnd(Cond.And a) {
            return text(a.left(), env) + " AND " + text(a.right(), env);
        }

        @Override
        public String visitOr(Cond.Or o) {
            return "(" + text(o.left(), env) + " OR " + text(o.right(), env) + ")";
        }

        @Override
        public String visitVarRef(Expr.VarRef v) {
            return literal(Values.read(env.get(v.variable()), v.field()));
        }

        @Override
        public String visitArith(Expr.Arith a) {
            return "("
                    + text(a.left(), env)
                    + " "
                    + a.op().symbol()
                    + " "
                    + text(a.right(), env)
                    + ")";
        }

        @Override
        public String visitNegate(Expr.Negate n) {
            return "-" + text(n.operand(), env);
        }

        @Override
        public String visitColumnRef(Expr.ColumnRef r) {
            return r.column();
        }

        @Override
        public String visitIntLit(Expr.IntLit lit) {
            return lit.text();
        }

        @Override
        public String visitStrLit(Expr.StrLit lit) {
            return lit.text();
        }

        @Override
        public String visitNullLit(Expr.NullLit lit) {
            return lit.text();
        }

        // CASE and COALESCE as written (their variables shown as :names)
        @Override
        public String visitCase(Expr.Case caseExpr) {
            return caseExpr.text();
        }

        @Override
        public String visitCoalesce(Expr.Coalesce coalesce) {
            return coalesce.text();
        }
    }

    private static String literal(Object v) {
        if (v == null) {
            return "NULL";
        }
        return v instanceof String s ? "'" + s.replace("'", "''") + "'" : v.toString();
    }
}
