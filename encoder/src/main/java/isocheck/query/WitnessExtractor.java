package isocheck.query;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import isocheck.encoding.AccessRules;
import isocheck.encoding.Conflict;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.program.ScalarType;
import isocheck.program.StatementFacts;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import isocheck.witness.Classifier;
import isocheck.witness.Explanation;
import isocheck.witness.Valuation;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a {@link Witness} off a model of a cycle query. */
public final class WitnessExtractor {
    private WitnessExtractor() {}

    /** {@link #chosen(Valuation, CycleQuery.Built)} on a model of the query's own context. */
    public static List<CycleQuery.Selector> chosen(Model m, CycleQuery.Built q) {
        return chosen(Valuation.of(m), q);
    }

    /**
     * {@link #extract(Valuation, Vocabulary, CycleQuery.Built)} on a model of the query's own
     * context.
     */
    public static Witness extract(Model m, Vocabulary v, CycleQuery.Built q) {
        return extract(Valuation.of(m), v, q);
    }

    /**
     * {@link #path(Valuation, Vocabulary, List, List, String)} on a model of the query's own
     * context.
     */
    public static Witness path(
            Model m,
            Vocabulary v,
            List<Expr<?>> txnConstants,
            List<List<CycleQuery.Selector>> edgeSelectors,
            String description) {
        return path(Valuation.of(m), v, txnConstants, edgeSelectors, description);
    }

    /** The selector chosen on each edge of the model (the first that holds). */
    public static List<CycleQuery.Selector> chosen(Valuation m, CycleQuery.Built q) {
        return chosen(m, q.edges());
    }

    /** The selector chosen on each of these edges in the model (the first that holds). */
    public static List<CycleQuery.Selector> chosen(
            Valuation m, List<List<CycleQuery.Selector>> edgeSelectors) {
        List<CycleQuery.Selector> out = new ArrayList<>();
        for (List<CycleQuery.Selector> edge : edgeSelectors) {
            CycleQuery.Selector pick = null;
            for (CycleQuery.Selector s : edge) {
                if (m.eval(s.flag(), true).isTrue()) {
                    pick = s;
                    break;
                }
            }
            if (pick == null)
                throw new IllegalStateException("model without a selector on edge " + edge);
            out.add(pick);
        }
        return out;
    }

    public static Witness extract(Valuation m, Vocabulary v, CycleQuery.Built q) {
        return extract(m, v, q, null, null);
    }

    /**
     * With {@code rules} and {@code model}, also the {@link Witness#accesses()} the model implies.
     */
    public static Witness extract(
            Valuation m, Vocabulary v, CycleQuery.Built q, AccessRules rules, ProgramModel model) {
        return extract(m, v, q, chosen(m, q), rules, model);
    }

