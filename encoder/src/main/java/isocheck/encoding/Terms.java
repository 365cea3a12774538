package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Sort;
import isocheck.program.Cond;
import isocheck.program.NullableParameters;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The encoding of expressions and conditions, paper §4.3 Fig. 4: {@code [[e]]_{t,r}} and {@code
 * [[φ]]_{t,r}} with variables replaced by projection functions.
 *
 * <p>Projection functions, per transaction type T and variable v (indexed by the iteration elements
 * ē of the loops around v's assignment, paper's ρ_v with signature V^{D(v)} × τ → V):
 *
 * <ul>
 *   <li>scalar parameter: {@code T.v(t)}; SET OF parameter: membership {@code T.v!in(x, t)} over
 *       the uninterpreted sort of its rows, row fields {@code T.v.f(x)} (rows of a parameter are
 *       values);
 *   <li>row-set local (SELECT … INTO v): membership {@code T.v!in(ē, r, t)} over the table's
 *       records, {@code T.v!ne(ē, t)} (non-empty) and {@code T.v!pick(ē, t)} (the row a scalar read
 *       {@code :v.f} sees); key fields of a row are its key, a non-key field is the value {@code
 *       T.v.f(ē, r, t)} that t read: unconstrained, because it depends on the version read;
 *   <li>FOREACH variable: the iteration element itself; CHOOSE: {@code T.v!choose(ē, t)};
 *   <li>aggregate local: {@code T.v!agg(ē, t)} and {@code T.v!null(ē, t)};
 *   <li>a local assigned by {@code :=}: <b>over-approximated</b> by an unconstrained value {@code
 *       T.v(ē, t)}: the encoder does not follow data flow through assignments, so accumulators,
 *       reassigned variables and values computed in IF branches are sound;
 *   <li>except a scalar assigned once inside loops and read only in the same iteration after it:
 *       its expression there ({@link IterationDefinition});
 *   <li>and a scalar that picks a row inside a FOR loop ({@code v := r.f}) and is read only after
 *       all its assignments: {@code T.v!final(t)}, the last assignment that ran, the pick a member
 *       of the loop's rows and, over rows no transaction changes, a function of the parameters
 *       ({@link LoopPick});
 *   <li>and a scalar assigned several times outside loops and read only after all of them: the same
 *       term {@code T.v(t)} (and NULL flag), constrained to the right-hand side of the last
 *       assignment that ran on the path ({@link PathAssignment}).
 * </ul>
 *
 * Where a value cannot be encoded (a non-key field of the visited record, a variable used outside
 * the loops of its assignment, a variable assigned in different loops) the result is empty and the
 * atom that uses it is approximated by polarity: {@code true} when over-approximating (necessary
 * conditions), {@code false} when under-approximating (forcing conditions). Integer division by a
 * non-constant and the product of two non-constants are uninterpreted functions (SQL truncating
 * division and nonlinear products then never make Z3 give up; the real operations are one
 * interpretation).
 */
public final class Terms {
    private final Vocabulary v;
    private final Context ctx;
    private final ProgramModel model;
    private final SingleRowSets singleRowSets;

    private java.util.function.Function<Sort, List<Expr<?>>> ground;

    /**
     * With ground terms, a membership test {@code e = ANY(:rows.f)} in an under-approximated
     * (premise) position becomes a disjunction over the ground elements instead of an existential,
     * which there would be universal; the disjunction implies the existential, so this stays an
     * under-approximation.
     */
    public void setGround(java.util.function.Function<Sort, List<Expr<?>>> ground) {
        this.ground = ground;
    }

    public Terms(Vocabulary v, ProgramModel model) {
        this.v = v;
        this.ctx = v.context();
        this.model = model;
        this.singleRowSets = new SingleRowSets(model);
    }

    // ------------------------------------------------------------------ variables

    private String name(Transaction txn, String var) {
        return txn.name() + "." + var;
    }

    /**
     * The iteration elements a variable is indexed by at this site, if the site is inside its
     * loops.
     */
    public Optional<List<Expr<?>>> indices(Variable var, Site site) {
        Optional<List<Stmt.Foreach>> loops = model.indexLoops(site.txn(), var);
        if (loops.isEmpty()) return Optional.empty();
        List<Expr<?>> out = new ArrayList<>();
        for (Stmt.Foreach l : loops.get()) {
            Expr<?> e = site.element(l);
            if (e == null) return Optional.empty();
            out.add(e);
        }
        return Optional.of(out);
    }

    private List<Expr<?>> args(List<Expr<?>> prefix, Expr<?>... rest) {
        List<Expr<?>> out = new ArrayList<>(prefix);
        out.addAll(List.of(rest));
        return out;
    }

    /** The sort of the elements of a row-set variable (a table's records or a parameter's rows). */
    public Sort elementSort(Transaction txn, String rowsVar) {
        Variable var = model.variable(txn, rowsVar);
        Optional<String> table = ProgramModel.rowTable(var.type());
        if (table.isPresent()) return v.recordSort(table.get());
        Variable source = rowSource(txn, var);
        return v.elemSort(txn.name(), source.name());
    }

    /**
     * For a Row variable (FOREACH or CHOOSE) the row set it ranges over; a Rows variable is its own
     * source.
     */
    public Variable rowSource(Transaction txn, Variable var) {
        if (var.type() instanceof Type.Rows) return var;
        for (ProgramModel.Assignment a : model.assignments(txn, var.name())) {
            if (a.stmt() instanceof Stmt.Foreach f)
                return rowSource(txn, model.variable(txn, f.source()));
            if (a.stmt() instanceof Stmt.Choose c)
                return rowSource(txn, model.variable(txn, c.source()));
        }
        throw new IllegalStateException("no source for row variable " + var.name());
    }

    /** {@code x ∈ rows} at the site (membership in a SET OF parameter or a SELECT result). */
    public Optional<BoolExpr> member(Expr<?> x, String rowsVar, Site site) {
        Variable var = model.variable(site.txn(), rowsVar);
        if (var.kind() == Variable.Kind.PARAMETER) {
            return Optional.of(
                    (BoolExpr)
                            v.apply(
                                    name(site.txn(), rowsVar) + "!in",
                                    ctx.getBoolSort(),
                                    List.of(x, site.t())));
        }
        return indices(var, site)
                .map(
                        ix ->
                                (BoolExpr)
                                        v.apply(
                                                name(site.txn(), rowsVar) + "!in",
                                                ctx.getBoolSort(),
                                                args(ix, x, site.t())));
    }

    /** {@code rows ≠ ∅} at the site. */
    public Optional<BoolExpr> nonEmpty(String rowsVar, Site site) {
        Variable var = model.variable(site.txn(), rowsVar);
        Optional<List<Expr<?>>> ix =
                var.kind() == Variable.Kind.PARAMETER ? Optional.of(List.of()) : indices(var, site);
        return ix.map(
                i ->
                        (BoolExpr)
                                v.apply(
                                        name(site.txn(), rowsVar) + "!ne",
                                        ctx.getBoolSort(),
                                        args(i, site.t())));
    }

