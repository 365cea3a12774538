package isocheck.encoding;

import isocheck.program.Aggregate;
import isocheck.program.ArithOp;
import isocheck.program.Blocks;
import isocheck.program.Columns;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.NullableParameters;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.VarRefs;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A scalar local that picks a row inside a FOR loop ({@code v := r.f}) and is read only after every
 * one of its assignments: BenchBase TPC-C's Payment by last name, which counts the customers of the
 * name, loops over them {@code ORDER BY c_first} and keeps the id at position (n+1)/2. Without this
 * rule such a local is unconstrained (assigned in different loops, {@link Terms} class comment), so
 * the picked customer may be any customer of the district: a transaction that reads the customers
 * named 'a' may then update one named 'b'.
 *
 * <p>Its value where it is read is {@code T.v!final(t)}, constrained ({@link AuxRules}) to be the
 * value of the last of its assignments that ran: an assignment outside loops whose guard holds and
 * after which no other one ran, or the loop's pick, a row <b>of the loop's row set</b> (membership:
 * the row satisfies the loop's WHERE, e.g. its c_last is the name) <b>at which the IF conditions
 * around the pick inside the loop hold</b> ({@code innerGuard}, encoded with the row as the loop's
 * element and over-approximated: Payment's {@code pos = (namecnt + 1) / 2}, pos a {@link
 * LoopCounter}, so the middle customer). Sound: every instance of an execution commits (the commit
 * guard) and runs without RETURN (required here), so it ran some assignment of v (the first one is
 * unconditional) and the last one that ran gave the value every read sees (every read comes after
 * every assignment in program order and outside loops, so no assignment runs between two reads).
 * Guards are encoded over-approximated where they say "ran" and under-approximated where they are
 * negated ("did not run"), so the disjunction is implied by every real run.
 *
 * <p><b>Functionality</b> (when {@link #inputs} is present): the row picked and whether the loop
 * assigns at all are uninterpreted functions {@code Pick(p̄)} and {@code Done(p̄)} of the
 * parameters p̄ the loop's query and the pick's guard read, shared by every instance, so two
 * instances with equal p̄ pick the same row. Sound under these side conditions, each checked below:
 * (1) the loop's table is never inserted into or deleted from and every column its WHERE and ORDER
 * BY read is a key or written by no statement, so every snapshot holds the same matching rows with
 * the same values; (2) ORDER BY and the WHERE's key equalities together cover the primary key, so
 * the rows come in one order (SQL leaves the order of ORDER BY ties to the database, which may
 * break them differently in two statements: then two instances may pick different rows, and the
 * rule keeps membership only); (3) the guard around the pick reads only parameters, never-written
 * fields of the loop row, a counter (a constant before the loop, {@code c := c + k} at the loop
 * body's top level) and COUNTs over such never-written rows run before the loop. Then the loop's
 * iterations, the guard's value at each and so the last row assigned are the same for equal p̄.
 * TPC-C's rule (clause 2.5.2.2, the middle customer by c_first) motivates the pattern; nothing here
 * depends on it.
 */
record LoopPick(
        Variable variable,
        List<Site> sites,
        Stmt.Foreach loop,
        Stmt.Select source,
        String field,
        Optional<List<String>> inputs,
        List<Cond> innerGuard) {

    /**
     * One assignment of the variable, in program order, with the IF conditions around it outside
     * the loop (for the pick: the loop's guard).
     */
    record Site(Stmt.Assign assign, List<Cond> guard, boolean inLoop) {}

    /** A statement of the body with where it sits. */
    record Node(
            Stmt stmt,
            int index,
            List<Cond> guard,
            List<Cond> innerGuard,
            Stmt.Foreach loop,
            int depth,
            List<int[]> chain) {}

    static Optional<LoopPick> of(ProgramModel model, Vocabulary v, Transaction txn, Variable var) {
        if (var.kind() != Variable.Kind.LOCAL || !(var.type() instanceof Type.Scalar))
            return Optional.empty();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() < 2 || !as.stream().allMatch(a -> a.stmt() instanceof Stmt.Assign))
            return Optional.empty();
        if (as.stream().filter(a -> !a.loops().isEmpty()).count() != 1) return Optional.empty();
        List<Node> nodes = new ArrayList<>();
        walk(txn.body(), List.of(), List.of(), null, 0, List.of(), nodes, new IdentityHashMap<>());
        if (nodes.stream().anyMatch(n -> n.stmt() instanceof Stmt.Return)) return Optional.empty();
        Set<String> nullable = NullableParameters.of(txn);
        List<Site> sites = new ArrayList<>();
        Node pickNode = null;
        int last = -1;
        for (Node n : nodes) {
            if (!(n.stmt() instanceof Stmt.Assign a) || !a.target().equals(var.name())) continue;
            last = n.index();
            if (n.loop() == null) {
                if (!model.isStable(txn, a.value(), var.name())) return Optional.empty();
                for (String ref : VarRefs.of(a.value()))
                    if (nullable.contains(ref)) return Optional.empty();
                sites.add(new Site(a, n.guard(), false));
            } else {
                if (n.depth() != 1
                        || !(a.value() instanceof Expr.VarRef ref)
                        || !ref.variable().equals(n.loop().variable())) return Optional.empty();
                pickNode = n;
                sites.add(new Site(a, n.guard(), true));
            }
        }
        if (pickNode == null || sites.get(0).inLoop() || !sites.get(0).guard().isEmpty())
            return Optional.empty();
        Node first =
                nodes.stream().filter(n -> n.stmt() == sites.get(0).assign()).findFirst().get();
        if (first.chain().size() != 1) return Optional.empty();
        // every read after every assignment, outside loops
        for (Node n : nodes) {
            if (!VarRefs.ofStatement(n.stmt()).contains(var.name())) continue;
            if (n.index() <= last || n.loop() != null) return Optional.empty();
        }
        Stmt.Foreach loop = pickNode.loop();
        List<ProgramModel.Assignment> src = model.assignments(txn, loop.source());
        if (src.size() != 1
                || !(src.get(0).stmt() instanceof Stmt.Select sel)
                || !src.get(0).loops().isEmpty()
                || sel.aggregate().isPresent()
                || sel.isJoin()
                || sel.lock().skipLocked()) return Optional.empty();
        Expr.VarRef pickRef = (Expr.VarRef) ((Stmt.Assign) pickNode.stmt()).value();
        Variable rowVar = model.variable(txn, loop.variable());
        String field = pickRef.hasField() ? pickRef.field() : rowVar.type().fields().get(0).name();
        if (!immutable(v, sel.table(), field)) return Optional.empty();
        return Optional.of(
                new LoopPick(
                        var,
                        sites,
                        loop,
                        sel,
                        field,
                        functional(model, v, txn, nodes, pickNode, sel, nullable),
                        pickNode.innerGuard()));
    }

    /** The statements of the transaction's body in program order ({@link #walk}). */
    static List<Node> nodes(Transaction txn) {
        List<Node> nodes = new ArrayList<>();
        walk(txn.body(), List.of(), List.of(), null, 0, List.of(), nodes, new IdentityHashMap<>());
        return nodes;
    }

    /** A key column, or one no statement writes (one value in every version of the record). */
    private static boolean immutable(Vocabulary v, String table, String column) {
        return v.isKey(table, column) || v.hasOneValue(table, column);
    }

    /** The parameters the pick is a function of, when side conditions (1)–(3) hold. */
    private static Optional<List<String>> functional(
            ProgramModel model,
            Vocabulary v,
            Transaction txn,
            List<Node> nodes,
            Node pick,
            Stmt.Select sel,
            Set<String> nullable) {
        Set<String> inputs = new LinkedHashSet<>();
        if (!immutableQuery(model, v, txn, sel, nullable, inputs)) return Optional.empty();
        // (2) one order: ORDER BY and the WHERE's key equalities cover the primary key
        Table table = model.table(sel.table());
        Set<String> ordered = new LinkedHashSet<>(model.factsOf(sel).keyPins().keySet());
        sel.orderBy().forEach(k -> ordered.add(k.column()));
        if (!ordered.containsAll(table.primaryKey())) return Optional.empty();
        Node loopNode = nodes.stream().filter(n -> n.stmt() == pick.loop()).findFirst().get();
        for (Cond c : pick.innerGuard())
            if (!admissible(model, v, txn, nodes, loopNode, sel, c, nullable, inputs))
                return Optional.empty();
        return Optional.of(List.copyOf(inputs));
    }

    /**
     * (1): the table's rows never change membership and the WHERE (and ORDER BY) read only keys and
     * never-written columns, compared with parameters (collected into {@code inputs}) and
     * constants.
     */
    private static boolean immutableQuery(
            ProgramModel model,
            Vocabulary v,
            Transaction txn,
            Stmt.Select sel,
            Set<String> nullable,
            Set<String> inputs) {
        if (!v.isStatic(sel.table()) || !model.isStatic(sel.table())) return false;
        for (String c : Columns.of(sel.where())) if (!immutable(v, sel.table(), c)) return false;
        for (var k : sel.orderBy()) if (!immutable(v, sel.table(), k.column())) return false;
        for (String ref : VarRefs.of(sel.where())) {
            if (!parameter(model, txn, ref, nullable)) return false;
            inputs.add(ref);
        }
        return true;
    }

    private static boolean parameter(
            ProgramModel model, Transaction txn, String name, Set<String> nullable) {
        Variable p = model.variable(txn, name);
        return p.kind() == Variable.Kind.PARAMETER
                && p.type() instanceof Type.Scalar
                && !nullable.contains(name)
                && model.assignments(txn, name).isEmpty();
    }

    /** (3): a guard condition of the pick inside the loop. */
    private static boolean admissible(
            ProgramModel model,
            Vocabulary v,
            Transaction txn,
            List<Node> nodes,
            Node loop,
            Stmt.Select sel,
            Cond c,
            Set<String> nullable,
            Set<String> inputs) {
        if (c instanceof Cond.Const) return true;
        if (c instanceof Cond.Not n)
            return admissible(model, v, txn, nodes, loop, sel, n.operand(), nullable, inputs);
        if (c instanceof Cond.And a)
            return admissible(model, v, txn, nodes, loop, sel, a.left(), nullable, inputs)
                    && admissible(model, v, txn, nodes, loop, sel, a.right(), nullable, inputs);
        if (c instanceof Cond.Or o)
            return admissible(model, v, txn, nodes, loop, sel, o.left(), nullable, inputs)
                    && admissible(model, v, txn, nodes, loop, sel, o.right(), nullable, inputs);
        if (c instanceof Cond.Compare cmp)
            return admissible(model, v, txn, nodes, loop, sel, cmp.left(), nullable, inputs)
                    && admissible(model, v, txn, nodes, loop, sel, cmp.right(), nullable, inputs);
        return false;
    }

    private static boolean admissible(
            ProgramModel model,
            Vocabulary v,
            Transaction txn,
            List<Node> nodes,
            Node loop,
            Stmt.Select sel,
            Expr e,
            Set<String> nullable,
            Set<String> inputs) {
        if (e instanceof Expr.IntLit || e instanceof Expr.StrLit) return true;
        if (e instanceof Expr.Negate n)
            return admissible(model, v, txn, nodes, loop, sel, n.operand(), nullable, inputs);
        if (e instanceof Expr.Arith a)
            return admissible(model, v, txn, nodes, loop, sel, a.left(), nullable, inputs)
                    && admissible(model, v, txn, nodes, loop, sel, a.right(), nullable, inputs);
        if (!(e instanceof Expr.VarRef ref)) return false;
        Stmt.Foreach f = (Stmt.Foreach) loop.stmt();
        if (ref.variable().equals(f.variable())) {
            Variable row = model.variable(txn, f.variable());
            String field = ref.hasField() ? ref.field() : row.type().fields().get(0).name();
            return immutable(v, sel.table(), field);
        }
        if (parameter(model, txn, ref.variable(), nullable)) {
            inputs.add(ref.variable());
            return true;
        }
        Variable local = model.variable(txn, ref.variable());
        if (local.kind() != Variable.Kind.LOCAL || ref.hasField()) return false;
        return counter(model, txn, nodes, loop, local)
                || count(model, v, txn, nodes, loop, local, nullable, inputs, 0);
    }

    /**
     * A loop counter: set to a constant once, unconditionally before the loop, and incremented by a
     * constant at the loop body's top level, nowhere else.
     */
    private static boolean counter(
            ProgramModel model, Transaction txn, List<Node> nodes, Node loop, Variable local) {
        List<ProgramModel.Assignment> as = model.assignments(txn, local.name());
        if (as.size() != 2) return false;
        boolean init = false;
        boolean step = false;
        Stmt.Foreach f = (Stmt.Foreach) loop.stmt();
        for (ProgramModel.Assignment a : as) {
            if (!(a.stmt() instanceof Stmt.Assign as1)) return false;
            Node n = node(nodes, a.stmt());
            if (a.loops().isEmpty()) {
                init =
                        as1.value() instanceof Expr.IntLit
                                && n.guard().isEmpty()
                                && n.chain().size() == 1
                                && precedes(n, loop);
            } else {
                step =
                        a.loops().size() == 1
                                && a.loops().get(0) == f
                                && f.body().stream().anyMatch(s -> s == a.stmt())
                                && as1.value() instanceof Expr.Arith ar
                                && ar.op() == ArithOp.ADD
                                && ar.left() instanceof Expr.VarRef l
                                && l.variable().equals(local.name())
                                && !l.hasField()
                                && ar.right() instanceof Expr.IntLit;
            }
        }
        return init && step;
    }

    /**
     * A COUNT over never-changing rows ((1) for its SELECT), or a local copied once from one, run
     * on every path to the loop before it.
     */
    private static boolean count(
            ProgramModel model,
            Vocabulary v,
            Transaction txn,
            List<Node> nodes,
            Node loop,
            Variable local,
            Set<String> nullable,
            Set<String> inputs,
            int depth) {
        List<ProgramModel.Assignment> as = model.assignments(txn, local.name());
        if (depth > 1 || as.size() != 1 || !as.get(0).loops().isEmpty()) return false;
        Stmt s = as.get(0).stmt();
        if (!precedes(node(nodes, s), loop)) return false;
        if (s instanceof Stmt.Select sel)
            return sel.aggregate().isPresent()
                    && sel.aggregate().get().function() == Aggregate.Function.COUNT
                    && sel.aggregate()
                            .get()
                            .column()
                            .map(c -> immutable(v, sel.table(), c))
                            .orElse(true)
                    && !sel.isJoin()
                    && !sel.mayOmitRows()
                    && immutableQuery(model, v, txn, sel, nullable, inputs);
        if (s instanceof Stmt.Assign a && a.value() instanceof Expr.VarRef ref && !ref.hasField()) {
            Variable from = model.variable(txn, ref.variable());
            return from.kind() == Variable.Kind.LOCAL
                    && count(model, v, txn, nodes, loop, from, nullable, inputs, depth + 1);
        }
        return false;
    }

    static Node node(List<Node> nodes, Stmt s) {
        return nodes.stream().filter(n -> n.stmt() == s).findFirst().orElseThrow();
    }

    /**
     * Whether statement a runs before b on every path that reaches b: a sits in a block that holds
     * b (or a statement around b), earlier in that block.
     */
    static boolean precedes(Node a, Node b) {
        List<int[]> x = a.chain();
        List<int[]> y = b.chain();
        if (x.size() > y.size()) return false;
        for (int i = 0; i < x.size() - 1; i++)
            if (x.get(i)[0] != y.get(i)[0] || x.get(i)[1] != y.get(i)[1]) return false;
        int[] ax = x.get(x.size() - 1);
        int[] by = y.get(x.size() - 1);
        return ax[0] == by[0] && ax[1] < by[1];
    }

    /**
     * Numbers the statements in program order with the IF conditions around each (outside its loop;
     * inside it, separately) and the chain of (block, position) from the body down to it.
     */
    static void walk(
            List<Stmt> body,
            List<Cond> guard,
            List<Cond> inner,
            Stmt.Foreach loop,
            int depth,
            List<int[]> chain,
            List<Node> out,
            Map<List<Stmt>, Integer> blocks) {
        int block = blocks.computeIfAbsent(body, b -> blocks.size());
        for (int i = 0; i < body.size(); i++) {
            Stmt s = body.get(i);
            List<int[]> here = new ArrayList<>(chain);
            here.add(new int[] {block, i});
            out.add(new Node(s, out.size(), guard, inner, loop, depth, here));
            if (s instanceof Stmt.If f) {
                Cond not = Cond.Not.notTrue(f.condition(), f.pos());
                if (loop == null) {
                    walk(
                            f.thenBranch(),
                            with(guard, f.condition()),
                            inner,
                            loop,
                            depth,
                            here,
                            out,
                            blocks);
                    walk(f.elseBranch(), with(guard, not), inner, loop, depth, here, out, blocks);
                } else {
                    walk(
                            f.thenBranch(),
                            guard,
                            with(inner, f.condition()),
                            loop,
                            depth,
                            here,
                            out,
                            blocks);
                    walk(f.elseBranch(), guard, with(inner, not), loop, depth, here, out, blocks);
                }
            } else if (s instanceof Stmt.Foreach f) {
                walk(f.body(), guard, List.of(), f, depth + 1, here, out, blocks);
            } else {
                for (List<Stmt> b : Blocks.of(s))
                    walk(b, guard, inner, loop, depth, here, out, blocks);
            }
        }
    }

    private static List<Cond> with(List<Cond> conds, Cond c) {
        List<Cond> out = new ArrayList<>(conds);
        out.add(c);
        return out;
    }
}
