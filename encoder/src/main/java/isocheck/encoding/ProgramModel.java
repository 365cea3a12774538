package isocheck.encoding;

import isocheck.program.FactExtractor;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the encoder needs beyond {@link StatementFacts}: for every variable of every transaction the
 * statements that assign it and the loops around them (the paper's D(v) and LVar(v, i)), and for
 * every SQL statement the fields it reads and writes <em>as database events</em> (§3.2):
 * primary-key fields are never read or written as events (a record is its key), and {@code @alive}
 * is the paper's Alive field.
 */
public final class ProgramModel {

    /**
     * One assignment of a variable: the statement and the FOREACH loops around it, outermost first.
     */
    public record Assignment(Stmt stmt, List<Stmt.Foreach> loops) {}

    private final Program program;
    private final List<TransactionFacts> facts;
    private final Map<String, Map<String, List<Assignment>>> assignments = new LinkedHashMap<>();
    private final Map<Stmt.Sql, StatementFacts> factsOf = new IdentityHashMap<>();
    private final Map<Stmt.Sql, Transaction> owner = new IdentityHashMap<>();

    public ProgramModel(Program program) {
        this.program = program;
        this.facts = FactExtractor.of(program);
        for (TransactionFacts tf : facts) {
            Map<String, List<Assignment>> sites = new LinkedHashMap<>();
            walk(tf.transaction().body(), List.of(), sites);
            assignments.put(tf.transaction().name(), sites);
            for (StatementFacts sf : tf.statements()) {
                factsOf.put(sf.statement(), sf);
                owner.put(sf.statement(), tf.transaction());
            }
        }
    }

    private void walk(
            List<Stmt> body, List<Stmt.Foreach> loops, Map<String, List<Assignment>> out) {
        for (Stmt s : body) {
            String target =
                    s.accept(
                            new Stmt.DefaultVisitor<String>() {
                                @Override
                                public String visitSelect(Stmt.Select sel) {
                                    return sel.target();
                                }

                                @Override
                                public String visitAssign(Stmt.Assign a) {
                                    return a.target();
                                }

                                @Override
                                public String visitChoose(Stmt.Choose c) {
                                    return c.target();
                                }

                                @Override
                                public String otherwise(Stmt x) {
                                    return null;
                                }
                            });
            if (target != null)
                out.computeIfAbsent(target, k -> new ArrayList<>()).add(new Assignment(s, loops));
            List<Stmt.Foreach> inner = loops;
            if (s instanceof Stmt.Foreach f) {
                inner = new ArrayList<>(loops);
                inner.add(f);
                out.computeIfAbsent(f.variable(), k -> new ArrayList<>())
                        .add(new Assignment(f, loops));
            }
            for (List<Stmt> block : isocheck.program.Blocks.of(s)) walk(block, inner, out);
        }
    }

    public Program program() {
        return program;
    }

    public List<TransactionFacts> transactions() {
        return facts;
    }

    public TransactionFacts facts(String txn) {
        return facts.stream()
                .filter(f -> f.transaction().name().equals(txn))
                .findFirst()
                .orElseThrow();
    }

    public StatementFacts factsOf(Stmt.Sql stmt) {
        return factsOf.get(stmt);
    }

    public Transaction ownerOf(Stmt.Sql stmt) {
        return owner.get(stmt);
    }

    public Table table(String name) {
        return program.schema().table(name).orElseThrow();
    }

    public Variable variable(Transaction txn, String name) {
        return txn.variable(name)
                .orElseThrow(() -> new IllegalStateException(txn.name() + ": no variable " + name));
    }

    public List<Assignment> assignments(Transaction txn, String variable) {
        return assignments.getOrDefault(txn.name(), Map.of()).getOrDefault(variable, List.of());
    }

    /**
     * The loops a variable's value is indexed by (paper §4.1: a variable assigned inside loops is a
     * function of the iterations of all enclosing loops), when all its assignments sit in the same
     * loops; empty when they do not (then its value is left unconstrained).
     */
    public Optional<List<Stmt.Foreach>> indexLoops(Transaction txn, Variable v) {
        if (v.kind() == Variable.Kind.PARAMETER) return Optional.of(List.of());
        List<Assignment> as = assignments(txn, v.name());
        if (as.isEmpty()) return Optional.empty();
        List<Stmt.Foreach> first = as.get(0).loops();
        for (Assignment a : as) if (!sameLoops(a.loops(), first)) return Optional.empty();
        return Optional.of(first);
    }

    private static boolean sameLoops(List<Stmt.Foreach> a, List<Stmt.Foreach> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    /**
     * The table a row or row-set variable's rows come from, empty for a SET OF parameter's rows.
     */
    public static Optional<String> rowTable(Type type) {
        if (type instanceof Type.Rows r) return r.table();
        if (type instanceof Type.Row r) return r.table();
        return Optional.empty();
    }

    // ---- database events of a statement (paper §3.2), see the class comment of AccessRules ----

    /** Non-key fields (and @alive) the statement may read as events. */
    public Set<String> readFields(StatementFacts sf) {
        if (sf.statement() instanceof Stmt.Insert) return Set.of();
        Table t = table(sf.table());
        Set<String> out = new LinkedHashSet<>();
        for (String f : sf.reads()) if (!t.isKey(f)) out.add(f);
        out.add(StatementFacts.ALIVE);
        return out;
    }

    /** Non-key fields (and @alive) the statement may write. */
    public Set<String> writeFields(StatementFacts sf) {
        Table t = table(sf.table());
        Set<String> out = new LinkedHashSet<>();
        for (String f : sf.writes()) if (!t.isKey(f)) out.add(f);
        return out;
    }

    /**
     * Whether the values statement s reads of {@code field} are the transaction's view values
     * ({@link Vocabulary#viewValue}): no statement of the transaction that may write the field runs
     * before s (none earlier in program order; none at all when s is inside a loop, where an
     * earlier iteration could have written it). A transaction reads its own writes, so after one
     * the value read is no longer the view's.
     */
    public boolean readsViewValue(Transaction txn, Stmt.Sql s, String field) {
        StatementFacts sf = factsOf(s);
        if (sf == null || table(sf.table()).isKey(field)) return false;
        List<StatementFacts> stmts = facts(txn.name()).statements();
        int at = stmts.indexOf(sf);
        for (int i = 0; i < stmts.size(); i++) {
            StatementFacts w = stmts.get(i);
            if (!w.table().equals(sf.table()) || !writeFields(w).contains(field)) continue;
            if (i < at || !sf.loops().isEmpty()) return false;
        }
        return true;
    }

    /**
     * The expression a local scalar always holds where it is read, if it has one: the local is
     * assigned exactly once, by {@code :=} outside every loop, and every variable the expression
     * reads is a parameter or a local assigned exactly once outside every loop (so its value cannot
     * change between the assignment and a read). Locals must be assigned on every path before they
     * are read (DESIGN §2), so wherever the local is read its assignment ran, with these values.
     */
    public Optional<isocheck.program.Expr> definition(Transaction txn, Variable var) {
        if (var.kind() != Variable.Kind.LOCAL) return Optional.empty();
        List<Assignment> as = assignments(txn, var.name());
        if (as.size() != 1
                || !(as.get(0).stmt() instanceof Stmt.Assign a)
                || !as.get(0).loops().isEmpty()) {
            return Optional.empty();
        }
        return stable(txn, a.value(), var.name()) ? Optional.of(a.value()) : Optional.empty();
    }

    /**
     * Whether an expression has one value wherever it is read: constants, parameters and locals
     * assigned once outside loops ({@link #definition}'s condition), not naming {@code self}.
     */
    boolean isStable(Transaction txn, isocheck.program.Expr e, String self) {
        return stable(txn, e, self);
    }

    /** Whether a condition's comparisons are over stable values ({@link #isStable}). */
    boolean isStableCondition(Transaction txn, isocheck.program.Cond c) {
        return stableCond(txn, c, "");
    }

    private boolean stable(Transaction txn, isocheck.program.Expr e, String self) {
        return e.accept(
                new isocheck.program.Expr.Visitor<Boolean>() {
                    @Override
                    public Boolean visitVarRef(isocheck.program.Expr.VarRef ref) {
                        if (ref.variable().equals(self)) return false;
                        Variable v = variable(txn, ref.variable());
                        if (v.kind() == Variable.Kind.PARAMETER) return true;
                        List<Assignment> as = assignments(txn, v.name());
                        return as.size() == 1
                                && as.get(0).loops().isEmpty()
                                && !(as.get(0).stmt() instanceof Stmt.Foreach);
                    }

                    @Override
                    public Boolean visitArith(isocheck.program.Expr.Arith a) {
                        return stable(txn, a.left(), self) && stable(txn, a.right(), self);
                    }

                    @Override
                    public Boolean visitNegate(isocheck.program.Expr.Negate n) {
                        return stable(txn, n.operand(), self);
                    }

                    @Override
                    public Boolean visitIntLit(isocheck.program.Expr.IntLit lit) {
                        return true;
                    }

                    @Override
                    public Boolean visitStrLit(isocheck.program.Expr.StrLit lit) {
                        return true;
                    }

                    @Override
                    public Boolean visitNullLit(isocheck.program.Expr.NullLit lit) {
                        return true;
                    }

                    @Override
                    public Boolean visitColumnRef(isocheck.program.Expr.ColumnRef ref) {
                        return false;
                    }

                    // CASE (a SELECT list's CASE over the row read, SelectListExpression) and
                    // COALESCE: stable when their conditions and arguments are; Terms#caseValue and
                    // Terms#coalesceValue encode them where those are encoded exactly
                    @Override
                    public Boolean visitCase(isocheck.program.Expr.Case caseExpr) {
                        if (!stable(txn, caseExpr.otherwise(), self)) return false;
                        for (isocheck.program.Expr x : caseExpr.values())
                            if (!stable(txn, x, self)) return false;
                        for (isocheck.program.Cond c : caseExpr.conditions())
                            if (!stableCond(txn, c, self)) return false;
                        return true;
                    }

                    @Override
                    public Boolean visitCoalesce(isocheck.program.Expr.Coalesce coalesce) {
                        for (isocheck.program.Expr x : coalesce.args())
                            if (!stable(txn, x, self)) return false;
                        return true;
                    }
                });
    }

    /**
     * Whether a CASE condition's comparisons are over stable values; any other atom (IS NULL of a
     * row set, membership) is not stated as part of a definition.
     */
    private boolean stableCond(Transaction txn, isocheck.program.Cond c, String self) {
        if (c instanceof isocheck.program.Cond.Const) return true;
        if (c instanceof isocheck.program.Cond.Compare cmp)
            return stable(txn, cmp.left(), self) && stable(txn, cmp.right(), self);
        if (c instanceof isocheck.program.Cond.FieldIsNull n) return stable(txn, n.operand(), self);
        // a row set's emptiness (PL/pgSQL's FOUND after SELECT … INTO): one term per transaction
        // when one SELECT outside loops assigns it, as a scalar local's value (visitVarRef)
        if (c instanceof isocheck.program.Cond.IsNull n) {
            if (n.variable().equals(self)) return false;
            Variable v = variable(txn, n.variable());
            if (v.kind() != Variable.Kind.LOCAL || !(v.type() instanceof Type.Rows)) return false;
            List<Assignment> as = assignments(txn, v.name());
            return as.size() == 1
                    && as.get(0).loops().isEmpty()
                    && as.get(0).stmt() instanceof Stmt.Select;
        }
        if (c instanceof isocheck.program.Cond.Not n) return stableCond(txn, n.operand(), self);
        if (c instanceof isocheck.program.Cond.And a)
            return stableCond(txn, a.left(), self) && stableCond(txn, a.right(), self);
        if (c instanceof isocheck.program.Cond.Or o)
            return stableCond(txn, o.left(), self) && stableCond(txn, o.right(), self);
        return false;
    }

    /** Whether some statement of the program deletes from the table. */
    public boolean deletesFrom(String table) {
        return facts.stream()
                .flatMap(f -> f.statements().stream())
                .anyMatch(s -> s.statement() instanceof Stmt.Delete && s.table().equals(table));
    }

    /** Whether no statement of any program inserts into or deletes from the table. */
    public boolean isStatic(String table) {
        return facts.stream()
                .flatMap(f -> f.statements().stream())
                .noneMatch(
                        s -> s.table().equals(table) && s.writes().contains(StatementFacts.ALIVE));
    }

    /**
     * Whether some statement of the transaction inserts into or deletes from the table (so it may
     * read its own Alive writes).
     */
    public boolean writesAlive(Transaction txn, String table) {
        return facts(txn.name()).statements().stream()
                .anyMatch(
                        s -> s.table().equals(table) && s.writes().contains(StatementFacts.ALIVE));
    }

    /**
     * Whether every statement of the transaction that writes the table's Alive is an INSERT (resp.
     * DELETE).
     */
    public boolean onlyAliveWrites(Transaction txn, String table, Class<? extends Stmt.Sql> kind) {
        boolean any = false;
        for (StatementFacts s : facts(txn.name()).statements()) {
            if (s.table().equals(table) && s.writes().contains(StatementFacts.ALIVE)) {
                if (!kind.isInstance(s.statement())) return false;
                any = true;
            }
        }
        return any;
    }
}
