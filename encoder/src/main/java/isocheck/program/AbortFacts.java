package isocheck.program;

import java.util.List;

/**
 * Where a transaction aborts ({@link Stmt.Abort}): under guard {@code guard} (the enclosing IF
 * conditions, and the negated conditions of earlier early exits) inside loops {@code loops}. A
 * committed instance reached none of its aborts: the commit guard the encoder asserts.
 */
public record AbortFacts(Stmt.Abort statement, List<Cond> guard, List<Stmt.Foreach> loops) {

    public AbortFacts {
        guard = List.copyOf(guard);
        loops = List.copyOf(loops);
    }
}
