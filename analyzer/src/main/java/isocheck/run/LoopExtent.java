package isocheck.run;

import isocheck.program.Stmt;
import isocheck.program.Transaction;
import java.util.List;

/**
 * The source lines a loop spans, for a schedule step {@code NAME@LINE#*} (every remaining execution
 * of the loop around LINE in one slot, {@link Schedule}): from the loop's keyword to the last
 * statement of its body.
 */
record LoopExtent(int first, int last) {

    /** Whether a statement at {@code line} comes after the loop (0, the commit, does too). */
    boolean after(int line) {
        return line <= 0 || line > last;
    }

    /** The innermost loop of {@code t} around a SQL statement at {@code line}, or null. */
    static LoopExtent around(Transaction t, int line) {
        return find(t.body(), line);
    }

    private static LoopExtent find(List<Stmt> body, int line) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Foreach f) {
                LoopExtent inner = find(f.body(), line);
                if (inner != null) return inner;
                if (contains(f.body(), line))
                    return new LoopExtent(f.pos().line(), last(f.body(), f.pos().line()));
            } else if (s instanceof Stmt.If i) {
                LoopExtent inner = find(i.thenBranch(), line);
                if (inner == null) inner = find(i.elseBranch(), line);
                if (inner != null) return inner;
            }
        }
        return null;
    }

    private static boolean contains(List<Stmt> body, int line) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Sql && s.pos().line() == line) return true;
            if (s instanceof Stmt.Foreach f && contains(f.body(), line)) return true;
            if (s instanceof Stmt.If i
                    && (contains(i.thenBranch(), line) || contains(i.elseBranch(), line)))
                return true;
        }
        return false;
    }

    private static int last(List<Stmt> body, int from) {
        int out = from;
        for (Stmt s : body) {
            out = Math.max(out, s.pos().line());
            if (s instanceof Stmt.Foreach f) out = Math.max(out, last(f.body(), out));
            if (s instanceof Stmt.If i) {
                out = Math.max(out, last(i.thenBranch(), out));
                out = Math.max(out, last(i.elseBranch(), out));
            }
        }
        return out;
    }
}
