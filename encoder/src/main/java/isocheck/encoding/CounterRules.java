package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Value reasoning for fields that are only incremented ({@link CounterField}), over the view values
 * {@code val(r, t)} of {@link Vocabulary#viewValue}. Both rules need the spec to make every writer
 * of the field see the earlier writers ({@link WriterVisibility#writersSeeEarlierWriters}); then,
 * in every valid execution, for each record r the writers w1 <_ar w2 <_ar … of r.f each see all
 * their predecessors, so by last-writer-wins (paper §3.2) w_{i+1} reads the value w_i wrote and
 * writes at least one more: <b>the written values strictly increase along ar</b>, and every
 * transaction's view value is the initial value or a written one.
 *
 * <p>A rule's writer premise is an under-approximation ({@link AccessRules#writes} with {@code over
 * = false}: the statement surely runs and writes r.f), as for the paper's forcing conditions
 * η^{→R}.
 */
final class CounterRules {
    private final Vocabulary v;
    private final Context ctx;
    private final AccessRules rules;
    private final Quantification enc;
    private final WriterVisibility visibility;

    CounterRules(Vocabulary v, AccessRules rules, Quantification enc, WriterVisibility visibility) {
        this.v = v;
        this.ctx = v.context();
        this.rules = rules;
        this.enc = enc;
        this.visibility = visibility;
    }

    /**
     * <b>counter_seen_writer</b>: t1 writes r.f with increment c and t1 is visible to t2 ⇒ val(r,
     * t2) ≥ val(r, t1) + c.
     *
     * <p>Soundness: t1 reads val(r, t1) (its view, before its own write) and writes at least val(r,
     * t1) + c. t2's value is the one written by the ar-last writer w it sees; t1 is visible, so w =
     * t1 or t1 <_ar w, and values increase along ar, so val(r, t2) ≥ what t1 wrote.
     */
    List<Part> seenWriter(Spec spec, CounterField cf, List<Expr<?>> txns) {
        if (!visibility.writersSeeEarlierWriters(spec, cf.writerTypes())) return List.of();
        return perWriter(
                "counter_seen_writer",
                cf,
                txns,
                (w, t1, t2, r, writes) ->
                        ctx.mkImplies(
                                ctx.mkAnd(writes, v.vis(t1, t2)),
                                ctx.mkGe(
                                        v.viewValue(cf.table(), cf.field(), r, t2),
                                        ctx.mkAdd(
                                                v.viewValue(cf.table(), cf.field(), r, t1),
                                                ctx.mkInt(w.increment())))));
    }

    /**
     * <b>counter_unseen_writer</b>: t1 writes r.f and val(r, t2) > val(r, t1) ⇒ t1 is visible to
     * t2, for the observers t2 to which the spec makes an earlier writer visible whenever they see
     * a later one ({@link WriterVisibility#observersSeeingEarlierWritersThroughLater}; SI's prefix
     * property, not PSI's). Under a uniform spec that is every type or none; under a hybrid, the
     * types whose level gives it (a type at SI, not one at PSI), and the rule is guarded by t2's
     * type.
     *
     * <p>Soundness: every written value exceeds the initial value, and t1's view value is at least
     * the initial one, so val(r, t2) > val(r, t1) means t2 sees some writer; let w be the ar-last.
     * If w <_ar t1, t1 sees w and every writer up to it, so val(r, t1) ≥ what w wrote = val(r, t2):
     * impossible. So w = t1, or t1 <_ar w with w visible to t2, and then t1 is visible to t2 (the
     * property for t2's type).
     */
    List<Part> unseenWriter(Spec spec, CounterField cf, List<Expr<?>> txns) {
        if (!visibility.writersSeeEarlierWriters(spec, cf.writerTypes())) return List.of();
        Set<String> types = v.typeNames();
        Set<String> observers =
                visibility.observersSeeingEarlierWritersThroughLater(spec, cf.writerTypes(), types);
        if (observers.isEmpty()) return List.of();
        boolean everyType = observers.size() == types.size();
        return perWriter(
                "counter_unseen_writer",
                cf,
                txns,
                (w, t1, t2, r, writes) ->
                        ctx.mkImplies(
                                ctx.mkAnd(
                                        writes,
                                        everyType
                                                ? ctx.mkTrue()
                                                : visibility.inTypes(t2, observers),
                                        ctx.mkGt(
                                                v.viewValue(cf.table(), cf.field(), r, t2),
                                                v.viewValue(cf.table(), cf.field(), r, t1))),
                                v.vis(t1, t2)));
    }

    /**
     * <b>key_below_counter</b>, under the assumption that the initial database keeps every key
     * drawn from a counter below the counter's initial value (TPC-C's own consistency conditions,
     * §3.3.2.2–3: D_NEXT_O_ID − 1 = max(O_ID) = max(NO_O_ID)): a record x of a {@link CounterKey}
     * table alive in t's view has x.k < val(r(x), t), r(x) the counter record x's other key columns
     * name.
     *
     * <p>Soundness: if t sees no write of x's Alive, x is initial and x.k < the initial r(x).f ≤
     * val(r(x), t) (values only grow). Otherwise the ar-last visible writer I of x's Alive inserted
     * it (a DELETE would leave it dead), drawing x.k = val(r(x), I), and incremented r(x).f in the
     * same run ({@link CounterKey}); I is visible to t, so by counter_seen_writer val(r(x), t) ≥
     * x.k + 1. (Without the assumption an initial record could carry any key: the rule is off.)
     */
    List<Part> keyBelowCounter(Spec spec, CounterKey ck, List<Expr<?>> txns) {
        CounterField cf = ck.counter();
        if (!visibility.writersSeeEarlierWriters(spec, cf.writerTypes())) return List.of();
        return List.of(
                new Part(
                        "key_below_counter "
                                + ck.table()
                                + "."
                                + ck.column()
                                + " < "
                                + cf.table()
                                + "."
                                + cf.field(),
                        enc.forAllTxns(
                                txns,
                                1,
                                new int[0][],
                                ts -> {
                                    Expr<?> t = ts.get(0);
                                    Expr<?> x = v.fresh("kx", v.recordSort(ck.table()));
                                    List<Expr<?>> key = new ArrayList<>();
                                    for (String c : ck.counterKey())
                                        key.add(v.key(ck.table(), c, x));
                                    BoolExpr alive = v.alive(ck.table(), x, t);
                                    BoolExpr body =
                                            ctx.mkImplies(
                                                    alive,
                                                    ctx.mkLt(
                                                            v.key(ck.table(), ck.column(), x),
                                                            v.viewValue(
                                                                    cf.table(),
                                                                    cf.field(),
                                                                    v.record(cf.table(), key),
                                                                    t)));
                                    return ctx.mkForall(
                                            new Expr<?>[] {x},
                                            body,
                                            0,
                                            new com.microsoft.z3.Pattern[] {ctx.mkPattern(alive)},
                                            null,
                                            null,
                                            null);
                                })));
    }

    private interface Body {
        BoolExpr apply(CounterField.Writer w, Expr<?> t1, Expr<?> t2, Expr<?> r, BoolExpr writes);
    }

    /**
     * One part per writing statement: for t1 ≠ t2 among the query's transactions, on the record the
     * statement pins by its whole key, or else on the query's witness records of the table.
     */
    private List<Part> perWriter(String name, CounterField cf, List<Expr<?>> txns, Body body) {
        List<Part> out = new ArrayList<>();
        for (CounterField.Writer w : cf.writers()) {
            Encoder.StatementRef ref = w.statement();
            out.add(
                    new Part(
                            name
                                    + " "
                                    + cf.table()
                                    + "."
                                    + cf.field()
                                    + " "
                                    + ref.txn().name()
                                    + "."
                                    + ref.facts().id(),
                            enc.forAllTxns(
                                    txns,
                                    2,
                                    new int[][] {{0, 1}},
                                    ab -> {
                                        Expr<?> t1 = ab.get(0), t2 = ab.get(1);
                                        if (!enc.mayBe(t1, ref.txn().name())) return ctx.mkTrue();
                                        List<Expr<?>> els =
                                                rules.iterationElements(
                                                        ref.facts(), ref.txn(), "cnt");
                                        Site site = rules.site(ref.facts(), ref.txn(), t1, els);
                                        Optional<Expr<?>> pinned =
                                                rules.pinnedRecord(ref.facts(), site);
                                        List<Expr<?>> records =
                                                pinned.map(List::<Expr<?>>of)
                                                        .orElseGet(
                                                                () -> enc.recordTerms(cf.table()));
                                        List<BoolExpr> cases = new ArrayList<>();
                                        for (Expr<?> r : records) {
                                            BoolExpr writes =
                                                    ctx.mkAnd(
                                                            v.isType(t1, ref.txn().name()),
                                                            rules.writes(
                                                                    ref.facts(),
                                                                    cf.field(),
                                                                    site,
                                                                    r,
                                                                    false));
                                            cases.add(body.apply(w, t1, t2, r, writes));
                                        }
                                        return enc.forAllIn(t1, els, enc.and(cases));
                                    })));
        }
        return out;
    }
}
