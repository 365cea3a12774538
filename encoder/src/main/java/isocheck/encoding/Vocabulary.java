package isocheck.encoding;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Constructor;
import com.microsoft.z3.Context;
import com.microsoft.z3.DatatypeSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.Sort;
import isocheck.program.Column;
import isocheck.program.Program;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.spec.ExecutionVocabulary;
import isocheck.spec.FreeExecution;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The vocabulary of paper §4.1 for one program, in one Z3 context.
 *
 * <ul>
 *   <li>τ: the uninterpreted sort {@code Txn} of transaction instances; Γ: the enumerated sort
 *       {@code TxnType} with one constant per transaction program; {@code type: Txn → TxnType}.
 *   <li>Records, multi-table: <b>one algebraic datatype per table</b>, {@code Rec_t}, whose single
 *       constructor takes the primary-key fields. A record is its primary key (paper §3.2: R = PK →
 *       ℤ), so two records with equal keys are equal and records of different tables never are, for
 *       free: no injectivity axiom, no table tag to test in every rule, and Z3's instantiation
 *       never tries a record of one table in a rule about another. The key field projections ρ_f (f
 *       ∈ PK) are the constructor's accessors. Non-key fields are never projected (their value
 *       depends on the version read; the paper uses ρ_f only for PK fields).
 *   <li>{@code Alive_t: Rec_t × Txn → Bool}: the record is alive in the transaction's view.
 *   <li>vis, ar, WR, WW, RW over Txn; the refined forms {@code WR^R} etc. per (table, field):
 *       {@code WR!t.f: Rec_t × Txn × Txn → Bool}.
 *   <li>Projection functions for variables are created on demand by {@link #fn} (see {@link
 *       Terms}).
 * </ul>
 *
 * Strings are encoded as integers: each string literal gets a distinct integer, string variables
 * are integers; equality is exact under this injective coding and ordering comparisons of strings
 * become uninterpreted predicates (sound: the real order is one interpretation).
 */
public final class Vocabulary implements ExecutionVocabulary {
    private final Context ctx;
    private final Program program;

    /** τ, Γ, type, vis, ar, WR, WW, RW: declared once, there; Γ closed, in program order. */
    private final FreeExecution execution;

    private final Sort txn;
    private final Map<String, DatatypeSort<?>> recordSorts = new LinkedHashMap<>();
    private final Map<String, FuncDecl<?>> recordCtors = new HashMap<>();
    private final Map<String, Map<String, FuncDecl<?>>> keyAccessors = new HashMap<>();
    private final Map<String, FuncDecl<?>> fns = new HashMap<>();
    private final Map<String, Sort> elemSorts = new HashMap<>();
    private final Map<String, Integer> strings = new HashMap<>();
    private int freshCounter;

    public Vocabulary(Context ctx, Program program) {
        this.ctx = ctx;
        this.program = program;
        this.execution =
                FreeExecution.ofProgramTypes(
                        ctx, program.transactions().stream().map(Transaction::name).toList());
        this.txn = execution.txnSort();
        for (Table t : program.schema().tables()) {
            boolean written =
                    program.transactions().stream()
                            .anyMatch(tx -> writesAlive(tx.body(), t.name()));
            if (!written) staticTables.add(t.name());
            for (Column col : t.columns()) {
                if (!writesField(program, t.name(), col.name()))
                    staticFields.add(t.name() + "." + col.name());
            }
            String[] keys =
                    t.primaryKey().stream().map(k -> t.name() + "." + k).toArray(String[]::new);
            Sort[] sorts = new Sort[keys.length];
            for (int i = 0; i < keys.length; i++) sorts[i] = ctx.getIntSort();
            Constructor<?> c =
                    ctx.mkConstructor("rec!" + t.name(), "is-rec!" + t.name(), keys, sorts, null);
            DatatypeSort<?> sort = ctx.mkDatatypeSort("Rec!" + t.name(), new Constructor[] {c});
            recordSorts.put(t.name(), sort);
            recordCtors.put(t.name(), c.ConstructorDecl());
            FuncDecl<?>[] acc = c.getAccessorDecls();
            Map<String, FuncDecl<?>> byKey = new LinkedHashMap<>();
            for (int i = 0; i < acc.length; i++) byKey.put(t.primaryKey().get(i), acc[i]);
            keyAccessors.put(t.name(), byKey);
        }
    }

