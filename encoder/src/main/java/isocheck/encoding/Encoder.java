package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
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

/**
 * φ_{T,Ψ} of paper §4 (eq. 6) for one program and spec, over a given set of transaction constants:
 * φ_basic ∧ φ_Ψ ∧ φ_dep ∧ the forcing conditions φ_{→WW} ∧ last-writer-wins ∧ the Alive rule ∧
 * φ_aux (∧ the unique-keys assumption when asked). Rules over the refined relations conclude the
 * plain relation too (a dependency on a field of a record is a dependency). The necessary
 * conditions φ_{R→} are asserted on the edges of the cycle (see {@code isocheck.query.CycleQuery}),
 * where they decide satisfiability; elsewhere R occurs only as the premise of φ_basic, Ψ and φ_dep
 * or the conclusion of a forcing rule, so an unforced R can always be made false and its necessary
 * condition never matters (the omission is sound in any case: fewer constraints, more models).
 *
 * <p>Two modes for the transaction sort:
 *
 * <ul>
 *   <li>{@link Mode#EXPANDED}: every formula universal in transactions is expanded over the query's
 *       constants. Sound because universal sentences hold in every substructure, so restricting a
 *       valid execution to the cycle's transactions is a model (valid only while the spec is
 *       universal in transactions: {@link Spec#isUniversal()}, checked by the caller).
 *   <li>{@link Mode#QUANTIFIED}: the paper's formulas as they are, ∀ over {@code Txn}, for Z3's
 *       MBQI.
 * </ul>
 *
 * Records and loop iterations: where a statement names its record by the whole primary key, the
 * record is substituted (exact). Otherwise, in EXPANDED mode universal rules are instantiated on
 * the cycle's witness records and each transaction's witness iteration elements ({@link
 * Quantification#forAll}), which leaves Z3 a quantifier-free problem except for the
 * rows-satisfy-WHERE facts of φ_aux; in QUANTIFIED mode they are Z3 quantifiers.
 *
 * <p>Only WW is ever forced: WR and RW depend on what a transaction saw (max_ar of its visible
 * writers), which no condition on parameters decides.
 */
public final class Encoder {
    public enum Mode {
        EXPANDED,
        QUANTIFIED
    }

    private final Vocabulary v;
    private final Context ctx;
    private final ProgramModel model;
    private final AccessRules rules;
    private final Terms terms;
    private final Mode mode;
    private final List<Conflict> conflicts;

    private boolean uniqueInserts;
    private final Quantification quantification;
    private final DependencyRules dependencies;
    private final StatementSnapshotRules snapshots;
    private final ForcingRules forcing;
    private final UniqueInsertRules uniqueInsertRules;
    private final ForeignKeyRules foreignKeyRules;
    private final CommitGuard commitGuard;
    private final AuxRules aux;

