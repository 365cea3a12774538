package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import isocheck.encoding.Encoder.Mode;
import isocheck.program.Aggregate;
import isocheck.program.Cond;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * φ_aux (paper §4.3) and its converse (rows complete, select complete), and the facts about INSERT
 * keys: what a statement's result says about the records its WHERE clause matches.
 */
final class AuxRules extends RuleFamily {
    AuxRules(
            Vocabulary v,
            ProgramModel model,
            AccessRules rules,
            Terms terms,
            Quantification quantification,
            Mode mode) {
        super(v, model, rules, terms, quantification, mode);
    }

    /** Whether UNIQUE constraints hold in every snapshot ({@link #uniqueMembers}). */
    private boolean uniqueIndexes;

    /**
     * Under a database's write-time rules its unique indexes are enforced (PostgreSQL manual §5.5.3
     * "Unique Constraints", §13.2.1); the paper's replicated stores have none.
     */
    void uniqueIndexes(boolean enforced) {
        this.uniqueIndexes = enforced;
    }

    /**
     * φ_aux (paper §4.3): the rows of a SELECT satisfy its WHERE clause and are alive; an INSERT's
     * key was absent from its view; a non-empty row set has the row its scalar reads see; a CHOOSE
     * picks a member of a non-empty set; MIN/MAX of a key field is the key of a matching alive row;
     * COUNT (also COUNT(DISTINCT c)) is a non-negative number; SUM and AVG are unconstrained. The
     * rows of a SELECT with LIMIT or SKIP LOCKED are a subset of the matching rows, which is all
     * "satisfy its WHERE" says. (Loop elements belong to their sets through the execution condition
     * of every statement in the loop.)
     */
    List<Part> phiAux(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            out.add(
                    new Part(
                            "phi_aux " + txn.name(),
                            forAllTxns(
                                    txns,
                                    1,
                                    new int[0][],
                                    ts -> {
                                        Expr<?> t = ts.get(0);
                                        if (!mayBe(t, txn.name())) return ctx.mkTrue();
                                        List<BoolExpr> facts = new ArrayList<>();
                                        for (Variable var : txn.parameters())
                                            facts.addAll(auxParameterSet(txn, var, t));
                                        for (Variable var : txn.locals()) {
                                            facts.addAll(auxRows(txn, var, t));
                                            facts.addAll(auxChoose(txn, var, t));
                                            facts.addAll(auxAggregate(txn, var, t));
                                            facts.addAll(auxLoopPick(txn, var, t));
                                            facts.addAll(auxLoopCounter(txn, var, t));
                                            facts.addAll(auxPathAssignment(txn, var, t));
                                        }
                                        for (StatementFacts sf : tf.statements()) {
                                            facts.addAll(auxInsertFresh(txn, sf, t));
                                            facts.addAll(insertOnceValues(txn, sf, t));
                                        }
                                        return ctx.mkImplies(v.isType(t, txn.name()), and(facts));
                                    })));
        }
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<StatementFacts> keyed =
                    tf.statements().stream().filter(this::selectsRows).toList();
            if (keyed.isEmpty()) continue;
            out.add(
                    new Part(
                            "select_complete " + txn.name(),
                            forAllTxns(
                                    txns,
                                    1,
                                    new int[0][],
                                    ts -> {
                                        if (!mayBe(ts.get(0), txn.name())) return ctx.mkTrue();
                                        List<BoolExpr> facts = new ArrayList<>();
                                        for (StatementFacts sf : keyed) {
                                            facts.addAll(auxSelectComplete(txn, sf, ts.get(0)));
                                            facts.addAll(auxFirstRow(txn, sf, ts.get(0)));
                                        }
                                        return ctx.mkImplies(
                                                v.isType(ts.get(0), txn.name()), and(facts));
                                    })));
        }
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<StatementFacts> inserts =
                    tf.statements().stream()
                            .filter(sf -> sf.statement() instanceof Stmt.Insert)
                            .toList();
            if (inserts.isEmpty()) continue;
            out.add(
                    new Part(
                            "insert_key_defined " + txn.name(),
                            forAllTxns(
                                    txns,
                                    1,
                                    new int[0][],
                                    ts -> {
                                        if (!mayBe(ts.get(0), txn.name())) return ctx.mkTrue();
                                        List<BoolExpr> facts = new ArrayList<>();
                                        for (StatementFacts sf : inserts)
                                            facts.addAll(auxInsertKeyDefined(txn, sf, ts.get(0)));
                                        return ctx.mkImplies(
                                                v.isType(ts.get(0), txn.name()), and(facts));
                                    })));
        }
        return out;
    }

    private record Bound(List<Expr<?>> elements, Site site) {}

    /** Bound iteration elements for the loops a variable is indexed by, and the site they make. */
    private Optional<Bound> boundFor(Transaction txn, Variable var, Expr<?> t) {
        Optional<List<Stmt.Foreach>> loops = model.indexLoops(txn, var);
        if (loops.isEmpty()) return Optional.empty();
        List<Expr<?>> els = new ArrayList<>();
        for (Stmt.Foreach l : loops.get())
            els.add(v.fresh("i!" + l.variable(), terms.elementSort(txn, l.source())));
        return Optional.of(new Bound(els, Site.of(txn, t, loops.get(), els)));
    }

    private List<BoolExpr> auxParameterSet(Transaction txn, Variable var, Expr<?> t) {
        if (!(var.type() instanceof Type.Rows)) return List.of();
        Site site = new Site(txn, t, Map.of());
        Expr<?> x = v.fresh("x", terms.elementSort(txn, var.name()));
        BoolExpr in = terms.member(x, var.name(), site).orElseThrow();
        BoolExpr ne = terms.nonEmpty(var.name(), site).orElseThrow();
        Expr<?> pick = terms.pick(var.name(), site).orElseThrow();
        return List.of(
                forAllIn(t, List.of(x), ctx.mkImplies(in, ne)),
                ctx.mkImplies(ne, terms.member(pick, var.name(), site).orElseThrow()));
    }

    /**
     * loop_counter ({@link LoopCounter}, whose class comment argues soundness): a member's position
     * in its loop is at least 1 and no other member's ({@code T.v!posinv} inverts it); a set with a
     * member has {@code T.v!first(t)} at position 1; with ORDER BY an INT key column, the first
     * member's key is the least (ASC) or greatest (DESC) of the members'.
     */
    private List<BoolExpr> auxLoopCounter(Transaction txn, Variable var, Expr<?> t) {
        Optional<LoopCounter> found = terms.loopCounter(txn, var);
        if (found.isEmpty()) return List.of();
        LoopCounter lc = found.get();
        String source = lc.loop().source();
        Site site = new Site(txn, t, Map.of());
        com.microsoft.z3.Sort sort = terms.elementSort(txn, source);
        Expr<?> x = v.fresh("i!" + lc.loop().variable(), sort);
        Optional<BoolExpr> in = terms.member(x, source, site);
        if (in.isEmpty()) return List.of();
        String fn = txn.name() + "." + var.name();
        Expr<?> first = terms.loopFirst(txn, var, t);
        BoolExpr firstIn = terms.member(first, source, site).orElseThrow();
        var pos = terms.loopPosition(txn, var, x, t);
        var firstPos = terms.loopPosition(txn, var, first, t);
        List<BoolExpr> each = new ArrayList<>();
        each.add(ctx.mkGe(pos, ctx.mkInt(1)));
        each.add(ctx.mkEq(v.apply(fn + "!posinv", sort, List.of(pos, t)), x));
        each.add(firstIn);
        Optional<String> table = ProgramModel.rowTable(model.variable(txn, source).type());
        Optional<isocheck.program.OrderKey> key = lc.firstOrderKey(model, txn);
        if (table.isPresent() && key.isPresent() && v.isIntKey(table.get(), key.get().column())) {
            var kx = v.key(table.get(), key.get().column(), x);
            var kf = v.key(table.get(), key.get().column(), first);
            each.add(key.get().descending() ? ctx.mkLe(kx, kf) : ctx.mkGe(kx, kf));
        }
        return List.of(
                forAllIn(t, List.of(x), ctx.mkImplies(in.get(), and(each))),
                ctx.mkImplies(
                        firstIn,
                        ctx.mkAnd(
                                ctx.mkEq(firstPos, ctx.mkInt(1)),
                                ctx.mkEq(
                                        v.apply(fn + "!posinv", sort, List.of(firstPos, t)),
                                        first))));
    }

    /**
     * loop_pick ({@link LoopPick}, whose class comment argues soundness): the value {@code
     * T.v!final(t)} every read of the local sees is that of the last of its assignments that ran —
     * one outside loops whose guard holds (over-approximated) and after which none ran (its guard
     * under-approximated, negated), or the loop's pick: a member of the loop's row set whose field
     * it holds; with functionality the member is {@code Pick(p̄)} and the loop assigns iff {@code
     * Done(p̄)}, functions of the parameters shared by every instance.
     */
    private List<BoolExpr> auxLoopPick(Transaction txn, Variable var, Expr<?> t) {
        Optional<LoopPick> found = terms.loopPick(txn, var);
        if (found.isEmpty()) return List.of();
        LoopPick lp = found.get();
        Site site = new Site(txn, t, Map.of());
        PickTerms p = pickTerms(txn, var, lp, t);
        Expr<?> value = p.value();
        Expr<?> row = p.row();
        Expr<?> picked = p.picked();
        Optional<BoolExpr> done = p.done();
        List<LoopPick.Site> sites = lp.sites();
        List<BoolExpr> cases = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            LoopPick.Site a = sites.get(i);
            List<BoolExpr> c = new ArrayList<>();
            c.add(loopPickGuard(txn, a.guard(), site, true));
            if (a.inLoop()) {
                c.add(terms.member(row, lp.loop().source(), site).orElseThrow());
                c.add(ctx.mkEq(value, picked));
                c.addAll(pickedAt(txn, lp, row, t));
                done.ifPresent(c::add);
            } else {
                terms.value(a.assign().value(), site, null)
                        .ifPresent(x -> c.add(ctx.mkEq(value, x)));
            }
            for (LoopPick.Site b : sites.subList(i + 1, sites.size())) {
                BoolExpr ran = loopPickGuard(txn, b.guard(), site, false);
                if (!b.inLoop()) c.add(ctx.mkNot(ran));
                else if (done.isPresent()) c.add(ctx.mkOr(ctx.mkNot(ran), ctx.mkNot(done.get())));
            }
            cases.add(and(c));
        }
        return List.of(or(cases));
    }

    /**
     * The IF conditions around the pick inside the loop, at the iteration that visits the picked
     * row: the last assignment that ran ran there, where they held (over-approximated: TRUE where
     * not encoded, so every real run satisfies them).
     */
    private List<BoolExpr> pickedAt(Transaction txn, LoopPick lp, Expr<?> row, Expr<?> t) {
        Site at = new Site(txn, t, Map.of(lp.loop(), row));
        List<BoolExpr> out = new ArrayList<>();
        for (Cond c : lp.innerGuard()) out.add(terms.guard(c, at, true));
        return out;
    }

    /**
     * A loop pick's terms: the local's value, the row picked, its field, whether the loop assigns.
     */
    private record PickTerms(Expr<?> value, Expr<?> row, Expr<?> picked, Optional<BoolExpr> done) {}

    private PickTerms pickTerms(Transaction txn, Variable var, LoopPick lp, Expr<?> t) {
        Expr<?> value = terms.loopPickValue(txn, var, t);
        String fn = txn.name() + "." + var.name();
        String table = lp.source().table();
        Optional<BoolExpr> done = Optional.empty();
        Expr<?> row;
        if (lp.inputs().isPresent()) {
            List<Expr<?>> in = new ArrayList<>();
            for (String p : lp.inputs().get())
                in.add(v.apply(txn.name() + "." + p, ctx.getIntSort(), List.of(t)));
            row = v.apply(fn + "!pickfn", v.recordSort(table), in);
            done = Optional.of((BoolExpr) v.apply(fn + "!done", ctx.getBoolSort(), in));
        } else {
            row = v.apply(fn + "!pickrow", v.recordSort(table), List.of(t));
        }
        Expr<?> picked =
                v.isKey(table, lp.field())
                        ? v.key(table, lp.field(), row)
                        : v.oneValue(table, lp.field(), row);
        return new PickTerms(value, row, picked, done);
    }

    /**
     * A witness preference, never a query's constraint (query.ClosedWorldViews): every {@link
     * LoopPick} local of instance t whose loop ran holds the loop's pick, a member of the loop's
     * rows. The rule itself lets the loop assign nothing (its guard over a counter and a COUNT is
     * free of the number of rows), and TPC-C's Payment by last name then kept {@code v_c_id := 0},
     * its DECLARE value: the model updated customer 0, whose name was not the one read, and the
     * replay updated the middle customer of the name instead (benchmarks/RESULTS.md, stop 35).
     */
    public List<BoolExpr> loopPicksMade(Transaction txn, Expr<?> t) {
        List<BoolExpr> out = new ArrayList<>();
        Site site = new Site(txn, t, Map.of());
        for (Variable var : txn.locals()) {
            Optional<LoopPick> found = terms.loopPick(txn, var);
            if (found.isEmpty()) continue;
            LoopPick lp = found.get();
            PickTerms p = pickTerms(txn, var, lp, t);
            for (LoopPick.Site a : lp.sites()) {
                if (!a.inLoop()) continue;
                List<BoolExpr> made = new ArrayList<>();
                made.add(terms.member(p.row(), lp.loop().source(), site).orElseThrow());
                made.add(ctx.mkEq(p.value(), p.picked()));
                p.done().ifPresent(made::add);
                // only where the loop surely ran: its guard under-approximated
                out.add(ctx.mkImplies(loopPickGuard(txn, a.guard(), site, false), and(made)));
            }
        }
        return out;
    }

    /**
     * For {@link Encoder#localsOnIntegers}: each path-assigned local's path_assignment, and each
     * local whose one stable definition is a COALESCE ({@link Terms#variable} leaves its own term
     * free when the arguments' NULL-ness is not encoded) equal to that definition.
     */
    List<BoolExpr> localsOnIntegers(Transaction txn, Expr<?> t) {
        List<BoolExpr> out = new ArrayList<>();
        Site site = new Site(txn, t, Map.of());
        for (Variable var : txn.locals()) {
            out.addAll(auxPathAssignment(txn, var, t));
            Optional<isocheck.program.Expr> def = model.definition(txn, var);
            if (def.isEmpty() || !(def.get() instanceof isocheck.program.Expr.Coalesce)) continue;
            Optional<Expr<?>> own = terms.ownTerm(var, site);
            Optional<Expr<?>> value = terms.value(def.get(), site, null);
            if (own.isPresent() && value.isPresent() && !own.get().equals(value.get()))
                out.add(ctx.mkEq(own.get(), value.get()));
        }
        return out;
    }

    /**
     * path_assignment ({@link PathAssignment}, whose class comment argues soundness): the local's
     * term {@code T.v(t)} is the right-hand side of the last assignment that ran — one whose IF
     * branches were taken (over-approximated) and after which no other one's were (each
     * under-approximated, negated); its NULL flag is the right-hand side's (a nullable parameter's
     * flag, a row-set field's "no row", else false), and the value is stated only where it is not
     * NULL.
     */
    private List<BoolExpr> auxPathAssignment(Transaction txn, Variable var, Expr<?> t) {
        Optional<PathAssignment> found = terms.pathAssignment(txn, var);
        if (found.isEmpty()) return List.of();
        Site site = new Site(txn, t, Map.of());
        Optional<Expr<?>> value =
                terms.variable(
                        new isocheck.program.Expr.VarRef(
                                var.name(), null, isocheck.program.ScalarType.INT, null),
                        site);
        if (value.isEmpty()) return List.of();
        Optional<BoolExpr> isNull = terms.localNull(txn, var, t);
        Set<String> nullable = isocheck.program.NullableParameters.of(txn);
        List<PathAssignment.Site> sites = found.get().sites();
        List<BoolExpr> cases = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            isocheck.program.Expr rhs = sites.get(i).assign().value();
            List<BoolExpr> c = new ArrayList<>();
            c.add(pathGuard(txn, sites.get(i).guard(), site, true));
            Optional<BoolExpr> eq = terms.value(rhs, site, null).map(x -> ctx.mkEq(value.get(), x));
            if (PathAssignment.nullableParameter(model, txn, rhs, nullable)) {
                String p = ((isocheck.program.Expr.VarRef) rhs).variable();
                BoolExpr pNull = terms.parameterNull(txn, p, t);
                List<BoolExpr> notNull = new ArrayList<>();
                notNull.add(ctx.mkNot(pNull));
                isNull.ifPresent(n -> notNull.add(ctx.mkNot(n)));
                eq.ifPresent(notNull::add);
                BoolExpr whenNull = isNull.map(n -> ctx.mkAnd(pNull, n)).orElse(pNull);
                c.add(ctx.mkOr(whenNull, and(notNull)));
            } else {
                // a row-set field is NULL when the SELECT … INTO found no row
                Optional<String> rows = PathAssignment.rowSetField(model, txn, rhs);
                Optional<BoolExpr> present =
                        rows.isEmpty()
                                ? Optional.of(ctx.mkTrue())
                                : terms.nonEmpty(rows.get(), site);
                List<BoolExpr> hit = new ArrayList<>();
                isNull.ifPresent(n -> hit.add(ctx.mkNot(n)));
                eq.ifPresent(hit::add);
                if (present.isEmpty()) {
                    // emptiness not encoded: NULL-ness and value left free
                } else if (rows.isEmpty()) {
                    c.addAll(hit);
                } else {
                    hit.add(present.get());
                    BoolExpr empty = ctx.mkNot(present.get());
                    c.add(ctx.mkOr(and(hit), isNull.map(n -> ctx.mkAnd(empty, n)).orElse(empty)));
                }
            }
            for (PathAssignment.Site b : sites.subList(i + 1, sites.size()))
                c.add(ctx.mkNot(pathGuard(txn, b.guard(), site, false)));
            cases.add(and(c));
        }
        // a first assignment inside IF branches: stated where the run may have entered them
        List<PathAssignment.Branch> entered = sites.get(0).guard();
        if (entered.isEmpty()) return List.of(or(cases));
        return List.of(ctx.mkImplies(pathGuard(txn, entered, site, true), or(cases)));
    }

    /**
     * The IF branches around an assignment, over- or under-approximated: a THEN branch is taken
     * when its condition is TRUE, an ELSE branch when it is not TRUE (PL/pgSQL: a NULL condition
     * takes the ELSE), the guard {@link Cond.Not#notTrue} that FactExtractor writes, which {@link
     * Terms#cond} encodes by polarity either way. A condition over values that may change along the
     * run (not {@link ProgramModel#isStableCondition}) is taken by polarity alone.
     */
    private BoolExpr pathGuard(
            Transaction txn, List<PathAssignment.Branch> guard, Site site, boolean over) {
        List<BoolExpr> out = new ArrayList<>();
        for (PathAssignment.Branch b : guard) {
            Cond c = b.condition();
            if (!model.isStableCondition(txn, c)) out.add(ctx.mkBool(over));
            else out.add(terms.guard(b.then() ? c : Cond.Not.notTrue(c, c.pos()), site, over));
        }
        return and(out);
    }

    /**
     * The IF conditions around an assignment: over- or under-approximated, and by polarity alone
     * where a condition reads a value that may change along the run (not {@link
     * ProgramModel#isStableCondition}).
     */
    private BoolExpr loopPickGuard(Transaction txn, List<Cond> guard, Site site, boolean over) {
        List<BoolExpr> out = new ArrayList<>();
        for (Cond c : guard)
            out.add(
                    model.isStableCondition(txn, c)
                            ? terms.guard(c, site, over)
                            : ctx.mkBool(over));
        return and(out);
    }

    private List<BoolExpr> auxRows(Transaction txn, Variable var, Expr<?> t) {
        if (!(var.type() instanceof Type.Rows)) return List.of();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.isEmpty() || !as.stream().allMatch(a -> a.stmt() instanceof Stmt.Select))
            return List.of();
        Optional<Bound> b = boundFor(txn, var, t);
        if (b.isEmpty()) return List.of();
        Site site = b.get().site();
        String table = ((Stmt.Select) as.get(0).stmt()).table();
        Expr<?> r = v.fresh("r", v.recordSort(table));
        BoolExpr in = terms.member(r, var.name(), site).orElseThrow();
        BoolExpr ne = terms.nonEmpty(var.name(), site).orElseThrow();
        List<BoolExpr> sources = new ArrayList<>();
        for (ProgramModel.Assignment a : as) {
            StatementFacts sf = model.factsOf((Stmt.Sql) a.stmt());
            BoolExpr alive = rules.aliveInView(sf, site, r, true);
            sources.add(
                    ctx.mkAnd(
                            rules.exec(sf, site, true), rules.addresses(sf, site, r, true), alive));
        }
        List<Expr<?>> all = new ArrayList<>(b.get().elements());
        all.add(r);
        Expr<?> pick = terms.pick(var.name(), site).orElseThrow();
        BoolExpr rows = ctx.mkImplies(in, ctx.mkAnd(ne, or(sources)));
        BoolExpr picked = ctx.mkImplies(ne, terms.member(pick, var.name(), site).orElseThrow());
        // limit_one: a SELECT … LIMIT 1 returns at most one row, so every member is the row a
        // scalar read sees (the pick, a member when the result is non-empty). Which matching row
        // it is stays open (ORDER BY is not encoded: an over-approximation, sound)
        boolean limitOne =
                as.stream()
                        .allMatch(
                                a ->
                                        ((Stmt.Select) a.stmt())
                                                .limit()
                                                .map(n -> n == 1L)
                                                .orElse(false));
        BoolExpr single = ctx.mkImplies(in, ctx.mkEq(r, pick));
        List<BoolExpr> distinct =
                as.size() == 1
                        ? uniqueMembers(var, as.get(0), b.get().elements(), site, r)
                        : List.of();
        if (mode == Mode.QUANTIFIED) {
            List<BoolExpr> q = new ArrayList<>();
            q.add(forAll(all, rows));
            q.add(forAll(b.get().elements(), picked));
            if (limitOne) q.add(forAll(all, single));
            for (BoolExpr d : distinct) q.add(forAll(all, d));
            return q;
        }
        // ground: on the witness records, and on the row the scalar reads and CHOOSEs see
        List<BoolExpr> out = new ArrayList<>();
        for (BoolExpr d : distinct)
            out.add(ctx.mkForall(all.toArray(new Expr<?>[0]), d, 0, null, null, null, null));
        if (limitOne)
            out.add(ctx.mkForall(all.toArray(new Expr<?>[0]), single, 0, null, null, null, null));
        // the rows' WHERE facts stay quantified (a simple guarded formula, cheap for Z3's
        // instantiation): Skolem witnesses of other rules (an own earlier write's iteration) need
        // them
        out.add(ctx.mkForall(all.toArray(new Expr<?>[0]), rows, 0, null, null, null, null));
        out.add(forAllGround(t, b.get().elements(), picked, List.of()));
        List<Expr<?>> seen = new ArrayList<>();
        seen.add(pick);
        for (Variable other : txn.locals()) {
            for (ProgramModel.Assignment a : model.assignments(txn, other.name())) {
                if (a.stmt() instanceof Stmt.Choose ch
                        && ch.source().equals(var.name())
                        && a.loops().equals(as.get(0).loops())) {
                    terms.rowValue(other, site).ifPresent(seen::add);
                }
            }
        }
        for (Expr<?> x : seen) {
            BoolExpr inst = (BoolExpr) rows.substitute(r, x);
            out.add(
                    b.get().elements().isEmpty()
                            ? inst
                            : forAllGround(t, b.get().elements(), inst, List.of()));
        }
        return out;
    }

    /**
     * <b>unique_members</b>: the rows one SELECT returns differ on every UNIQUE constraint of its
     * table, so where the WHERE clause pins all of a constraint's columns but the selected ones by
     * equality (to values that read no column), the selected values tell the members apart: {@code
     * in(ē, r, t) → T.v!uniq(ē, f₁(ē, r, t), …, t) = r} (an inverse, so no quantifier over pairs).
     * The SELECT reads one snapshot (PostgreSQL manual §13.2.1; a transaction snapshot at RR and in
     * the paper's models alike), and in every snapshot a unique index holds over the live rows
     * (manual §5.5.3 "Unique Constraints": NULLs excepted, so each selected column must be NOT
     * NULL). Wikipedia's UpdatePage visits the watchers of one page, {@code UNIQUE (wl_user,
     * wl_namespace, wl_title)}: without this the model visited two watchers with one {@code
     * wl_user}, and its PERFORM of that user both saw and missed one commit (3 READ COMMITTED
     * witnesses; benchmarks/RESULTS.md stop 33). The primary key needs no rule: the record is its
     * key.
     */
    private List<BoolExpr> uniqueMembers(
            Variable var, ProgramModel.Assignment a, List<Expr<?>> elements, Site site, Expr<?> r) {
        Stmt.Select s = (Stmt.Select) a.stmt();
        if (!uniqueIndexes || s.aggregate().isPresent() || s.where() == null) return List.of();
        isocheck.program.Table table = v.table(s.table());
        Set<String> pinned = new LinkedHashSet<>();
        for (Cond c : isocheck.program.FactExtractor.conjuncts(s.where())) {
            if (c instanceof Cond.Compare cmp && cmp.op() == isocheck.program.CompareOp.EQ) {
                pinnedColumn(cmp.left(), cmp.right(), s.table(), pinned);
                pinnedColumn(cmp.right(), cmp.left(), s.table(), pinned);
            }
        }
        List<BoolExpr> out = new ArrayList<>();
        int n = 0;
        for (isocheck.program.Constraint c : table.constraints()) {
            n++;
            if (!(c instanceof isocheck.program.Constraint.Unique u)) continue;
            List<Expr<?>> args = new ArrayList<>(elements);
            boolean usable = false;
            for (String col : u.columns()) {
                if (pinned.contains(col)) continue;
                boolean selected = s.columns().contains(col) || s.columns().contains("*");
                boolean notNull =
                        table.column(col).map(isocheck.program.Column::notNull).orElse(false);
                Optional<Expr<?>> f =
                        selected && notNull
                                ? terms.rowField(var.name(), r, col, site)
                                : Optional.empty();
                if (f.isEmpty()) {
                    usable = false;
                    break;
                }
                args.add(f.get());
                usable = true;
            }
            if (!usable) continue;
            args.add(site.t());
            Expr<?> inverse =
                    v.apply(site.txn().name() + "." + var.name() + "!uniq" + n, r.getSort(), args);
            BoolExpr in = terms.member(r, var.name(), site).orElseThrow();
            out.add(ctx.mkImplies(in, ctx.mkEq(inverse, r)));
        }
        return out;
    }

    /** Adds a column of {@code table} that {@code column = value} pins (value reads no column). */
    private static void pinnedColumn(
            isocheck.program.Expr column,
            isocheck.program.Expr value,
            String table,
            Set<String> out) {
        if (column instanceof isocheck.program.Expr.ColumnRef ref
                && (ref.table() == null || ref.table().equals(table))
                && !value.readsColumns()) out.add(ref.column());
    }

    /**
     * φ_aux, the converse of "the rows of a SELECT satisfy its WHERE clause" (paper §4.3): a SELECT
     * whose WHERE clause holds, exactly, of a record alive in its view returns a non-empty row set,
     * so `v IS NULL` is false. Under-approximated premises (the clause's key part only when it has
     * no other part, the statement's execution condition) keep it sound; instantiated on the
     * witness records of the table, like the MIN/MAX rule.
     */
    List<Part> rowsComplete(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            for (Variable var : txn.locals()) {
                if (!(var.type() instanceof Type.Rows)) continue;
                List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
                if (as.size() != 1
                        || !(as.get(0).stmt() instanceof Stmt.Select s)
                        || s.aggregate().isPresent()) continue;
                // SKIP LOCKED may skip every matching row (all locked): its result may be empty
                // though rows match, so no completeness is claimed (RowLock). LIMIT n >= 1 keeps
                // it.
                if (s.lock().skipLocked()) continue;
                StatementFacts sf = model.factsOf(s);
                out.add(
                        new Part(
                                "rows_complete " + txn.name() + "." + var.name(),
                                forAllTxns(
                                        txns,
                                        1,
                                        new int[0][],
                                        ts -> {
                                            Expr<?> t = ts.get(0);
                                            if (!mayBe(t, txn.name())) return ctx.mkTrue();
                                            Optional<Bound> b = boundFor(txn, var, t);
                                            if (b.isEmpty()) return ctx.mkTrue();
                                            Site site = b.get().site();
                                            BoolExpr ne =
                                                    terms.nonEmpty(var.name(), site).orElseThrow();
                                            List<BoolExpr> facts = new ArrayList<>();
                                            for (Expr<?> r : recordTerms(s.table())) {
                                                BoolExpr matches =
                                                        ctx.mkAnd(
                                                                rules.exec(sf, site, false),
                                                                rules.addresses(sf, site, r, false),
                                                                rules.aliveInView(
                                                                        sf, site, r, false));
                                                facts.add(
                                                        forAllIn(
                                                                t,
                                                                b.get().elements(),
                                                                ctx.mkImplies(matches, ne)));
                                            }
                                            return ctx.mkImplies(
                                                    v.isType(t, txn.name()), and(facts));
                                        })));
            }
        }
        return out;
    }

    private List<BoolExpr> auxChoose(Transaction txn, Variable var, Expr<?> t) {
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() != 1 || !(as.get(0).stmt() instanceof Stmt.Choose c)) return List.of();
        Optional<Bound> b = boundFor(txn, var, t);
        if (b.isEmpty()) return List.of();
        Site site = b.get().site();
        Optional<BoolExpr> ne = terms.nonEmpty(c.source(), site);
        Optional<Expr<?>> chosen = terms.rowValue(var, site);
        if (ne.isEmpty() || chosen.isEmpty()) return List.of();
        Optional<BoolExpr> in = terms.member(chosen.get(), c.source(), site);
        if (in.isEmpty()) return List.of();
        return List.of(forAllIn(t, b.get().elements(), ctx.mkImplies(ne.get(), in.get())));
    }

    /**
     * A committed INSERT's key was not alive in its view: a database rejects a duplicate primary
     * key it can see (the transaction aborts and is not part of the execution); a concurrent insert
     * it cannot see is not detected, and then the later one in ar overwrites. (The execution
     * condition is under-approximated here, since it is a premise.)
     */
    private List<BoolExpr> auxInsertFresh(Transaction txn, StatementFacts sf, Expr<?> t) {
        if (!(sf.statement() instanceof Stmt.Insert)) return List.of();
        List<Expr<?>> els = rules.iterationElements(sf, txn, "ins");
        Site site = rules.site(sf, txn, t, els);
        Optional<Expr<?>> rec = rules.pinnedRecord(sf, site);
        if (rec.isEmpty()) return List.of();
        return List.of(
                forAllIn(
                        t,
                        els,
                        ctx.mkImplies(
                                rules.exec(sf, site, false),
                                rules.notAliveInView(sf, site, rec.get()))));
    }

    /**
     * <b>insert_once_value</b>: an INSERT (outside loops) that runs writes the one value every
     * version of its record has in a field only INSERTs write ({@code Encoder#singleVersionFields},
     * where the soundness argument is): {@code val!t.f@once(r) = value}. Ties what other statements
     * read of the record, and whether a phantom it is matches their WHERE, to what its inserter
     * wrote.
     */
    private List<BoolExpr> insertOnceValues(Transaction txn, StatementFacts sf, Expr<?> t) {
        if (!(sf.statement() instanceof Stmt.Insert ins) || !sf.loops().isEmpty()) return List.of();
        Site site = rules.site(sf, txn, t, List.of());
        List<BoolExpr> out = new ArrayList<>();
        for (int k = 0; k < ins.columns().size(); k++) {
            String col = ins.columns().get(k);
            if (v.isKey(sf.table(), col) || !v.hasOneValue(sf.table(), col)) continue;
            Optional<Expr<?>> rec = rules.pinnedRecord(sf, site);
            Optional<Expr<?>> value = terms.value(ins.values().get(k), site, null);
            if (rec.isEmpty() || value.isEmpty()) continue;
            out.add(
                    ctx.mkImplies(
                            rules.exec(sf, site, false),
                            ctx.mkEq(v.oneValue(sf.table(), col, rec.get()), value.get())));
        }
        return out;
    }

    /** Whether some statement of the transaction runs under a test {@code var IS [NOT] NULL}. */
    private boolean testedForEmptiness(Transaction txn, String var) {
        for (StatementFacts sf : model.facts(txn.name()).statements()) {
            for (isocheck.program.Cond g : sf.guard()) if (testsNull(g, var)) return true;
        }
        return false;
    }

    private static boolean testsNull(isocheck.program.Cond c, String var) {
        // other atoms test no emptiness; a miss only leaves select_complete out (fewer facts:
        // sound)
        return c.accept(
                new isocheck.program.Cond.DefaultVisitor<Boolean>() {
                    @Override
                    public Boolean visitIsNull(isocheck.program.Cond.IsNull n) {
                        return n.variable().equals(var);
                    }

                    @Override
                    public Boolean visitNot(isocheck.program.Cond.Not n) {
                        return testsNull(n.operand(), var);
                    }

                    @Override
                    public Boolean visitAnd(isocheck.program.Cond.And a) {
                        return testsNull(a.left(), var) || testsNull(a.right(), var);
                    }

                    @Override
                    public Boolean visitOr(isocheck.program.Cond.Or o) {
                        return testsNull(o.left(), var) || testsNull(o.right(), var);
                    }

                    @Override
                    public Boolean otherwise(isocheck.program.Cond x) {
                        return false;
                    }
                });
    }

    /** A SELECT … INTO a row set (not an aggregate), its variable assigned only there. */
    private boolean selectsRows(StatementFacts sf) {
        return sf.statement() instanceof Stmt.Select sel && sel.aggregate().isEmpty();
    }

    /**
     * <b>select_complete</b>: a SELECT that runs returns every record alive in its view that its
     * WHERE clause matches (φ_aux's other direction), stated for the record it names by its whole
     * key and for the query's witness records of the table, for the SELECTs whose emptiness the
     * program tests. Premises under-approximated, so sound wherever they are exact and vacuous
     * elsewhere.
     */
    private List<BoolExpr> auxSelectComplete(Transaction txn, StatementFacts sf, Expr<?> t) {
        Stmt.Select sel = (Stmt.Select) sf.statement();
        Variable var = model.variable(txn, sel.target());
        if (model.assignments(txn, var.name()).size() != 1) return List.of();
        // SKIP LOCKED returns any subset of the matching rows (RowLock): nothing is complete
        if (sel.lock().skipLocked()) return List.of();
        // LIMIT n returns some n of them: non-empty when one matches, but a matching row need not
        // be in it
        boolean everyRow = sel.limit().isEmpty();
        List<Expr<?>> els = rules.iterationElements(sf, txn, "sc");
        Site site = rules.site(sf, txn, t, els);
        Optional<BoolExpr> ne = terms.nonEmpty(var.name(), site);
        if (ne.isEmpty()) return List.of();
        // only where the result's emptiness steers the program (IS [NOT] NULL in a guard): stated
        // for
        // every SELECT these instances cost TPC-C's EC enumeration 3-4x the solver time, for
        // nothing
        if (!testedForEmptiness(txn, var.name())) return List.of();
        List<Expr<?>> records =
                new ArrayList<>(mode == Mode.EXPANDED ? recordTerms(sf.table()) : List.of());
        rules.pinnedRecord(sf, site).ifPresent(records::add);
        List<BoolExpr> out = new ArrayList<>();
        for (Expr<?> r : records) {
            Optional<BoolExpr> in = everyRow ? terms.member(r, var.name(), site) : Optional.empty();
            BoolExpr then = in.map(i -> ctx.mkAnd(ne.get(), i)).orElse(ne.get());
            out.add(
                    forAllIn(
                            t,
                            els,
                            ctx.mkImplies(
                                    ctx.mkAnd(
                                            rules.exec(sf, site, false),
                                            rules.addresses(sf, site, r, false),
                                            rules.aliveInView(sf, site, r, false)),
                                    then)));
        }
        return out;
    }

    /**
     * <b>first_row</b>: {@code SELECT … ORDER BY k [DESC] LIMIT 1} (k a key column, the only order
     * key, outside loops) returns a row no matching row alive in its view precedes: {@code k(x) ≥
     * k(returned)} ({@code ≤} for DESC), stated for the witness records and the statement's pinned
     * record. A plain SELECT sorts its snapshot. A locking one at READ COMMITTED locks the rows in
     * order and returns the first that still matches in its newest version (manual §13.2.1); a row
     * before it was re-read and no longer matched, and its view of such a row is that newest
     * version (docs/postgresql-levels.md §5), so it is not alive-and-matching there either.
     * Premises under-approximated (WHERE and alive must hold), so sound.
     */
    private List<BoolExpr> auxFirstRow(Transaction txn, StatementFacts sf, Expr<?> t) {
        Stmt.Select sel = (Stmt.Select) sf.statement();
        if (!sel.limit().equals(Optional.of(1L))
                || sel.orderBy().size() != 1
                || sel.lock().skipLocked()
                || sel.isJoin()
                || !sf.loops().isEmpty()) return List.of();
        String k = sel.orderBy().get(0).column();
        if (!v.isIntKey(sel.table(), k)) return List.of();
        Variable var = model.variable(txn, sel.target());
        if (model.assignments(txn, var.name()).size() != 1) return List.of();
        Site site = rules.site(sf, txn, t, List.of());
        Optional<BoolExpr> ne = terms.nonEmpty(var.name(), site);
        Optional<Expr<?>> pick = terms.pick(var.name(), site);
        if (ne.isEmpty() || pick.isEmpty()) return List.of();
        List<Expr<?>> records =
                new ArrayList<>(mode == Mode.EXPANDED ? recordTerms(sf.table()) : List.of());
        rules.pinnedRecord(sf, site).ifPresent(records::add);
        boolean desc = sel.orderBy().get(0).descending();
        var kp = v.key(sel.table(), k, pick.get());
        List<BoolExpr> out = new ArrayList<>();
        for (Expr<?> x : records) {
            var kx = v.key(sel.table(), k, x);
            out.add(
                    ctx.mkImplies(
                            ctx.mkAnd(
                                    ne.get(),
                                    rules.exec(sf, site, false),
                                    rules.addresses(sf, site, x, false),
                                    rules.aliveInView(sf, site, x, false)),
                            desc ? ctx.mkLe(kx, kp) : ctx.mkGe(kx, kp)));
        }
        return out;
    }

    /**
     * <b>insert_key_defined</b>: a committed INSERT's primary-key values are not NULL, so every row
     * set whose row a key value reads ({@code :v.f}, also through a local's definition, {@link
     * ProgramModel#definition}) was non-empty. Soundness: a field of an empty result is NULL, and a
     * database rejects NULL in a primary-key column, aborting the transaction, which is then not
     * part of the execution. (Without this, the key an INSERT takes from an empty SELECT, e.g.
     * TPC-C's {@code o_id := dist.d_next_o_id} for a district that does not exist, is
     * unconstrained.)
     */
    private List<BoolExpr> auxInsertKeyDefined(Transaction txn, StatementFacts sf, Expr<?> t) {
        if (!(sf.statement() instanceof Stmt.Insert)) return List.of();
        Set<String> sets = new LinkedHashSet<>();
        for (isocheck.program.Expr e : sf.keyPins().values()) rowSetsRead(txn, e, sets);
        if (sets.isEmpty()) return List.of();
        List<Expr<?>> els = rules.iterationElements(sf, txn, "kd");
        Site site = rules.site(sf, txn, t, els);
        List<BoolExpr> nonEmpty = new ArrayList<>();
        for (String set : sets) terms.nonEmpty(set, site).ifPresent(nonEmpty::add);
        if (nonEmpty.isEmpty()) return List.of();
        return List.of(forAllIn(t, els, ctx.mkImplies(rules.exec(sf, site, false), and(nonEmpty))));
    }

    /**
     * The local row sets (SELECT … INTO results outside loops) whose picked row an expression
     * reads.
     */
    private void rowSetsRead(Transaction txn, isocheck.program.Expr e, Set<String> out) {
        // CASE and COALESCE are not looked into: fewer row sets, fewer facts (sound)
        e.accept(
                new isocheck.program.Expr.DefaultVisitor<Void>() {
                    @Override
                    public Void visitVarRef(isocheck.program.Expr.VarRef ref) {
                        Variable var = model.variable(txn, ref.variable());
                        if (var.kind() != Variable.Kind.LOCAL) return null;
                        if (var.type() instanceof Type.Rows
                                && model.indexLoops(txn, var).map(List::isEmpty).orElse(false)) {
                            out.add(var.name());
                        }
                        model.definition(txn, var).ifPresent(d -> rowSetsRead(txn, d, out));
                        return null;
                    }

                    @Override
                    public Void visitArith(isocheck.program.Expr.Arith a) {
                        rowSetsRead(txn, a.left(), out);
                        rowSetsRead(txn, a.right(), out);
                        return null;
                    }

                    @Override
                    public Void visitNegate(isocheck.program.Expr.Negate n) {
                        rowSetsRead(txn, n.operand(), out);
                        return null;
                    }

                    @Override
                    public Void otherwise(isocheck.program.Expr x) {
                        return null;
                    }
                });
    }

    private List<BoolExpr> auxAggregate(Transaction txn, Variable var, Expr<?> t) {
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() != 1
                || !(as.get(0).stmt() instanceof Stmt.Select s)
                || s.aggregate().isEmpty()) return List.of();
        Optional<Bound> b = boundFor(txn, var, t);
        if (b.isEmpty()) return List.of();
        Site site = b.get().site();
        Aggregate agg = s.aggregate().get();
        Expr<?> value = terms.aggregate(var, site).orElseThrow();
        BoolExpr isNull = terms.aggregateNull(var, site).orElseThrow();
        if (agg.function() == Aggregate.Function.COUNT) {
            return List.of(
                    forAllIn(
                            t,
                            b.get().elements(),
                            ctx.mkAnd(
                                    ctx.mkGe((com.microsoft.z3.IntExpr) value, ctx.mkInt(0)),
                                    ctx.mkNot(isNull))));
        }
        // SUM and AVG: value and NULL-ness left unconstrained (any result of any rows read: sound)
        String column = agg.column().orElse(null);
        // a VARCHAR key's integer code has not the strings' order (Vocabulary#isIntKey): MIN/MAX of
        // it, or of any non-key column, is left unconstrained (any value: more behaviours)
        if (!agg.isExtremum() || column == null || !v.isIntKey(s.table(), column)) return List.of();
        StatementFacts sf = model.factsOf(s);
        // no matching record alive in the statement's view lies beyond the MIN (MAX)
        com.microsoft.z3.IntExpr aggValue = (com.microsoft.z3.IntExpr) value;
        List<BoolExpr> extremes = new ArrayList<>();
        for (Expr<?> other : recordTerms(s.table())) {
            com.microsoft.z3.IntExpr otherKey = v.key(s.table(), column, other);
            BoolExpr beyond =
                    agg.function() == Aggregate.Function.MIN
                            ? ctx.mkLt(otherKey, aggValue)
                            : ctx.mkGt(otherKey, aggValue);
            extremes.add(
                    forAllIn(
                            t,
                            b.get().elements(),
                            ctx.mkImplies(
                                    ctx.mkAnd(
                                            rules.exec(sf, site, false),
                                            ctx.mkNot(isNull),
                                            rules.addresses(sf, site, other, false),
                                            beyond),
                                    rules.notAliveInView(sf, site, other))));
            // and a matching record alive in the view makes the result non-NULL (premises
            // under-approximated)
            extremes.add(
                    forAllIn(
                            t,
                            b.get().elements(),
                            ctx.mkImplies(
                                    ctx.mkAnd(
                                            rules.exec(sf, site, false),
                                            rules.addresses(sf, site, other, false),
                                            rules.aliveInView(sf, site, other, false)),
                                    ctx.mkNot(isNull))));
        }
        BoolExpr extremum = and(extremes);
        Expr<?> r = v.fresh("r", v.recordSort(s.table()));
        BoolExpr alive = rules.aliveInView(sf, site, r, true);
        BoolExpr witness =
                ctx.mkExists(
                        new Expr<?>[] {r},
                        ctx.mkAnd(
                                rules.addresses(sf, site, r, true),
                                alive,
                                ctx.mkEq(v.key(s.table(), column, r), value)),
                        0,
                        null,
                        null,
                        null,
                        null);
        return List.of(
                extremum,
                forAllIn(
                        t,
                        b.get().elements(),
                        ctx.mkImplies(
                                ctx.mkAnd(rules.exec(sf, site, false), ctx.mkNot(isNull)),
                                witness)));
    }
}
