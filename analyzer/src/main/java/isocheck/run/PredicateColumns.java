package isocheck.run;

import isocheck.program.Blocks;
import isocheck.program.Columns;
import isocheck.program.Cond;
import isocheck.program.Program;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which columns the program's WHERE clauses read, per table: the columns whose values decide
 * whether a row matches a predicate ({@link PredicateReads}). A row's key columns never change
 * (unless some UPDATE assigns one), so a row a WHERE clause's key part rejects is rejected in every
 * version: only the rows of the key part need a version in the predicate's version set.
 */
final class PredicateColumns {
    /** Per table, the non-key columns some WHERE clause reads, in first-occurrence order. */
    private final Map<String, List<String>> read = new HashMap<>();

    /** Per table, those of them some UPDATE assigns. */
    private final Map<String, List<String>> assigned = new HashMap<>();

    /** Per table, every column some UPDATE assigns (key columns included). */
    private final Map<String, Set<String>> assignedAll = new HashMap<>();

    private PredicateColumns() {}

    static PredicateColumns of(Program program) {
        PredicateColumns pc = new PredicateColumns();
        Map<String, Set<String>> read = new HashMap<>();
        Map<String, Set<String>> assignedAll = pc.assignedAll;
        for (Transaction t : program.transactions()) {
            pc.collect(program, t.body(), read, assignedAll);
        }
        for (Table t : program.schema().tables()) {
            List<String> cols = new ArrayList<>(read.getOrDefault(t.name(), Set.of()));
            pc.read.put(t.name(), cols);
            Set<String> a = assignedAll.getOrDefault(t.name(), Set.of());
            pc.assigned.put(t.name(), cols.stream().filter(a::contains).toList());
        }
        return pc;
    }

    private void collect(
            Program program,
            List<Stmt> body,
            Map<String, Set<String>> read,
            Map<String, Set<String>> assignedAll) {
        for (Stmt s : Blocks.flatten(body)) {
            Cond where = s instanceof Stmt.Sql q ? q.whereClause().orElse(null) : null;
            if (where != null) {
                Table t = program.schema().table(((Stmt.Sql) s).table()).orElseThrow();
                Set<String> cols = read.computeIfAbsent(t.name(), k -> new LinkedHashSet<>());
                Set<String> used = new LinkedHashSet<>(Columns.of(where));
                if (s
                        instanceof
                        Stmt.Select sel) { // MIN/MAX's predicate also reads the aggregated column,
                    sel.aggregate().flatMap(a -> a.column()).ifPresent(used::add);
                    if (sel.limit()
                            .isPresent()) { // and ORDER BY … LIMIT's the columns it orders by
                        sel.orderBy().forEach(k -> used.add(k.column()));
                    }
                }
                for (String c : used) {
                    if (!t.isKey(c)) {
                        cols.add(c);
                    }
                }
            }
            if (s instanceof Stmt.Update u) {
                Table t = program.schema().table(u.table()).orElseThrow();
                u.assignments()
                        .forEach(
                                a ->
                                        assignedAll
                                                .computeIfAbsent(t.name(), k -> new HashSet<>())
                                                .add(a.column()));
            }
        }
    }

    /** The non-key columns of {@code table} some WHERE clause reads: a row version's image. */
    List<String> of(String table) {
        return read.getOrDefault(table, List.of());
    }

    /**
     * Those of them some UPDATE assigns (their old values are copied, {@link SqlGen#OLD_PREFIX}).
     */
    List<String> assigned(String table) {
        return assigned.getOrDefault(table, List.of());
    }

    /**
     * Whether {@code where} reads only columns no UPDATE assigns (key columns, and columns a row
     * keeps from its INSERT on): it then matches a row in all of its versions or in none, so only
     * inserts and deletes change its result.
     */
    boolean keyOnly(Table t, Cond where) {
        Set<String> changing = assignedAll.getOrDefault(t.name(), Set.of());
        return Columns.of(where).stream().noneMatch(changing::contains);
    }

    /**
     * The conjuncts of {@code where} that read no column an UPDATE can change: a row they reject is
     * rejected by {@code where} in every version. TRUE if there are none.
     */
    Cond keyPart(Table t, Cond where) {
        if (where instanceof Cond.And a) {
            Cond l = keyPart(t, a.left());
            Cond r = keyPart(t, a.right());
            if (l instanceof Cond.Const k && k.value()) {
                return r;
            }
            if (r instanceof Cond.Const k && k.value()) {
                return l;
            }
            return new Cond.And(l, r, a.pos());
        }
        return keyOnly(t, where) ? where : new Cond.Const(true, new SourcePos("", 0, 0));
    }
}