    /**
     * The program assumption that every INSERT inserts a key never inserted before (ids drawn from
     * a sequence or a UUID, a counter protected by the spec): see {@link #uniqueInserts}.
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
     * The tables whose INSERTs get the unique-insert facts ({@link #uniqueInserts}): every table
     * under the {@code --assume-unique-keys} assumption; under {@link KeyModel#SQL} the tables no
     * program deletes from, where SQL's key uniqueness implies them (a key once inserted stays
     * alive, so a second INSERT of it fails and its transaction is not in the execution); none
     * otherwise.
     */
    Set<String> uniqueInsertTables() {
        Set<String> out = new LinkedHashSet<>();
        if (!uniqueInserts && keyModel != KeyModel.SQL && !postgresRules)
            return out; // PostgreSQL enforces keys whatever the model
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

    /**
     * Under PostgreSQL's rules, whether INSERT c adds a new row of a keyless table: its whole key
     * is a fresh-identity parameter ({@link isocheck.program.FreshIdentity#isNewRow}, the hidden
     * {@code table_row$n} the front-end gives every INSERT into a table without a primary key). The
     * database adds a new tuple each time, so the record has no version before c's, and no other
     * INSERT ever writes it: nothing is overwritten by c ({@code CycleQuery#edge}: no WW edge into
     * c, and no RW edge into c on a non-key field; the RW edge on {@code @alive}, a statement that
     * found the row absent, stays). The encoding may choose one identity for two inserts (an
     * over-approximation, frontend.KeylessTables); these edges exist only in such executions.
     * Without it Wikipedia's RemoveWatchList DELETE "read" wl_title of a row an AddWatchList
     * inserted, in a version before its insert, and the replay was SER-consistent
     * (benchmarks/RESULTS.md stop 39).
     */
    public boolean insertsNewRow(StatementFacts c) {
        if (!postgresRules || !(c.statement() instanceof Stmt.Insert ins)) return false;
        List<String> key = model.table(ins.table()).primaryKey();
        if (key.size() != 1) return false;
        int at = ins.columns().indexOf(key.get(0));
        return at >= 0
                && ins.values().get(at) instanceof isocheck.program.Expr.VarRef ref
                && ref.field() == null
                && isocheck.program.FreshIdentity.isNewRow(ref.variable());
    }

    /** Whether every INSERT into the table {@link #insertsNewRow} (and there is one). */
    public boolean insertsNewRows(String table) {
        boolean any = false;
        for (TransactionFacts tf : model.transactions())
            for (StatementFacts sf : tf.statements())
                if (sf.statement() instanceof Stmt.Insert && sf.table().equals(table)) {
                    if (!insertsNewRow(sf)) return false;
                    any = true;
                }
        return any;
    }

    public Encoder(Vocabulary v, ProgramModel model, Mode mode) {
        this.v = v;
        this.ctx = v.context();
        this.model = model;
        this.terms = new Terms(v, model);
        this.rules = new AccessRules(v, model, terms);
        this.mode = mode;
        rules.groundIterations(mode == Mode.EXPANDED);
        this.conflicts = Conflict.all(model);
        this.counters = CounterField.find(model);
        this.counterKeys = CounterKey.find(model, counters);
        this.quantification = new Quantification(v, mode);
        this.dependencies = new DependencyRules(v, model, rules, terms, quantification, mode, this);
        this.snapshots = new StatementSnapshotRules(v, model, rules, terms, quantification, mode);
        this.forcing = new ForcingRules(v, model, rules, terms, quantification, mode);
        this.uniqueInsertRules =
                new UniqueInsertRules(v, model, rules, terms, quantification, mode);
        this.foreignKeyRules = new ForeignKeyRules(v, model, rules, terms, quantification, mode);
        this.commitGuard = new CommitGuard(v, model, rules, terms, quantification, mode);
        this.aux = new AuxRules(v, model, rules, terms, quantification, mode);
        WriterVisibility visibility = new WriterVisibility(v);
        this.counterRules = new CounterRules(v, rules, quantification, visibility);
        this.drawnKeyRules =
                new DrawnKeyRules(v, model, rules, quantification, visibility, this::loopSnapshot);
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
     * Whether the program declares the invariant "ck's key column is below its counter" (an {@link
     * isocheck.program.Invariant} pragma): then it is assumed as if by {@link
     * #assumeKeysBelowCounters} for this key alone.
     */
    boolean declared(CounterKey ck) {
        for (isocheck.program.Invariant inv : model.program().invariants()) {
            if (inv.table().equals(ck.table())
                    && inv.column().equals(ck.column())
                    && inv.counterTable().equals(ck.counter().table())
                    && inv.counterField().equals(ck.counter().field())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether ck's key column is assumed below its counter in the initial database: declared by the
     * program ({@link #declared}) or by {@link #assumeKeysBelowCounters}.
     */
    public boolean keyBelowCounter(CounterKey ck) {
        return keysBelowCounters || declared(ck);
    }

    /** The key columns drawn from counters ({@link CounterKey}). */
    public List<CounterKey> counterKeys() {
        return counterKeys;
    }

    /**
     * Whether every record of the table is inserted at most once in an execution under a database's
     * rules: its key column is drawn from a counter under the counter row's lock with the
     * key-below-counter invariant (declared or assumed), so every INSERT draws a key no other
     * INSERT draws and above every initial key ({@link DrawnKeyRules#inserterInSnapshot}'s
     * argument: a {@code SELECT … FOR UPDATE} waits for the holder and reads the newest committed
     * counter, PostgreSQL manual §13.2.1; InnoDB's locking reads are current reads, MySQL manual
     * "Locking Reads"). A record deleted is then never alive again.
     */
    public boolean insertedOnce(String table) {
        if (!statementViews || !postgresRules) return false;
        for (CounterKey ck : counterKeys)
            if (ck.table().equals(table)
                    && (keysBelowCounters || declared(ck))
                    && drawnKeyRules.drawnUnderLock(ck)) return true;
        return false;
    }

    private final CounterRules counterRules;
    private final DrawnKeyRules drawnKeyRules;

    /** The only-incremented fields of the program ({@link CounterField}). */
    public List<CounterField> counters() {
        return counters;
    }

    /** The witness preference that every loop pick of instance t ran (AuxRules#loopPicksMade). */
    public List<BoolExpr> loopPicksMade(Transaction txn, Expr<?> t) {
        return aux.loopPicksMade(txn, t);
    }

    /**
     * A witness preference (query.ClosedWorldViews, with the edges' guards): the locals' values
     * with every stored field taken as not NULL ({@link Terms#assumingFieldsNotNull}), where the
     * query leaves them free because a column may be NULL. AuctionMark's NewComment keys its
     * comment by {@code COALESCE(v_num_comments, 0) + 1}, a nullable column read: two NewComments
     * that read one count drew two keys in the model, one on the server (benchmarks/RESULTS.md stop
     * 37).
     */
    public List<BoolExpr> localsOnIntegers(Transaction txn, Expr<?> t) {
        return terms.assumingFieldsNotNull(() -> aux.localsOnIntegers(txn, t));
    }

    /**
     * A witness preference (query.ClosedWorldViews, with the edges' guards): instance t reaches
     * none of its aborts, with every stored field taken as not NULL ({@link
     * Terms#assumingFieldsNotNull}). The query's commit guard negates the abort's reaching
     * condition, and a comparison with a nullable column is under-approximated there, so the guard
     * says nothing: AuctionMark's CloseAuctions visited an item with {@code i_num_bids} 81 and no
     * item_max_bid row, and the replay reached its {@code RAISE} (benchmarks/RESULTS.md stop 38).
     */
    public List<BoolExpr> commitGuardOnIntegers(Transaction txn, Expr<?> t) {
        return terms.assumingFieldsNotNull(() -> commitGuard.commitGuard(txn, t));
    }

    public AccessRules rules() {
        return rules;
    }

    public List<Conflict> conflicts() {
        return conflicts;
    }

    public Mode mode() {
        return mode;
    }

    private boolean statementViews;
    private boolean postgresRules;
    private boolean postgresql;
    private boolean firstRead;

    /**
     * Configures the encoder for the executions of {@code spec}; call before building any query
     * term with it ({@link #encode} calls it too). With statement snapshots ({@link
     * Spec#hasStatementSnapshots}) each statement reads from its own view and the rules that tie a
     * transaction's reads to one snapshot are left out; with {@code database postgresql}
     * PostgreSQL's write-time rules are added (docs/postgresql-levels.md §2–3).
     */
    public Encoder forSpec(Spec spec) {
        this.statementViews = spec.hasStatementSnapshots();
        // PostgreSQL's, InnoDB's and H2's write-time rules are the same two (locked_read,
        // unique_insert): docs/postgresql-levels.md §2, docs/mysql-levels.md §2
        this.postgresRules = !spec.databases().isEmpty();
        this.postgresql = spec.databases().contains("postgresql");
        this.firstRead = spec.firstReadSnapshot();
        aux.uniqueIndexes(postgresRules);
        rules.statementViews(statementViews);
        rules.databaseRules(postgresRules);
        terms.statementViews(statementViews);
        v.singleVersionFields(singleVersionFields());
        return this;
    }

    /**
     * Under a database's write-time rules, the "table.field" of the non-key fields that have one
     * value per record in every version of an execution although an INSERT writes them: no UPDATE
     * of the program sets the field, no statement deletes from the table, and every INSERT into it
     * is outside loops. Soundness (manual §13.2.1 and the INSERT reference page): the primary key
     * lets at most one committed INSERT create the record, and only when it is not initially
     * present (a later INSERT of a present key fails, and no DELETE makes it absent again; outside
     * loops a transaction inserts it at most once); so every version in which the record is alive,
     * in any statement's snapshot or the newest one a lock wait reads, carries the initial value or
     * that INSERT's value, never both. Each statement view of the field is then one per-record
     * function (Vocabulary#oneValue), which the INSERT's value fixes (AuxRules#insertOnceValues).
     * Without it two statements could read an order's customer differently: TPC-C's Delivery could
     * update the balance of a customer other than the one whose orders OrderStatus's MAX(o_id)
     * ranged over (benchmarks/RESULTS.md, issue 14, branch tpcrc). Per-transaction views
     * (REPEATABLE READ) get the rule too since stop 39: a view's values are free of its writers'
     * (paper §3), so a NotifyWatchers SELECT of page 18 "read" a row an AddWatchList had inserted
     * for page 11 (keyless-watch.sql's REPEATABLE READ witnesses replayed SER-consistent). A
     * keyless table's rows qualify even when a program deletes from it ({@link #insertsNewRows}):
     * each INSERT adds a new tuple, so no record is inserted twice or inserted while initially
     * present. Without it Wikipedia's UpdatePage loop updated an AddWatchList row in a view where
     * its wl_title and wl_namespace were those of the page it notified, not the ones inserted
     * (benchmarks/RESULTS.md stop 39).
     */
    private Set<String> singleVersionFields() {
        Set<String> out = new LinkedHashSet<>();
        if (!postgresRules) return out;
        Set<String> updated = new LinkedHashSet<>();
        Set<String> loopInserted = new LinkedHashSet<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (sf.statement() instanceof Stmt.Insert) {
                    if (!sf.loops().isEmpty()) loopInserted.add(sf.table());
                } else {
                    for (String f : model.writeFields(sf)) updated.add(sf.table() + "." + f);
                }
            }
        }
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (!(sf.statement() instanceof Stmt.Insert)
                        || loopInserted.contains(sf.table())
                        || !(insertsFirstVersions(sf.table()) || insertsNewRows(sf.table())))
                    continue;
                for (String f : model.writeFields(sf)) {
                    String tf2 = sf.table() + "." + f;
                    if (!f.equals(StatementFacts.ALIVE)
                            && !v.isKey(sf.table(), f)
                            && !updated.contains(tf2)) out.add(tf2);
                }
            }
        }
        return out;
    }

    /** Whether each statement reads from its own snapshot ({@link #forSpec}). */
    public boolean statementViews() {
        return statementViews;
    }

    /** Whether the spec is a database's own level ({@code --db}: its write-time rules apply). */
    public boolean databaseLevel() {
        return postgresRules;
    }

    /**
     * Whether PostgreSQL's row locks apply (locked_read, docs/postgresql-levels.md §2): an
     * anti-dependency whose read is made by a statement that writes or lock-reads (hence locks) the
     * record goes forward in the commit order.
     */
    public boolean lockedReads() {
        return postgresRules;
    }

    /** Every conjunct of φ_{T,Ψ} over the given transaction constants. */
    public List<Part> encode(
            Spec spec,
            List<Expr<?>> txns,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground)
            throws SpecException {
        return encode(spec, txns, records, ground, Map.of());
    }

    /**
     * φ_{T,Ψ} specialised to a fixed type per transaction constant ({@code fixedTypes}, constant to
     * type name; constants not in the map may have any type). A rule instance whose premise asks a
     * fixed constant to have another type is vacuous and is left out (EXPANDED mode only; the
     * caller asserts the types). Equivalent, under those type facts, to {@link #encode(Spec, List,
     * Map, Map)}.
     */
    public List<Part> encode(
            Spec spec,
            List<Expr<?>> txns,
            Map<String, List<Expr<?>>> records,
            Map<String, List<Expr<?>>> ground,
            Map<Expr<?>, String> fixedTypes)
            throws SpecException {
        forSpec(spec);
        quantification.query(records, ground, mode == Mode.EXPANDED ? fixedTypes : Map.of());
        terms.setGround(
                mode == Mode.EXPANDED
                        ? sort -> ground.getOrDefault(sort.toString(), List.of())
                        : null);
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
        // second time; last-writer-wins, the Alive rule, the counter and drawn-key rules and the
        // vis
        // half of the unique-keys assumption are stated on the per-transaction view.
        parts.addAll(
                statementViews ? dependencies.phiDepPerStatement(txns) : dependencies.phiDep(txns));
        if (statementViews) {
            parts.addAll(snapshots.statementSnapshots(txns, spec.firstReadSnapshot()));
            for (TransactionFacts tf : model.transactions()) {
                java.util.Set<String> done = new java.util.HashSet<>();
                for (StatementFacts sf : tf.statements()) {
                    Optional<String> it = loopSnapshot(sf, tf.transaction());
                    if (it.isEmpty() || !done.add(it.get())) continue;
                    List<com.microsoft.z3.Sort> sorts = new ArrayList<>();
                    for (Stmt.Foreach l : sf.loops())
                        sorts.add(terms.elementSort(tf.transaction(), l.source()));
                    parts.addAll(
                            snapshots.iterationSnapshots(
                                    txns,
                                    tf.transaction(),
                                    it.get(),
                                    sorts,
                                    StatementSnapshotRules.sharedSnapshot(
                                            tf, sf, spec.firstReadSnapshot())));
                }
            }
        }
        // one iteration's statements take their snapshots in program order
        // (StatementSnapshotRules#iterationOrder)
        if (statementViews)
            parts.addAll(snapshots.iterationOrder(txns, this, spec.firstReadSnapshot()));
        // row locks order the statements after them (StatementSnapshotRules#lockOrder)
        if (statementViews && postgresRules && !spec.firstReadSnapshot())
            parts.addAll(snapshots.lockOrder(txns));
        if (constrainsWW(spec)) parts.addAll(forcing.forcingWW(txns));
        if (!statementViews) parts.addAll(dependencies.lastWriterWins(txns));
        if (!statementViews) parts.addAll(dependencies.aliveRule(txns));
        parts.addAll(aux.phiAux(txns));
        parts.addAll(aux.rowsComplete(txns));
        parts.addAll(commitGuard.commitGuard(txns));
        Set<String> uniqueTables = uniqueInsertTables();
        if (!uniqueTables.isEmpty()) {
            // the assumption's view facts need one snapshot per transaction; PostgreSQL's primary
            // key
            // alone gives only the pairwise half, and only for tables no statement deletes from
            // (unique_insert, docs/postgresql-levels.md §2: a DELETE committed between two INSERTs
            // of
            // one key makes the second legal)
            // "an alive record was seen with its one inserter" needs one snapshot per transaction
            // and keys
            // the model keeps unique (SQL's or the assumption); PostgreSQL's rule alone states only
            // the
            // pairwise half (unique_insert), as the explorer of its levels does
            boolean viewFacts = !statementViews && (uniqueInserts || keyModel == KeyModel.SQL);
            parts.addAll(
                    uniqueInsertRules.uniqueInserts(txns, uniqueTables, viewFacts, uniqueInserts));
            // the view half, per statement snapshot, for the tables no program deletes from
            // (UniqueInsertRules#insertersInSnapshot)
            if (statementViews && (keyModel == KeyModel.SQL || postgresRules))
                parts.addAll(uniqueInsertRules.insertersInSnapshot(txns, uniqueTables));
        }
        // a database enforces FOREIGN KEYs: a view that sees a child sees its parent
        // (ForeignKeyRules#parentsInView)
        if (postgresRules) {
            parts.addAll(
                    foreignKeyRules.parentsInView(
                            txns, statementViews, statementViews && spec.firstReadSnapshot()));
            // and a committed INSERT's child row has its parent (ForeignKeyRules#parentsOfInserts)
            parts.addAll(foreignKeyRules.parentsOfInserts(txns, statementViews, firstRead));
        }
        if (!statementViews) {
            for (CounterField cf : counters) {
                parts.addAll(counterRules.seenWriter(spec, cf, txns));
                parts.addAll(counterRules.unseenWriter(spec, cf, txns));
            }
            Set<String> tables = new LinkedHashSet<>();
            for (CounterKey ck : counterKeys) {
                if (keysBelowCounters || declared(ck)) {
                    parts.addAll(counterRules.keyBelowCounter(spec, ck, txns));
                    if (tables.add(ck.table()))
                        parts.addAll(drawnKeyRules.inserterVisible(spec, ck, txns));
                }
            }
        } else {
            // READ COMMITTED: a drawn key seen alive by a SELECT puts its inserter in that
            // statement's snapshot, when the draws are serialized by a row lock
            // (DrawnKeyRules#inserterInSnapshot)
            Set<String> tables = new LinkedHashSet<>();
            Set<String> counterReads = new LinkedHashSet<>();
            for (CounterKey ck : counterKeys) {
                if ((keysBelowCounters || declared(ck)) && tables.add(ck.table())) {
                    parts.addAll(
                            drawnKeyRules.inserterInSnapshot(
                                    ck, txns, spec.databases().contains("postgresql")));
                    // the rows older than the one an ORDER BY k LIMIT 1 returns
                    // (DrawnKeyRules#drawnBeforeFirstRow)
                    parts.addAll(
                            drawnKeyRules.drawnBeforeFirstRow(
                                    ck, txns, spec.databases().contains("postgresql")));
                    // and the rows older than any drawn row a SELECT reads
                    // (DrawnKeyRules#drawnBeforeRead)
                    parts.addAll(
                            drawnKeyRules.drawnBeforeRead(
                                    ck, txns, spec.databases().contains("postgresql")));
                    // two draws of one counter: the first committed drew the smaller key
                    // (DrawnKeyRules#drawOrder)
                    if (spec.databases().contains("postgresql")) {
                        parts.addAll(drawnKeyRules.drawOrder(ck, txns));
                        // and a counter read without a drawer sees at most its draw
                        // (DrawnKeyRules#unseenDrawAbove)
                        if (counterReads.add(ck.counter().table() + "." + ck.counter().field()))
                            parts.addAll(drawnKeyRules.unseenDrawAbove(ck, txns));
                    }
                }
            }
            // a row found with a drawn key was inserted by the key's drawer
            // (DrawnKeyRules#insertedByDrawer)
            for (CounterKey ck : counterKeys) {
                if (!keysBelowCounters && !declared(ck)) continue;
                List<CounterKey> same = new ArrayList<>();
                for (CounterKey o : counterKeys)
                    if (o.counter().table().equals(ck.counter().table())
                            && o.counter().field().equals(ck.counter().field())) same.add(o);
                parts.addAll(drawnKeyRules.insertedByDrawer(same, ck, txns));
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
            return a.relation() == isocheck.spec.Relation.WW
                    || a.relation() == isocheck.spec.Relation.D;
        }
        if (f instanceof isocheck.spec.Formula.Not n) return mentionsWW(n.body());
        if (f instanceof isocheck.spec.Formula.Binary b)
            return mentionsWW(b.left()) || mentionsWW(b.right());
        if (f instanceof isocheck.spec.Formula.Quantified q) return mentionsWW(q.body());
        return false;
    }

    /**
     * With statement snapshots, the reading statement of a WR or RW candidate whose read is one
     * version of one field per record: a SELECT outside loops. Its key ("Type.S1") names the
     * per-statement refined relation ({@link Vocabulary#refinedAt}), for φ_dep per statement. A
     * plain SELECT reads every record from its one snapshot. A locking SELECT (FOR UPDATE/SHARE,
     * also with LIMIT or SKIP LOCKED) reads a record it finds in its snapshot in the newest version
     * after the lock wait, and one it does not find only in its snapshot (manual §13.2.1: it "will
     * only find target rows that were committed as of the command start time"); read as that one
     * version per record (as for the rows an UPDATE writes, docs/postgresql-levels.md §3), φ_dep
     * holds for it too, but the version it reads need not be in its snapshot, so the statement's
     * own visibility is not stated on its WR edges ({@link #snapshotRead}); on its RW edges it is
     * (the overwriter commits after the version read: the snapshot's, or the newest at the lock).
     * Empty otherwise: an UPDATE or DELETE may read a row in its snapshot and again in the newest
     * version, and a statement in a loop runs once per iteration, each with its own snapshot.
     */
    public Optional<String> singleReadStatement(Conflict c) {
        if (!statementViews || c.kind() == DepKind.WW) return Optional.empty();
        StatementFacts reader = c.kind() == DepKind.WR ? c.c2() : c.c1();
        Transaction txn = c.kind() == DepKind.WR ? c.t2() : c.t1();
        if (!(reader.statement() instanceof Stmt.Select) || !reader.loops().isEmpty())
            return Optional.empty();
        return Optional.of(txn.name() + "." + reader.id());
    }

    /**
     * Whether the read of a {@link #singleReadStatement} candidate comes from the statement's
     * snapshot vis@s: a SELECT that locks nothing. A locking read's version of a row it locks is
     * the newest one, whose writer may have committed after the statement began.
     */
    public boolean snapshotRead(Conflict c) {
        StatementFacts reader = c.kind() == DepKind.WR ? c.c2() : c.c1();
        return reader.statement() instanceof Stmt.Select sel && !sel.lock().locks();
    }

    /**
     * <b>insert_found_in_snapshot</b> (PostgreSQL READ COMMITTED): whether a WR edge whose reader
     * is a locking SELECT ({@code FOR UPDATE | FOR SHARE}), an UPDATE or a DELETE, outside loops,
     * and whose writer is an INSERT of the record it reads ({@code @alive} or a field the INSERT
     * wrote; or a WW edge from the INSERT into an UPDATE or DELETE of the row, which found it the
     * same way) puts the inserter in the reader's statement snapshot ({@code vis@s(writer,
     * reader)}), as {@link #snapshotRead} does for every plain SELECT. Soundness (manual, chapter
     * "Concurrency Control", §13.2.1): such a statement "will only find target rows that were
     * committed as of the command start time"; after a lock wait it re-reads the newer version of a
     * row it found, following the row's update chain, but a row version it did not find in its
     * snapshot it never reads (UPDATE and DELETE find their target rows the same way). An INSERT
     * starts a new chain (a row deleted and inserted again is a new tuple, not an update of the old
     * one), and every later version of the chain was written by a transaction that found the row,
     * so after the inserter committed. So a locking read that saw the inserted row alive (its own
     * version, or a later one that kept {@code @alive}) found some version of that chain in its
     * snapshot, and the inserter committed before the statement began. The same holds for a field:
     * reading the INSERT's version of it is reading a version of that chain, which only a statement
     * that found the chain does (since stop 32; Wikipedia's RemoveWatchList DELETE read
     * AddWatchList's wl_title and missed its wl_namespace, 7 witnesses without a schedule,
     * benchmarks/RESULTS.md). With the RW half of an UPDATE's or DELETE's read of {@code @alive}
     * ({@code CycleQuery#edge}: the overwriter is not in its snapshot) one such statement no longer
     * both misses an INSERT and reads the row it inserted (AuctionMark's NewCommentResponse and
     * NewComment at READ COMMITTED, witnesses without a schedule, benchmarks/RESULTS.md stop 29).
     * Rows a LIMIT stops short of are read in the snapshot's version, as a plain SELECT's are. In
     * loops, the snapshot is the iteration's ({@link #loopSnapshot}; none where the elements do not
     * name an execution: then nothing is stated). Not for InnoDB (its locking reads are current
     * reads of the newest committed rows, MySQL manual "Locking Reads"), nor H2: only for specs of
     * PostgreSQL.
     */
    public boolean insertFoundInSnapshot(Conflict c) {
        Stmt.Sql reader = c.c2().statement();
        boolean wr = c.kind() == DepKind.WR;
        return statementViews
                && postgresql
                && (wr || c.kind() == DepKind.WW)
                && c.c1().statement() instanceof Stmt.Insert
                && (wr && reader instanceof Stmt.Select sel && sel.lock().locks()
                        || reader instanceof Stmt.Update
                        || reader instanceof Stmt.Delete);
    }

    /**
     * <b>insert_missed_by_snapshot</b> (PostgreSQL READ COMMITTED), the RW half of {@link
     * #insertFoundInSnapshot} for a field: an UPDATE or DELETE outside loops whose read of a
     * non-key field of a record is overwritten by an INSERT of it read a version of an earlier
     * chain of the key (or none), so it did not find the INSERT's chain, and the inserter is not in
     * its statement snapshot: a row of a chain committed before the statement began is found
     * (manual §13.2.1), and a snapshot holds at most one live chain of a key (the unique index
     * makes the INSERT wait for the deleter of the earlier one); in loops, the iteration's ({@link
     * #loopSnapshot}). With {@link #insertFoundInSnapshot} one such statement no longer reads one
     * field in the INSERT's version and another missing it (Wikipedia's RemoveWatchList,
     * benchmarks/RESULTS.md stop 32).
     */
    public boolean insertMissedBySnapshot(Conflict c) {
        Stmt.Sql reader = c.c1().statement();
        return statementViews
                && postgresql
                && c.kind() == DepKind.RW
                && !c.field().equals(StatementFacts.ALIVE)
                && c.c2().statement() instanceof Stmt.Insert
                && (reader instanceof Stmt.Update || reader instanceof Stmt.Delete);
    }

    /**
     * <b>iteration_snapshot</b>: the statement (in loops) whose per-iteration snapshot a SELECT in
     * loops reads, {@code vis@S(a, b, e…)} over b and the iteration elements e… ({@link
     * Vocabulary#iterationVis}): the SELECT itself, or the first part of the join it continues
     * ({@link isocheck.program.JoinContinuations}: one SQL statement, one snapshot). Each execution
     * of a statement takes one snapshot (manual, chapter "Concurrency Control", §13.2.1), and the
     * elements name one execution when they identify iterations ({@link #iterationsNamed}). So, as
     * for a SELECT outside loops ({@link #singleReadStatement}), a WR edge into the read needs the
     * writer in that snapshot (a plain SELECT) and an RW edge out of it needs the overwriter
     * outside it (any SELECT: a locking read's newer version was committed after the statement
     * began). Without it one iteration of CloseAuctions' SELECT of an item's maximum bid both saw
     * and missed one NewBid's update of it (BenchBase AuctionMark, witnesses without a schedule,
     * benchmarks/RESULTS.md stop 29).
     */
    public Optional<String> iterationSnapshot(StatementFacts reader, Transaction txn) {
        if (!(reader.statement() instanceof Stmt.Select)) return Optional.empty();
        return loopSnapshot(reader, txn);
    }

    /**
     * The per-iteration snapshot {@code vis@S(a, b, e…)} of a SELECT ({@link #iterationSnapshot}),
     * UPDATE or DELETE in loops whose elements name one execution ({@link #iterationsNamed}). An
     * UPDATE's or DELETE's is the snapshot it finds rows in, as outside loops ({@link
     * StatementSnapshotRules#hasSnapshot}): only its reads of absent rows and the rows an INSERT
     * started are tied to it ({@code CycleQuery#edge}).
     */
    public Optional<String> loopSnapshot(StatementFacts sf, Transaction txn) {
        if (!statementViews
                || sf.loops().isEmpty()
                || sf.statement() instanceof Stmt.Insert
                || !iterationsNamed(sf, txn)) return Optional.empty();
        List<StatementFacts> stmts = model.facts(txn.name()).statements();
        java.util.Set<Stmt.Select> continuations =
                isocheck.program.JoinContinuations.of(txn.body());
        int at = stmts.indexOf(sf);
        while (at > 0
                && continuations.contains(stmts.get(at).statement())
                && stmts.get(at - 1).loops().equals(sf.loops())) at--;
        return Optional.of(txn.name() + "." + stmts.get(at).id());
    }

    /**
     * Whether the iteration elements of sf's loops name one execution of it: every loop ranges over
     * a row set a SELECT assigned (a FOREACH over a SELECT's rows visits each record once: a
     * table's rows are distinct by its primary key; a FOR over a join is nested loops over such
     * sets, JoinLoop) or over an array parameter (a {@code SET OF} parameter's members are its
     * positions, distinct elements even where two hold one value, as the witness prints them:
     * {@code WitnessExtractor#rows}; FOREACH visits each position once, PostgreSQL manual §43.6.7).
     */
    private boolean iterationsNamed(StatementFacts sf, Transaction txn) {
        for (Stmt.Foreach l : sf.loops()) {
            isocheck.program.Variable src = model.variable(txn, l.source());
            if (src.kind() == isocheck.program.Variable.Kind.PARAMETER
                    && src.type() instanceof isocheck.program.Type.Rows) continue;
            if (src.kind() != isocheck.program.Variable.Kind.LOCAL
                    || ProgramModel.rowTable(src.type()).isEmpty()) return false;
            List<ProgramModel.Assignment> as = model.assignments(txn, src.name());
            if (as.isEmpty() || !as.stream().allMatch(a -> a.stmt() instanceof Stmt.Select))
                return false;
        }
        return true;
    }

    /**
     * <b>snapshot_order</b> for a read in a loop (statement snapshots that grow in program order:
     * not under {@code snapshot first_read}): the statements of the reading transaction that have a
     * snapshot relation ({@link StatementSnapshotRules#hasSnapshot}, outside loops) and run before
     * the reader ({@code before}) or after it. Each execution of a statement in a loop takes its
     * own snapshot, later than every earlier statement's and earlier than every later one's
     * (manual, chapter "Concurrency Control", §13.2.1: each command sees the data committed before
     * it began). So a WR edge into the read (its writer committed before the read) puts the writer
     * in the snapshot of every later statement that runs, and an RW edge out of it (its overwriter
     * committed after the version read was the newest the read could see: after the read's
     * snapshot, or after the read itself for a newest-version read) keeps the overwriter out of
     * every earlier one's ({@code CycleQuery#loopReadOrder}). Without it CloseAuctions' FOR query
     * saw a NewBid its loop's later SELECT of the same item's bid did not (BenchBase AuctionMark's
     * READ COMMITTED witnesses without a schedule, benchmarks/RESULTS.md stop 29).
     */
    public List<StatementFacts> snapshotsAround(
            StatementFacts reader, String type, boolean before) {
        if (!statementViews || firstRead || reader.loops().isEmpty()) return List.of();
        List<StatementFacts> stmts = model.facts(type).statements();
        int at = stmts.indexOf(reader);
        List<StatementFacts> out = new ArrayList<>();
        for (int i = 0; i < stmts.size(); i++) {
            if ((before ? i < at : i > at) && StatementSnapshotRules.hasSnapshot(stmts.get(i)))
                out.add(stmts.get(i));
        }
        return out;
    }

    /**
     * <b>read_before_later_statements</b> (READ COMMITTED, not under {@code snapshot first_read}):
     * the statements of the reader's transaction whose snapshots hold the writer of a WR or WW edge
     * into an UPDATE, a DELETE or a locking SELECT (not a join): such a statement reads the newest
     * committed version of a row it locks, after the lock wait, so the writer committed before the
     * statement ended, and every statement that starts after it takes a snapshot holding the writer
     * (manual, chapter "Concurrency Control", §13.2.1). A plain SELECT's writer is already in its
     * own snapshot, which later ones contain. Returned: the later statements with a snapshot
     * (outside loops after a statement outside loops; after one in loops, the later statements of
     * the same iteration and those outside the loops). {@code CycleQuery#edge} states the snapshot
     * under the later statement's execution condition (under-approximated): a statement that does
     * not run reads as the next one that does, or as vis, which need not hold the writer. Without
     * it Wikipedia's UpdatePage found an AddWatchList's or RemoveWatchList's row in its newest
     * version in its loop's UPDATE and then missed that transaction's update of the user in the
     * same iteration's next statement (benchmarks/RESULTS.md stop 39; kept at stop 40, once the
     * closed world's keysBelowDrawn held TPC-C's seeds to the declared invariant).
     */
    public List<StatementFacts> laterSnapshots(Conflict c) {
        if (!statementViews
                || !postgresRules
                || firstRead
                || (c.kind() != DepKind.WR && c.kind() != DepKind.WW)) return List.of();
        StatementFacts reader = c.c2();
        boolean locks =
                reader.statement() instanceof Stmt.Update
                        || reader.statement() instanceof Stmt.Delete
                        || reader.statement() instanceof Stmt.Select sel
                                && sel.lock().locks()
                                && !sel.isJoin();
        if (!locks) return List.of();
        List<StatementFacts> stmts = model.facts(c.t2().name()).statements();
        List<StatementFacts> out = new ArrayList<>();
        for (StatementFacts s : stmts.subList(stmts.indexOf(reader) + 1, stmts.size())) {
            if (s.loops().isEmpty()
                    ? snapshotStatement(s)
                    : s.loops().equals(reader.loops())
                            && loopSnapshot(s, c.t2())
                                    .filter(n -> n.endsWith("." + s.id()))
                                    .isPresent()) out.add(s);
        }
        return out;
    }

    /**
     * With statement snapshots, whether statement sf has its own snapshot relation vis@T.S ({@link
     * StatementSnapshotRules#hasSnapshot}).
     */
    public boolean snapshotStatement(StatementFacts sf) {
        return statementViews && StatementSnapshotRules.hasSnapshot(sf);
    }

    /** A statement of a transaction type. */
    public record StatementRef(Transaction txn, StatementFacts facts) {}
}
