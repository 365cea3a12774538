package isocheck.encoding;

import com.microsoft.z3.Expr;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A place in one transaction instance where conditions are evaluated: the instance {@code t} and,
 * for every FOREACH around the place, the element of the current iteration (paper §4.3: an encoding
 * "chooses an arbitrary iteration of enclosing loops" by instantiating these elements).
 */
public record Site(
        Transaction txn,
        Expr<?> t,
        Map<Stmt.Foreach, Expr<?>> iterations,
        Map<String, Expr<?>> columns) {

    public Site(Transaction txn, Expr<?> t, Map<Stmt.Foreach, Expr<?>> iterations) {
        this(txn, t, iterations, Map.of());
    }

    /** The same site, evaluating non-key columns of the visited record as the given values. */
    public Site withColumns(Map<String, Expr<?>> values) {
        return new Site(txn, t, iterations, values);
    }

    public static Site of(
            Transaction txn,
            Expr<?> t,
            List<Stmt.Foreach> loops,
            List<? extends Expr<?>> elements) {
        Map<Stmt.Foreach, Expr<?>> m = new IdentityHashMap<>();
        for (int i = 0; i < loops.size(); i++) m.put(loops.get(i), elements.get(i));
        return new Site(txn, t, m);
    }

    public Expr<?> element(Stmt.Foreach loop) {
        return iterations.get(loop);
    }
}
