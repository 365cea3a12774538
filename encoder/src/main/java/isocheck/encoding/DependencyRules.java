package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rules over the refined dependency relations WR^R, RW^R, WW^R (paper §4.2): φ_dep, its form
 * per reading statement under statement snapshots, last-writer-wins and the Alive rule.
 */
final class DependencyRules extends RuleFamily {
    private final List<Conflict> conflicts;
    private final Encoder encoder;

    DependencyRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode,
            Encoder encoder) {
        super(v, model, rules, terms, quantification, mode);
        this.conflicts = encoder.conflicts();
        this.encoder = encoder;
    }

    /** The (kind, table, field) triples some candidate dependency uses. */
    Set<List<String>> refinedInUse() {
        Set<List<String>> out = new LinkedHashSet<>();
        for (Conflict c : conflicts) out.add(List.of(c.kind().name(), c.table(), c.field()));
        return out;
    }

    /**
     * φ_dep (paper §4.2): WR^R(r,f,t2,t1) ∧ RW^R(r,f,t1,t3) ⇒ WW^R(r,f,t2,t3), with t2 ≠ t3 (WW is
     * irreflexive: a transaction cannot overwrite the version its own reader saw from it).
     */
    List<Part> phiDep(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        Set<List<String>> used = refinedInUse();
        Set<List<String>> fields = new LinkedHashSet<>();
        for (List<String> k : used) fields.add(List.of(k.get(1), k.get(2)));
        for (List<String> tf : fields) {
            String table = tf.get(0);
            String field = tf.get(1);
            if (!used.contains(List.of("WR", table, field))
                    || !used.contains(List.of("RW", table, field))) continue;
            for (Expr<?> r : recordTerms(table)) {
                out.add(
                        new Part(
                                "phi_dep " + table + "." + field + " " + r,
                                forAllTxns(
                                        txns,
                                        3,
                                        new int[][] {{0, 1}, {0, 2}},
                                        t -> {
                                            Expr<?> t1 = t.get(0), t2 = t.get(1), t3 = t.get(2);
                                            BoolExpr premise =
                                                    ctx.mkAnd(
                                                            v.refined(
                                                                    DepKind.WR,
                                                                    table,
                                                                    field,
                                                                    r,
                                                                    t2,
                                                                    t1),
                                                            v.refined(
                                                                    DepKind.RW,
                                                                    table,
                                                                    field,
                                                                    r,
                                                                    t1,
                                                                    t3));
                                            BoolExpr conclusion =
                                                    ctx.mkAnd(
                                                            ctx.mkNot(ctx.mkEq(t2, t3)),
                                                            v.refined(
                                                                    DepKind.WW,
                                                                    table,
                                                                    field,
                                                                    r,
                                                                    t2,
                                                                    t3),
                                                            v.ww(t2, t3));
                                            return ctx.mkImplies(premise, conclusion);
                                        })));
            }
        }
        return out;
    }

    /**
     * φ_dep per reading statement, for statement snapshots: a SELECT (outside loops) reads one
     * version of r.f, so if it read r.f from t2 and t3 overwrites what it read, then t3 ≠ t2 and
     * WW(t2, t3). This rules out a single read that both sees and misses one writer; two reads of
     * r.f by different statements may still disagree (the non-repeatable read).
     */
    List<Part> phiDepPerStatement(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        Set<List<String>> wr = new LinkedHashSet<>();
        Set<List<String>> rw = new LinkedHashSet<>();
        for (Conflict c : conflicts) {
            Optional<String> s = encoder.singleReadStatement(c);
            if (s.isEmpty()) continue;
            (c.kind() == DepKind.WR ? wr : rw).add(List.of(c.table(), c.field(), s.get()));
        }
        wr.retainAll(rw);
        for (List<String> k : wr) {
            String table = k.get(0), field = k.get(1), stmt = k.get(2);
            for (Expr<?> r : recordTerms(table)) {
                out.add(
                        new Part(
                                "phi_dep " + table + "." + field + "@" + stmt + " " + r,
                                forAllTxns(
                                        txns,
                                        3,
                                        new int[][] {{0, 1}, {0, 2}},
                                        t -> {
                                            Expr<?> t1 = t.get(0), t2 = t.get(1), t3 = t.get(2);
                                            BoolExpr premise =
                                                    ctx.mkAnd(
                                                            v.refinedAt(
                                                                    DepKind.WR,
                                                                    table,
                                                                    field,
                                                                    stmt,
                                                                    r,
                                                                    t2,
                                                                    t1),
                                                            v.refinedAt(
                                                                    DepKind.RW,
                                                                    table,
                                                                    field,
                                                                    stmt,
                                                                    r,
                                                                    t1,
                                                                    t3));
                                            BoolExpr conclusion =
                                                    ctx.mkAnd(
                                                            ctx.mkNot(ctx.mkEq(t2, t3)),
                                                            v.refined(
                                                                    DepKind.WW,
                                                                    table,
                                                                    field,
                                                                    r,
                                                                    t2,
                                                                    t3),
                                                            v.ww(t2, t3));
                                            return ctx.mkImplies(premise, conclusion);
                                        })));
            }
        }
        return out;
    }

    /**
     * Last writer wins (paper §3.2), the visibility form of φ_dep: a reader's version of r.f is at
     * least as new (in ar) as every visible writer's, so if t1 surely writes r.f, t1 is visible to
     * t2 and t2 has an anti-dependency on r.f to t3, then t1 precedes t3 in ar. (φ_dep is the
     * special case where t1 is the writer t2 read from.)
     */
    List<Part> lastWriterWins(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        Set<List<String>> used = refinedInUse();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts w : tf.statements()) {
                List<String> fields = new ArrayList<>();
                for (String f : model.writeFields(w))
                    if (used.contains(List.of("RW", w.table(), f))) fields.add(f);
                if (fields.isEmpty()) continue;
                Transaction txn = tf.transaction();
                out.add(
                        new Part(
                                "last_writer_wins " + txn.name() + "." + w.id(),
                                forAllTxns(
                                        txns,
                                        3,
                                        new int[][] {{0, 1}, {1, 2}},
                                        abc -> {
                                            Expr<?> a = abc.get(0), b = abc.get(1), c = abc.get(2);
                                            if (!mayBe(a, txn.name())) return ctx.mkTrue();
                                            List<Expr<?>> els =
                                                    rules.iterationElements(w, txn, "lw");
                                            Site site = rules.site(w, txn, a, els);
                                            List<BoolExpr> cases = new ArrayList<>();
                                            for (Expr<?> r : recordTerms(w.table())) {
                                                List<BoolExpr> rws = new ArrayList<>();
                                                for (String f : fields)
                                                    rws.add(
                                                            v.refined(
                                                                    DepKind.RW,
                                                                    w.table(),
                                                                    f,
                                                                    r,
                                                                    b,
                                                                    c));
                                                BoolExpr premise =
                                                        ctx.mkAnd(
                                                                v.isType(a, txn.name()),
                                                                v.vis(a, b),
                                                                rules.writes(
                                                                        w,
                                                                        fields.get(0),
                                                                        site,
                                                                        r,
                                                                        false),
                                                                or(rws));
                                                cases.add(
                                                        forAllIn(
                                                                a,
                                                                els,
                                                                ctx.mkImplies(
                                                                        premise, v.ar(a, c))));
                                            }
                                            return and(cases);
                                        })));
            }
        }
        return out;
    }

    /**
     * The paper's Alive rules, as far as they are universal: a transaction that reads a record's
     * Alive from a writer that only ever inserts into that table sees the record alive; from one
     * that only deletes, not alive.
     */
    List<Part> aliveRule(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (List<String> k : refinedInUse()) {
            if (!k.get(0).equals("WR") || !k.get(2).equals(StatementFacts.ALIVE)) continue;
            String table = k.get(1);
            for (TransactionFacts tf : model.transactions()) {
                Transaction t = tf.transaction();
                boolean inserts = model.onlyAliveWrites(t, table, Stmt.Insert.class);
                boolean deletes = model.onlyAliveWrites(t, table, Stmt.Delete.class);
                if (!inserts && !deletes) continue;
                for (Expr<?> r : recordTerms(table)) {
                    out.add(
                            new Part(
                                    "alive_rule " + t.name() + " " + table + " " + r,
                                    forAllTxns(
                                            txns,
                                            2,
                                            PAIR,
                                            ab -> {
                                                if (!mayBe(ab.get(0), t.name()))
                                                    return ctx.mkTrue();
                                                BoolExpr alive = v.alive(table, r, ab.get(1));
                                                return ctx.mkImplies(
                                                        ctx.mkAnd(
                                                                v.refined(
                                                                        DepKind.WR,
                                                                        table,
                                                                        StatementFacts.ALIVE,
                                                                        r,
                                                                        ab.get(0),
                                                                        ab.get(1)),
                                                                v.isType(ab.get(0), t.name())),
                                                        inserts ? alive : ctx.mkNot(alive));
                                            })));
                }
            }
        }
        return out;
    }
}