    /**
     * The row a scalar read of a row set sees (a member whenever the set is non-empty, by φ_aux).
     */
    public Optional<Expr<?>> pick(String rowsVar, Site site) {
        Variable var = model.variable(site.txn(), rowsVar);
        Sort sort = elementSort(site.txn(), rowsVar);
        Optional<List<Expr<?>>> ix =
                var.kind() == Variable.Kind.PARAMETER ? Optional.of(List.of()) : indices(var, site);
        return ix.map(i -> v.apply(name(site.txn(), rowsVar) + "!pick", sort, args(i, site.t())));
    }

    /**
     * {@link #pick}, only when the encoding declared the set's pick: a witness's reading of the
     * model declares no new function. (Until stop 25 a new declaration changed the next models of
     * an --all enumeration; it now reads a copy of each model, so this only keeps the seeds' join
     * order as the witnesses have it.)
     */
    public Optional<Expr<?>> declaredPick(String rowsVar, Site site) {
        return v.declares(name(site.txn(), rowsVar) + "!pick")
                ? pick(rowsVar, site)
                : Optional.empty();
    }

    /** The value of one field of a row x of a row set, as transaction t saw it. */
    public Optional<Expr<?>> rowField(String rowsVar, Expr<?> x, String field, Site site) {
        Variable var = model.variable(site.txn(), rowsVar);
        Optional<String> table = ProgramModel.rowTable(var.type());
        if (table.isPresent() && v.isKey(table.get(), field))
            return Optional.of(v.key(table.get(), field, x));
        if (table.isEmpty()) {
            return Optional.of(
                    v.apply(name(site.txn(), rowsVar) + "." + field, ctx.getIntSort(), List.of(x)));
        }
        if (viewRead(site.txn(), var, field))
            return Optional.of(v.viewValue(table.get(), field, x, site.t()));
        // statement views: a field with one value in every version of the record is that value,
        // whichever version the SELECT read (Vocabulary#hasOneValue)
        if (statementViews && v.hasOneValue(table.get(), field))
            return Optional.of(v.oneValue(table.get(), field, x));
        return indices(var, site)
                .map(
                        ix ->
                                v.apply(
                                        name(site.txn(), rowsVar) + "." + field,
                                        ctx.getIntSort(),
                                        args(ix, x, site.t())));
    }

    /** The row a Row variable (FOREACH or CHOOSE target) holds at the site. */
    public Optional<Expr<?>> rowValue(Variable var, Site site) {
        for (ProgramModel.Assignment a : model.assignments(site.txn(), var.name())) {
            if (a.stmt() instanceof Stmt.Foreach f) {
                Expr<?> e = site.element(f);
                return Optional.ofNullable(e);
            }
        }
        Variable source = rowSource(site.txn(), var);
        Sort sort = elementSort(site.txn(), source.name());
        return indices(var, site)
                .map(
                        ix ->
                                v.apply(
                                        name(site.txn(), var.name()) + "!choose",
                                        sort,
                                        args(ix, site.t())));
    }

    public Optional<Expr<?>> aggregate(Variable var, Site site) {
        return indices(var, site)
                .map(
                        ix ->
                                v.apply(
                                        name(site.txn(), var.name()) + "!agg",
                                        ctx.getIntSort(),
                                        args(ix, site.t())));
    }

    public Optional<BoolExpr> aggregateNull(Variable var, Site site) {
        return indices(var, site)
                .map(
                        ix ->
                                (BoolExpr)
                                        v.apply(
                                                name(site.txn(), var.name()) + "!null",
                                                ctx.getBoolSort(),
                                                args(ix, site.t())));
    }

    private boolean isAggregate(Transaction txn, Variable var) {
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        return !as.isEmpty()
                && as.stream()
                        .allMatch(
                                a ->
                                        a.stmt() instanceof Stmt.Select s
                                                && s.aggregate().isPresent());
    }

    /** The value of a variable reference {@code :var} or {@code :var.field}. */
    public Optional<Expr<?>> variable(isocheck.program.Expr.VarRef ref, Site site) {
        Variable var = model.variable(site.txn(), ref.variable());
        String field = ref.field();
        if (var.kind() == Variable.Kind.PARAMETER) {
            if (var.type() instanceof Type.Scalar) {
                return Optional.of(
                        v.apply(name(site.txn(), var.name()), ctx.getIntSort(), List.of(site.t())));
            }
            // a scalar read of a SET OF parameter: the picked row's field
            String f = field != null ? field : var.type().fields().get(0).name();
            return pick(var.name(), site).flatMap(p -> rowField(var.name(), p, f, site));
        }
        if (var.type() instanceof Type.Row) {
            String f = field != null ? field : var.type().fields().get(0).name();
            Variable source = rowSource(site.txn(), var);
            return rowValue(var, site).flatMap(x -> rowFieldOfSource(source, var, x, f, site));
        }
        if (var.type() instanceof Type.Rows) {
            String f = field != null ? field : var.type().fields().get(0).name();
            return pick(var.name(), site).flatMap(p -> rowField(var.name(), p, f, site));
        }
        if (isAggregate(site.txn(), var)) return aggregate(var, site);
        // a local with one stable definition is that definition (ProgramModel#definition)
        Optional<isocheck.program.Expr> def = model.definition(site.txn(), var);
        if (def.isPresent()) {
            Optional<Expr<?>> defined =
                    value(def.get(), new Site(site.txn(), site.t(), Map.of()), null);
            // a COALESCE whose arguments' NULL-ness is not encoded: the local's own free term
            // below, one value at every read (its definition is stable), not an unencoded value
            if (defined.isPresent() || !(def.get() instanceof isocheck.program.Expr.Coalesce))
                return defined;
        }
        // a local assigned once in loops, read in the same iteration after it: its expression
        Optional<isocheck.program.Expr> inIteration =
                iterationDefinitions.computeIfAbsent(
                        site.txn().name() + "." + var.name(),
                        k -> IterationDefinition.of(model, site.txn(), var));
        if (inIteration.isPresent()) return value(inIteration.get(), site, null);
        // a loop counter read in its loop: start + step · T.v!pos(x, t), constrained by AuxRules
        Optional<LoopCounter> counter = loopCounter(site.txn(), var);
        if (counter.isPresent()) {
            Expr<?> x = site.element(counter.get().loop());
            if (x == null) return Optional.empty();
            LoopCounter lc = counter.get();
            return Optional.of(
                    ctx.mkAdd(
                            ctx.mkInt(lc.start()),
                            ctx.mkMul(
                                    ctx.mkInt(lc.step()),
                                    loopPosition(site.txn(), var, x, site.t()))));
        }
        // a row picked in a loop and read after it: T.v!final(t), constrained by AuxRules
        if (loopPick(site.txn(), var).isPresent())
            return Optional.of(loopPickValue(site.txn(), var, site.t()));
        // any other scalar assigned by := : unconstrained (see the class comment); a
        // PathAssignment local is this term too, constrained by AuxRules
        return ownTerm(var, site);
    }