    /** Whether some statement writes the field: an INSERT into its table, an UPDATE setting it. */
    private static boolean writesField(Program program, String table, String field) {
        for (Transaction tx : program.transactions()) {
            for (isocheck.program.Stmt s : isocheck.program.Blocks.flatten(tx.body())) {
                if (s instanceof isocheck.program.Stmt.Insert i && i.table().equals(table))
                    return true;
                if (s instanceof isocheck.program.Stmt.Update u
                        && u.table().equals(table)
                        && u.assignments().stream().anyMatch(a -> a.column().equals(field)))
                    return true;
            }
        }
        return false;
    }

    private static boolean writesAlive(List<isocheck.program.Stmt> body, String table) {
        for (isocheck.program.Stmt s : isocheck.program.Blocks.flatten(body)) {
            if (s instanceof isocheck.program.Stmt.Insert i && i.table().equals(table)) return true;
            if (s instanceof isocheck.program.Stmt.Delete d && d.table().equals(table)) return true;
        }
        return false;
    }

    @Override
    public Context context() {
        return ctx;
    }

    @Override
    public Sort txnSort() {
        return txn;
    }

    @Override
    public BoolExpr vis(Expr<?> a, Expr<?> b) {
        return execution.vis(a, b);
    }

    @Override
    public BoolExpr ar(Expr<?> a, Expr<?> b) {
        return execution.ar(a, b);
    }

    @Override
    public BoolExpr wr(Expr<?> a, Expr<?> b) {
        return execution.wr(a, b);
    }

    @Override
    public BoolExpr ww(Expr<?> a, Expr<?> b) {
        return execution.ww(a, b);
    }

    @Override
    public BoolExpr rw(Expr<?> a, Expr<?> b) {
        return execution.rw(a, b);
    }

    @Override
    public Expr<?> type(Expr<?> t) {
        return execution.type(t);
    }

    @Override
    public Set<String> typeNames() {
        return execution.typeNames();
    }

    @Override
    public Expr<?> typeConstant(String name) {
        return execution.typeConstant(name);
    }

    public Program program() {
        return program;
    }

    public BoolExpr isType(Expr<?> t, String name) {
        return ctx.mkEq(type(t), typeConstant(name));
    }

    public BoolExpr dep(DepKind kind, Expr<?> a, Expr<?> b) {
        return switch (kind) {
            case WR -> wr(a, b);
            case WW -> ww(a, b);
            case RW -> rw(a, b);
        };
    }

    /** The refined relation {@code kind^R(r, field, a, b)} for one table and field. */
    public BoolExpr refined(
            DepKind kind, String table, String field, Expr<?> r, Expr<?> a, Expr<?> b) {
        FuncDecl<?> f =
                fn(
                        kind + "!" + table + "." + field,
                        ctx.getBoolSort(),
                        recordSort(table),
                        txn,
                        txn);
        return (BoolExpr) ctx.mkApp(f, r, a, b);
    }

    /**
     * {@code kind^R} restricted to one reading statement: {@code WR!t.f@stmt(r, a, b)} says b's
     * statement stmt read r.f from a; {@code RW!t.f@stmt(r, b, c)} says that statement read a
     * version c overwrites. With one snapshot per statement, a statement that reads r.f once reads
     * one version, so φ_dep holds per statement ({@link Encoder}), though not per transaction.
     */
    /**
     * {@code vis@stmt(a, b)}: a is in the snapshot of b's statement stmt (a SELECT outside loops).
     * Every read of that statement is answered from this one snapshot (manual, chapter "Concurrency
     * Control", §13.2.1), so a WR into it needs a in the snapshot and an RW out of it needs the
     * overwriter outside it: φ_basic's wr_in_vis and rw_not_seen, per statement.
     */
    public BoolExpr statementVis(String stmt, Expr<?> a, Expr<?> b) {
        return (BoolExpr) ctx.mkApp(fn("vis@" + stmt, ctx.getBoolSort(), txn, txn), a, b);
    }

