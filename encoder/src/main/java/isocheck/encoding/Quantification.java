package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How the encoder's universal rules are stated over the query's constants ({@link Encoder} modes):
 * in EXPANDED mode a conjunction of instances on the cycle's transaction constants, witness records
 * and iteration elements; in QUANTIFIED mode Z3 quantifiers (paper §4, for MBQI). Also the
 * simplifications a fixed type per constant allows ({@link #mayBe}).
 */
final class Quantification {
    private final Vocabulary v;
    private final Context ctx;
    private final Mode mode;
    private Map<String, List<Expr<?>>> records = Map.of();
    private Map<String, List<Expr<?>>> ground = Map.of();
    private Map<Expr<?>, String> fixedTypes = Map.of();

    Quantification(Vocabulary v, Mode mode) {
        this.v = v;
        this.ctx = v.context();
        this.mode = mode;
    }

    /**
     * The query being encoded: its witness records per table, its ground terms per sort (and per
     * sort@owner for iteration elements) and the types it fixes (constant to type name).
     */
    void query(
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground,
            Map<Expr<?>, String> fixedTypes) {
        this.records = records;
        this.ground = ground;
        this.fixedTypes = fixedTypes;
    }

    /**
     * Whether transaction constant {@code t} may have type {@code type} in the query being encoded:
     * false only when the query fixes t's type to another one. A rule instance guarded by {@code
     * type(t) = type} is then vacuous and is not built.
     */
    boolean mayBe(Expr<?> t, String type) {
        String fixed = fixedTypes.get(t);
        return fixed == null || fixed.equals(type);
    }

    /**
     * ∀ x1..xn : Txn (pairwise distinct where {@code distinct} says) body: a conjunction over the
     * constants in EXPANDED mode, a quantifier in QUANTIFIED mode.
     */
    BoolExpr forAllTxns(
            List<Expr<?>> txns, int n, int[][] distinct, Function<List<Expr<?>>, BoolExpr> body) {
        if (mode == Mode.QUANTIFIED) {
            List<Expr<?>> bound = new ArrayList<>();
            for (int i = 0; i < n; i++) bound.add(v.fresh("tx", v.txnSort()));
            List<BoolExpr> diff = new ArrayList<>();
            for (int[] d : distinct)
                diff.add(ctx.mkNot(ctx.mkEq(bound.get(d[0]), bound.get(d[1]))));
            BoolExpr b = body.apply(bound);
            if (!diff.isEmpty()) b = ctx.mkImplies(and(diff), b);
            return ctx.mkForall(bound.toArray(new Expr<?>[0]), b, 0, null, null, null, null);
        }
        List<BoolExpr> out = new ArrayList<>();
        int[] idx = new int[n];
        tuples(txns, idx, 0, distinct, body, out);
        return and(out);
    }

    private void tuples(
            List<Expr<?>> txns,
            int[] idx,
            int pos,
            int[][] distinct,
            Function<List<Expr<?>>, BoolExpr> body,
            List<BoolExpr> out) {
        if (pos == idx.length) {
            for (int[] d : distinct) if (idx[d[0]] == idx[d[1]]) return;
            List<Expr<?>> args = new ArrayList<>();
            for (int i : idx) args.add(txns.get(i));
            out.add(body.apply(args));
            return;
        }
        for (int i = 0; i < txns.size(); i++) {
            idx[pos] = i;
            tuples(txns, idx, pos + 1, distinct, body, out);
        }
    }

    /**
     * ∀ vars. body over records and loop elements: a quantifier in QUANTIFIED mode; in EXPANDED
     * mode the conjunction of its instances on the query's ground terms of each variable's sort
     * (its witness records and iteration elements). Instantiating a universal formula on some terms
     * is implied by it, so this is sound; it is what "records expanded over the records the
     * statements touch" means, and it leaves Z3 a quantifier-free problem.
     */
    BoolExpr forAll(List<Expr<?>> vars, BoolExpr body) {
        if (vars.isEmpty()) return body;
        if (mode == Mode.QUANTIFIED)
            return ctx.mkForall(vars.toArray(new Expr<?>[0]), body, 0, null, null, null, null);
        return forAllGround(vars, body, List.of());
    }

    BoolExpr forAllGround(List<Expr<?>> vars, BoolExpr body, List<Expr<?>> extra) {
        return forAllGround(null, vars, body, extra);
    }

    /**
     * Iteration elements of transaction {@code owner}'s loops: in EXPANDED mode instantiated only
     * on the witness elements of that transaction (those of other transactions say nothing about
     * it).
     */
    BoolExpr forAllIn(Expr<?> owner, List<Expr<?>> elements, BoolExpr body) {
        if (elements.isEmpty()) return body;
        if (mode == Mode.QUANTIFIED)
            return ctx.mkForall(elements.toArray(new Expr<?>[0]), body, 0, null, null, null, null);
        return forAllGround(owner, elements, body, List.of());
    }

    private Expr<?> owner;

    BoolExpr forAllGround(Expr<?> owner, List<Expr<?>> vars, BoolExpr body, List<Expr<?>> extra) {
        List<BoolExpr> out = new ArrayList<>();
        Expr<?>[] from = vars.toArray(new Expr<?>[0]);
        Expr<?>[] to = new Expr<?>[from.length];
        Expr<?> saved = this.owner;
        this.owner = owner;
        instantiate(from, to, 0, body, extra, out);
        this.owner = saved;
        return and(out);
    }

    private void instantiate(
            Expr<?>[] from,
            Expr<?>[] to,
            int i,
            BoolExpr body,
            List<Expr<?>> extra,
            List<BoolExpr> out) {
        if (i == from.length) {
            out.add((BoolExpr) body.substitute(from, to));
            return;
        }
        String key = from[i].getSort().toString();
        List<Expr<?>> terms = new ArrayList<>(ground.getOrDefault(key, List.of()));
        if (owner != null) terms.addAll(ground.getOrDefault(key + "@" + owner, List.of()));
        for (Expr<?> e : extra)
            if (e.getSort().equals(from[i].getSort()) && !terms.contains(e)) terms.add(e);
        for (Expr<?> t : terms) {
            to[i] = t;
            instantiate(from, to, i + 1, body, extra, out);
        }
    }

    BoolExpr and(List<BoolExpr> parts) {
        if (!fixedTypes.isEmpty()) parts = parts.stream().filter(p -> !p.isTrue()).toList();
        if (parts.isEmpty()) return ctx.mkTrue();
        return parts.size() == 1 ? parts.get(0) : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    BoolExpr or(List<BoolExpr> parts) {
        if (parts.isEmpty()) return ctx.mkFalse();
        return parts.size() == 1 ? parts.get(0) : ctx.mkOr(parts.toArray(new BoolExpr[0]));
    }

    /**
     * The ground record terms rules over refined relations are instantiated on: the cycle's witness
     * records of the table. A refined relation only ever needs to hold of those (the necessary
     * conditions assert it there; nothing else asserts a refined WR or RW), so instances on other
     * records could only constrain relations the solver is free to make false; instantiating a
     * universal formula on fewer terms is sound in any case.
     */
    List<Expr<?>> recordTerms(String table) {
        return records.getOrDefault(table, List.of());
    }
}