    /** A local's own term {@code T.v(ē, t)}, which {@link #variable} falls back to. */
    Optional<Expr<?>> ownTerm(Variable var, Site site) {
        return indices(var, site)
                .map(
                        ix ->
                                v.apply(
                                        name(site.txn(), var.name()),
                                        ctx.getIntSort(),
                                        args(ix, site.t())));
    }

    private final Map<String, Optional<LoopPick>> loopPicks = new java.util.HashMap<>();

    private final Map<String, Optional<LoopCounter>> loopCounters = new java.util.HashMap<>();

    /** The loop-counter rule's shape for the variable, if it has it ({@link LoopCounter}). */
    public Optional<LoopCounter> loopCounter(Transaction txn, Variable var) {
        return loopCounters.computeIfAbsent(
                txn.name() + "." + var.name(), k -> LoopCounter.of(model, txn, var));
    }

    /** {@code T.v!first(t)}: the element a {@link LoopCounter}'s loop visits first. */
    public Expr<?> loopFirst(Transaction txn, Variable var, Expr<?> t) {
        LoopCounter lc = loopCounter(txn, var).orElseThrow();
        return v.apply(
                name(txn, var.name()) + "!first", elementSort(txn, lc.loop().source()), List.of(t));
    }

    /** {@code T.v!pos(x, t)}: the 1-based position of element x in a {@link LoopCounter}'s loop. */
    public IntExpr loopPosition(Transaction txn, Variable var, Expr<?> x, Expr<?> t) {
        return (IntExpr) v.apply(name(txn, var.name()) + "!pos", ctx.getIntSort(), List.of(x, t));
    }

    private final Map<String, Optional<isocheck.program.Expr>> iterationDefinitions =
            new java.util.HashMap<>();

    /** The loop-pick rule's shape for the variable, if it has it ({@link LoopPick}). */
    Optional<LoopPick> loopPick(Transaction txn, Variable var) {
        return loopPicks.computeIfAbsent(
                txn.name() + "." + var.name(), k -> LoopPick.of(model, v, txn, var));
    }

    private final Map<String, Optional<PathAssignment>> pathAssignments = new java.util.HashMap<>();

    /** The path-assignment rule's shape for the variable, if it has it ({@link PathAssignment}). */
    Optional<PathAssignment> pathAssignment(Transaction txn, Variable var) {
        return pathAssignments.computeIfAbsent(
                txn.name() + "." + var.name(), k -> PathAssignment.of(model, txn, var));
    }

    /**
     * {@code T.v!null(t)}, the NULL flag of a scalar local that may be NULL through a parameter,
     * outside loops; empty when the local has none.
     */
    Optional<BoolExpr> localNull(Transaction txn, Variable var, Expr<?> t) {
        return nullFlag(
                new isocheck.program.Expr.VarRef(var.name(), null, ScalarType.INT, null),
                new Site(txn, t, Map.of()));
    }

    /** {@code T.v!final(t)}: the value of a {@link LoopPick} local wherever it is read. */
    Expr<?> loopPickValue(Transaction txn, Variable var, Expr<?> t) {
        return v.apply(name(txn, var.name()) + "!final", ctx.getIntSort(), List.of(t));
    }

    /**
     * A non-key field of the rows of a SELECT … INTO read before any own write of it is the view
     * value of paper §3.2 (last writer wins), the same for every statement of the transaction
     * ({@link ProgramModel#readsViewValue}); only then does {@link CounterRules} reach it.
     */
    private boolean statementViews;

    /**
     * With statement snapshots a row's field value is the one its SELECT read (the per-variable
     * function), never the transaction's view value, which another statement may see differently.
     */
    void statementViews(boolean on) {
        this.statementViews = on;
    }

    private boolean viewRead(Transaction txn, Variable var, String field) {
        if (statementViews) return false;
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        return as.size() == 1
                && as.get(0).stmt() instanceof Stmt.Select s
                && s.aggregate().isEmpty()
                && model.readsViewValue(txn, s, field);
    }

    private Optional<Expr<?>> rowFieldOfSource(
            Variable source, Variable rowVar, Expr<?> x, String field, Site site) {
        Optional<String> table = ProgramModel.rowTable(source.type());
        if (table.isPresent() && v.isKey(table.get(), field))
            return Optional.of(v.key(table.get(), field, x));
        if (table.isEmpty()) return rowField(source.name(), x, field, site);
        // a non-key field of a selected row: the value t read for that row of the source set, if
        // the
        // site is inside the source's loops; otherwise unconstrained, per row variable
        Optional<Expr<?>> viaSource = rowField(source.name(), x, field, site);
        if (viaSource.isPresent()) return viaSource;
        return indices(rowVar, site)
                .map(
                        ix ->
                                v.apply(
                                        name(site.txn(), rowVar.name()) + "." + field,
                                        ctx.getIntSort(),
                                        args(ix, site.t())));
    }

    // ------------------------------------------------------------------ expressions

    /** [[e]] at the site; {@code r} is the record an SQL statement visits (null outside SQL). */
    public Optional<Expr<?>> value(isocheck.program.Expr e, Site site, Expr<?> r) {
        return e.accept(
                new isocheck.program.Expr.Visitor<Optional<Expr<?>>>() {
                    @Override
                    public Optional<Expr<?>> visitIntLit(isocheck.program.Expr.IntLit i) {
                        return Optional.of(ctx.mkInt(i.value()));
                    }

                    @Override
                    public Optional<Expr<?>> visitStrLit(isocheck.program.Expr.StrLit s) {
                        return Optional.of(v.string(s.value()));
                    }

                    // NULL: NULL-ness is not encoded, so a NULL written is an unconstrained value
                    // (sound);
                    // atoms that read it are approximated by polarity
                    @Override
                    public Optional<Expr<?>> visitNullLit(isocheck.program.Expr.NullLit n) {
                        return Optional.empty();
                    }

                    @Override
                    public Optional<Expr<?>> visitVarRef(isocheck.program.Expr.VarRef ref) {
                        return variable(ref, site);
                    }

                    @Override
                    public Optional<Expr<?>> visitColumnRef(isocheck.program.Expr.ColumnRef c) {
                        if (r != null && v.isKey(c.table(), c.column()))
                            return Optional.of(v.key(c.table(), c.column(), r));
                        // a non-key field of the visited record: version-dependent, unless the site
                        // fixes it
                        return Optional.ofNullable(site.columns().get(c.column()));
                    }

                    @Override
                    public Optional<Expr<?>> visitNegate(isocheck.program.Expr.Negate n) {
                        return value(n.operand(), site, r).map(x -> ctx.mkUnaryMinus(int_(x)));
                    }

                    @Override
                    public Optional<Expr<?>> visitCase(isocheck.program.Expr.Case c) {
                        return caseValue(c, site, r);
                    }

                    // COALESCE: exact where every argument but the last has its NULL-ness
                    // encoded (coalesceValue); otherwise unconstrained (sound), and atoms that use
                    // it are approximated by polarity
                    @Override
                    public Optional<Expr<?>> visitCoalesce(isocheck.program.Expr.Coalesce c) {
                        return coalesceValue(c, site, r);
                    }

                    @Override
                    public Optional<Expr<?>> visitArith(isocheck.program.Expr.Arith a) {
                        Optional<Expr<?>> l = value(a.left(), site, r);
                        Optional<Expr<?>> rr = value(a.right(), site, r);
                        if (l.isEmpty() || rr.isEmpty()) return Optional.empty();
                        IntExpr x = int_(l.get());
                        IntExpr y = int_(rr.get());
                        return Optional.of(
                                switch (a.op()) {
                                    case ADD -> ctx.mkAdd(x, y);
                                    case SUB -> ctx.mkSub(x, y);
                                    case MUL ->
                                            x.isIntNum() || y.isIntNum()
                                                    ? ctx.mkMul(x, y)
                                                    : v.apply(
                                                            "mul", ctx.getIntSort(), List.of(x, y));
                                    case DIV -> division(x, y);
                                });
                    }
                });
    }