    /**
     * {@code vis@stmt(a, b, e…)}: a is in the snapshot of the execution of b's statement stmt (in
     * loops) at the iteration elements e… ({@link Encoder#iterationSnapshot}).
     */
    public BoolExpr iterationVis(String stmt, Expr<?> a, Expr<?> b, List<Expr<?>> elements) {
        List<Expr<?>> args = new ArrayList<>();
        args.add(a);
        args.add(b);
        args.addAll(elements);
        return (BoolExpr) apply("vis@" + stmt + "/" + args.size(), ctx.getBoolSort(), args);
    }

    public BoolExpr refinedAt(
            DepKind kind,
            String table,
            String field,
            String stmt,
            Expr<?> r,
            Expr<?> a,
            Expr<?> b) {
        FuncDecl<?> f =
                fn(
                        kind + "!" + table + "." + field + "@" + stmt,
                        ctx.getBoolSort(),
                        recordSort(table),
                        txn,
                        txn);
        return (BoolExpr) ctx.mkApp(f, r, a, b);
    }

    /**
     * Alive(r, t): record r of the table is alive in t's view. For a table no program inserts into
     * or deletes from, Alive never changes, so every transaction sees the initial one: {@code
     * Alive!t(r)} without the transaction argument.
     */
    public BoolExpr alive(String table, Expr<?> r, Expr<?> t) {
        if (staticTables.contains(table)) {
            return (BoolExpr)
                    ctx.mkApp(fn("Alive!" + table, ctx.getBoolSort(), recordSort(table)), r);
        }
        return (BoolExpr)
                ctx.mkApp(fn("Alive!" + table, ctx.getBoolSort(), recordSort(table), txn), r, t);
    }

    private final Set<String> staticTables = new java.util.HashSet<>();

    /** "table.field" of the fields no statement writes ({@link #viewValueAt}). */
    private final Set<String> staticFields = new java.util.HashSet<>();

    /**
     * {@code val!t.f(r, t')}: the value of non-key field f of record r in transaction t''s view
     * (paper §3.2, last writer wins: the value written by the ar-last visible writer of r.f, or the
     * initial value). Defined for every transaction, whether or not it reads r.f; constrained by
     * {@link Terms} (a SELECT's read is this value) and {@link CounterRules}.
     */
    public com.microsoft.z3.IntExpr viewValue(String table, String field, Expr<?> r, Expr<?> t) {
        // a field no statement writes has its initial value in every version, so in every
        // transaction's view the same per-record value (as in viewValueAt): without it two
        // transactions could see one customer under two last names (BenchBase TPC-C's by-name
        // Payment, LoopPick); likewise a field only INSERTs write, once per record (@once)
        if (hasOneValue(table, field)) return oneValue(table, field, r);
        return (com.microsoft.z3.IntExpr)
                ctx.mkApp(
                        fn("val!" + table + "." + field, ctx.getIntSort(), recordSort(table), txn),
                        r,
                        t);
    }

    /**
     * Alive(r) as one statement execution of t sees it, when each statement reads from its own
     * snapshot (READ COMMITTED, docs/postgresql-levels.md §3): {@code Alive!table@stmt(r, t, i…)},
     * one function per statement, with the iteration elements of the statement's loops as further
     * arguments (each execution of a statement in a loop takes its own snapshot). The views of one
     * transaction's statements are independent functions: monotonic growth is not encoded, which
     * admits more executions (sound). Static tables keep their one Alive.
     */
    public BoolExpr aliveAt(
            String table, String stmt, Expr<?> r, Expr<?> t, List<Expr<?>> iterations) {
        if (staticTables.contains(table)) return alive(table, r, t);
        List<Expr<?>> args = new ArrayList<>();
        args.add(r);
        args.add(t);
        args.addAll(iterations);
        return (BoolExpr)
                apply("Alive!" + table + "@" + stmt + "/" + args.size(), ctx.getBoolSort(), args);
    }

