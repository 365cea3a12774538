package isocheck.frontend;

import isocheck.program.Assignment;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.ExprRewrite;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.VarRefs;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gives each web of a reassigned scalar local its own name: the compiler's web renaming (the
 * assignments and reads linked by reaching definitions; Muchnick, "Advanced Compiler Design and
 * Implementation", §16.3). BenchBase TPC-C's Delivery writes {@code GET DIAGNOSTICS result =
 * ROW_COUNT} after its DELETE and again after its UPDATE, each read by the {@code IF result <> 1}
 * right after it: two webs, {@code result} and {@code result$2}, each assigned once in the
 * iteration before its read, which the encoder then reads exactly (encoding.IterationDefinition)
 * where one name with two assignments left it free and let a Delivery go past the check
 * (benchmarks/RESULTS.md, stop 35).
 *
 * <p>Only webs of one assignment get a name of their own ({@link #keepSingleAssignments}).
 *
 * <p>Exact: every read keeps every assignment that may reach it in its own web, so renaming changes
 * no value any statement reads, in any interleaving (the IR has no aliasing and no calls). A read
 * nothing reaches (before any assignment, or in code that never runs) stays with the first
 * assignment's web. Only locals that {@code :=} alone assigns are split (a SELECT … INTO or CHOOSE
 * target keeps its name: its row set is what FOUND and the encoder's row rules name).
 */
final class LocalWebs {

    private final Set<String> candidates;

    /** The assignments of each candidate, numbered from 1 in program order (0: the entry value). */
    private final Map<Stmt.Assign, Integer> defId = new IdentityHashMap<>();

    private final Map<Stmt.Assign, Integer> defDepth = new IdentityHashMap<>();
    private final Map<String, int[]> parents = new HashMap<>();
    private final Map<String, List<Stmt.Assign>> defs = new HashMap<>();

    /** Per statement that reads a candidate: one assignment reaching the read (its web). */
    private final Map<Stmt, Map<String, Integer>> readWeb = new IdentityHashMap<>();

    private LocalWebs(Set<String> candidates) {
        this.candidates = candidates;
    }

    static Transaction split(Transaction txn) {
        Map<String, Integer> assigns = new HashMap<>();
        Set<String> other = new HashSet<>();
        countAssignments(txn.body(), assigns, other);
        Set<String> candidates = new HashSet<>();
        for (Variable v : txn.locals())
            if (v.kind() == Variable.Kind.LOCAL
                    && v.type() instanceof Type.Scalar
                    && assigns.getOrDefault(v.name(), 0) >= 2
                    && !other.contains(v.name())) candidates.add(v.name());
        if (candidates.isEmpty()) return txn;
        LocalWebs webs = new LocalWebs(candidates);
        webs.number(txn.body(), 0);
        for (String v : candidates) {
            int[] p = new int[webs.defs.get(v).size() + 1];
            for (int i = 0; i < p.length; i++) p[i] = i;
            webs.parents.put(v, p);
            webs.union(v, 0, 1); // the entry value: the first assignment's web keeps the name
        }
        Map<String, Set<Integer>> entry = new HashMap<>();
        for (String v : candidates) entry.put(v, Set.of(0));
        webs.walk(txn.body(), entry);
        for (String v : candidates) webs.keepSingleAssignments(v);
        return webs.rename(txn);
    }

    private static void countAssignments(
            List<Stmt> block, Map<String, Integer> assigns, Set<String> other) {
        for (Stmt s : block) {
            if (s instanceof Stmt.Assign a) assigns.merge(a.target(), 1, Integer::sum);
            else if (s instanceof Stmt.Select sel) other.add(sel.target());
            else if (s instanceof Stmt.Choose c) other.add(c.target());
            else if (s instanceof Stmt.If i) {
                countAssignments(i.thenBranch(), assigns, other);
                countAssignments(i.elseBranch(), assigns, other);
            } else if (s instanceof Stmt.Foreach f) {
                other.add(f.variable());
                countAssignments(f.body(), assigns, other);
            }
        }
    }

    private void number(List<Stmt> block, int depth) {
        for (Stmt s : block) {
            if (s instanceof Stmt.Assign a && candidates.contains(a.target())) {
                if (defId.containsKey(a)) continue;
                List<Stmt.Assign> list = defs.computeIfAbsent(a.target(), k -> new ArrayList<>());
                list.add(a);
                defId.put(a, list.size());
                defDepth.put(a, depth);
            } else if (s instanceof Stmt.If i) {
                number(i.thenBranch(), depth);
                number(i.elseBranch(), depth);
            } else if (s instanceof Stmt.Foreach f) {
                number(f.body(), depth + 1);
            }
        }
    }

    /**
     * Reaching definitions through a block: the assignments of each candidate that may hold its
     * value after the block ({@code null}: no path leaves it, after RETURN or an abort). Each read
     * joins the webs of the assignments reaching it.
     */
    private Map<String, Set<Integer>> walk(List<Stmt> block, Map<String, Set<Integer>> in) {
        Map<String, Set<Integer>> state = in;
        for (Stmt s : block) {
            if (state == null) return null;
            if (s instanceof Stmt.If i) {
                read(s, state);
                state = join(walk(i.thenBranch(), state), walk(i.elseBranch(), state));
            } else if (s instanceof Stmt.Foreach f) {
                // zero or more iterations: the head's state is the entry's joined with every
                // iteration's end, to the fixpoint (finite: sets of assignments only grow)
                Map<String, Set<Integer>> head = state;
                while (true) {
                    Map<String, Set<Integer>> next = join(state, walk(f.body(), head));
                    if (next.equals(head)) break;
                    head = next;
                }
                state = head;
            } else if (s instanceof Stmt.Return || s instanceof Stmt.Abort) {
                return null;
            } else {
                read(s, state);
                if (s instanceof Stmt.Assign a && candidates.contains(a.target())) {
                    state = new HashMap<>(state);
                    state.put(a.target(), Set.of(defId.get(a)));
                }
            }
        }
        return state;
    }

    private void read(Stmt s, Map<String, Set<Integer>> state) {
        for (String v : VarRefs.ofStatement(s)) {
            if (!candidates.contains(v)) continue;
            Map<String, Integer> site = readWeb.computeIfAbsent(s, k -> new HashMap<>());
            for (int id : state.get(v)) {
                Integer rep = site.putIfAbsent(v, id);
                if (rep != null) union(v, rep, id);
            }
        }
    }

    private static Map<String, Set<Integer>> join(
            Map<String, Set<Integer>> a, Map<String, Set<Integer>> b) {
        if (a == null) return b;
        if (b == null) return a;
        Map<String, Set<Integer>> out = new HashMap<>(a);
        b.forEach(
                (v, ids) ->
                        out.merge(
                                v,
                                ids,
                                (x, y) -> {
                                    Set<Integer> u = new TreeSet<>(x);
                                    u.addAll(y);
                                    return u;
                                }));
        return out;
    }

    /**
     * Only a web of one assignment gets a name of its own; the others stay with the first
     * assignment's (merging webs is always exact). A single definition is what the encoder reads
     * exactly (ProgramModel#definition, IterationDefinition); a web of several, e.g. the THEN and
     * ELSE assignments of {@code GET DIAGNOSTICS n = ROW_COUNT} outside loops, would lose the
     * unconditional first assignment that PathAssignment needs (BenchBase TATP's
     * DeleteCallForwarding: {@code rows_updated int := -1}, then the two branches).
     */
    private void keepSingleAssignments(String v) {
        int n = defs.get(v).size();
        int[] size = new int[n + 1];
        for (int id = 1; id <= n; id++) size[find(v, id)]++;
        for (int id = 1; id <= n; id++) if (size[find(v, id)] > 1) union(v, 0, id);
    }

    private int find(String v, int i) {
        int[] p = parents.get(v);
        while (p[i] != i) i = p[i] = p[p[i]];
        return i;
    }

    private void union(String v, int a, int b) {
        int ra = find(v, a);
        int rb = find(v, b);
        if (ra != rb) parents.get(v)[Math.max(ra, rb)] = Math.min(ra, rb);
    }

    // ------------------------------------------------------------------ renaming

    /** The name of each web (by its root), the first keeping the variable's own. */
    private final Map<String, Map<Integer, String>> webNames = new HashMap<>();

    private Transaction rename(Transaction txn) {
        Set<String> taken = new HashSet<>();
        for (Variable v : txn.parameters()) taken.add(v.name());
        for (Variable v : txn.locals()) taken.add(v.name());
        List<Variable> locals = new ArrayList<>();
        for (Variable v : txn.locals()) {
            locals.add(v);
            if (!candidates.contains(v.name())) continue;
            Map<Integer, String> names = new LinkedHashMap<>();
            names.put(find(v.name(), 0), v.name());
            List<Stmt.Assign> list = defs.get(v.name());
            for (int id = 1; id <= list.size(); id++) {
                int root = find(v.name(), id);
                if (names.containsKey(root)) continue;
                int k = names.size() + 1;
                while (taken.contains(v.name() + "$" + k)) k++;
                String name = v.name() + "$" + k;
                taken.add(name);
                names.put(root, name);
                Stmt.Assign first = list.get(id - 1);
                locals.add(
                        new Variable(
                                name,
                                Variable.Kind.LOCAL,
                                v.type(),
                                defDepth.get(first),
                                first.pos()));
            }
            if (names.size() > 1) webNames.put(v.name(), names);
        }
        if (webNames.isEmpty()) return txn;
        return new Transaction(
                txn.name(), txn.parameters(), locals, renameBlock(txn.body()), txn.pos());
    }

    private String nameOf(String v, int id) {
        return webNames.get(v).get(find(v, id));
    }

    private List<Stmt> renameBlock(List<Stmt> block) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : block) out.add(renameStmt(s));
        return out;
    }

    /**
     * Each statement renamed once, by identity: the earlier SELECTs of a join stand in the body and
     * in the last SELECT's {@code joinedFrom}, and {@code run} and the encoder find them there by
     * identity (run.Interpreter#joinParts). A SQL statement that names no renamed local is kept.
     */
    private final Map<Stmt, Stmt> renamed = new IdentityHashMap<>();

    private Stmt renameStmt(Stmt s) {
        Stmt done = renamed.get(s);
        if (done == null) {
            done = renameOnce(s);
            renamed.put(s, done);
        }
        return done;
    }

    private Stmt renameOnce(Stmt s) {
        if (s instanceof Stmt.Sql
                && VarRefs.ofStatement(s).stream().noneMatch(webNames::containsKey)) return s;
        Map<String, String> reads = new HashMap<>();
        Map<String, Integer> site = readWeb.getOrDefault(s, Map.of());
        for (String v : webNames.keySet()) reads.put(v, nameOf(v, site.getOrDefault(v, 0)));
        ExprRewrite r =
                new ExprRewrite() {
                    @Override
                    public Expr visitVarRef(Expr.VarRef x) {
                        String to = reads.get(x.variable());
                        return to == null ? x : new Expr.VarRef(to, x.field(), x.type(), x.pos());
                    }

                    @Override
                    public Cond visitIsNull(Cond.IsNull x) {
                        String to = reads.get(x.variable());
                        return to == null ? x : new Cond.IsNull(to, x.negated(), x.pos());
                    }
                };
        if (s instanceof Stmt.Assign a) {
            String target =
                    webNames.containsKey(a.target())
                            ? nameOf(a.target(), defId.get(a))
                            : a.target();
            return new Stmt.Assign(target, r.apply(a.value()), a.pos());
        }
        if (s instanceof Stmt.If i)
            return new Stmt.If(
                    r.apply(i.condition()),
                    renameBlock(i.thenBranch()),
                    renameBlock(i.elseBranch()),
                    i.pos());
        if (s instanceof Stmt.Foreach f)
            return new Stmt.Foreach(f.variable(), f.source(), renameBlock(f.body()), f.pos());
        if (s instanceof Stmt.Select sel) return renameSelect(sel, r);
        if (s instanceof Stmt.Update u) {
            List<Assignment> sets = new ArrayList<>();
            for (Assignment a : u.assignments())
                sets.add(new Assignment(a.column(), r.apply(a.value()), a.pos()));
            return new Stmt.Update(u.table(), sets, r.apply(u.where()), u.sql(), u.pos());
        }
        if (s instanceof Stmt.Insert ins) {
            List<Expr> values = new ArrayList<>();
            for (Expr e : ins.values()) values.add(r.apply(e));
            return new Stmt.Insert(ins.table(), ins.columns(), values, ins.sql(), ins.pos());
        }
        if (s instanceof Stmt.Delete d)
            return new Stmt.Delete(d.table(), r.apply(d.where()), d.sql(), d.pos());
        return s; // CHOOSE, SKIP, ABORT, RETURN name no scalar
    }

    private Stmt.Select renameSelect(Stmt.Select s, ExprRewrite r) {
        List<Stmt.Select> parts = new ArrayList<>();
        for (Stmt.Select p : s.joinedFrom()) parts.add((Stmt.Select) renameStmt(p));
        return new Stmt.Select(
                s.target(),
                s.table(),
                s.columns(),
                s.aggregate(),
                r.apply(s.where()),
                s.orderBy(),
                s.limit(),
                s.lock(),
                parts,
                s.sql(),
                s.pos());
    }
}
