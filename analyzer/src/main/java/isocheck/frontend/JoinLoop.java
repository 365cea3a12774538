package isocheck.frontend;

import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code FOR r IN SELECT … FROM t1, t2 [, t3] WHERE … LOOP body END LOOP} (BenchBase's SEATS
 * FindFlights, {@code FROM flight, airline … AND F_AL_ID = AL_ID}): a loop over the join's rows, r
 * holding columns of every table (issue 13).
 *
 * <p>Translation: a nested-loop join over the chain of {@link JoinTranslator#perform}: {@code
 * SELECT … INTO s1 FROM t1 WHERE φ1; FOREACH v1 IN s1: SELECT … INTO s2 FROM t2 WHERE φ2 AND k2 =
 * v1.j1; FOREACH r IN s2: body}, {@code r.c} of an earlier table being that table's loop variable
 * ({@link Scope#joinField}). The body runs once per joined row with that row's columns, as in
 * PostgreSQL (the order of the rows, which SQL leaves open, aside), and every row of each table the
 * join reads is read, plus, at most, earlier-table rows with no partner (the aggregate join's
 * over-approximation). Each inner SELECT is a statement of its own: at the snapshot levels it reads
 * the transaction's one view as the single statement does (paper §3.2); at statement-snapshot
 * levels it takes its own snapshot, which allows more behaviours, never fewer. {@code run} executes
 * the nested statements (as for PERFORM of a join), not the one join. FOUND after the loop is not
 * modelled (whether any inner loop ran).
 */
final class JoinLoop {

    private JoinLoop() {}

    /**
     * The nested statements for a loop whose innermost body {@code body} parses with the loop
     * variable's row set; {@code chain} is the join's translation (its row sets are replaced by
     * fresh ones assigned inside the loops, so each is indexed by the iteration it belongs to).
     */
    static List<Stmt> nest(
            Scope scope,
            JoinTranslator.PerformChain chain,
            String variable,
            SourcePos pos,
            Function<String, Stmt.Foreach> body) {
        List<Stmt.Select> parts = new ArrayList<>(chain.before());
        parts.add(chain.last());
        Set<String> assignedBefore = scope.snapshot();
        Map<String, String> loopOf = new HashMap<>(); // the chain's row set → its loop variable
        Map<String, String> fields = new HashMap<>(); // r.c of an earlier table → loop variable
        List<Stmt.Select> selects = new ArrayList<>();
        List<String> loops = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Stmt.Select part = parts.get(i);
            Type.Rows type = (Type.Rows) scope.read(part.target(), pos).type();
            String set = scope.hiddenName(Names.of(variable) + "_" + part.table());
            scope.assign(set, type, pos);
            selects.add(
                    new Stmt.Select(
                            set,
                            part.table(),
                            part.columns(),
                            part.aggregate(),
                            bind(part.where(), loopOf),
                            part.orderBy(),
                            part.limit(),
                            part.lock(),
                            List.of(),
                            part.sql(),
                            part.pos()));
            if (i < parts.size() - 1) {
                String loop = scope.hiddenName(Names.of(variable) + "_" + part.table() + "_row");
                scope.enterLoop(loop, new Type.Row(type.table(), type.fields()), pos);
                loops.add(loop);
                loopOf.put(part.target(), loop);
                for (Field f : type.fields()) {
                    fields.putIfAbsent(f.name(), loop);
                }
            }
        }
        scope.joinRecord(variable, fields);
        Stmt.Foreach inner = body.apply(selects.get(selects.size() - 1).target());
        scope.joinRecord(variable, Map.of());
        List<Stmt> nested = List.of(selects.get(selects.size() - 1), inner);
        for (int i = loops.size() - 1; i >= 0; i--) {
            scope.exitLoop();
            nested =
                    List.of(
                            selects.get(i),
                            new Stmt.Foreach(loops.get(i), selects.get(i).target(), nested, pos));
        }
        scope.restore(assignedBefore); // the loops may run zero times
        return nested;
    }

    /** {@code c = ANY(:set.f)} of the chain, with set bound to a loop variable: {@code c = v.f}. */
    private static Cond bind(Cond where, Map<String, String> loopOf) {
        if (where instanceof Cond.And and) {
            return new Cond.And(bind(and.left(), loopOf), bind(and.right(), loopOf), and.pos());
        }
        if (where instanceof Cond.Member m && loopOf.containsKey(m.rows())) {
            return new Cond.Compare(
                    CompareOp.EQ,
                    m.element(),
                    new Expr.VarRef(loopOf.get(m.rows()), m.field(), m.element().type(), m.pos()),
                    m.pos());
        }
        return where;
    }
}