    /**
     * {@link #viewValue} as one statement execution of t sees it (see {@link #aliveAt}). A field no
     * statement of the program writes (no INSERT into its table, no UPDATE setting it) keeps its
     * initial value in every snapshot, so all statement views share one per-record function {@code
     * val!table.field@init(r)} (exact: every database state of the execution has the initial value;
     * without it two statements could disagree about which rows match a WHERE on such a field:
     * BenchBase SmallBank's two lookups of one account by two names at READ COMMITTED, where
     * accounts.name is never written, were spurious witnesses). Only removes executions no database
     * can produce, so the brute-force explorer's agreement is kept.
     */
    public IntExpr viewValueAt(
            String table,
            String field,
            String stmt,
            Expr<?> r,
            Expr<?> t,
            List<Expr<?>> iterations) {
        if (hasOneValue(table, field)) return oneValue(table, field, r);
        List<Expr<?>> args = new ArrayList<>();
        args.add(r);
        args.add(t);
        args.addAll(iterations);
        return (IntExpr)
                apply(
                        "val!" + table + "." + field + "@" + stmt + "/" + args.size(),
                        ctx.getIntSort(),
                        args);
    }

    /**
     * "table.field" of the fields that have one value per record in every version of an execution
     * although an INSERT writes them ({@link #singleVersionFields(Set)}).
     */
    private final Set<String> singleVersionFields = new java.util.HashSet<>();

    /**
     * Sets the fields that INSERTs write once per record and nothing writes again (the encoder
     * decides, per spec: {@code Encoder#singleVersionFields}); their statement view values are then
     * one per-record function {@code val!table.field@once(r)} ({@link #oneValue}).
     */
    void singleVersionFields(Set<String> fields) {
        singleVersionFields.clear();
        singleVersionFields.addAll(fields);
    }

    /**
     * Whether every version of every record of the execution has one value of the field: no
     * statement writes it ({@code @init}), or only an INSERT writes it and the record is inserted
     * at most once and never deleted ({@code @once}).
     */
    public boolean hasOneValue(String table, String field) {
        return staticFields.contains(table + "." + field)
                || singleVersionFields.contains(table + "." + field);
    }

    /** The one value of a field {@link #hasOneValue} holds for, as a function of the record. */
    public IntExpr oneValue(String table, String field, Expr<?> r) {
        String kind = staticFields.contains(table + "." + field) ? "@init/1" : "@once/1";
        return (IntExpr) apply("val!" + table + "." + field + kind, ctx.getIntSort(), List.of(r));
    }

    /**
     * Whether no program inserts into or deletes from the table (its records' Alive never changes).
     */
    public boolean isStatic(String table) {
        return staticTables.contains(table);
    }

    public Sort recordSort(String table) {
        Sort s = recordSorts.get(table);
        if (s == null) throw new IllegalArgumentException("no table " + table);
        return s;
    }

    /** The record with the given key values (in primary-key order). */
    public Expr<?> record(String table, List<? extends Expr<?>> key) {
        return ctx.mkApp(recordCtors.get(table), key.toArray(new Expr<?>[0]));
    }

    /** ρ_f(r) for a primary-key field f. */
    public IntExpr key(String table, String column, Expr<?> r) {
        return (IntExpr) ctx.mkApp(keyAccessors.get(table).get(column), r);
    }

    public boolean isKey(String table, String column) {
        return keyAccessors.get(table).containsKey(column);
    }

