package isocheck.run;

import isocheck.program.Assignment;
import isocheck.program.Blocks;
import isocheck.program.Columns;
import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fields of the updated row that an UPDATE's SET expressions read ({@code SET w_ytd = w_ytd +
 * :x} reads {@code w_ytd}; {@code SET a = b} reads {@code b}). The database reads them from the
 * very row version the UPDATE overwrites, so the recorder logs each as a read, before the UPDATE's
 * writes.
 *
 * <p>A read field the same UPDATE also writes has its version column overwritten by the statement,
 * so its old version is copied, in the same statement, into a "previous version" column ({@code
 * isocheck_p_<col>}): {@code SET f = f + ?, isocheck_v_f = ?, isocheck_p_f = isocheck_v_f}. Every
 * SET right-hand side sees the row as it was before the UPDATE (SQL:2016 Part 2 §14.15 General
 * Rules; PostgreSQL and H2 both follow it, asserted by the run tests), so the copy names exactly
 * the version the new value was computed from.
 *
 * <p>One scheme for both databases: PostgreSQL 15 has no {@code RETURNING OLD.col}; H2's {@code OLD
 * TABLE (UPDATE …)} would need no extra column but was not cheaper on TPC-C (median 178 against 194
 * committed/s, benchmarks/RESULTS.md "recording read-modify-write UPDATEs").
 */
final class UpdateReads {

    static final String PREV_PREFIX = "isocheck_p_";
    static final String PREV_ROW = "isocheck_prow";

    private UpdateReads() {}

    /** The columns the SET right-hand sides of {@code u} read, in first-occurrence order. */
    static List<String> of(Stmt.Update u) {
        Set<String> out = new LinkedHashSet<>();
        for (Assignment a : u.assignments()) {
            out.addAll(Columns.of(a.value()));
        }
        return new ArrayList<>(out);
    }

    /**
     * Whether reading {@code column} needs its previous-version column: {@code u} overwrites the
     * version column that names the version read.
     */
    static boolean needsPrevious(Table t, Stmt.Update u, String column) {
        String version = SqlGen.versionColumn(t, column);
        return u.assignments().stream()
                .anyMatch(a -> SqlGen.versionColumn(t, a.column()).equals(version));
    }

    /**
     * The non-key fields {@code u} assigns, in first-assignment order: for each the recorder logs
     * the version the write replaced ({@link isocheck.history.History#replaced}), read from the
     * same previous-version column as a read field's. The database builds the new row version from
     * the one it replaces (PostgreSQL manual §13.2.1: at READ COMMITTED a blocked UPDATE applies to
     * the newest version once the other writer commits), so this is the version order of the field;
     * without it a blind write's order would be left to the checker's search, which may contradict
     * the row's order the predicate reads were derived from.
     */
    static List<String> replaced(Table t, Stmt.Update u) {
        Set<String> out = new LinkedHashSet<>();
        for (Assignment a : u.assignments()) {
            if (!t.isKey(a.column())) {
                out.add(a.column());
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The fields of {@link #replaced} whose replaced version the UPDATE returns after the read
     * fields' versions: those it does not also read (for a read field the version read is the one
     * replaced, already returned).
     */
    static List<String> replacedNotRead(Table t, Stmt.Update u) {
        List<String> out = new ArrayList<>(replaced(t, u));
        out.removeAll(of(u));
        return out;
    }

    static String previousColumn(Table t, String column) {
        return t.isKey(column) ? PREV_ROW : PREV_PREFIX + column;
    }

    /** Per table, the previous-version columns some UPDATE of the program needs. */
    static Map<String, Set<String>> previousColumns(Program program) {
        Map<String, Set<String>> out = new HashMap<>();
        for (Transaction t : program.transactions()) {
            collect(program, t.body(), out);
        }
        return out;
    }

    private static void collect(Program program, List<Stmt> body, Map<String, Set<String>> out) {
        for (Stmt s : Blocks.flatten(body)) {
            if (s instanceof Stmt.Update u) {
                Table t = program.schema().table(u.table()).orElseThrow();
                for (String c : replaced(t, u)) { // every assigned field: the version replaced
                    out.computeIfAbsent(t.name(), k -> new LinkedHashSet<>())
                            .add(previousColumn(t, c));
                }
                for (String c : of(u)) {
                    if (needsPrevious(t, u, c)) {
                        out.computeIfAbsent(t.name(), k -> new LinkedHashSet<>())
                                .add(previousColumn(t, c));
                    }
                }
            }
        }
    }
}
