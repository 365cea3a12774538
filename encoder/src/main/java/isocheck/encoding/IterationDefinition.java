package isocheck.encoding;

import isocheck.program.Expr;
import isocheck.program.NullableParameters;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.VarRefs;
import isocheck.program.Variable;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The expression a scalar local assigned once inside loops holds where it is read, when every read
 * is in the same iteration after the assignment: BenchBase TPC-C's Delivery, {@code v_no_o_id :=
 * no.NO_O_ID} inside the FOREACH over the districts, read by the DELETE and UPDATEs of that
 * district. Without it the local is an unconstrained value per iteration ({@link Terms} class
 * comment), so a Delivery could delete a new order other than the first one its SELECT … ORDER BY
 * no_o_id LIMIT 1 returned.
 *
 * <p>Exact: reading {@code v} there is reading {@code e} there. Side conditions, checked below: v
 * has one assignment {@code v := e}; it runs before every statement that reads v on every path to
 * it, in the same iteration (the assignment sits earlier in a block that holds the read, so a read
 * in an iteration that skipped the assignment cannot happen); every variable e names is a parameter
 * no statement assigns, a loop variable of v's loops, or a local assigned exactly once — outside
 * every loop or in exactly v's loops — whose assignment runs before v's on every path (so between
 * v's assignment and a read nothing e names changes, and e's encoding, a function of the iteration,
 * denotes the same value at both). A parameter that may be NULL is left out (its NULL flag is not
 * carried through, as for {@link ProgramModel#definition}).
 */
final class IterationDefinition {
    private IterationDefinition() {}

    static Optional<Expr> of(ProgramModel model, Transaction txn, Variable var) {
        if (var.kind() != Variable.Kind.LOCAL || !(var.type() instanceof Type.Scalar))
            return Optional.empty();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (as.size() != 1
                || !(as.get(0).stmt() instanceof Stmt.Assign assign)
                || as.get(0).loops().isEmpty()) return Optional.empty();
        List<Stmt.Foreach> loops = as.get(0).loops();
        List<LoopPick.Node> nodes = LoopPick.nodes(txn);
        LoopPick.Node at = LoopPick.node(nodes, assign);
        Set<String> nullable = NullableParameters.of(txn);
        for (String ref : VarRefs.of(assign.value())) {
            if (ref.equals(var.name())) return Optional.empty();
            Variable x = model.variable(txn, ref);
            List<ProgramModel.Assignment> xs = model.assignments(txn, ref);
            if (x.kind() == Variable.Kind.PARAMETER) {
                if (!xs.isEmpty() || nullable.contains(ref)) return Optional.empty();
                continue;
            }
            if (xs.size() != 1) return Optional.empty();
            ProgramModel.Assignment xa = xs.get(0);
            if (xa.stmt() instanceof Stmt.Foreach f) {
                if (loops.stream().noneMatch(l -> l == f)) return Optional.empty();
                continue;
            }
            if (!xa.loops().isEmpty() && !sameLoops(xa.loops(), loops)) return Optional.empty();
            if (!LoopPick.precedes(LoopPick.node(nodes, xa.stmt()), at)) return Optional.empty();
        }
        for (LoopPick.Node n : nodes) {
            if (n.stmt() == assign) continue;
            if (VarRefs.ofStatement(n.stmt()).contains(var.name()) && !LoopPick.precedes(at, n))
                return Optional.empty();
        }
        return Optional.of(assign.value());
    }

    private static boolean sameLoops(List<Stmt.Foreach> a, List<Stmt.Foreach> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }
}
