package isocheck.query;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.FactExtractor;
import isocheck.program.Stmt;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The seed's insertion order with each join record's picked rows first in their tables ({@code
 * InitialState#joinPicksFirst} says why). The picked row of the join's last table goes first in it;
 * then, along the chain of the last SELECT's {@code c = ANY(:r$earlier.j)} conjunct (and the
 * earlier SELECT's own, frontend.JoinRecord), the seeded rows of the earlier table whose j equals
 * the later row's c go first in theirs. Picks given earlier keep their place ahead of later ones.
 * Rows and values are unchanged.
 */
final class JoinPickOrder {

    private final Map<String, Witness.InitialRow> rows;
    private final Map<String, List<String>> firsts = new LinkedHashMap<>();

    /** {@code rows}: the seed by table name + key, in its insertion order. */
    JoinPickOrder(Map<String, Witness.InitialRow> rows) {
        this.rows = rows;
    }

    /** The join record {@code join}'s last-table row is the seeded row {@code pickId}. */
    void pick(Stmt.Select join, String pickId) {
        Witness.InitialRow row = rows.get(pickId);
        if (row == null) return;
        first(row.table(), List.of(pickId));
        List<Stmt.Select> joined = join.joinedFrom();
        Stmt.Select current = join;
        for (int step = 0; step < joined.size(); step++) {
            Cond.Member link = link(current.where(), joined);
            if (link == null) return;
            Stmt.Select earlier = null;
            for (Stmt.Select j : joined) {
                if (link.rows().equals(j.target())) earlier = j;
            }
            if (earlier == null) return;
            String value = valueOf(row, ((Expr.ColumnRef) link.element()).column());
            List<String> ids = new ArrayList<>();
            Witness.InitialRow next = null;
            for (Map.Entry<String, Witness.InitialRow> e : rows.entrySet()) {
                Witness.InitialRow r = e.getValue();
                if (!r.table().equals(earlier.table()) || !r.alive()) continue;
                if (!value.equals(valueOf(r, link.field()))) continue;
                ids.add(e.getKey());
                if (next == null) next = r;
            }
            if (next == null) return;
            first(earlier.table(), ids);
            current = earlier;
            row = next;
        }
    }

    /** The seed reordered: each table's first rows ahead of its others. */
    List<Witness.InitialRow> rows() {
        List<Witness.InitialRow> out = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        Set<String> tablesStarted = new HashSet<>();
        for (Map.Entry<String, Witness.InitialRow> e : rows.entrySet()) {
            String table = e.getValue().table();
            if (tablesStarted.add(table)) {
                for (String id : firsts.getOrDefault(table, List.of())) {
                    if (placed.add(id)) out.add(rows.get(id));
                }
            }
            if (placed.add(e.getKey())) out.add(e.getValue());
        }
        return List.copyOf(out);
    }

    /** The top-level {@code column = ANY(:earlier.field)} conjunct of a join member's WHERE. */
    private static Cond.Member link(Cond c, List<Stmt.Select> joined) {
        for (Cond k : FactExtractor.conjuncts(c)) {
            if (k instanceof Cond.Member mem
                    && mem.element() instanceof Expr.ColumnRef
                    && joined.stream().anyMatch(j -> mem.rows().equals(j.target()))) return mem;
        }
        return null;
    }

    private void first(String table, List<String> ids) {
        List<String> list = firsts.computeIfAbsent(table, x -> new ArrayList<>());
        for (String id : ids) if (!list.contains(id)) list.add(id);
    }

    private static String valueOf(Witness.InitialRow r, String column) {
        String v = r.key().get(column);
        if (v == null) v = r.values().get(column);
        return v == null ? "" : v;
    }
}
