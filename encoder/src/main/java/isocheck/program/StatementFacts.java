package isocheck.program;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the encoder needs to know about one SQL statement of a transaction (paper §4.3): its guard Λ
 * (the enclosing IF conditions, else-branches negated), the FOREACH loops around it (outermost
 * first, so {@code loops.size()} is its nesting depth), the fields it reads and writes, and the
 * primary-key fields its WHERE clause (or INSERT) pins to record-independent expressions.
 *
 * <p>{@link #ALIVE} is the paper's {@code Alive} field: every statement that selects records reads
 * it, INSERT and DELETE write it. Field sets and key pins keep the table's column order, Alive
 * last.
 */
public record StatementFacts(
        String id,
        Stmt.Sql statement,
        List<Cond> guard,
        List<Stmt.Foreach> loops,
        String table,
        Set<String> reads,
        Set<String> writes,
        Map<String, Expr> keyPins,
        boolean pinsWholeKey) {

    /**
     * The pseudo-field for the paper's Alive (not a legal SQL identifier, so never a real column).
     */
    public static final String ALIVE = "@alive";

    public StatementFacts {
        guard = List.copyOf(guard);
        loops = List.copyOf(loops);
        reads = Collections.unmodifiableSet(new LinkedHashSet<>(reads));
        writes = Collections.unmodifiableSet(new LinkedHashSet<>(writes));
        keyPins = Collections.unmodifiableMap(new LinkedHashMap<>(keyPins));
    }

    /** SELECT, UPDATE, INSERT or DELETE. */
    public String kind() {
        return statement.accept(
                new Stmt.SqlVisitor<String>() {
                    @Override
                    public String visitSelect(Stmt.Select select) {
                        return "SELECT";
                    }

                    @Override
                    public String visitUpdate(Stmt.Update update) {
                        return "UPDATE";
                    }

                    @Override
                    public String visitInsert(Stmt.Insert insert) {
                        return "INSERT";
                    }

                    @Override
                    public String visitDelete(Stmt.Delete delete) {
                        return "DELETE";
                    }
                });
    }

    public boolean isWrite() {
        return !writes.isEmpty();
    }
}
