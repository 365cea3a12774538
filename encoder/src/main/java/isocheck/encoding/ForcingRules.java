package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.encoding.Encoder.StatementRef;
import isocheck.program.StatementFacts;
import isocheck.program.TransactionFacts;
import java.util.ArrayList;
import java.util.List;

/** The forcing conditions η^{→R} (paper §4.3); only WW is ever forced. */
final class ForcingRules extends RuleFamily {
    ForcingRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        super(v, model, rules, terms, quantification, mode);
    }

    /**
     * η^{→WW}_{c1,c2} (paper §4.3, the UPDATE/UPDATE rule, generalised to INSERT and DELETE): if
     * statement c1 of t1 and c2 of t2 surely write field f of a common record (guards and WHERE
     * under-approximated, the record alive in both views for UPDATE/DELETE) and ar(t1, t2), then
     * WW^R(r, f, t1, t2). One formula per statement pair, concluding every field both write.
     */
    List<Part> forcingWW(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        List<StatementRef> writers = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (sf.isWrite()) writers.add(new StatementRef(tf.transaction(), sf));
            }
        }
        for (StatementRef w1 : writers) {
            for (StatementRef w2 : writers) {
                if (!w1.facts().table().equals(w2.facts().table())) continue;
                List<String> common = new ArrayList<>(model.writeFields(w1.facts()));
                common.retainAll(model.writeFields(w2.facts()));
                if (common.isEmpty()) continue;
                String table = w1.facts().table();
                out.add(
                        new Part(
                                "forcing_WW "
                                        + w1.txn().name()
                                        + "."
                                        + w1.facts().id()
                                        + " "
                                        + w2.txn().name()
                                        + "."
                                        + w2.facts().id(),
                                forAllTxns(
                                        txns,
                                        2,
                                        PAIR,
                                        ab -> {
                                            Expr<?> a = ab.get(0), b = ab.get(1);
                                            if (!mayBe(a, w1.txn().name())
                                                    || !mayBe(b, w2.txn().name()))
                                                return ctx.mkTrue();
                                            List<Expr<?>> e1 =
                                                    rules.iterationElements(
                                                            w1.facts(), w1.txn(), "f");
                                            List<Expr<?>> e2 =
                                                    rules.iterationElements(
                                                            w2.facts(), w2.txn(), "f");
                                            Site s1 = rules.site(w1.facts(), w1.txn(), a, e1);
                                            Site s2 = rules.site(w2.facts(), w2.txn(), b, e2);
                                            List<Expr<?>> bound = new ArrayList<>();
                                            Expr<?> r =
                                                    rules.pinnedRecord(w1.facts(), s1)
                                                            .or(
                                                                    () ->
                                                                            rules.pinnedRecord(
                                                                                    w2.facts(), s2))
                                                            .orElse(null);
                                            if (r == null) {
                                                r = v.fresh("r", v.recordSort(table));
                                                bound.add(r);
                                            }
                                            String f0 = common.get(0);
                                            BoolExpr premise =
                                                    ctx.mkAnd(
                                                            v.isType(a, w1.txn().name()),
                                                            v.isType(b, w2.txn().name()),
                                                            v.ar(a, b),
                                                            rules.writes(
                                                                    w1.facts(), f0, s1, r, false),
                                                            rules.writes(
                                                                    w2.facts(), f0, s2, r, false));
                                            return forAllIn(
                                                    a,
                                                    e1,
                                                    forAllIn(
                                                            b,
                                                            e2,
                                                            forAll(
                                                                    bound,
                                                                    ctx.mkImplies(
                                                                            premise, v.ww(a, b)))));
                                        })));
            }
        }
        return out;
    }
}
