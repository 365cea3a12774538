package isocheck.program;

import java.util.ArrayList;
import java.util.List;

/**
 * The nested blocks of statements (IF branches, FOREACH bodies): the one place that knows which
 * statements contain others, so a walk over every statement of a body is written once.
 */
public final class Blocks implements Stmt.Visitor<List<List<Stmt>>> {

    private static final Blocks INSTANCE = new Blocks();

    private Blocks() {}

    /** The blocks directly inside {@code s} (none for a simple statement). */
    public static List<List<Stmt>> of(Stmt s) {
        return s.accept(INSTANCE);
    }

    /**
     * Every statement of {@code body} and of the blocks nested in it, in program order (pre-order).
     */
    public static List<Stmt> flatten(List<Stmt> body) {
        List<Stmt> out = new ArrayList<>();
        addAll(body, out);
        return out;
    }

    private static void addAll(List<Stmt> body, List<Stmt> out) {
        for (Stmt s : body) {
            out.add(s);
            for (List<Stmt> inner : of(s)) {
                addAll(inner, out);
            }
        }
    }

    @Override
    public List<List<Stmt>> visitIf(Stmt.If ifStmt) {
        return List.of(ifStmt.thenBranch(), ifStmt.elseBranch());
    }

    @Override
    public List<List<Stmt>> visitForeach(Stmt.Foreach foreach) {
        return List.of(foreach.body());
    }

    @Override
    public List<List<Stmt>> visitSelect(Stmt.Select select) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitUpdate(Stmt.Update update) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitInsert(Stmt.Insert insert) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitDelete(Stmt.Delete delete) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitAssign(Stmt.Assign assign) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitChoose(Stmt.Choose choose) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitSkip(Stmt.Skip skip) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitAbort(Stmt.Abort abort) {
        return List.of();
    }

    @Override
    public List<List<Stmt>> visitReturn(Stmt.Return returnStmt) {
        return List.of();
    }
}
