package isocheck.encoding;

import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.FactExtractor;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The row-set locals that hold at most one row in every run: each SELECT assigning one fixes every
 * column of its table's primary key to one value (a top-level conjunct {@code k = e} with e reading
 * no column, or {@code k = ANY(:s.f)} with s itself such a set), or has {@code LIMIT 1}. A snapshot
 * holds at most one version of a record per key (SQL's PRIMARY KEY), so the SELECT reads at most
 * one row, whichever snapshot or version it reads.
 *
 * <p>Use ({@link Terms}): a membership test {@code e = ANY(:s.f)} on such a set is {@code s ≠ ∅ ∧ e
 * = s!pick.f}, exact, where the general encoding is an existential over the table's records. A join
 * read table by table (the front-end's JoinTranslator: BenchBase AuctionMark's NewPurchase reads
 * item, item_max_bid, item_bid and useracct, each keyed by the one before) then needs no quantifier
 * per member, as the SELECT … INTO per table it replaced did not.
 */
final class SingleRowSets {

    private final ProgramModel model;
    private final Map<String, Boolean> known = new HashMap<>();

    SingleRowSets(ProgramModel model) {
        this.model = model;
    }

    boolean atMostOneRow(Transaction txn, String rowsVar) {
        return atMostOneRow(txn, rowsVar, new HashSet<>());
    }

    private boolean atMostOneRow(Transaction txn, String rowsVar, Set<String> visiting) {
        String id = txn.name() + "." + rowsVar;
        Boolean k = known.get(id);
        if (k != null) return k;
        // a set that (through a cycle of memberships) depends on itself is not taken as single
        if (!visiting.add(id)) return false;
        boolean single = decide(txn, rowsVar, visiting);
        visiting.remove(id);
        known.put(id, single);
        return single;
    }

    private boolean decide(Transaction txn, String rowsVar, Set<String> visiting) {
        Variable var = model.variable(txn, rowsVar);
        if (var.kind() == Variable.Kind.PARAMETER || !(var.type() instanceof Type.Rows))
            return false;
        List<ProgramModel.Assignment> as = model.assignments(txn, rowsVar);
        if (as.isEmpty()) return false;
        for (ProgramModel.Assignment a : as) {
            if (!(a.stmt() instanceof Stmt.Select s) || s.aggregate().isPresent()) return false;
            if (s.limit().map(n -> n == 1L).orElse(false)) continue;
            if (!keyFixed(txn, s, visiting)) return false;
        }
        return true;
    }

    private boolean keyFixed(Transaction txn, Stmt.Select s, Set<String> visiting) {
        Table table = model.table(s.table());
        if (table.primaryKey().isEmpty()) return false;
        Set<String> fixed = new HashSet<>();
        for (Cond c : FactExtractor.conjuncts(s.where())) {
            if (c instanceof Cond.Compare cmp && cmp.op() == CompareOp.EQ) {
                fixed(cmp.left(), cmp.right(), fixed);
                fixed(cmp.right(), cmp.left(), fixed);
            } else if (c instanceof Cond.Member m
                    && m.element() instanceof Expr.ColumnRef ref
                    && atMostOneRow(txn, m.rows(), visiting)) {
                fixed.add(ref.column());
            }
        }
        return fixed.containsAll(table.primaryKey());
    }

    // the only record a single-table SELECT's WHERE visits is its table's (FactExtractor#pin)
    private static void fixed(Expr column, Expr value, Set<String> out) {
        if (column instanceof Expr.ColumnRef ref && !value.readsColumns()) {
            out.add(ref.column());
        }
    }
}