    /**
     * SQL's integer division, which truncates toward zero (PostgreSQL manual §9.3: {@code 5 / 2} is
     * 2, {@code -5 / 2} is -2): by a non-zero constant exactly, through Z3's floor division of the
     * absolute value (linear arithmetic); otherwise the uninterpreted {@code sqldiv}, of which the
     * real division is one interpretation. TPC-C's Payment by last name keeps the customer at
     * position {@code (namecnt + 1) / 2}: with the quotient free the model kept the second of two
     * customers, the server the first (benchmarks/RESULTS.md, stop 35).
     */
    private Expr<?> division(IntExpr x, IntExpr y) {
        if (!y.isIntNum() || ((com.microsoft.z3.IntNum) y).getInt64() == 0)
            return v.apply("sqldiv", ctx.getIntSort(), List.of(x, y));
        long c = ((com.microsoft.z3.IntNum) y).getInt64();
        IntExpr d = ctx.mkInt(Math.abs(c));
        com.microsoft.z3.ArithExpr<com.microsoft.z3.IntSort> up = ctx.mkDiv(x, d);
        com.microsoft.z3.ArithExpr<com.microsoft.z3.IntSort> down =
                ctx.mkUnaryMinus(ctx.mkDiv(ctx.mkUnaryMinus(x), d));
        com.microsoft.z3.ArithExpr<com.microsoft.z3.IntSort> q =
                (com.microsoft.z3.ArithExpr<com.microsoft.z3.IntSort>)
                        ctx.mkITE(ctx.mkGe(x, ctx.mkInt(0)), up, down);
        return c > 0 ? q : ctx.mkUnaryMinus(q);
    }

    /**
     * CASE WHEN c1 THEN e1 … ELSE e END as nested if-then-else, when every condition and value is
     * encoded exactly; otherwise unconstrained (the atom using it is approximated by polarity).
     */
    private Optional<Expr<?>> caseValue(isocheck.program.Expr.Case c, Site site, Expr<?> r) {
        Optional<Expr<?>> result = value(c.otherwise(), site, r);
        for (int i = c.conditions().size() - 1; i >= 0 && result.isPresent(); i--) {
            Optional<BoolExpr> when = exactCond(c.conditions().get(i), site, r);
            Optional<Expr<?>> then = value(c.values().get(i), site, r);
            if (when.isEmpty() || then.isEmpty()) return Optional.empty();
            Expr<?> otherwise = result.get();
            result = Optional.of(ctx.mkITE(when.get(), int_(then.get()), int_(otherwise)));
        }
        return result;
    }

    /** [[φ]] exactly, if every atom of φ is encoded. */
    private Optional<BoolExpr> exactCond(Cond c, Site site, Expr<?> r) {
        return c.accept(new ExactCond(site, r));
    }

    /** [[φ]] exactly: connectives over the atoms' exact encodings, empty where an atom has none. */
    private final class ExactCond implements Cond.Visitor<Optional<BoolExpr>> {
        private final Site site;
        private final Expr<?> r;

        ExactCond(Site site, Expr<?> r) {
            this.site = site;
            this.r = r;
        }

        @Override
        public Optional<BoolExpr> visitConst(Cond.Const k) {
            return Optional.of(ctx.mkBool(k.value()));
        }

        @Override
        public Optional<BoolExpr> visitNot(Cond.Not n) {
            return exactCond(n.operand(), site, r).map(ctx::mkNot);
        }

        @Override
        public Optional<BoolExpr> visitAnd(Cond.And a) {
            Optional<BoolExpr> l = exactCond(a.left(), site, r);
            Optional<BoolExpr> rr = exactCond(a.right(), site, r);
            return l.isPresent() && rr.isPresent()
                    ? Optional.of(ctx.mkAnd(l.get(), rr.get()))
                    : Optional.empty();
        }

        @Override
        public Optional<BoolExpr> visitOr(Cond.Or o) {
            Optional<BoolExpr> l = exactCond(o.left(), site, r);
            Optional<BoolExpr> rr = exactCond(o.right(), site, r);
            return l.isPresent() && rr.isPresent()
                    ? Optional.of(ctx.mkOr(l.get(), rr.get()))
                    : Optional.empty();
        }

        @Override
        public Optional<BoolExpr> visitCompare(Cond.Compare cmp) {
            // a field that may be NULL makes the comparison UNKNOWN, which no integer value encodes
            // (x = 1 OR x <> 1 is not true of NULL): by polarity, as for values that are not
            // encoded
            if (mayBeNull(cmp.left(), site, true) || mayBeNull(cmp.right(), site, true))
                return Optional.empty();
            return compareValues(cmp, site, r);
        }

        @Override
        public Optional<BoolExpr> visitIsNull(Cond.IsNull n) {
            Variable var = model.variable(site.txn(), n.variable());
            Optional<BoolExpr> isNull;
            if (var.type() instanceof Type.Rows) {
                isNull = nonEmpty(var.name(), site).map(ctx::mkNot);
            } else if (isAggregate(site.txn(), var)) {
                isNull = aggregateNull(var, site);
            } else {
                // a local assigned from a parameter that may be NULL: its flag (nullFlag)
                isNull =
                        nullFlag(
                                new isocheck.program.Expr.VarRef(
                                        var.name(), null, ScalarType.INT, n.pos()),
                                site);
            }
            return isNull.map(b -> n.negated() ? ctx.mkNot(b) : b);
        }

