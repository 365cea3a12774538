package isocheck.encoding;

import isocheck.program.Blocks;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A scalar local assigned by {@code :=} several times outside loops, in IF/ELSIF branches, and read
 * only after all of them: its value at every read is the right-hand side of the last assignment
 * that ran, and which ran is a function of the path (the IF conditions around each). BenchBase
 * SEATS' DeleteReservation: {@code v_c_id := p_c_id}, then, if {@code p_c_id IS NULL}, {@code
 * v_c_id := r_by_str.c_id} or {@code v_c_id := r_by_ff.c_id}; then the reservation of {@code
 * v_c_id} is read and deleted. Without this rule such a local is unconstrained ({@link Terms} class
 * comment), so the model's DeleteReservation could delete another customer's reservation than the
 * one its parameters or its lookups name (benchmarks/RESULTS.md, stop 20, cause A: 86 of SEATS' 98
 * SER-consistent READ COMMITTED witnesses).
 *
 * <p>The rule ({@link AuxRules}) constrains the local's own terms {@code T.v(t)} and, where it may
 * be NULL through a parameter, {@code T.v!null(t)}: one of the assignments, in program order, is
 * the last that ran — its guard holds (over-approximated) and every later one's guard fails (each
 * later guard under-approximated, then negated) — and v has its right-hand side's value there (NULL
 * exactly when a nullable parameter on the right is NULL; the value is stated only when not NULL,
 * as free as before otherwise).
 *
 * <p><b>Soundness.</b> Side conditions, checked below: (a) every assignment of v is a {@code :=}
 * outside every loop; (b) the first one, in program order, sits directly in a block B that holds
 * every later assignment and every statement that names v, at any depth (B runs its statements in
 * order, so a path that gets past the first one's place in B ran it). B is the body itself in
 * SEATS' DeleteReservation, and the THEN branch of {@code IF r.i_num_bids > 0} in AuctionMark's
 * NewBid, whose {@code v_update_max_bid := false}, then {@code := true} where the new bid beats the
 * maximum, decides the UPDATE of item_max_bid (left free, the model ran that UPDATE on a path the
 * replay did not take: benchmarks/RESULTS.md stop 29); (c) every statement that names v comes after
 * the last assignment in program order (pre-order of the body; a read in a loop is fine, no
 * assignment is in one); (d) every right-hand side is stable ({@link ProgramModel#isStable}:
 * constants, parameters, locals assigned once outside loops, not v), so it denotes the same value
 * at its assignment and at every read; (e) a right-hand side is a parameter the program tests for
 * NULL ({@link NullableParameters}, its NULL flag encoded), a value that cannot be NULL (constants,
 * other parameters, arithmetic over them, a COALESCE with one such argument), or a key or NOT NULL
 * field of a row-set local's table, NULL exactly when the set is empty (its emptiness encoded);
 * anything else refuses the rule. The body has no GOTO and its loops hold no assignment of v, so a
 * run visits the statements outside loops in increasing pre-order index, and an assignment A
 * outside loops runs iff the run gets to A's index and A's IF branches are taken. Take a committed
 * run (the commit guard) and a read R of v. If the run reaches R, it passed every assignment's
 * index (c), it ran the first one (b: R is in B, after it), and it ran A exactly when A's branch
 * conditions hold (evaluated at their IFs; a condition that is not stable ({@link
 * ProgramModel#isStableCondition}) is taken by polarity, "ran" as true and "did not run" as false).
 * So the last assignment k whose guard holds is the last that ran, no later one's guard holds, and
 * v at R is k's right-hand side's value, read at k and unchanged since (d): case k of the
 * disjunction holds. If the run RETURNs (or never reaches R) before any read, v is never read: the
 * disjunction still holds with v set to case k's value (k the last assignment whose
 * under-approximated guard holds, else the first, whose guard is true; an under-approximation
 * implies the over-approximation), and T.v(t), T.v!null(t) appear only in the encoding of
 * statements that read v, each under its statement's execution condition ({@code FactExtractor}: a
 * statement after an IF that may RETURN runs under the negation of its exit condition), which
 * forces events only where it is under-approximated, i.e. false in a run that did not get there.
 * When the first assignment is inside IF branches, the disjunction is stated under their
 * over-approximation (the first case's own guard): a run that did not take them never reads v, and
 * in one whose conditions hold, case k or the first case is available as above. Every real run
 * therefore satisfies the constraint: an over-approximation.
 *
 * <p>An ELSE branch is taken when its IF's condition is not TRUE (FALSE or UNKNOWN; PL/pgSQL):
 * "ran" there is the negation of the condition's under-approximation ({@link Terms#cond} encodes
 * "is TRUE"), and "did not run" is implied by the Kleene NOT of a WHERE clause under-approximated
 * (TRUE only when the condition is FALSE), so both readings of an UNKNOWN condition are admitted.
 */
record PathAssignment(Variable variable, List<Site> sites) {

    /** Whether a branch of an IF was taken: its condition TRUE (then) or not TRUE (else). */
    record Branch(Cond condition, boolean then) {}

    /** One assignment of the variable, in program order, with the IF branches around it. */
    record Site(Stmt.Assign assign, List<Branch> guard) {}

    /**
     * A statement with the IF branches around it, whether a loop encloses it, and the blocks that
     * enclose it, outermost first (the body itself, then each nested branch or block).
     */
    private record Node(Stmt stmt, List<Branch> guard, boolean inLoop, List<List<Stmt>> blocks) {}

    static Optional<PathAssignment> of(ProgramModel model, Transaction txn, Variable var) {
        if (var.kind() != Variable.Kind.LOCAL || !(var.type() instanceof Type.Scalar))
            return Optional.empty();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() < 2
                || !as.stream()
                        .allMatch(a -> a.stmt() instanceof Stmt.Assign && a.loops().isEmpty()))
            return Optional.empty();
        List<Node> nodes = new ArrayList<>();
        walk(txn.body(), List.of(), false, List.of(), nodes);
        Set<String> nullable = NullableParameters.of(txn);
        List<Site> sites = new ArrayList<>();
        Node first = null;
        int last = -1;
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            if (!(n.stmt() instanceof Stmt.Assign a) || !a.target().equals(var.name())) continue;
            if (n.inLoop()) return Optional.empty(); // (a)
            if (!sites.isEmpty() && !encloses(first, n)) return Optional.empty(); // (b)
            if (sites.isEmpty()) first = n;
            if (!model.isStable(txn, a.value(), var.name())) return Optional.empty(); // (d)
            if (!nullableParameter(model, txn, a.value(), nullable)
                    && !notNull(model, txn, a.value(), nullable)) return Optional.empty(); // (e)
            sites.add(new Site(a, n.guard()));
            last = i;
        }
        if (sites.size() != as.size()) return Optional.empty();
        // (c): nothing names v before or at its last assignment (other than assigning it), and
        // (b) every statement that names v after it is in the first assignment's block
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            if (!VarRefs.ofStatement(n.stmt()).contains(var.name())) continue;
            if (i <= last || !encloses(first, n)) return Optional.empty();
        }
        return Optional.of(new PathAssignment(var, List.copyOf(sites)));
    }

    /**
     * Whether statement n lies in the block of statement first (the same block or one nested in
     * it): every block around first is around n, the same list of statements.
     */
    private static boolean encloses(Node first, Node n) {
        if (n.blocks().size() < first.blocks().size()) return false;
        for (int i = 0; i < first.blocks().size(); i++)
            if (n.blocks().get(i) != first.blocks().get(i)) return false;
        return true;
    }

    /** A bare reference to a scalar parameter the transaction tests for NULL. */
    static boolean nullableParameter(
            ProgramModel model, Transaction txn, Expr e, Set<String> nullable) {
        return e instanceof Expr.VarRef ref
                && !ref.hasField()
                && nullable.contains(ref.variable())
                && model.variable(txn, ref.variable()).kind() == Variable.Kind.PARAMETER;
    }

    /**
     * An expression that is NULL only as the model can say: literals, parameters never tested for
     * NULL and arithmetic over them (never NULL), or, alone, a key or NOT NULL field of a row-set
     * local ({@link #rowSetField}: NULL exactly when the set is empty, PL/pgSQL's {@code SELECT …
     * INTO} with no row).
     */
    private static boolean notNull(
            ProgramModel model, Transaction txn, Expr e, Set<String> nullable) {
        return value(model, txn, e, nullable) || rowSetField(model, txn, e).isPresent();
    }

    private static boolean value(
            ProgramModel model, Transaction txn, Expr e, Set<String> nullable) {
        if (e instanceof Expr.IntLit || e instanceof Expr.StrLit) return true;
        if (e instanceof Expr.Negate n) return value(model, txn, n.operand(), nullable);
        if (e instanceof Expr.Arith a)
            return value(model, txn, a.left(), nullable) && value(model, txn, a.right(), nullable);
        // COALESCE is NULL only when every argument is: never, if one never is
        if (e instanceof Expr.Coalesce c)
            return c.args().stream().anyMatch(x -> value(model, txn, x, nullable));
        if (!(e instanceof Expr.VarRef ref)) return false;
        Variable x = model.variable(txn, ref.variable());
        return x.kind() == Variable.Kind.PARAMETER
                && x.type() instanceof Type.Scalar
                && !nullable.contains(x.name());
    }

    /**
     * The row-set local whose key or NOT NULL field the expression is ({@code :r.f}, r assigned by
     * a SELECT … INTO from r's table), if it is one.
     */
    static Optional<String> rowSetField(ProgramModel model, Transaction txn, Expr e) {
        if (!(e instanceof Expr.VarRef ref)) return Optional.empty();
        Variable x = model.variable(txn, ref.variable());
        if (x.kind() != Variable.Kind.LOCAL
                || !(x.type() instanceof Type.Rows rows)
                || rows.table().isEmpty()
                || rows.fields().isEmpty()) return Optional.empty();
        String field = ref.hasField() ? ref.field() : rows.fields().get(0).name();
        Table t = model.table(rows.table().get());
        boolean notNull = t.isKey(field) || t.column(field).map(c -> c.notNull()).orElse(false);
        return notNull ? Optional.of(x.name()) : Optional.empty();
    }

    /**
     * The statements in pre-order with the IF branches (outside loops) and the blocks around each.
     */
    private static void walk(
            List<Stmt> body,
            List<Branch> guard,
            boolean inLoop,
            List<List<Stmt>> outer,
            List<Node> out) {
        List<List<Stmt>> blocks = new ArrayList<>(outer);
        blocks.add(body);
        for (Stmt s : body) {
            out.add(new Node(s, guard, inLoop, blocks));
            if (s instanceof Stmt.If f) {
                walk(f.thenBranch(), with(guard, f.condition(), true, inLoop), inLoop, blocks, out);
                walk(
                        f.elseBranch(),
                        with(guard, f.condition(), false, inLoop),
                        inLoop,
                        blocks,
                        out);
            } else if (s instanceof Stmt.Foreach f) {
                walk(f.body(), guard, true, blocks, out);
            } else {
                for (List<Stmt> b : Blocks.of(s)) walk(b, guard, inLoop, blocks, out);
            }
        }
    }

    private static List<Branch> with(List<Branch> guard, Cond c, boolean then, boolean inLoop) {
        if (inLoop) return guard; // guards inside loops are never used (no site is there)
        List<Branch> out = new ArrayList<>(guard);
        out.add(new Branch(c, then));
        return out;
    }
}
