package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import isocheck.encoding.Vocabulary;
import isocheck.witness.Valuation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The shapes of {@code analyze --all}'s anomalies (transaction types, edge kind and table per
 * edge): restricting a cycle query to a type multiset, harvesting every shape one model exhibits,
 * blocking a shape on every rotation, and the rotation-independent key that tells shapes apart.
 */
final class CycleShapes {
    private CycleShapes() {}

    /** The cycle's transactions have exactly the given types, counted with multiplicity. */
    static BoolExpr typeMultiset(
            Context ctx, Vocabulary v, List<Expr<?>> txns, List<String> types) {
        List<BoolExpr> out = new ArrayList<>();
        for (String type : new LinkedHashSet<>(types)) {
            long n = types.stream().filter(type::equals).count();
            List<BoolExpr> is = new ArrayList<>();
            for (Expr<?> t : txns) is.add(v.isType(t, type));
            BoolExpr[] arr = is.toArray(new BoolExpr[0]);
            out.add(ctx.mkAnd(ctx.mkAtLeast(arr, (int) n), ctx.mkAtMost(arr, (int) n)));
        }
        return ctx.mkAnd(out.toArray(new BoolExpr[0]));
    }

    /**
     * Blocks this anomaly's shape on every rotation of the cycle: on each edge, every selector with
     * the same transaction types, edge kind and table. The enumeration is therefore of distinct
     * shapes; each comes with the statement pairs of one witness (blocking single statement pairs
     * instead makes TPC-C's k = 4 enumeration run into the hundreds of near-identical cycles).
     */
    static void block(
            Context ctx, Solver solver, CycleQuery.Built q, List<CycleQuery.Selector> chosen) {
        int k = chosen.size();
        for (int s = 0; s < k; s++) {
            List<BoolExpr> edges = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                String shape = shape(chosen.get((i + s) % k));
                List<BoolExpr> group = new ArrayList<>();
                for (CycleQuery.Selector sel : q.edges().get(i))
                    if (shape(sel).equals(shape)) group.add(sel.flag());
                edges.add(
                        group.size() == 1
                                ? group.get(0)
                                : ctx.mkOr(group.toArray(new BoolExpr[0])));
            }
            solver.add(ctx.mkNot(ctx.mkAnd(edges.toArray(new BoolExpr[0]))));
        }
    }

    /**
     * Every anomaly shape one model of an {@code --all} query exhibits, the solver's own choice
     * first: on each edge, every shape (types, kind, table) with a selector whose necessary
     * condition η holds in the model. Setting that selector's flag instead keeps every assertion
     * but the blocking clauses true (a flag occurs only in flag ⇒ η and in its edge's disjunction),
     * so each combination is a model of the unblocked query: a distinct anomaly of this cycle
     * length, with the same transactions, parameters, vis and ar. Harvesting them from one model
     * saves one solver call per shape (TPC-C's PSI k = 4 enumeration has over a hundred).
     */
    static List<List<CycleQuery.Selector>> shapesOf(
            Valuation m, CycleQuery.Built q, List<CycleQuery.Selector> chosen) {
        List<List<CycleQuery.Selector>> perEdge = new ArrayList<>();
        for (int i = 0; i < q.k(); i++) {
            Map<String, CycleQuery.Selector> byShape = new LinkedHashMap<>();
            byShape.put(shape(chosen.get(i)), chosen.get(i));
            for (CycleQuery.Selector sel : q.edges().get(i)) {
                if (!byShape.containsKey(shape(sel)) && m.eval(sel.eta(), true).isTrue())
                    byShape.put(shape(sel), sel);
            }
            perEdge.add(new ArrayList<>(byShape.values()));
        }
        List<List<CycleQuery.Selector>> out = new ArrayList<>();
        product(perEdge, 0, new ArrayList<>(), out);
        return out;
    }

    private static void product(
            List<List<CycleQuery.Selector>> perEdge,
            int i,
            List<CycleQuery.Selector> prefix,
            List<List<CycleQuery.Selector>> out) {
        if (i == perEdge.size()) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (CycleQuery.Selector s : perEdge.get(i)) {
            prefix.add(s);
            product(perEdge, i + 1, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }

    /**
     * A cycle's shapes edge by edge, from the rotation that reads least: equal for two rotations of
     * one cycle.
     */
    static String shapeKey(List<CycleQuery.Selector> cycle) {
        String best = null;
        for (int s = 0; s < cycle.size(); s++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < cycle.size(); i++)
                sb.append(shape(cycle.get((s + i) % cycle.size()))).append("; ");
            if (best == null || sb.toString().compareTo(best) < 0) best = sb.toString();
        }
        return best;
    }

    static String shape(CycleQuery.Selector s) {
        return s.conflict().t1().name()
                + " "
                + s.conflict().kind()
                + " "
                + s.conflict().table()
                + " "
                + s.conflict().t2().name();
    }
}