        @Override
        public Optional<BoolExpr> visitMember(Cond.Member m) {
            Optional<Expr<?>> elem = value(m.element(), site, r);
            if (elem.isEmpty()) return Optional.empty();
            if (singleRowSets.atMostOneRow(site.txn(), m.rows()))
                return singleRowMember(m, site, elem.get());
            Expr<?> x = v.fresh("x", elementSort(site.txn(), m.rows()));
            Optional<BoolExpr> in = member(x, m.rows(), site);
            Optional<Expr<?>> f = rowField(m.rows(), x, m.field(), site);
            if (in.isEmpty() || f.isEmpty()) return Optional.empty();
            BoolExpr body = ctx.mkAnd(in.get(), ctx.mkEq(f.get(), elem.get()));
            return Optional.of(ctx.mkExists(new Expr<?>[] {x}, body, 0, null, null, null, null));
        }

        // NULL values of fields are not modelled (a field's value is any integer): IS NULL by
        // polarity. A parameter that may be NULL (NullableParameters) has a boolean per instance.
        @Override
        public Optional<BoolExpr> visitFieldIsNull(Cond.FieldIsNull n) {
            if (n.operand() instanceof isocheck.program.Expr.VarRef ref
                    && nullableParameter(ref, site)) {
                BoolExpr isNull = parameterNull(site.txn(), ref.variable(), site.t());
                return Optional.of(n.negated() ? ctx.mkNot(isNull) : isNull);
            }
            return Optional.empty();
        }
    }

    /**
     * A comparison of the values as integers (or strings by their order), NULL aside: exact where
     * both values are encoded.
     */
    private Optional<BoolExpr> compareValues(Cond.Compare cmp, Site site, Expr<?> r) {
        Optional<Expr<?>> l = value(cmp.left(), site, r);
        Optional<Expr<?>> rr = value(cmp.right(), site, r);
        if (l.isEmpty() || rr.isEmpty()) return Optional.empty();
        IntExpr x = int_(l.get());
        IntExpr y = int_(rr.get());
        boolean strings = cmp.left().type() == ScalarType.STRING;
        return Optional.of(
                switch (cmp.op()) {
                    case EQ -> ctx.mkEq(x, y);
                    case NE -> ctx.mkNot(ctx.mkEq(x, y));
                    case LT -> strings ? strLess("str<", x, y) : ctx.mkLt(x, y);
                    case LE -> strings ? strLess("str<=", x, y) : ctx.mkLe(x, y);
                    case GT -> strings ? strLess("str<", y, x) : ctx.mkGt(x, y);
                    case GE -> strings ? strLess("str<=", y, x) : ctx.mkGe(x, y);
                });
    }

    /**
     * {@code COALESCE(a1, …, an)} as {@code ite(null(a1), ite(null(a2), …, an), a1)}, where every
     * argument's value and every argument but the last's NULL-ness ({@link #exactNull}) are
     * encoded. The last argument is taken by its value alone: where it is NULL too the result is
     * NULL, which the encoding represents, as everywhere, by an unconstrained integer — and the
     * last argument's term is one (a NULL parameter's or aggregate's value term is free). This is
     * AuctionMark's NewBid key, {@code COALESCE(MAX(ib_id), 0) + 1} (benchmarks/RESULTS.md, stop
     * 28): left free, two NewBids of one item could insert different keys from one snapshot.
     */
    private Optional<Expr<?>> coalesceValue(
            isocheck.program.Expr.Coalesce c, Site site, Expr<?> r) {
        List<isocheck.program.Expr> args = c.args();
        Optional<Expr<?>> result = value(args.get(args.size() - 1), site, r);
        for (int i = args.size() - 2; i >= 0 && result.isPresent(); i--) {
            Optional<Expr<?>> x = value(args.get(i), site, r);
            Optional<BoolExpr> isNull = exactNull(args.get(i), site, r);
            if (x.isEmpty() || isNull.isEmpty()) return Optional.empty();
            result = Optional.of(ctx.mkITE(isNull.get(), int_(result.get()), int_(x.get())));
        }
        return result;
    }

    /**
     * Whether the value is NULL, where the encoding knows it exactly: never for a literal, a key
     * column of the visited record or a parameter the program never tests for NULL (the model's
     * parameters are NULL only where {@link NullableParameters} says so); a nullable parameter's
     * flag; an aggregate local's {@code T.v!null} (COUNT never, MIN/MAX exactly when no matching
     * row is in the view, SUM/AVG free: {@link AuxRules}); arithmetic is NULL when an operand is. A
     * local with one stable definition: its definition's. Anything else (a field that may be NULL,
     * a local copied from one) is not known: empty.
     */
    private Optional<BoolExpr> exactNull(isocheck.program.Expr e, Site site, Expr<?> r) {
        if (e instanceof isocheck.program.Expr.IntLit || e instanceof isocheck.program.Expr.StrLit)
            return Optional.of(ctx.mkFalse());
        if (e instanceof isocheck.program.Expr.ColumnRef col)
            return r != null && v.isKey(col.table(), col.column())
                    ? Optional.of(ctx.mkFalse())
                    : Optional.empty();
        if (e instanceof isocheck.program.Expr.Negate n) return exactNull(n.operand(), site, r);
        if (e instanceof isocheck.program.Expr.Arith a) {
            Optional<BoolExpr> l = exactNull(a.left(), site, r);
            Optional<BoolExpr> rr = exactNull(a.right(), site, r);
            return l.isPresent() && rr.isPresent()
                    ? Optional.of(ctx.mkOr(l.get(), rr.get()))
                    : Optional.empty();
        }
        if (!(e instanceof isocheck.program.Expr.VarRef ref) || ref.hasField())
            return Optional.empty();
        Variable var = model.variable(site.txn(), ref.variable());
        if (var.kind() == Variable.Kind.PARAMETER && var.type() instanceof Type.Scalar)
            return Optional.of(
                    nullableParameter(ref, site)
                            ? parameterNull(site.txn(), ref.variable(), site.t())
                            : ctx.mkFalse());
        if (var.kind() == Variable.Kind.LOCAL && isAggregate(site.txn(), var))
            return aggregateNull(var, site);
        // a scalar read of a SELECT … INTO's row set: NULL when it found no row (PL/pgSQL), else
        // its column's value, never NULL for a NOT NULL column (or while fieldsNotNull)
        if (var.type() instanceof Type.Rows rows
                && rows.table().isPresent()
                && !rows.fields().isEmpty()) {
            String f = ref.hasField() ? ref.field() : rows.fields().get(0).name();
            if (fieldsNotNull || !nullable(rows.table().get(), f))
                return nonEmpty(var.name(), site).map(ctx::mkNot);
            return Optional.empty();
        }
        // a local with one stable definition is NULL exactly when its definition is (the value
        // is that definition's too, #variable): PL/pgSQL's SELECT MAX(ib_id) INTO v_max_ib_id is
        // read into v_max_ib_id$1 and copied, and AuctionMark's NewBid then keys its bid by
        // COALESCE(v_max_ib_id, 0) + 1, which stayed free (benchmarks/RESULTS.md stop 37)
        if (var.kind() == Variable.Kind.LOCAL && nullDepth < 8) {
            Optional<isocheck.program.Expr> def = model.definition(site.txn(), var);
            if (def.isPresent()) {
                nullDepth++;
                try {
                    return exactNull(def.get(), new Site(site.txn(), site.t(), Map.of()), null);
                } finally {
                    nullDepth--;
                }
            }
        }
        return Optional.empty();
    }

