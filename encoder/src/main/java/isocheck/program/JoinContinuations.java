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
 * <p>A PERFORM of a join is read as SELECTs that do not list each other
 * (frontend.JoinTranslator#perform), one after another in one block and at the one source position
 * of the PERFORM: each after the first continues it too, as one SQL statement run once takes one
 * snapshot (BenchBase AuctionMark's GetUserInfo: its PERFORM of useracct_item and item saw a
 * NewPurchase's item update and missed its useracct_item insert, a read skew inside one statement
 * with no schedule, benchmarks/RESULTS.md stop 29). A FOR loop over a join's rows reads the later
 * tables per iteration (JoinLoop): they keep a snapshot each, which admits more executions than the
 * database has (sound).
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
        performChains(body, out);
        return out;
    }

    /**
     * Adds each SELECT that directly follows another SELECT of the same block at the same source
     * position (the parts of one PERFORM of a join), in this block and the nested ones.
     */
    private static void performChains(List<Stmt> block, Set<Stmt.Select> out) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            if (i > 0
                    && s instanceof Stmt.Select sel
                    && block.get(i - 1) instanceof Stmt.Select prev
                    && sel.pos() != null
                    && sel.pos().equals(prev.pos())) out.add(sel);
            for (List<Stmt> inner : Blocks.of(s)) performChains(inner, out);
        }
    }
}