    /**
     * A key column of type INT: the only keys whose integer order is SQL's order. A VARCHAR key is
     * an integer code here whose order ({@code <}) is not the strings' order (Terms' {@code str<}),
     * so the rules that compare keys by size (MIN/MAX, ORDER BY k LIMIT 1) apply to INT keys only;
     * leaving them out for a VARCHAR key leaves the extremum or first row open (more behaviours).
     */
    public boolean isIntKey(String table, String column) {
        return isKey(table, column)
                && program.schema()
                        .table(table)
                        .flatMap(t -> t.column(column))
                        .map(c -> c.type() == isocheck.program.ScalarType.INT)
                        .orElse(false);
    }

    public List<String> keyColumns(String table) {
        return new ArrayList<>(keyAccessors.get(table).keySet());
    }

    public List<Column> columns(String table) {
        return program.schema().table(table).orElseThrow().columns();
    }

    /** The declared table (its constraints). */
    public isocheck.program.Table table(String table) {
        return program.schema().table(table).orElseThrow();
    }

    /** The uninterpreted sort of the rows of a SET OF parameter. */
    public Sort elemSort(String txnName, String param) {
        return elemSorts.computeIfAbsent(
                txnName + "." + param, k -> ctx.mkUninterpretedSort("Elem!" + k));
    }

    /** Whether a function of this name was declared (by the encoding or a witness's reading). */
    public boolean declares(String name) {
        return fns.containsKey(name);
    }

    /** Every function symbol declared so far, by name. */
    public Map<String, FuncDecl<?>> declaredFunctions() {
        return java.util.Collections.unmodifiableMap(fns);
    }

    /** A function symbol, declared once per name. */
    public FuncDecl<?> fn(String name, Sort range, Sort... domain) {
        return fns.computeIfAbsent(name, n -> ctx.mkFuncDecl(n, domain, range));
    }

    public Expr<?> apply(String name, Sort range, List<? extends Expr<?>> args) {
        // the arguments' sorts (a native call and a wrapper each) only for a first declaration
        FuncDecl<?> f = fns.get(name);
        if (f == null) {
            Sort[] domain = new Sort[args.size()];
            for (int i = 0; i < domain.length; i++) domain[i] = args.get(i).getSort();
            f = fn(name, range, domain);
        }
        return ctx.mkApp(f, args.toArray(new Expr<?>[0]));
    }

    /**
     * The string literals the encoding named, by the integer standing for each: a model value equal
     * to one of them is that literal (the coding is injective), so a witness prints the literal,
     * not the number (SEATS' {@code p_c_id_str <> ''}: a witness printed {@code ''} as {@code
     * 's1000000'}, and its schedule took the other branch on the server).
     */
    public Map<String, String> literalsByCode() {
        Map<String, String> out = new HashMap<>();
        strings.forEach((text, code) -> out.put(Integer.toString(code), text));
        return out;
    }

    /** The integer standing for a string literal (distinct literals, distinct integers). */
    public IntExpr string(String literal) {
        int code = strings.computeIfAbsent(literal, s -> 1_000_000 + strings.size());
        return ctx.mkInt(code);
    }

    /** A fresh constant (a Skolem witness or a bound variable). */
    public Expr<?> fresh(String prefix, Sort sort) {
        return ctx.mkConst(prefix + "!" + (freshCounter++), sort);
    }

    /**
     * Runs a side question asked in this context (WriterVisibility's entailments) without using up
     * fresh names: the names a query's text gets must not depend on whether the side question was
     * answered here or by a cache of another context (SmtOutDeterminismTest). Reusing the names
     * afterwards is harmless: the side question is asserted in a solver of its own.
     */
    public <T> T withoutUsingFreshNames(java.util.function.Supplier<T> side) {
        int mark = freshCounter;
        try {
            return side.get();
        } finally {
            freshCounter = mark;
        }
    }

    /** Transaction constants t1..tk. */
    public List<Expr<?>> transactions(int k) {
        return execution.transactions("t", k);
    }
}