    /** Definitions followed by {@link #exactNull} (a chain of copies; no cycle in a program). */
    private int nullDepth;

    @SuppressWarnings("unchecked")
    private static IntExpr int_(Expr<?> e) {
        if (e instanceof IntExpr i) return i;
        return (IntExpr) (Expr<IntSort>) e;
    }

    /**
     * Whether the expression may be NULL where it is read: a column declared without NOT NULL (of
     * the visited record, or of a selected row, {@code :row.col}); with {@code parameters} also a
     * parameter that may be NULL ({@link NullableParameters}) and a local assigned by {@code :=}
     * from an expression that may be NULL through one. Not tracked: a scalar local copied from a
     * nullable field (its comparisons are encoded as if the value were an integer).
     */
    private boolean mayBeNull(isocheck.program.Expr e, Site site, boolean parameters) {
        return !fieldsNotNull && nullableField(e, site)
                || parameters && throughParameter(e, site, new java.util.HashSet<>());
    }

    /** While set, a column declared without NOT NULL is read as an integer (never NULL). */
    private boolean fieldsNotNull;

    /**
     * Builds a formula with every stored field taken as not NULL, so that a comparison with a
     * column declared without NOT NULL is encoded exactly instead of by polarity. Never for a query
     * (NULL is a value a real field may hold); for a witness preference only (seeds print integers,
     * never NULL: query.ClosedWorldViews#edgeGuards).
     */
    public <T> T assumingFieldsNotNull(java.util.function.Supplier<T> build) {
        boolean was = fieldsNotNull;
        fieldsNotNull = true;
        try {
            return build.get();
        } finally {
            fieldsNotNull = was;
        }
    }

    private boolean nullableField(isocheck.program.Expr e, Site site) {
        if (e instanceof isocheck.program.Expr.ColumnRef c) return nullable(c.table(), c.column());
        if (e instanceof isocheck.program.Expr.VarRef ref) {
            Type type = model.variable(site.txn(), ref.variable()).type();
            if (type.fields().isEmpty()) return false;
            String field = ref.hasField() ? ref.field() : type.fields().get(0).name();
            Optional<String> table =
                    type instanceof Type.Rows rows
                            ? rows.table()
                            : type instanceof Type.Row row ? row.table() : Optional.empty();
            return table.isPresent() && nullable(table.get(), field);
        }
        if (e instanceof isocheck.program.Expr.Arith a)
            return nullableField(a.left(), site) || nullableField(a.right(), site);
        if (e instanceof isocheck.program.Expr.Negate n) return nullableField(n.operand(), site);
        return false;
    }

    /**
     * Whether the value may be NULL because a parameter that may be NULL flows into it: the
     * parameter itself, arithmetic on it, a CASE branch or every COALESCE argument, or a local
     * assigned by {@code :=} from such an expression in any of its assignments.
     */
    private boolean throughParameter(isocheck.program.Expr e, Site site, Set<String> seen) {
        if (e instanceof isocheck.program.Expr.VarRef ref) {
            if (nullableParameter(ref, site)) return true;
            Variable var = model.variable(site.txn(), ref.variable());
            if (var.kind() != Variable.Kind.LOCAL || !seen.add(var.name())) return false;
            for (ProgramModel.Assignment a : model.assignments(site.txn(), var.name())) {
                if (a.stmt() instanceof Stmt.Assign as && throughParameter(as.value(), site, seen))
                    return true;
            }
            return false;
        }
        if (e instanceof isocheck.program.Expr.Arith a)
            return throughParameter(a.left(), site, seen)
                    || throughParameter(a.right(), site, seen);
        if (e instanceof isocheck.program.Expr.Negate n)
            return throughParameter(n.operand(), site, seen);
        if (e instanceof isocheck.program.Expr.Case c) {
            if (throughParameter(c.otherwise(), site, seen)) return true;
            for (isocheck.program.Expr x : c.values())
                if (throughParameter(x, site, seen)) return true;
            return false;
        }
        if (e instanceof isocheck.program.Expr.Coalesce c)
            return c.args().stream().allMatch(x -> throughParameter(x, site, seen));
        return false;
    }

    /** Whether {@code ref} is a scalar parameter the transaction tests for NULL. */
    private boolean nullableParameter(isocheck.program.Expr.VarRef ref, Site site) {
        return !ref.hasField() && nullableParameter(site.txn(), ref.variable());
    }

    /** Whether {@code name} is a scalar parameter of txn that txn tests for NULL. */
    boolean nullableParameter(Transaction txn, String name) {
        return nullableParameters.computeIfAbsent(txn, NullableParameters::of).contains(name)
                && model.variable(txn, name).kind() == Variable.Kind.PARAMETER;
    }

    /**
     * By identity, as {@link ProgramModel}'s maps: a record's hashCode walks the whole transaction
     * body, and this is looked up for every variable reference of every comparison encoded (28 % of
     * the Java samples of TPC-C's {@code weakest --per-transaction}, benchmarks/RESULTS.md, stop
     * 26). The value is a function of the transaction, so an equal copy only computes it again.
     */
    private final Map<Transaction, Set<String>> nullableParameters =
            new java.util.IdentityHashMap<>();

    /**
     * Whether every part of the comparison that may be NULL is a nullable parameter itself (not a
     * local assigned from one, a CASE or a COALESCE): only then is its UNKNOWN the parameters'.
     */
    private boolean onlyParametersMayBeNull(Cond.Compare cmp, Site site) {
        return parametersOnly(cmp.left(), site) && parametersOnly(cmp.right(), site);
    }

    private boolean parametersOnly(isocheck.program.Expr e, Site site) {
        if (e instanceof isocheck.program.Expr.VarRef ref)
            return nullableParameter(ref, site)
                    || nullableLocal(ref, site)
                    || !throughParameter(ref, site, new java.util.HashSet<>());
        if (e instanceof isocheck.program.Expr.Arith a)
            return parametersOnly(a.left(), site) && parametersOnly(a.right(), site);
        if (e instanceof isocheck.program.Expr.Negate n) return parametersOnly(n.operand(), site);
        return !throughParameter(e, site, new java.util.HashSet<>());
    }

    /**
     * The variable references of a comparison whose value may be NULL through a parameter: a
     * nullable parameter itself, or a local assigned from one ({@link #throughParameter}).
     */
    private List<isocheck.program.Expr.VarRef> nullableRefs(Cond.Compare cmp, Site site) {
        List<isocheck.program.Expr.VarRef> out = new ArrayList<>();
        nullableRefs(cmp.left(), site, out);
        nullableRefs(cmp.right(), site, out);
        return out;
    }