    /**
     * The witness of the model with these selectors as the cycle's edges (one per edge, each
     * selector's necessary condition true in the model).
     */
    public static Witness extract(
            Valuation m,
            Vocabulary v,
            CycleQuery.Built q,
            List<CycleQuery.Selector> sels,
            AccessRules rules,
            ProgramModel model) {
        int k = q.k();
        // the cycle's k transactions, then one outside it if the query has one
        int n = q.txns().size();
        List<Witness.Txn> txns = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Transaction type = q.type(i, sels, model);
            txns.add(
                    new Witness.Txn(
                            "T" + (i + 1),
                            type.name(),
                            parameters(m, v, type, q.txns().get(i)),
                            type.pos()));
        }
        List<Witness.Edge> edges = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            CycleQuery.Selector s = sels.get(i);
            Conflict c = s.conflict();
            Map<String, String> key = new LinkedHashMap<>();
            for (String col : v.keyColumns(c.table())) {
                key.put(col, m.eval(v.key(c.table(), col, s.record()), true).toString());
            }
            edges.add(
                    new Witness.Edge(
                            i,
                            (i + 1) % k,
                            c.kind(),
                            c.table(),
                            key,
                            c.field(),
                            statement(c.t1(), c.c1()),
                            statement(c.t2(), c.c2())));
        }
        List<int[]> vis = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && m.eval(v.vis(q.txns().get(i), q.txns().get(j)), true).isTrue())
                    vis.add(new int[] {i, j});
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) order.add(i);
        order.sort(
                (x, y) ->
                        x.equals(y)
                                ? 0
                                : m.eval(v.ar(q.txns().get(x), q.txns().get(y)), true).isTrue()
                                        ? -1
                                        : 1);
        String name = Classifier.classify(edges);
        Witness w = new Witness(k, txns, edges, vis, order, name, List.of());
        List<Witness.Access> accesses =
                rules == null ? List.of() : accesses(m, v, q, sels, edges, rules, model);
        List<Witness.InitialRow> initial =
                rules == null
                        ? initialRows(m, v, sels, edges, q.txns().get(order.get(0)))
                        : new InitialState(m, v, q, sels, order, rules, model).rows(edges);
        return new Witness(
                k,
                txns,
                edges,
                vis,
                order,
                name,
                Explanation.of(w),
                accesses,
                initial,
                v.literalsByCode(),
                isocheck.witness.AloneExecution.NOT_ASKED,
                n == k ? List.of() : sights(m, v, q, sels, rules, model));
    }

    /**
     * Which commits the statements see between the cycle's transactions and the one outside it, as
     * the model's statement snapshots ({@code vis@T.S}) have them: every statement outside loops
     * that has a snapshot of its own and runs, against each transaction on the other side. The
     * refined relations are no evidence here: the encoding states them on the cycle's edges and
     * leaves them free elsewhere, and a first version of this read two WW edges each way between a
     * DeleteReservation outside the cycle and a NewReservation on it.
     */
    private static List<Witness.Sight> sights(
            Valuation m,
            Vocabulary v,
            CycleQuery.Built q,
            List<CycleQuery.Selector> sels,
            AccessRules rules,
            ProgramModel model) {
        int k = q.k(), n = q.txns().size();
        List<Witness.Sight> out = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            Transaction type = q.type(x, sels, model);
            Expr<?> tx = q.txns().get(x);
            for (StatementFacts sf : model.facts(type.name()).statements()) {
                String id = type.name() + "." + sf.id();
                if (!sf.loops().isEmpty() || !v.declaredFunctions().containsKey("vis@" + id))
                    continue;
                if (!m.eval(rules.exec(sf, rules.site(sf, type, tx, List.of()), false), true)
                        .isTrue()) continue;
                for (int y = 0; y < n; y++) {
                    if (y == x || x < k && y < k) continue;
                    boolean sees = m.eval(v.statementVis(id, q.txns().get(y), tx), true).isTrue();
                    out.add(new Witness.Sight(x, statement(type, sf), y, sees));
                }
            }
        }
        return out;
    }

    /**
     * The edges' records in the view of {@code first}, the ar-first transaction: the initial state
     * (see {@link Witness.InitialRow}).
     */
    private static List<Witness.InitialRow> initialRows(
            Valuation m,
            Vocabulary v,
            List<CycleQuery.Selector> sels,
            List<Witness.Edge> edges,
            Expr<?> first) {
        Map<String, Witness.InitialRow> rows = new LinkedHashMap<>();
        for (int i = 0; i < edges.size(); i++) {
            Witness.Edge e = edges.get(i);
            String id = e.table() + e.key();
            if (rows.containsKey(id)) continue;
            Expr<?> r = sels.get(i).record();
            boolean alive = m.eval(v.alive(e.table(), r, first), true).isTrue();
            Map<String, String> values = new LinkedHashMap<>();
            if (alive) {
                for (var c : v.columns(e.table())) {
                    if (!v.isKey(e.table(), c.name()))
                        values.put(
                                c.name(),
                                m.eval(v.viewValue(e.table(), c.name(), r, first), true)
                                        .toString());
                }
            }
            rows.put(id, new Witness.InitialRow(e.table(), e.key(), alive, values));
        }
        return List.copyOf(rows.values());
    }

    /**
     * Which statements outside loops of each cycle transaction read or write the edge fields of
     * each edge record in the model (the necessary conditions of {@link AccessRules#reads} and
     * {@link AccessRules#writes}, evaluated): a concrete history of the witness needs them, e.g.
     * the read of the second withdraw in a lost update, which is on no edge.
     */
    private static List<Witness.Access> accesses(
            Valuation m,
            Vocabulary v,
            CycleQuery.Built q,
            List<CycleQuery.Selector> sels,
            List<Witness.Edge> edges,
            AccessRules rules,
            ProgramModel model) {
        Map<String, Expr<?>> records = new LinkedHashMap<>();
        Map<String, java.util.Set<String>> fields = new LinkedHashMap<>();
        for (int i = 0; i < edges.size(); i++) {
            Witness.Edge e = edges.get(i);
            String rec = e.table() + e.key();
            records.putIfAbsent(rec, sels.get(i).record());
            fields.computeIfAbsent(rec, x -> new java.util.LinkedHashSet<>()).add(e.field());
        }
        List<Witness.Access> out = new ArrayList<>();
        for (int t = 0; t < q.txns().size(); t++) {
            Transaction type = q.type(t, sels, model);
            for (StatementFacts sf : model.facts(type.name()).statements()) {
                if (!sf.loops().isEmpty()) continue;
                var site = rules.site(sf, type, q.txns().get(t), List.of());
                for (int i = 0; i < edges.size(); i++) {
                    Witness.Edge e = edges.get(i);
                    String rec = e.table() + e.key();
                    if (!sf.table().equals(e.table()) || records.get(rec) != sels.get(i).record())
                        continue;
                    for (String f : fields.get(rec)) {
                        if (m.eval(rules.reads(sf, f, site, records.get(rec)), true).isTrue()) {
                            out.add(new Witness.Access(t, sf.id(), e.table(), e.key(), f, false));
                        }
                        // the transaction outside the cycle by the sufficient condition: it is on
                        // no edge, so a write the model merely allows is none it made (a Cancel's
                        // refund of the customer whose balance a cycle UPDATE read from another
                        // transaction, reinsert.sql)
                        if (m.eval(rules.writes(sf, f, site, records.get(rec), t < q.k()), true)
                                .isTrue()) {
                            out.add(new Witness.Access(t, sf.id(), e.table(), e.key(), f, true));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * A path t1 → t2 → … → t(n+1) read off a model (a chordless path, an inductive counterexample):
     * edge i runs from {@code txns[i]} to {@code txns[i+1]}; {@code k} is the number of edges and
     * {@code anomaly} the given description (a path is not an anomaly by itself).
     */
    public static Witness path(
            Valuation m,
            Vocabulary v,
            List<Expr<?>> txnConstants,
            List<List<CycleQuery.Selector>> edgeSelectors,
            String description) {
        List<CycleQuery.Selector> sels = chosen(m, edgeSelectors);
        int n = sels.size();
        List<Witness.Txn> txns = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            Transaction type =
                    i < n ? sels.get(i).conflict().t1() : sels.get(n - 1).conflict().t2();
            txns.add(
                    new Witness.Txn(
                            "T" + (i + 1),
                            type.name(),
                            parameters(m, v, type, txnConstants.get(i)),
                            type.pos()));
        }
        List<Witness.Edge> edges = new ArrayList<>();
        for (int i = 0; i < n; i++) edges.add(edge(m, v, sels.get(i), i, i + 1));
        List<int[]> vis = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= n; j++) {
                if (i != j
                        && m.eval(v.vis(txnConstants.get(i), txnConstants.get(j)), true).isTrue())
                    vis.add(new int[] {i, j});
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i <= n; i++) order.add(i);
        order.sort(
                (x, y) ->
                        x.equals(y)
                                ? 0
                                : m.eval(v.ar(txnConstants.get(x), txnConstants.get(y)), true)
                                                .isTrue()
                                        ? -1
                                        : 1);
        return new Witness(n, txns, edges, vis, order, description, List.of());
    }

    private static Witness.Edge edge(
            Valuation m, Vocabulary v, CycleQuery.Selector s, int from, int to) {
        Conflict c = s.conflict();
        Map<String, String> key = new LinkedHashMap<>();
        for (String col : v.keyColumns(c.table()))
            key.put(col, m.eval(v.key(c.table(), col, s.record()), true).toString());
        return new Witness.Edge(
                from,
                to,
                c.kind(),
                c.table(),
                key,
                c.field(),
                statement(c.t1(), c.c1()),
                statement(c.t2(), c.c2()));
    }

    static Witness.Statement statement(Transaction t, StatementFacts sf) {
        return new Witness.Statement(
                t.name(), sf.id(), sf.kind(), sf.statement().sql(), sf.statement().pos());
    }

    private static Map<String, String> parameters(
            Valuation m, Vocabulary v, Transaction type, Expr<?> t) {
        Map<String, String> out = new LinkedHashMap<>();
        java.util.Set<String> nullable = isocheck.program.NullableParameters.of(type);
        Map<String, String> literals = v.literalsByCode(); // once per transaction, not per value
        for (Variable p : type.parameters()) {
            if (p.type() instanceof Type.Scalar
                    && nullable.contains(p.name())
                    && m.eval(
                                    v.apply(
                                            type.name() + "." + p.name() + "!null",
                                            v.context().getBoolSort(),
                                            List.of(t)),
                                    true)
                            .isTrue()) {
                // a NULL argument (encoding.Terms#parameterNull)
                out.put(p.name(), "NULL");
            } else if (p.type() instanceof Type.Scalar s) {
                Expr<?> val =
                        m.eval(
                                v.apply(
                                        type.name() + "." + p.name(),
                                        v.context().getIntSort(),
                                        List.of(t)),
                                true);
                out.put(
                        p.name(),
                        s.type() == ScalarType.STRING
                                ? Witness.sqlString(val.toString(), literals)
                                : val.toString());
            } else {
                out.put(p.name(), rows(m, v, type, p, t));
            }
        }
        return out;
    }

    /** The rows of a SET OF parameter in the model (its finite universe of row values). */
    private static String rows(Valuation m, Vocabulary v, Transaction type, Variable p, Expr<?> t) {
        var sort = v.elemSort(type.name(), p.name());
        // a sort the query never mentions has no universe in the model: the set is unconstrained,
        // and empty
        if (!m.hasSort(sort)) return "{}";
        Expr<?>[] universe = m.universe(sort);
        if (universe == null) return "{}";
        // Only the rows the query names (its loop-iteration witnesses) are shown: they are what the
        // cycle's edges use, and the model fixes them reproducibly; any other member of the set is
        // an
        // arbitrary element the solver added, shown as "…".
        java.util.Set<Expr<?>> named = m.constantValues(sort);
        // one row per member, equal rows included: two members with one value are two elements of
        // an array (BenchBase TPC-C's Delivery given district 7 twice visits it in two iterations,
        // and its cycle needs both: benchmarks/RESULTS.md, stop 28); sorted, the same in every run
        List<String> rows = new ArrayList<>();
        boolean others = false;
        for (Expr<?> x : universe) {
            BoolExpr in =
                    (BoolExpr)
                            v.apply(
                                    type.name() + "." + p.name() + "!in",
                                    v.context().getBoolSort(),
                                    List.of(x, t));
            if (!m.eval(in, true).isTrue()) continue;
            if (!named.contains(x)) {
                others = true;
                continue;
            }
            List<String> fields = new ArrayList<>();
            for (var f : p.type().fields()) {
                Expr<?> val =
                        m.eval(
                                v.apply(
                                        type.name() + "." + p.name() + "." + f.name(),
                                        v.context().getIntSort(),
                                        List.of(x)),
                                true);
                fields.add(f.name() + "=" + val);
            }
            rows.add("(" + String.join(", ", fields) + ")");
        }
        java.util.Collections.sort(rows);
        if (others) rows.add("…");
        return "{" + String.join(", ", rows) + "}";
    }
}
