package isocheck.encoding;

import isocheck.program.ArithOp;
import isocheck.program.Expr;
import isocheck.program.OrderKey;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.VarRefs;
import isocheck.program.Variable;
import java.util.List;
import java.util.Optional;

/**
 * A loop counter: a scalar local set to a constant before a FOR loop and incremented by a constant
 * as the first statement of its body, read only inside that loop after the increment. BenchBase
 * AuctionMark's CloseAuctions ({@code n := 0; FOR r IN … LOOP n := n + 1; IF n > 1 THEN …}),
 * TPC-C's NewOrder ({@code ol_number := ol_number + 1}, the key of the order line it inserts),
 * SEATS' FindOpenSeats. Without this rule such a local is unconstrained (assigned inside and
 * outside a loop, {@link Terms} class comment): the model's CloseAuctions could skip any iteration,
 * while PostgreSQL skips the first only, and a replay ran a branch the model never took (10 of
 * AuctionMark's SER-consistent READ COMMITTED replays, benchmarks/RESULTS.md stop 27).
 *
 * <p>Where it is read, the local is {@code start + step · T.v!pos(x, t)}, x the loop's element, and
 * {@link AuxRules} states of the position: (1) every member's position is at least 1; (2) positions
 * are injective ({@code T.v!posinv(T.v!pos(x, t), t) = x}); (3) if the set has a member, {@code
 * T.v!first(t)} is a member at position 1; (4) if the loop's SELECT orders by an INT column, the
 * first member's value of that column is the least (ASC) or greatest (DESC) of the members'.
 *
 * <p><b>Soundness.</b> Side conditions, checked below: v has exactly two assignments; {@code v :=
 * c} (an integer constant) outside every loop, unguarded, in the body's top-level block before the
 * loop; {@code v := v + k} (an integer constant) the first statement of the loop's body; the loop
 * is inside no other loop and ranges over a set that does not depend on an iteration (a parameter,
 * or a local one SELECT outside loops assigns); every other statement naming v is inside the loop
 * and inside no other loop. So every iteration, whatever it does later (EXIT, RETURN, an IF), has
 * incremented v first, nothing else changes v, and a read in the iteration that visits the j-th
 * element (1-based) sees c + k·j. The loop visits each member of the set once (a table's rows are
 * distinct records; a parameter's elements are distinct elements, each array entry its own), in the
 * order of the SELECT's ORDER BY where it has one (ties in any order), so j is an injective
 * function of the element, at least 1; the first visited member has j = 1 and, with ORDER BY, the
 * least (greatest) ordering value. A run that never reaches the loop never reads v, and the
 * position's terms appear only in the encoding of statements that read v, each under its
 * statement's execution condition. The rule leaves positions free otherwise (gaps allowed, the
 * order of the other members not encoded): more executions, never fewer.
 */
public record LoopCounter(Variable variable, Stmt.Foreach loop, long start, long step) {

    static Optional<LoopCounter> of(ProgramModel model, Transaction txn, Variable var) {
        if (var.kind() != Variable.Kind.LOCAL || !(var.type() instanceof Type.Scalar))
            return Optional.empty();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() != 2) return Optional.empty();
        ProgramModel.Assignment init = as.get(0).loops().isEmpty() ? as.get(0) : as.get(1);
        ProgramModel.Assignment inc = init == as.get(0) ? as.get(1) : as.get(0);
        if (!init.loops().isEmpty()
                || inc.loops().size() != 1
                || !(init.stmt() instanceof Stmt.Assign a0)
                || !(a0.value() instanceof Expr.IntLit c)
                || !(inc.stmt() instanceof Stmt.Assign a1)
                || !(a1.value() instanceof Expr.Arith ar)
                || ar.op() != ArithOp.ADD
                || !(ar.left() instanceof Expr.VarRef self)
                || !self.variable().equals(var.name())
                || self.hasField()
                || !(ar.right() instanceof Expr.IntLit k)) return Optional.empty();
        Stmt.Foreach loop = inc.loops().get(0);
        if (loop.body().isEmpty() || loop.body().get(0) != a1) return Optional.empty();
        List<LoopPick.Node> nodes = LoopPick.nodes(txn);
        LoopPick.Node initNode = LoopPick.node(nodes, a0);
        LoopPick.Node loopNode = LoopPick.node(nodes, loop);
        if (!initNode.guard().isEmpty()
                || initNode.chain().size() != 1
                || loopNode.loop() != null
                || !LoopPick.precedes(initNode, loopNode)) return Optional.empty();
        if (!iterationFree(model, txn, loop.source())) return Optional.empty();
        for (LoopPick.Node n : nodes) {
            if (n.stmt() == a0 || n.stmt() == a1) continue;
            if (VarRefs.ofStatement(n.stmt()).contains(var.name()) && n.loop() != loop)
                return Optional.empty();
        }
        return Optional.of(new LoopCounter(var, loop, c.value(), k.value()));
    }

    /** A parameter, or a local one SELECT outside every loop assigns. */
    private static boolean iterationFree(ProgramModel model, Transaction txn, String source) {
        Variable s = model.variable(txn, source);
        if (s.kind() == Variable.Kind.PARAMETER) return true;
        List<ProgramModel.Assignment> as = model.assignments(txn, source);
        return as.size() == 1
                && as.get(0).loops().isEmpty()
                && as.get(0).stmt() instanceof Stmt.Select;
    }

    /** The loop SELECT's first ORDER BY key, if the loop ranges over a SELECT's rows. */
    public Optional<OrderKey> firstOrderKey(ProgramModel model, Transaction txn) {
        return query(model, txn)
                .flatMap(
                        sel ->
                                sel.orderBy().isEmpty()
                                        ? Optional.empty()
                                        : Optional.of(sel.orderBy().get(0)));
    }

    /** The SELECT whose rows the loop visits, when one statement assigns its row set. */
    public Optional<Stmt.Select> query(ProgramModel model, Transaction txn) {
        List<ProgramModel.Assignment> as = model.assignments(txn, loop.source());
        if (as.size() != 1 || !(as.get(0).stmt() instanceof Stmt.Select sel))
            return Optional.empty();
        return Optional.of(sel);
    }
}