    private void nullableRefs(
            isocheck.program.Expr e, Site site, List<isocheck.program.Expr.VarRef> out) {
        if (e instanceof isocheck.program.Expr.VarRef ref) {
            if ((nullableParameter(ref, site) || nullableLocal(ref, site)) && !out.contains(ref))
                out.add(ref);
        } else if (e instanceof isocheck.program.Expr.Arith a) {
            nullableRefs(a.left(), site, out);
            nullableRefs(a.right(), site, out);
        } else if (e instanceof isocheck.program.Expr.Negate n) {
            nullableRefs(n.operand(), site, out);
        }
    }

    /**
     * {@code ref IS NULL} at the site: for a nullable parameter {@code T.p!null(t)}; for a scalar
     * local that may be NULL through one, a boolean {@code T.v!null(ē, t)} as free as the local's
     * own value {@code T.v(ē, t)} (the encoder does not follow data flow through {@code :=}; a free
     * flag admits every path's NULL-ness, an over-approximation), the same at every site of the
     * instance, so that every use of one value agrees on whether it is NULL.
     */
    private Optional<BoolExpr> nullFlag(isocheck.program.Expr.VarRef ref, Site site) {
        if (nullableParameter(ref, site))
            return Optional.of(parameterNull(site.txn(), ref.variable(), site.t()));
        if (!nullableLocal(ref, site)) return Optional.empty();
        Variable var = model.variable(site.txn(), ref.variable());
        return indices(var, site)
                .map(
                        ix ->
                                (BoolExpr)
                                        v.apply(
                                                name(site.txn(), var.name()) + "!null",
                                                ctx.getBoolSort(),
                                                args(ix, site.t())));
    }

    /** A scalar local assigned by {@code :=} from a value that may be NULL through a parameter. */
    private boolean nullableLocal(isocheck.program.Expr.VarRef ref, Site site) {
        Variable var = model.variable(site.txn(), ref.variable());
        return var.kind() == Variable.Kind.LOCAL
                && !ref.hasField()
                && var.type().fields().isEmpty()
                && throughParameter(ref, site, new java.util.HashSet<>());
    }

    /** Whether a comparison in {@code c}, outside any other atom, may be UNKNOWN by a parameter. */
    private boolean comparesNullableParameter(Cond c, Site site) {
        if (c instanceof Cond.Compare cmp) return !nullableRefs(cmp, site).isEmpty();
        if (c instanceof Cond.Not n) return comparesNullableParameter(n.operand(), site);
        if (c instanceof Cond.And a)
            return comparesNullableParameter(a.left(), site)
                    || comparesNullableParameter(a.right(), site);
        if (c instanceof Cond.Or o)
            return comparesNullableParameter(o.left(), site)
                    || comparesNullableParameter(o.right(), site);
        return false;
    }

    /** {@code T.p!null(t)}: the argument of parameter p of instance t is NULL. */
    BoolExpr parameterNull(Transaction txn, String parameter, Expr<?> t) {
        return (BoolExpr) v.apply(name(txn, parameter) + "!null", ctx.getBoolSort(), List.of(t));
    }

    private boolean nullable(String table, String column) {
        Table t = model.table(table);
        return !t.isKey(column) && t.column(column).map(c -> !c.notNull()).orElse(false);
    }

    // ------------------------------------------------------------------ conditions

    /**
     * A statement's guard (an IF condition around it, or {@code x IS NOT TRUE} for its ELSE, as
     * FactExtractor writes them), over- or under-approximated as {@link #cond}, but with the two
     * branches of one IF exclusive. Where the condition has no exact encoding (a comparison of a
     * nullable column, which is UNKNOWN on NULL; a value the encoding leaves free), {@link #cond}
     * takes it by polarity: true for the THEN's over-approximation and true for the ELSE's too, so
     * a model could run statements of both branches, which no execution does (AuctionMark NewBid:
     * {@code IF r.i_num_bids > 0} over the nullable i_num_bids; witnesses used the THEN branch's
     * UPDATE and the ELSE branch's INSERT, and the server, taking one, aborted on the duplicate
     * item_max_bid). Here the condition is "taken" by {@code under ∨ (D ∧ over)}, D a boolean per
     * IF evaluation (transaction instance and loop iteration), and its ELSE by the negation. Sound:
     * an execution in which the condition is TRUE or not is the model with D that truth value,
     * since under ⇒ truth ⇒ over; and the same term in both polarities, since it is exact given D.
     * Guards in loops are keyed by every loop of the site (ordered by position), so a condition
     * outside a loop read from inside it gets a D per iteration: less precise, still sound.
     */
    public BoolExpr guard(Cond g, Site site, boolean over) {
        boolean elseBranch = g instanceof Cond.Not n && n.notTrue();
        Cond x = elseBranch ? ((Cond.Not) g).operand() : g;
        if (x.pos() == null) {
            // no name for a branch boolean: by polarity alone, as cond takes a guard
            return elseBranch ? ctx.mkNot(cond(x, site, null, !over)) : cond(x, site, null, over);
        }
        BoolExpr taken = taken(x, site);
        return elseBranch ? ctx.mkNot(taken) : taken;
    }

    /**
     * The condition's text without its file's path: Z3's symbol names take part in its search, and
     * a name with the path in it gave other witnesses for the same program in another directory.
     */
    private static String pathFree(Cond x) {
        String text = x.toString();
        String file = x.pos().file();
        return file == null || file.isEmpty() ? text : text.replace(file, "");
    }

    private BoolExpr taken(Cond x, Site site) {
        BoolExpr under = cond(x, site, null, false);
        BoolExpr over = cond(x, site, null, true);
        if (under.equals(over)) return over;
        List<Stmt.Foreach> loops = new ArrayList<>(site.iterations().keySet());
        loops.sort(
                java.util.Comparator.comparingInt((Stmt.Foreach l) -> l.pos().line())
                        .thenComparingInt(l -> l.pos().column()));
        StringBuilder name =
                new StringBuilder(site.txn().name())
                        .append(".if@")
                        .append(x.pos().line())
                        .append(':')
                        .append(x.pos().column())
                        .append('#')
                        .append(Integer.toHexString(pathFree(x).hashCode()));
        List<Expr<?>> args = new ArrayList<>();
        for (Stmt.Foreach l : loops) {
            name.append('/').append(l.pos().line()).append(':').append(l.pos().column());
            args.add(site.element(l));
        }
        args.add(site.t());
        BoolExpr d = (BoolExpr) v.apply(name.toString(), ctx.getBoolSort(), args);
        return ctx.mkOr(under, ctx.mkAnd(d, over));
    }

