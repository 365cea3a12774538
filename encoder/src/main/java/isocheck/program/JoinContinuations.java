package isocheck.program;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The SELECTs that continue one SQL join. The frontend reads a join of tables t1, …, tn INTO a
 * record as n SELECTs in a row, one per table ({@link Stmt.Select#isJoin}: the last lists the
 * earlier ones); the database runs it as the one statement it is written as, with one snapshot
 * (PostgreSQL manual, chapter "Concurrency Control", §13.2.1: "a SELECT query … sees only data
 * committed before the query began"). The continuations are the parts after the first and the last
 * SELECT: each reads the snapshot the first part took.
 *
 * <p>A PERFORM of a join and a FOR loop over a join's rows are read as SELECTs that do not list
 * each other (frontend.JoinTranslator#perform, JoinLoop): they keep a snapshot each, which admits
 * more executions than the database has (sound).
 */
public final class JoinContinuations {

    private JoinContinuations() {}

    /** The continuations among the statements of {@code body} and its nested blocks. */
    public static Set<Stmt.Select> of(List<Stmt> body) {
        Set<Stmt.Select> out = new HashSet<>();
        for (Stmt s : Blocks.flatten(body)) {
            if (!(s instanceof Stmt.Select sel) || !sel.isJoin()) continue;
            List<Stmt.Select> parts = sel.joinedFrom();
            out.addAll(parts.subList(1, parts.size()));
            out.add(sel);
        }
        return out;
    }
}
