package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.program.Aggregate;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import isocheck.program.Type;
import isocheck.program.Variable;
import isocheck.spec.BasicAxioms;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecTranslator;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * φ_{T,Ψ} of paper §4 (eq. 6) for one program and spec, over a given set of transaction constants:
 * φ_basic ∧ φ_Ψ ∧ φ_dep ∧ the forcing conditions φ_{→WW} ∧ last-writer-wins ∧ the Alive rule ∧
 * φ_aux (∧ the unique-keys assumption when asked). Rules over the refined relations conclude the
 * plain relation too (a dependency on a field of a record is a dependency). The necessary
 * conditions φ_{R→} are asserted on the edges of the cycle (see {@code isocheck.query.CycleQuery}),
 * where they decide satisfiability;
 * elsewhere R occurs only as the premise of φ_basic, Ψ and φ_dep or the conclusion of a forcing
 * rule, so an unforced R can always be made false and its necessary condition never matters (the
 * omission is sound in any case: fewer constraints, more models).
 *
 * <p>Two modes for the transaction sort:
 * <ul>
 *   <li>{@link Mode#EXPANDED}: every formula universal in transactions is expanded over the query's
 *       constants. Sound because universal sentences hold in every substructure, so restricting a
 *       valid execution to the cycle's transactions is a model (valid only while the spec is
 *       universal in transactions: {@link Spec#isUniversal()}, checked by the caller).</li>
 *   <li>{@link Mode#QUANTIFIED}: the paper's formulas as they are, ∀ over {@code Txn}, for Z3's MBQI.</li>
 * </ul>
 * Records and loop iterations: where a statement names its record by the whole primary key, the
 * record is substituted (exact). Otherwise, in EXPANDED mode universal rules are instantiated on
 * the cycle's witness records and each transaction's witness iteration elements ({@link #forAll}),
 * which leaves Z3 a quantifier-free problem except for the rows-satisfy-WHERE facts of φ_aux; in
 * QUANTIFIED mode they are Z3 quantifiers.
 *
 * <p>Only WW is ever forced: WR and RW depend on what a transaction saw (max_ar of its visible
 * writers), which no condition on parameters decides.
 */
public final class Encoder {
    public enum Mode { EXPANDED, QUANTIFIED }

    private final Vocabulary v;
    private final Context ctx;
    private final ProgramModel model;
    private final AccessRules rules;
    private final Terms terms;
    private final Mode mode;
    private final List<Conflict> conflicts;
    private Map<String, List<Expr<?>>> records = Map.of();
    private Map<String, List<Expr<?>>> ground = Map.of();

    private boolean uniqueInserts;
    private Map<Expr<?>, String> fixedTypes = Map.of();

    /**
     * Whether transaction constant {@code t} may have type {@code type} in the query being encoded:
     * false only when the query fixes t's type to another one. A rule instance guarded by
     * {@code type(t) = type} is then vacuous and is not built.
     */
    boolean mayBe(Expr<?> t, String type) {
        String fixed = fixedTypes.get(t);
        return fixed == null || fixed.equals(type);
    }

    /**
     * The program assumption that every INSERT inserts a key never inserted before (ids drawn from a
     * sequence or a UUID, a counter protected by the spec): see {@link #uniqueInserts}.
     */
    public Encoder assumeUniqueInserts(boolean on) {
        this.uniqueInserts = on;
        return this;
    }

    private KeyModel keyModel = KeyModel.OVERWRITE;

    /** What a second INSERT of a key does ({@link KeyModel}); the paper's overwrite unless set. */
    public Encoder keyModel(KeyModel keys) {
        this.keyModel = keys;
        return this;
    }

    /**
     * The tables whose INSERTs get the unique-insert facts ({@link #uniqueInserts}): every table under
     * the {@code --assume-unique-keys} assumption; under {@link KeyModel#SQL} the tables no program
     * deletes from, where SQL's key uniqueness implies them (a key once inserted stays alive, so a
     * second INSERT of it fails and its transaction is not in the execution); none otherwise.
     */
    Set<String> uniqueInsertTables() {
        Set<String> out = new LinkedHashSet<>();
        if (!uniqueInserts && keyModel != KeyModel.SQL && !postgresRules) return out; // PostgreSQL enforces keys whatever the model
        Set<String> deleted = new LinkedHashSet<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (sf.statement() instanceof Stmt.Insert) out.add(sf.table());
                if (sf.statement() instanceof Stmt.Delete) deleted.add(sf.table());
            }
        }
        if (!uniqueInserts) out.removeAll(deleted);
        return out;
    }

    /**
     * Under PostgreSQL's rules, whether every INSERT into {@code table} writes the first version of
     * its record: no statement of the program deletes from the table, so a key once inserted (or
     * present initially) stays alive, and a later INSERT of it fails (unique index, manual §13.2.1
     * and the INSERT reference page). Then no read of a non-key field can be overwritten by an
     * INSERT: the version read came after the record's first one ({@code CycleQuery#edge}).
     */
    public boolean insertsFirstVersions(String table) {
        if (!postgresRules) return false;
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (sf.statement() instanceof Stmt.Delete && sf.table().equals(table)) return false;
            }
        }
        return true;
    }

    public Encoder(Vocabulary v, ProgramModel model, Mode mode) {
        this.v = v;
        this.ctx = v.context();
        this.model = model;
        this.terms = new Terms(v, model);
        this.rules = new AccessRules(v, model, terms);
        this.mode = mode;
        this.conflicts = Conflict.all(model);
        this.counters = CounterField.find(model);
        this.counterKeys = CounterKey.find(model, counters);
        WriterVisibility visibility = new WriterVisibility(v);
        this.counterRules = new CounterRules(v, rules, this, visibility);
        this.drawnKeyRules = new DrawnKeyRules(v, model, rules, this, visibility);
    }

    private final List<CounterField> counters;
    private final List<CounterKey> counterKeys;
    private boolean keysBelowCounters;

    /**
     * The assumption that the initial database keeps every key drawn from a counter below the
     * counter's initial value ({@link CounterRules#keyBelowCounter}); off by default.
     */
    public Encoder assumeKeysBelowCounters(boolean on) {
        this.keysBelowCounters = on;
        return this;
    }

    /**
     * Whether the program declares the invariant "ck's key column is below its counter" (an
     * {@link isocheck.program.Invariant} pragma): then it is assumed as if by
     * {@link #assumeKeysBelowCounters} for this key alone.
     */
    boolean declared(CounterKey ck) {
        for (isocheck.program.Invariant inv : model.program().invariants()) {
            if (inv.table().equals(ck.table()) && inv.column().equals(ck.column())
                    && inv.counterTable().equals(ck.counter().table()) && inv.counterField().equals(ck.counter().field())) {
                return true;
            }
        }
        return false;
    }

    /** The key columns drawn from counters ({@link CounterKey}). */
    public List<CounterKey> counterKeys() { return counterKeys; }
    private final CounterRules counterRules;
    private final DrawnKeyRules drawnKeyRules;

    /** The only-incremented fields of the program ({@link CounterField}). */
    public List<CounterField> counters() { return counters; }

    public AccessRules rules() { return rules; }
    public List<Conflict> conflicts() { return conflicts; }
    public Mode mode() { return mode; }

    private boolean statementViews;
    private boolean postgresRules;

    /**
     * Configures the encoder for the executions of {@code spec}; call before building any query term
     * with it ({@link #encode} calls it too). With statement snapshots ({@link Spec#hasStatementSnapshots})
     * each statement reads from its own view and the rules that tie a transaction's reads to one
     * snapshot are left out; with {@code database postgresql} PostgreSQL's write-time rules are
     * added (docs/postgresql-levels.md §2–3).
     */
    public Encoder forSpec(Spec spec) {
        this.statementViews = spec.hasStatementSnapshots();
        this.postgresRules = spec.databases().contains("postgresql");
        rules.statementViews(statementViews);
        terms.statementViews(statementViews);
        return this;
    }

    /** Whether each statement reads from its own snapshot ({@link #forSpec}). */
    public boolean statementViews() { return statementViews; }

    /**
     * Whether PostgreSQL's row locks apply (locked_read, docs/postgresql-levels.md §2): an
     * anti-dependency whose read is made by a statement that writes or lock-reads (hence locks) the
     * record goes forward in the commit order.
     */
    public boolean lockedReads() { return postgresRules; }

    /** Every conjunct of φ_{T,Ψ} over the given transaction constants. */
    public List<Part> encode(Spec spec, List<Expr<?>> txns, Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground) throws SpecException {
        return encode(spec, txns, records, ground, Map.of());
    }

    /**
     * φ_{T,Ψ} specialised to a fixed type per transaction constant ({@code fixedTypes}, constant to
     * type name; constants not in the map may have any type). A rule instance whose premise asks a
     * fixed constant to have another type is vacuous and is left out (EXPANDED mode only; the caller
     * asserts the types). Equivalent, under those type facts, to {@link #encode(Spec, List, Map, Map)}.
     */
    public List<Part> encode(Spec spec, List<Expr<?>> txns, Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground, Map<Expr<?>, String> fixedTypes) throws SpecException {
        forSpec(spec);
        this.fixedTypes = mode == Mode.EXPANDED ? fixedTypes : Map.of();
        this.records = records;
        this.ground = ground;
        terms.setGround(mode == Mode.EXPANDED ? sort -> ground.getOrDefault(sort.toString(), List.of()) : null);
        List<Part> parts = new ArrayList<>();
        SpecTranslator tr = new SpecTranslator(v);
        if (mode == Mode.EXPANDED) {
            parts.add(new Part("phi_basic", BasicAxioms.expanded(v, txns, spec)));
            parts.add(new Part("phi_spec " + spec.name(), tr.expanded(spec, txns)));
        } else {
            parts.add(new Part("phi_basic", BasicAxioms.quantified(v, spec)));
            parts.add(new Part("phi_spec " + spec.name(), tr.quantified(spec)));
        }
        // With statement snapshots the rules below that tie all reads of a transaction to one view
        // are left out (docs/postgresql-levels.md §3; dropping a rule admits more models, so it is
        // sound): φ_dep fails for a transaction that reads r.f twice and sees a newer version the
        // second time; last-writer-wins, the Alive rule, the counter and drawn-key rules and the vis
        // half of the unique-keys assumption are stated on the per-transaction view.
        parts.addAll(statementViews ? phiDepPerStatement(txns) : phiDep(txns));
        if (statementViews) parts.addAll(statementSnapshots(txns));
        if (constrainsWW(spec)) parts.addAll(forcingWW(txns));
        if (!statementViews) parts.addAll(lastWriterWins(txns));
        if (!statementViews) parts.addAll(aliveRule(txns));
        parts.addAll(phiAux(txns));
        parts.addAll(rowsComplete(txns));
        parts.addAll(commitGuard(txns));
        Set<String> uniqueTables = uniqueInsertTables();
        if (!uniqueTables.isEmpty()) parts.addAll(uniqueInserts(txns, uniqueTables));
        if (!statementViews) {
            for (CounterField cf : counters) {
                parts.addAll(counterRules.seenWriter(spec, cf, txns));
                parts.addAll(counterRules.unseenWriter(spec, cf, txns));
            }
            Set<String> tables = new LinkedHashSet<>();
            for (CounterKey ck : counterKeys) {
                if (keysBelowCounters || declared(ck)) {
                    parts.addAll(counterRules.keyBelowCounter(spec, ck, txns));
                    if (tables.add(ck.table())) parts.addAll(drawnKeyRules.inserterVisible(spec, ck, txns));
                }
            }
        }
        return parts;
    }

    /**
     * Whether the spec mentions WW (or D, which contains it). Only then is the forcing condition
     * η^{→WW} needed: elsewhere WW occurs only as a conclusion or with ar, which forcing already
     * assumes, so leaving the rule out admits no further models (and dropping a rule is sound in
     * any case). Saves its instances, the largest part of the encoding, under EC, CC, PC and SER.
     */
    static boolean constrainsWW(Spec spec) {
        for (isocheck.spec.Axiom a : spec.axioms()) if (mentionsWW(a.formula())) return true;
        return false;
    }

    private static boolean mentionsWW(isocheck.spec.Formula f) {
        if (f instanceof isocheck.spec.Formula.Atom a) {
            return a.relation() == isocheck.spec.Relation.WW || a.relation() == isocheck.spec.Relation.D;
        }
        if (f instanceof isocheck.spec.Formula.Not n) return mentionsWW(n.body());
        if (f instanceof isocheck.spec.Formula.Binary b) return mentionsWW(b.left()) || mentionsWW(b.right());
        if (f instanceof isocheck.spec.Formula.Quantified q) return mentionsWW(q.body());
        return false;
    }

    // ------------------------------------------------------------------ quantification over transactions

    /**
     * ∀ x1..xn : Txn (pairwise distinct where {@code distinct} says) body: a conjunction over the
     * constants in EXPANDED mode, a quantifier in QUANTIFIED mode.
     */
    BoolExpr forAllTxns(List<Expr<?>> txns, int n, int[][] distinct, Function<List<Expr<?>>, BoolExpr> body) {
        if (mode == Mode.QUANTIFIED) {
            List<Expr<?>> bound = new ArrayList<>();
            for (int i = 0; i < n; i++) bound.add(v.fresh("tx", v.txnSort()));
            List<BoolExpr> diff = new ArrayList<>();
            for (int[] d : distinct) diff.add(ctx.mkNot(ctx.mkEq(bound.get(d[0]), bound.get(d[1]))));
            BoolExpr b = body.apply(bound);
            if (!diff.isEmpty()) b = ctx.mkImplies(and(diff), b);
            return ctx.mkForall(bound.toArray(new Expr<?>[0]), b, 0, null, null, null, null);
        }
        List<BoolExpr> out = new ArrayList<>();
        int[] idx = new int[n];
        tuples(txns, idx, 0, distinct, body, out);
        return and(out);
    }

    private void tuples(List<Expr<?>> txns, int[] idx, int pos, int[][] distinct, Function<List<Expr<?>>, BoolExpr> body,
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

    private static final int[][] PAIR = {{0, 1}};

    /**
     * ∀ vars. body over records and loop elements: a quantifier in QUANTIFIED mode; in EXPANDED mode
     * the conjunction of its instances on the query's ground terms of each variable's sort (its
     * witness records and iteration elements). Instantiating a universal formula on some terms is
     * implied by it, so this is sound; it is what "records expanded over the records the statements
     * touch" means, and it leaves Z3 a quantifier-free problem.
     */
    BoolExpr forAll(List<Expr<?>> vars, BoolExpr body) {
        if (vars.isEmpty()) return body;
        if (mode == Mode.QUANTIFIED) return ctx.mkForall(vars.toArray(new Expr<?>[0]), body, 0, null, null, null, null);
        return forAllGround(vars, body, List.of());
    }

    BoolExpr forAllGround(List<Expr<?>> vars, BoolExpr body, List<Expr<?>> extra) {
        return forAllGround(null, vars, body, extra);
    }

    /**
     * Iteration elements of transaction {@code owner}'s loops: in EXPANDED mode instantiated only on
     * the witness elements of that transaction (those of other transactions say nothing about it).
     */
    BoolExpr forAllIn(Expr<?> owner, List<Expr<?>> elements, BoolExpr body) {
        if (elements.isEmpty()) return body;
        if (mode == Mode.QUANTIFIED) return ctx.mkForall(elements.toArray(new Expr<?>[0]), body, 0, null, null, null, null);
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

    private void instantiate(Expr<?>[] from, Expr<?>[] to, int i, BoolExpr body, List<Expr<?>> extra, List<BoolExpr> out) {
        if (i == from.length) {
            out.add((BoolExpr) body.substitute(from, to));
            return;
        }
        String key = from[i].getSort().toString();
        List<Expr<?>> terms = new ArrayList<>(ground.getOrDefault(key, List.of()));
        if (owner != null) terms.addAll(ground.getOrDefault(key + "@" + owner, List.of()));
        for (Expr<?> e : extra) if (e.getSort().equals(from[i].getSort()) && !terms.contains(e)) terms.add(e);
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

    // ------------------------------------------------------------------ refined relations

    /** The (kind, table, field) triples some candidate dependency uses. */
    Set<List<String>> refinedInUse() {
        Set<List<String>> out = new LinkedHashSet<>();
        for (Conflict c : conflicts) out.add(List.of(c.kind().name(), c.table(), c.field()));
        return out;
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
            if (!used.contains(List.of("WR", table, field)) || !used.contains(List.of("RW", table, field))) continue;
            for (Expr<?> r : recordTerms(table)) {
                out.add(new Part("phi_dep " + table + "." + field + " " + r, forAllTxns(txns, 3, new int[][] {{0, 1}, {0, 2}}, t -> {
                    Expr<?> t1 = t.get(0), t2 = t.get(1), t3 = t.get(2);
                    BoolExpr premise = ctx.mkAnd(v.refined(DepKind.WR, table, field, r, t2, t1),
                            v.refined(DepKind.RW, table, field, r, t1, t3));
                    BoolExpr conclusion = ctx.mkAnd(ctx.mkNot(ctx.mkEq(t2, t3)),
                            v.refined(DepKind.WW, table, field, r, t2, t3), v.ww(t2, t3));
                    return ctx.mkImplies(premise, conclusion);
                })));
            }
        }
        return out;
    }

    /**
     * With statement snapshots, the reading statement of a WR or RW candidate whose read is one
     * version of one field: a SELECT outside loops (it reads from one snapshot, once). Its key
     * ("Type.S1") names the per-statement refined relation ({@link Vocabulary#refinedAt}). Empty
     * otherwise: an UPDATE or DELETE at READ COMMITTED may read a row in its snapshot and again in
     * the newest version after a lock wait (manual §13.2.1), and so may a locking SELECT (FOR
     * UPDATE/SHARE) on the rows it locks; a statement in a loop runs once per iteration, each with
     * its own snapshot.
     */
    public Optional<String> singleReadStatement(Conflict c) {
        if (!statementViews || c.kind() == DepKind.WW) return Optional.empty();
        StatementFacts reader = c.kind() == DepKind.WR ? c.c2() : c.c1();
        Transaction txn = c.kind() == DepKind.WR ? c.t2() : c.t1();
        if (!(reader.statement() instanceof Stmt.Select sel) || !reader.loops().isEmpty()) return Optional.empty();
        // a locking read (FOR UPDATE/SHARE) reads a row it locks in the newest version after the
        // lock wait, not in its snapshot (§13.2.1): like an UPDATE it is not a one-snapshot read
        if (sel.lock().locks()) return Optional.empty();
        return Optional.of(txn.name() + "." + reader.id());
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
            Optional<String> s = singleReadStatement(c);
            if (s.isEmpty()) continue;
            (c.kind() == DepKind.WR ? wr : rw).add(List.of(c.table(), c.field(), s.get()));
        }
        wr.retainAll(rw);
        for (List<String> k : wr) {
            String table = k.get(0), field = k.get(1), stmt = k.get(2);
            for (Expr<?> r : recordTerms(table)) {
                out.add(new Part("phi_dep " + table + "." + field + "@" + stmt + " " + r, forAllTxns(txns, 3, new int[][] {{0, 1}, {0, 2}}, t -> {
                    Expr<?> t1 = t.get(0), t2 = t.get(1), t3 = t.get(2);
                    BoolExpr premise = ctx.mkAnd(v.refinedAt(DepKind.WR, table, field, stmt, r, t2, t1),
                            v.refinedAt(DepKind.RW, table, field, stmt, r, t1, t3));
                    BoolExpr conclusion = ctx.mkAnd(ctx.mkNot(ctx.mkEq(t2, t3)),
                            v.refined(DepKind.WW, table, field, r, t2, t3), v.ww(t2, t3));
                    return ctx.mkImplies(premise, conclusion);
                })));
            }
        }
        return out;
    }

    /**
     * The snapshots of one transaction's SELECTs, UPDATEs and DELETEs outside loops
     * ({@link #snapshotStatement}), {@code vis@s(a, b)}: a committed before statement s of b began (manual, chapter
     * "Concurrency Control", §13.2.1). Each is contained in ar and in vis (vis is the union), is a
     * prefix of ar, and a later statement's contains an earlier one's (program order: when both run,
     * the earlier runs first). For a statement that does not run, read vis@s as the snapshot of the
     * next of these statements that does run, or as vis if none does (vis is the last statement's
     * snapshot, itself a prefix of ar): every rule still holds in every real execution, so they are
     * sound.
     */
    /**
     * Whether statement sf (of its type) gets a snapshot relation {@code vis@T.S} in
     * {@link #statementSnapshots}: a SELECT, UPDATE or DELETE outside loops (run at most once, so one
     * snapshot). An UPDATE's or DELETE's snapshot is the one it finds rows in; what it reads on a
     * row it locks comes from the newest version instead, so only its reads of absent rows are tied
     * to it ({@code CycleQuery#edge}).
     */
    public boolean snapshotStatement(StatementFacts sf) {
        return statementViews && sf.loops().isEmpty() && !(sf.statement() instanceof Stmt.Insert);
    }

    List<Part> statementSnapshots(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<String> selects = new ArrayList<>();
            for (StatementFacts sf : tf.statements()) {
                if (snapshotStatement(sf)) selects.add(txn.name() + "." + sf.id());
            }
            for (int i = 0; i < selects.size(); i++) {
                String st = selects.get(i);
                String next = i + 1 < selects.size() ? selects.get(i + 1) : null;
                out.add(new Part("statement_snapshot " + st, forAllTxns(txns, 2, PAIR, ab -> {
                    Expr<?> a = ab.get(0), b = ab.get(1);
                    if (!mayBe(b, txn.name())) return ctx.mkTrue();
                    BoolExpr seen = v.statementVis(st, a, b);
                    List<BoolExpr> then = new ArrayList<>(List.of(v.ar(a, b), v.vis(a, b)));
                    if (next != null) then.add(v.statementVis(next, a, b));
                    return ctx.mkImplies(ctx.mkAnd(v.isType(b, txn.name()), seen), and(then));
                })));
                out.add(new Part("statement_prefix " + st, forAllTxns(txns, 3, new int[][] {{0, 1}, {1, 2}, {0, 2}}, abc -> {
                    Expr<?> a = abc.get(0), c = abc.get(1), b = abc.get(2);
                    if (!mayBe(b, txn.name())) return ctx.mkTrue();
                    return ctx.mkImplies(ctx.mkAnd(v.isType(b, txn.name()), v.ar(a, c), v.statementVis(st, c, b)),
                            v.statementVis(st, a, b));
                })));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ forcing conditions

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
                out.add(new Part("forcing_WW " + w1.txn().name() + "." + w1.facts().id() + " " + w2.txn().name() + "."
                        + w2.facts().id(), forAllTxns(txns, 2, PAIR, ab -> {
                    Expr<?> a = ab.get(0), b = ab.get(1);
                    if (!mayBe(a, w1.txn().name()) || !mayBe(b, w2.txn().name())) return ctx.mkTrue();
                    List<Expr<?>> e1 = rules.iterationElements(w1.facts(), w1.txn(), "f");
                    List<Expr<?>> e2 = rules.iterationElements(w2.facts(), w2.txn(), "f");
                    Site s1 = rules.site(w1.facts(), w1.txn(), a, e1);
                    Site s2 = rules.site(w2.facts(), w2.txn(), b, e2);
                    List<Expr<?>> bound = new ArrayList<>();
                    Expr<?> r = rules.pinnedRecord(w1.facts(), s1).or(() -> rules.pinnedRecord(w2.facts(), s2)).orElse(null);
                    if (r == null) {
                        r = v.fresh("r", v.recordSort(table));
                        bound.add(r);
                    }
                    String f0 = common.get(0);
                    BoolExpr premise = ctx.mkAnd(v.isType(a, w1.txn().name()), v.isType(b, w2.txn().name()), v.ar(a, b),
                            rules.writes(w1.facts(), f0, s1, r, false), rules.writes(w2.facts(), f0, s2, r, false));
                    return forAllIn(a, e1, forAllIn(b, e2, forAll(bound, ctx.mkImplies(premise, v.ww(a, b)))));
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
                for (String f : model.writeFields(w)) if (used.contains(List.of("RW", w.table(), f))) fields.add(f);
                if (fields.isEmpty()) continue;
                Transaction txn = tf.transaction();
                out.add(new Part("last_writer_wins " + txn.name() + "." + w.id(),
                        forAllTxns(txns, 3, new int[][] {{0, 1}, {1, 2}}, abc -> {
                            Expr<?> a = abc.get(0), b = abc.get(1), c = abc.get(2);
                            if (!mayBe(a, txn.name())) return ctx.mkTrue();
                            List<Expr<?>> els = rules.iterationElements(w, txn, "lw");
                            Site site = rules.site(w, txn, a, els);
                            List<BoolExpr> cases = new ArrayList<>();
                            for (Expr<?> r : recordTerms(w.table())) {
                                List<BoolExpr> rws = new ArrayList<>();
                                for (String f : fields) rws.add(v.refined(DepKind.RW, w.table(), f, r, b, c));
                                BoolExpr premise = ctx.mkAnd(v.isType(a, txn.name()), v.vis(a, b),
                                        rules.writes(w, fields.get(0), site, r, false), or(rws));
                                cases.add(forAllIn(a, els, ctx.mkImplies(premise, v.ar(a, c))));
                            }
                            return and(cases);
                        })));
            }
        }
        return out;
    }

    /**
     * Assumption (off by default, {@code --assume-unique-keys}): no key is inserted twice in an
     * execution. Then two transactions never insert the same record, a transaction that sees a
     * record alive sees the one transaction that inserted it, and one that sees a deletion of a
     * record sees it dead (nobody inserts it again). (Without the assumption "an alive record
     * was inserted by a visible transaction" is existential, and that transaction need not be among
     * the cycle's, so the substructure encoding cannot use it.)
     */
    List<Part> uniqueInserts(List<Expr<?>> txns, Set<String> tables) {
        List<Part> out = new ArrayList<>();
        // the assumption's view facts need one snapshot per transaction; PostgreSQL's primary key
        // alone gives only the pairwise half, and only for tables no statement deletes from
        // (unique_insert, docs/postgresql-levels.md §2: a DELETE committed between two INSERTs of
        // one key makes the second legal)
        // "an alive record was seen with its one inserter" needs one snapshot per transaction and keys
        // the model keeps unique (SQL's or the assumption); PostgreSQL's rule alone states only the
        // pairwise half (unique_insert), as the explorer of its levels does
        boolean viewFacts = !statementViews && (uniqueInserts || keyModel == KeyModel.SQL);
        boolean assumed = uniqueInserts;
        // a deleted record is never inserted again: whoever sees the deletion sees it dead
        if (viewFacts && assumed) for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : tf.statements()) {
                if (!(c.statement() instanceof Stmt.Delete) || !tables.contains(c.table())) continue;
                Transaction txn = tf.transaction();
                for (Expr<?> r : recordTerms(c.table())) {
                    out.add(new Part("unique_inserts delete " + txn.name() + "." + c.id() + " " + r, forAllTxns(txns, 2, PAIR, xt -> {
                        Expr<?> x = xt.get(0), t = xt.get(1);
                        if (!mayBe(x, txn.name())) return ctx.mkTrue();
                        List<Expr<?>> els = rules.iterationElements(c, txn, "u");
                        Site site = rules.site(c, txn, x, els);
                        BoolExpr deletes = ctx.mkAnd(v.isType(x, txn.name()),
                                rules.writes(c, StatementFacts.ALIVE, site, r, false));
                        return forAllIn(x, els, ctx.mkImplies(ctx.mkAnd(deletes, v.vis(x, t)),
                                ctx.mkNot(v.alive(c.table(), r, t))));
                    })));
                }
            }
        }
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : tf.statements()) {
                if (!(c.statement() instanceof Stmt.Insert) || !tables.contains(c.table())) continue;
                Transaction txn = tf.transaction();
                String table = c.table();
                if (!assumed && deletesFrom(table)) continue;
                for (Expr<?> r : recordTerms(table)) {
                    out.add(new Part("unique_inserts " + txn.name() + "." + c.id() + " " + r, forAllTxns(txns, 2, PAIR, xt -> {
                        Expr<?> x = xt.get(0), t = xt.get(1);
                        if (!mayBe(x, txn.name())) return ctx.mkTrue();
                        List<Expr<?>> els = rules.iterationElements(c, txn, "u");
                        Site site = rules.site(c, txn, x, els);
                        BoolExpr inserts = ctx.mkAnd(v.isType(x, txn.name()), rules.exec(c, site, false),
                                rules.addresses(c, site, r, false));
                        List<BoolExpr> facts = new ArrayList<>();
                        if (viewFacts) facts.add(ctx.mkImplies(ctx.mkAnd(inserts, v.alive(table, r, t)), v.vis(x, t)));
                        // no other transaction inserts it
                        for (TransactionFacts tf2 : model.transactions()) {
                            for (StatementFacts c2 : tf2.statements()) {
                                if (!(c2.statement() instanceof Stmt.Insert) || !c2.table().equals(table)) continue;
                                if (!mayBe(t, tf2.transaction().name())) continue;
                                List<Expr<?>> els2 = rules.iterationElements(c2, tf2.transaction(), "u");
                                Site site2 = rules.site(c2, tf2.transaction(), t, els2);
                                BoolExpr other = ctx.mkAnd(v.isType(t, tf2.transaction().name()), rules.exec(c2, site2, false),
                                        rules.addresses(c2, site2, r, false));
                                facts.add(forAllIn(t, els2, ctx.mkNot(ctx.mkAnd(inserts, other))));
                            }
                        }
                        return forAllIn(x, els, and(facts));
                    })));
                }
            }
        }
        return out;
    }

    /** Whether some statement of the program deletes from the table. */
    private boolean deletesFrom(String table) {
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts c : tf.statements()) {
                if (c.statement() instanceof Stmt.Delete && c.table().equals(table)) return true;
            }
        }
        return false;
    }

    /** A statement of a transaction type. */
    public record StatementRef(Transaction txn, StatementFacts facts) {}

    /**
     * The commit guard: an execution holds committed transactions only, and a transaction that
     * reaches a ROLLBACK or RAISE EXCEPTION aborts (its writes never happen, it is in no dependency),
     * so no transaction of the query reaches one of its aborts ({@link isocheck.program.AbortFacts}).
     * The reaching condition is under-approximated (it is negated here): where it cannot be decided
     * exactly, an instance that would abort may still be taken as committed, with the statements
     * after the abort running as if it were not there — more executions, never fewer. In EXPANDED
     * mode the loop elements are the transaction's witness elements (an instance of a universal fact).
     */
    List<Part> commitGuard(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            for (isocheck.program.AbortFacts a : tf.aborts()) {
                out.add(new Part("commit_guard " + txn.name() + " " + a.statement().pos().lineColumn(),
                        forAllTxns(txns, 1, new int[0][], ts -> {
                            Expr<?> t = ts.get(0);
                            if (!mayBe(t, txn.name())) return ctx.mkTrue();
                            List<Expr<?>> els = new ArrayList<>();
                            for (Stmt.Foreach l : a.loops()) els.add(v.fresh("ab!" + l.variable(), terms.elementSort(txn, l.source())));
                            Site site = Site.of(txn, t, a.loops(), els);
                            return ctx.mkImplies(v.isType(t, txn.name()),
                                    forAllIn(t, els, ctx.mkNot(rules.exec(a.guard(), a.loops(), site, false))));
                        })));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ Alive

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
                    out.add(new Part("alive_rule " + t.name() + " " + table + " " + r, forAllTxns(txns, 2, PAIR, ab -> {
                        if (!mayBe(ab.get(0), t.name())) return ctx.mkTrue();
                        BoolExpr alive = v.alive(table, r, ab.get(1));
                        return ctx.mkImplies(
                                ctx.mkAnd(v.refined(DepKind.WR, table, StatementFacts.ALIVE, r, ab.get(0), ab.get(1)),
                                        v.isType(ab.get(0), t.name())),
                                inserts ? alive : ctx.mkNot(alive));
                    })));
                }
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ φ_aux

    /**
     * φ_aux (paper §4.3): the rows of a SELECT satisfy its WHERE clause and are alive; an INSERT's key
     * was absent from its view; a non-empty
     * row set has the row its scalar reads see; a CHOOSE picks a member of a non-empty set; MIN/MAX
     * of a key field is the key of a matching alive row; COUNT (also COUNT(DISTINCT c)) is a
     * non-negative number; SUM and AVG are unconstrained. The rows of a SELECT with LIMIT or SKIP
     * LOCKED are a subset of the matching rows, which is all "satisfy its WHERE" says. (Loop
     * elements belong to their sets through the execution condition of every statement in the loop.)
     */
    List<Part> phiAux(List<Expr<?>> txns) {
        List<Part> out = new ArrayList<>();
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            out.add(new Part("phi_aux " + txn.name(), forAllTxns(txns, 1, new int[0][], ts -> {
                Expr<?> t = ts.get(0);
                if (!mayBe(t, txn.name())) return ctx.mkTrue();
                List<BoolExpr> facts = new ArrayList<>();
                for (Variable var : txn.parameters()) facts.addAll(auxParameterSet(txn, var, t));
                for (Variable var : txn.locals()) {
                    facts.addAll(auxRows(txn, var, t));
                    facts.addAll(auxChoose(txn, var, t));
                    facts.addAll(auxAggregate(txn, var, t));
                }
                for (StatementFacts sf : tf.statements()) facts.addAll(auxInsertFresh(txn, sf, t));
                return ctx.mkImplies(v.isType(t, txn.name()), and(facts));
            })));
        }
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<StatementFacts> keyed = tf.statements().stream().filter(this::selectsRows).toList();
            if (keyed.isEmpty()) continue;
            out.add(new Part("select_complete " + txn.name(), forAllTxns(txns, 1, new int[0][], ts -> {
                if (!mayBe(ts.get(0), txn.name())) return ctx.mkTrue();
                List<BoolExpr> facts = new ArrayList<>();
                for (StatementFacts sf : keyed) facts.addAll(auxSelectComplete(txn, sf, ts.get(0)));
                return ctx.mkImplies(v.isType(ts.get(0), txn.name()), and(facts));
            })));
        }
        for (TransactionFacts tf : model.transactions()) {
            Transaction txn = tf.transaction();
            List<StatementFacts> inserts = tf.statements().stream().filter(sf -> sf.statement() instanceof Stmt.Insert).toList();
            if (inserts.isEmpty()) continue;
            out.add(new Part("insert_key_defined " + txn.name(), forAllTxns(txns, 1, new int[0][], ts -> {
                if (!mayBe(ts.get(0), txn.name())) return ctx.mkTrue();
                List<BoolExpr> facts = new ArrayList<>();
                for (StatementFacts sf : inserts) facts.addAll(auxInsertKeyDefined(txn, sf, ts.get(0)));
                return ctx.mkImplies(v.isType(ts.get(0), txn.name()), and(facts));
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
        for (Stmt.Foreach l : loops.get()) els.add(v.fresh("i!" + l.variable(), terms.elementSort(txn, l.source())));
        return Optional.of(new Bound(els, Site.of(txn, t, loops.get(), els)));
    }

    private List<BoolExpr> auxParameterSet(Transaction txn, Variable var, Expr<?> t) {
        if (!(var.type() instanceof Type.Rows)) return List.of();
        Site site = new Site(txn, t, Map.of());
        Expr<?> x = v.fresh("x", terms.elementSort(txn, var.name()));
        BoolExpr in = terms.member(x, var.name(), site).orElseThrow();
        BoolExpr ne = terms.nonEmpty(var.name(), site).orElseThrow();
        Expr<?> pick = terms.pick(var.name(), site).orElseThrow();
        return List.of(forAllIn(t, List.of(x), ctx.mkImplies(in, ne)),
                ctx.mkImplies(ne, terms.member(pick, var.name(), site).orElseThrow()));
    }

    private List<BoolExpr> auxRows(Transaction txn, Variable var, Expr<?> t) {
        if (!(var.type() instanceof Type.Rows)) return List.of();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.isEmpty() || !as.stream().allMatch(a -> a.stmt() instanceof Stmt.Select)) return List.of();
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
            sources.add(ctx.mkAnd(rules.exec(sf, site, true), rules.addresses(sf, site, r, true), alive));
        }
        List<Expr<?>> all = new ArrayList<>(b.get().elements());
        all.add(r);
        Expr<?> pick = terms.pick(var.name(), site).orElseThrow();
        BoolExpr rows = ctx.mkImplies(in, ctx.mkAnd(ne, or(sources)));
        BoolExpr picked = ctx.mkImplies(ne, terms.member(pick, var.name(), site).orElseThrow());
        if (mode == Mode.QUANTIFIED) return List.of(forAll(all, rows), forAll(b.get().elements(), picked));
        // ground: on the witness records, and on the row the scalar reads and CHOOSEs see
        List<BoolExpr> out = new ArrayList<>();
        // the rows' WHERE facts stay quantified (a simple guarded formula, cheap for Z3's
        // instantiation): Skolem witnesses of other rules (an own earlier write's iteration) need them
        out.add(ctx.mkForall(all.toArray(new Expr<?>[0]), rows, 0, null, null, null, null));
        out.add(forAllGround(t, b.get().elements(), picked, List.of()));
        List<Expr<?>> seen = new ArrayList<>();
        seen.add(pick);
        for (Variable other : txn.locals()) {
            for (ProgramModel.Assignment a : model.assignments(txn, other.name())) {
                if (a.stmt() instanceof Stmt.Choose ch && ch.source().equals(var.name()) && a.loops().equals(as.get(0).loops())) {
                    terms.rowValue(other, site).ifPresent(seen::add);
                }
            }
        }
        for (Expr<?> x : seen) {
            BoolExpr inst = (BoolExpr) rows.substitute(r, x);
            out.add(b.get().elements().isEmpty() ? inst : forAllGround(t, b.get().elements(), inst, List.of()));
        }
        return out;
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
                if (as.size() != 1 || !(as.get(0).stmt() instanceof Stmt.Select s) || s.aggregate().isPresent()) continue;
                // SKIP LOCKED may skip every matching row (all locked): its result may be empty
                // though rows match, so no completeness is claimed (RowLock). LIMIT n >= 1 keeps it.
                if (s.lock().skipLocked()) continue;
                StatementFacts sf = model.factsOf(s);
                out.add(new Part("rows_complete " + txn.name() + "." + var.name(), forAllTxns(txns, 1, new int[0][], ts -> {
                    Expr<?> t = ts.get(0);
                    if (!mayBe(t, txn.name())) return ctx.mkTrue();
                    Optional<Bound> b = boundFor(txn, var, t);
                    if (b.isEmpty()) return ctx.mkTrue();
                    Site site = b.get().site();
                    BoolExpr ne = terms.nonEmpty(var.name(), site).orElseThrow();
                    List<BoolExpr> facts = new ArrayList<>();
                    for (Expr<?> r : recordTerms(s.table())) {
                        BoolExpr matches = ctx.mkAnd(rules.exec(sf, site, false), rules.addresses(sf, site, r, false),
                                rules.aliveInView(sf, site, r, false));
                        facts.add(forAllIn(t, b.get().elements(), ctx.mkImplies(matches, ne)));
                    }
                    return ctx.mkImplies(v.isType(t, txn.name()), and(facts));
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
     * A committed INSERT's key was not alive in its view: a database rejects a duplicate primary key
     * it can see (the transaction aborts and is not part of the execution); a concurrent insert it
     * cannot see is not detected, and then the later one in ar overwrites. (The execution condition
     * is under-approximated here, since it is a premise.)
     */
    private List<BoolExpr> auxInsertFresh(Transaction txn, StatementFacts sf, Expr<?> t) {
        if (!(sf.statement() instanceof Stmt.Insert)) return List.of();
        List<Expr<?>> els = rules.iterationElements(sf, txn, "ins");
        Site site = rules.site(sf, txn, t, els);
        Optional<Expr<?>> rec = rules.pinnedRecord(sf, site);
        if (rec.isEmpty()) return List.of();
        return List.of(forAllIn(t, els, ctx.mkImplies(rules.exec(sf, site, false), rules.notAliveInView(sf, site, rec.get()))));
    }

    /** Whether some statement of the transaction runs under a test {@code var IS [NOT] NULL}. */
    private boolean testedForEmptiness(Transaction txn, String var) {
        for (StatementFacts sf : model.facts(txn.name()).statements()) {
            for (isocheck.program.Cond g : sf.guard()) if (testsNull(g, var)) return true;
        }
        return false;
    }

    private static boolean testsNull(isocheck.program.Cond c, String var) {
        if (c instanceof isocheck.program.Cond.IsNull n) return n.variable().equals(var);
        if (c instanceof isocheck.program.Cond.Not n) return testsNull(n.operand(), var);
        if (c instanceof isocheck.program.Cond.And a) return testsNull(a.left(), var) || testsNull(a.right(), var);
        if (c instanceof isocheck.program.Cond.Or o) return testsNull(o.left(), var) || testsNull(o.right(), var);
        return false;
    }

    /** A SELECT … INTO a row set (not an aggregate), its variable assigned only there. */
    private boolean selectsRows(StatementFacts sf) {
        return sf.statement() instanceof Stmt.Select sel && sel.aggregate().isEmpty();
    }

    /**
     * <b>select_complete</b>: a SELECT that runs returns every record alive in its view that its
     * WHERE clause matches (φ_aux's other direction), stated for the record it names by its whole
     * key and for the query's witness records of the table, for the SELECTs whose emptiness the
     * program tests. Premises under-approximated, so
     * sound wherever they are exact and vacuous elsewhere.
     */
    private List<BoolExpr> auxSelectComplete(Transaction txn, StatementFacts sf, Expr<?> t) {
        Stmt.Select sel = (Stmt.Select) sf.statement();
        Variable var = model.variable(txn, sel.target());
        if (model.assignments(txn, var.name()).size() != 1) return List.of();
        // SKIP LOCKED returns any subset of the matching rows (RowLock): nothing is complete
        if (sel.lock().skipLocked()) return List.of();
        // LIMIT n returns some n of them: non-empty when one matches, but a matching row need not be in it
        boolean everyRow = sel.limit().isEmpty();
        List<Expr<?>> els = rules.iterationElements(sf, txn, "sc");
        Site site = rules.site(sf, txn, t, els);
        Optional<BoolExpr> ne = terms.nonEmpty(var.name(), site);
        if (ne.isEmpty()) return List.of();
        // only where the result's emptiness steers the program (IS [NOT] NULL in a guard): stated for
        // every SELECT these instances cost TPC-C's EC enumeration 3-4x the solver time, for nothing
        if (!testedForEmptiness(txn, var.name())) return List.of();
        List<Expr<?>> records = new ArrayList<>(mode == Mode.EXPANDED ? recordTerms(sf.table()) : List.of());
        rules.pinnedRecord(sf, site).ifPresent(records::add);
        List<BoolExpr> out = new ArrayList<>();
        for (Expr<?> r : records) {
            Optional<BoolExpr> in = everyRow ? terms.member(r, var.name(), site) : Optional.empty();
            BoolExpr then = in.map(i -> ctx.mkAnd(ne.get(), i)).orElse(ne.get());
            out.add(forAllIn(t, els, ctx.mkImplies(ctx.mkAnd(rules.exec(sf, site, false), rules.addresses(sf, site, r, false),
                    rules.aliveInView(sf, site, r, false)), then)));
        }
        return out;
    }

    /**
     * <b>insert_key_defined</b>: a committed INSERT's primary-key values are not NULL, so every row
     * set whose row a key value reads ({@code :v.f}, also through a local's definition,
     * {@link ProgramModel#definition}) was non-empty. Soundness: a field of an empty result is NULL,
     * and a database rejects NULL in a primary-key column, aborting the transaction, which is then
     * not part of the execution. (Without this, the key an INSERT takes from an empty SELECT, e.g.
     * TPC-C's {@code o_id := dist.d_next_o_id} for a district that does not exist, is unconstrained.)
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

    /** The local row sets (SELECT … INTO results outside loops) whose picked row an expression reads. */
    private void rowSetsRead(Transaction txn, isocheck.program.Expr e, Set<String> out) {
        if (e instanceof isocheck.program.Expr.VarRef ref) {
            Variable var = model.variable(txn, ref.variable());
            if (var.kind() != Variable.Kind.LOCAL) return;
            if (var.type() instanceof Type.Rows && model.indexLoops(txn, var).map(List::isEmpty).orElse(false)) {
                out.add(var.name());
            }
            model.definition(txn, var).ifPresent(d -> rowSetsRead(txn, d, out));
        } else if (e instanceof isocheck.program.Expr.Arith a) {
            rowSetsRead(txn, a.left(), out);
            rowSetsRead(txn, a.right(), out);
        } else if (e instanceof isocheck.program.Expr.Negate n) {
            rowSetsRead(txn, n.operand(), out);
        }
    }

    private List<BoolExpr> auxAggregate(Transaction txn, Variable var, Expr<?> t) {
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() != 1 || !(as.get(0).stmt() instanceof Stmt.Select s) || s.aggregate().isEmpty()) return List.of();
        Optional<Bound> b = boundFor(txn, var, t);
        if (b.isEmpty()) return List.of();
        Site site = b.get().site();
        Aggregate agg = s.aggregate().get();
        Expr<?> value = terms.aggregate(var, site).orElseThrow();
        BoolExpr isNull = terms.aggregateNull(var, site).orElseThrow();
        if (agg.function() == Aggregate.Function.COUNT) {
            return List.of(forAllIn(t, b.get().elements(),
                    ctx.mkAnd(ctx.mkGe((com.microsoft.z3.IntExpr) value, ctx.mkInt(0)), ctx.mkNot(isNull))));
        }
        // SUM and AVG: value and NULL-ness left unconstrained (any result of any rows read: sound)
        String column = agg.column().orElse(null);
        if (!agg.isExtremum() || column == null || !v.isKey(s.table(), column)) return List.of();
        StatementFacts sf = model.factsOf(s);
        // no matching record alive in the statement's view lies beyond the MIN (MAX)
        com.microsoft.z3.IntExpr aggValue = (com.microsoft.z3.IntExpr) value;
        List<BoolExpr> extremes = new ArrayList<>();
        for (Expr<?> other : recordTerms(s.table())) {
            com.microsoft.z3.IntExpr otherKey = v.key(s.table(), column, other);
            BoolExpr beyond = agg.function() == Aggregate.Function.MIN ? ctx.mkLt(otherKey, aggValue) : ctx.mkGt(otherKey, aggValue);
            extremes.add(forAllIn(t, b.get().elements(), ctx.mkImplies(
                    ctx.mkAnd(rules.exec(sf, site, false), ctx.mkNot(isNull), rules.addresses(sf, site, other, false), beyond),
                    rules.notAliveInView(sf, site, other))));
            // and a matching record alive in the view makes the result non-NULL (premises under-approximated)
            extremes.add(forAllIn(t, b.get().elements(), ctx.mkImplies(
                    ctx.mkAnd(rules.exec(sf, site, false), rules.addresses(sf, site, other, false),
                            rules.aliveInView(sf, site, other, false)),
                    ctx.mkNot(isNull))));
        }
        BoolExpr extremum = and(extremes);
        Expr<?> r = v.fresh("r", v.recordSort(s.table()));
        BoolExpr alive = rules.aliveInView(sf, site, r, true);
        BoolExpr witness = ctx.mkExists(new Expr<?>[] {r}, ctx.mkAnd(rules.addresses(sf, site, r, true), alive,
                ctx.mkEq(v.key(s.table(), column, r), value)), 0, null, null, null, null);
        return List.of(extremum, forAllIn(t, b.get().elements(),
                ctx.mkImplies(ctx.mkAnd(rules.exec(sf, site, false), ctx.mkNot(isNull)), witness)));
    }

}