    /**
     * [[φ]] at the site on record r. With {@code over} the result is implied by φ (used in
     * necessary conditions); without, it implies φ (used in forcing conditions). Exact where every
     * value is encoded.
     */
    public BoolExpr cond(Cond c, Site site, Expr<?> r, boolean over) {
        return c.accept(
                new Cond.DefaultVisitor<BoolExpr>() {
                    @Override
                    public BoolExpr visitConst(Cond.Const k) {
                        return ctx.mkBool(k.value());
                    }

                    @Override
                    public BoolExpr visitAnd(Cond.And a) {
                        return ctx.mkAnd(
                                cond(a.left(), site, r, over), cond(a.right(), site, r, over));
                    }

                    @Override
                    public BoolExpr visitOr(Cond.Or o) {
                        return ctx.mkOr(
                                cond(o.left(), site, r, over), cond(o.right(), site, r, over));
                    }

                    @Override
                    public BoolExpr visitMember(Cond.Member m) {
                        if (!over && ground != null) return groundMember(m, site, r);
                        return otherwise(m);
                    }

                    /**
                     * A comparison with a parameter that may be NULL (NullableParameters) is
                     * UNKNOWN when the argument is NULL, and UNKNOWN is not TRUE in a WHERE or an
                     * IF (SQL:2016 §8.2): it holds exactly when no such argument is NULL and the
                     * values compare.
                     */
                    @Override
                    public BoolExpr visitCompare(Cond.Compare cmp) {
                        if (nullableRefs(cmp, site).isEmpty()) {
                            Optional<BoolExpr> exact = exactCond(cmp, site, r);
                            if (exact.isPresent()) return exact.get();
                            // a comparison is TRUE only when no value is NULL and the values
                            // compare: where NULL alone kept it from being exact (a nullable
                            // column), the values' comparison over-approximates it (Terms#guard
                            // then ties a THEN branch to the values the model reads)
                            if (over) return compareValues(cmp, site, r).orElseGet(ctx::mkTrue);
                            return ctx.mkFalse();
                        }
                        return nullableCompare(cmp, false);
                    }

                    /**
                     * NOT over a comparison with a parameter that may be NULL: NOT UNKNOWN is
                     * UNKNOWN, so NOT (a = b) is TRUE exactly when no argument is NULL and the
                     * values differ; over AND, OR and NOT the negation is pushed to the atoms (De
                     * Morgan's laws hold in Kleene's three-valued logic). Elsewhere NOT flips the
                     * polarity, as in the two-valued case.
                     */
                    @Override
                    public BoolExpr visitNot(Cond.Not n) {
                        Cond x = n.operand();
                        // an ELSE guard, x IS NOT TRUE: the two-valued negation of [[x]] (which
                        // encodes "x is TRUE"), polarity flipped
                        if (n.notTrue()) return ctx.mkNot(cond(x, site, r, !over));
                        if (x instanceof Cond.Compare cmp && !nullableRefs(cmp, site).isEmpty())
                            return nullableCompare(cmp, true);
                        if (comparesNullableParameter(x, site)) {
                            if (x instanceof Cond.And a)
                                return cond(
                                        new Cond.Or(
                                                new Cond.Not(a.left(), a.pos()),
                                                new Cond.Not(a.right(), a.pos()),
                                                a.pos()),
                                        site,
                                        r,
                                        over);
                            if (x instanceof Cond.Or o)
                                return cond(
                                        new Cond.And(
                                                new Cond.Not(o.left(), o.pos()),
                                                new Cond.Not(o.right(), o.pos()),
                                                o.pos()),
                                        site,
                                        r,
                                        over);
                            if (x instanceof Cond.Not nn) return cond(nn.operand(), site, r, over);
                        }
                        return ctx.mkNot(cond(x, site, r, !over));
                    }

                    /**
                     * [[cmp]] (or [[NOT cmp]]) when it compares a parameter that may be NULL: not
                     * NULL, and the values compare. By polarity where the values are not encoded or
                     * something else in it may be NULL.
                     */
                    private BoolExpr nullableCompare(Cond.Compare cmp, boolean negated) {
                        if (mayBeNull(cmp.left(), site, false)
                                || mayBeNull(cmp.right(), site, false)
                                || !onlyParametersMayBeNull(cmp, site)) return ctx.mkBool(over);
                        Optional<BoolExpr> values = compareValues(cmp, site, r);
                        if (values.isEmpty()) return ctx.mkBool(over);
                        List<BoolExpr> notNull = new ArrayList<>();
                        for (isocheck.program.Expr.VarRef ref : nullableRefs(cmp, site)) {
                            Optional<BoolExpr> isNull = nullFlag(ref, site);
                            if (isNull.isEmpty()) return ctx.mkBool(over);
                            notNull.add(ctx.mkNot(isNull.get()));
                        }
                        notNull.add(negated ? ctx.mkNot(values.get()) : values.get());
                        return ctx.mkAnd(notNull.toArray(new BoolExpr[0]));
                    }

                    /**
                     * An atom: exact where its values are encoded, else approximated by polarity.
                     */
                    @Override
                    public BoolExpr otherwise(Cond atom) {
                        return exactCond(atom, site, r).orElseGet(() -> ctx.mkBool(over));
                    }
                });
    }

    /**
     * {@code e = ANY(:s.f)} on a set of at most one row ({@link SingleRowSets}): s is non-empty and
     * e is the field of its row, the pick (a member whenever s is non-empty, φ_aux). Exact both
     * ways, with no quantifier: the only member there can be is the pick.
     */
    private Optional<BoolExpr> singleRowMember(Cond.Member m, Site site, Expr<?> elem) {
        Optional<BoolExpr> ne = nonEmpty(m.rows(), site);
        Optional<Expr<?>> f =
                pick(m.rows(), site).flatMap(p -> rowField(m.rows(), p, m.field(), site));
        if (ne.isEmpty() || f.isEmpty()) return Optional.empty();
        return Optional.of(ctx.mkAnd(ne.get(), ctx.mkEq(f.get(), elem)));
    }

    private BoolExpr groundMember(Cond.Member m, Site site, Expr<?> r) {
        Optional<Expr<?>> elem = value(m.element(), site, r);
        if (elem.isEmpty()) return ctx.mkFalse();
        if (singleRowSets.atMostOneRow(site.txn(), m.rows()))
            return singleRowMember(m, site, elem.get()).orElseGet(ctx::mkFalse);
        List<BoolExpr> cases = new ArrayList<>();
        for (Expr<?> x : ground.apply(elementSort(site.txn(), m.rows()))) {
            Optional<BoolExpr> in = member(x, m.rows(), site);
            Optional<Expr<?>> f = rowField(m.rows(), x, m.field(), site);
            if (in.isPresent() && f.isPresent())
                cases.add(ctx.mkAnd(in.get(), ctx.mkEq(f.get(), elem.get())));
        }
        return cases.isEmpty() ? ctx.mkFalse() : ctx.mkOr(cases.toArray(new BoolExpr[0]));
    }

    private BoolExpr strLess(String fn, IntExpr x, IntExpr y) {
        return (BoolExpr) v.apply(fn, ctx.getBoolSort(), List.of(x, y));
    }
}
