package isocheck.frontend;

import isocheck.program.Assignment;
import isocheck.program.Column;
import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.FactExtractor;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * PL/pgSQL's UPDATE / INSERT / DELETE with what a routine does around them (PostgreSQL manual, §6.4
 * "Returning Data from Modified Rows", the INSERT reference page's ON CONFLICT clause, §43.5.5
 * "Obtaining the Result Status"), each rewritten into the IR's existing statements:
 *
 * <ul>
 *   <li>{@code INSERT … ON CONFLICT [(key)] DO NOTHING} becomes a probe of the key ({@code SELECT
 *       key INTO h … WHERE key = values}) and {@code IF h IS NULL THEN INSERT}; {@code DO UPDATE
 *       SET c = e} adds {@code ELSE UPDATE … SET c = e WHERE key = values}, with {@code EXCLUDED.c}
 *       the value the INSERT gave c. Over-approximation: the database decides the conflict
 *       atomically against the newest version of the key; the decomposition reads the key in the
 *       transaction's view and then writes, which admits every outcome of the atomic statement (a
 *       concurrent insert it cannot see makes its INSERT fail under SQL key uniqueness, as
 *       PostgreSQL's REPEATABLE READ fails it; at READ COMMITTED the statement would instead skip
 *       or update the new row, the execution in which the probe sees that insert) and more. {@code
 *       run} executes the statement natively where the database has it (run.UpsertSql; the
 *       decomposition elsewhere), and a history records the probe as a read either way.
 *   <li>{@code RETURNING c INTO v}: after an INSERT, {@code v := } the value given to c (exact);
 *       after an UPDATE or DELETE whose WHERE names one row by its whole primary key, a SELECT of c
 *       from that row (after the UPDATE: it reads its own write; before the DELETE), into v.
 *   <li>{@code FOUND} and {@code GET DIAGNOSTICS n = ROW_COUNT} after INSERT (1), ON CONFLICT DO
 *       NOTHING (1 when the probe found no row, else 0), DO UPDATE (1), SELECT INTO / PERFORM (0 or
 *       1 for a query into a scalar or a one-row probe; rejected for a row set of many rows),
 *       UPDATE and DELETE (a probe of the rows the WHERE selects, see {@link #statusProbe}).
 * </ul>
 */
final class PlpgsqlDml {

    private final ProgramParser p;

    PlpgsqlDml(ProgramParser p) {
        this.p = p;
    }

    List<Stmt> statement() {
        Token keyword = p.peek();
        int start = p.next;
        int end = p.statementEnd(start);
        int conflict = -1;
        int returning = -1;
        int depth = 0;
        for (int i = start; i < end; i++) {
            Token t = p.tokens.get(i);
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            } else if (depth == 0
                    && t.is("ON")
                    && p.tokens.get(i + 1).is("CONFLICT")
                    && conflict < 0) {
                conflict = i;
            } else if (depth == 0 && t.is("RETURNING")) {
                returning = i;
            }
        }
        int sqlEnd = conflict >= 0 ? conflict : returning >= 0 ? returning : end;
        Stmt.Sql stmt =
                new SqlTranslator(p.schema, p.scope)
                        .translate(p.fragment(start, sqlEnd), p.valueRows(start, sqlEnd));
        List<Stmt> out = new ArrayList<>();
        String rowCount =
                null; // the row set whose non-emptiness (or emptiness) is the row count, "" for 1
        boolean countWhenEmpty = false;
        if (conflict >= 0) {
            Stmt.Insert ins = (Stmt.Insert) stmt;
            int conflictEnd = returning >= 0 ? returning : end;
            String probe = onConflict(ins, conflict, conflictEnd, out);
            if (out.get(out.size() - 1) instanceof Stmt.If i && i.elseBranch().isEmpty()) {
                rowCount = probe; // DO NOTHING: inserted iff the probe found nothing
                countWhenEmpty = true;
                p.scope.foundWhenEmpty(probe);
            } else {
                rowCount = "";
                p.scope.found("");
            }
        } else {
            out.add(stmt);
            if (stmt instanceof Stmt.Insert) {
                rowCount = ""; // a committed INSERT inserted its one row (else it raised)
                p.scope.found("");
            } else if (statusReadNext(end)) {
                rowCount = statusProbe(stmt, keyword, out);
            } else {
                p.scope.foundUnknown(
                        "FOUND after "
                                + keyword.text().toUpperCase()
                                + " is not supported: test the rows with SELECT … INTO first");
            }
        }
        if (returning >= 0) {
            returning(stmt, returning, end, out, conflict >= 0);
        }
        p.next = end + 1;
        p.scope.rowCount(
                new Scope.RowCount(rowCount, countWhenEmpty, keyword.text().toUpperCase()));
        return out;
    }

    /**
     * Whether FOUND or {@code GET DIAGNOSTICS} follows the statement ending at {@code end} before
     * the next statement that would set them anew: only then does an UPDATE or DELETE get its
     * probe, so the reads of routines that do not ask stay as they were.
     */
    private boolean statusReadNext(int end) {
        for (int i = end + 1;
                i < p.tokens.size() && p.tokens.get(i).kind() != Token.Kind.EOF;
                i++) {
            Token t = p.tokens.get(i);
            if (t.is("FOUND") || t.is("GET") && p.tokens.get(i + 1).is("DIAGNOSTICS")) {
                return true;
            }
            if (t.is("SELECT")
                    || t.is("UPDATE")
                    || t.is("INSERT")
                    || t.is("DELETE")
                    || t.is("PERFORM")
                    || t.is("FOR")
                    || t.is("FOREACH")
                    || t.is("RETURN")
                    || t.is("LOOP")) {
                return false;
            }
        }
        return false;
    }

    /**
     * FOUND and ROW_COUNT after {@code UPDATE} / {@code DELETE} (PostgreSQL manual §43.5.5: FOUND
     * is true if at least one row was affected): a probe {@code SELECT key INTO h FROM t WHERE <the
     * statement's WHERE>} just before the statement, and FOUND = h is not empty. Exact where the
     * probe and the statement see the same rows (a snapshot level, or no write in between); at READ
     * COMMITTED the UPDATE re-reads the newest version (§13.2.1), so the model may let probe and
     * statement disagree: an over-approximation (the database's own outcome is among the
     * executions, the probe reading the same fields, key and @alive, that the statement reads).
     * ROW_COUNT is 0 or 1 where the WHERE names one row by the whole primary key; for a WHERE that
     * may match many rows only FOUND is known (ROW_COUNT is refused at GET DIAGNOSTICS).
     */
    private String statusProbe(Stmt.Sql stmt, Token keyword, List<Stmt> out) {
        Table table = p.schema.table(stmt.table()).orElseThrow();
        Cond where = stmt instanceof Stmt.Update u ? u.where() : ((Stmt.Delete) stmt).where();
        SourcePos pos = keyword.pos();
        String probe = p.scope.hiddenName(Names.of(keyword.text()) + "_found");
        List<String> keyColumns = table.primaryKey();
        List<isocheck.program.Field> fields =
                keyColumns.stream()
                        .map(
                                c ->
                                        new isocheck.program.Field(
                                                c, table.column(c).orElseThrow().type()))
                        .toList();
        p.scope.assign(probe, new Type.Rows(Optional.of(table.name()), fields), pos);
        // A DELETE's probe locks what the DELETE locks (FOR UPDATE, PostgreSQL manual §13.3.2:
        // DELETE takes the FOR UPDATE row lock), so it finds rows as the DELETE does: in the
        // snapshot, then in the newest version after the lock wait, a row deleted meanwhile
        // skipped (§13.2.1; InnoDB's locking reads and DELETE both read the newest committed
        // row). FOUND is then exactly the DELETE's, where a plain probe counted a row a
        // concurrent DELETE had already removed (two TPC-C Deliveries of one new order: the
        // second's own DELETE finds nothing and it raises; benchmarks/RESULTS.md stop 34). An
        // UPDATE takes FOR NO KEY UPDATE, which has no counterpart here, so its probe stays plain
        // (an over-approximation, as said above).
        RowLock lock =
                stmt instanceof Stmt.Delete
                        ? new RowLock(RowLock.Strength.UPDATE, RowLock.Wait.WAIT)
                        : RowLock.NONE;
        out.add(
                out.size() - 1,
                new Stmt.Select(
                        probe,
                        table.name(),
                        keyColumns,
                        Optional.empty(),
                        where,
                        List.of(),
                        Optional.empty(),
                        lock,
                        List.of(),
                        stmt.sql(),
                        pos));
        p.scope.found(probe);
        return namesOneRow(table, where) ? probe : null;
    }

    /**
     * {@code GET DIAGNOSTICS n = ROW_COUNT;}: 0 or 1 where the last statement's count is known, as
     * an IF over the probe.
     */
    List<Stmt> getDiagnostics() {
        Token get = p.expectWord("GET");
        p.acceptWord("CURRENT");
        p.expectWord("DIAGNOSTICS");
        Token target = p.identifier("a variable");
        if (!p.acceptSymbol(":=")) {
            p.expectSymbol("=");
        }
        Token item = p.identifier("ROW_COUNT");
        if (!item.is("ROW_COUNT")) {
            throw new ProgramError(
                    item.pos(),
                    "only GET DIAGNOSTICS n = ROW_COUNT is supported, found " + item.describe());
        }
        if (p.peek().isSymbol(",")) {
            throw new ProgramError(p.peek().pos(), "one item per GET DIAGNOSTICS");
        }
        p.expectSymbol(";");
        Scope.RowCount rc = p.scope.rowCount();
        if (rc == null || rc.rowSet() == null) {
            throw new ProgramError(
                    get.pos(),
                    "ROW_COUNT "
                            + (rc == null ? "before any statement" : "after " + rc.after())
                            + " is not supported (known after INSERT, INSERT … ON CONFLICT, a SELECT INTO of at most one row, and an UPDATE or "
                            + "DELETE whose WHERE names one row by the whole primary key; after one that may change many rows, test FOUND)");
        }
        SourcePos pos = get.pos();
        String name = Names.of(target.text());
        p.scope.assign(name, new Type.Scalar(ScalarType.INT), target.pos());
        if (rc.rowSet().isEmpty()) {
            return List.of(new Stmt.Assign(name, new Expr.IntLit(1, pos), pos));
        }
        Cond one = new Cond.IsNull(rc.rowSet(), !rc.whenEmpty(), pos);
        if (p.scope.inLoop()) {
            // in a loop, one assignment of a CASE: a local assigned once in the iteration, before
            // its reads, is that expression there (encoding.IterationDefinition), where the IF's
            // two assignments left it free (PathAssignment is for locals outside loops), and a
            // TPC-C Delivery could go past `IF result <> 1 THEN RAISE` with a DELETE that found
            // nothing (benchmarks/RESULTS.md stop 34)
            return List.of(
                    new Stmt.Assign(
                            name,
                            new Expr.Case(
                                    List.of(one),
                                    List.of(new Expr.IntLit(1, pos)),
                                    new Expr.IntLit(0, pos),
                                    pos),
                            pos));
        }
        return List.of(
                new Stmt.If(
                        one,
                        List.of(new Stmt.Assign(name, new Expr.IntLit(1, pos), pos)),
                        List.of(new Stmt.Assign(name, new Expr.IntLit(0, pos), pos)),
                        pos));
    }

    /** The key probe and the conditional INSERT (and UPDATE); returns the probe's row set. */
    private String onConflict(Stmt.Insert ins, int from, int to, List<Stmt> out) {
        Table table = p.schema.table(ins.table()).orElseThrow();
        SourcePos pos = p.tokens.get(from).pos();
        int i = from + 2; // ON CONFLICT
        if (p.tokens.get(i).isSymbol("(")) {
            Set<String> target = new HashSet<>();
            i++;
            while (!p.tokens.get(i).isSymbol(")")) {
                Token c = p.tokens.get(i);
                if (c.kind() == Token.Kind.WORD) {
                    target.add(Names.of(c.text()));
                } else if (!c.isSymbol(",")) {
                    throw new ProgramError(
                            c.pos(), "ON CONFLICT (…) lists columns, found " + c.describe());
                }
                i++;
            }
            i++;
            if (!target.equals(new HashSet<>(table.primaryKey()))) {
                throw new ProgramError(
                        pos,
                        "ON CONFLICT must name the primary key of "
                                + table.name()
                                + " ("
                                + String.join(", ", table.primaryKey())
                                + "): isocheck models no other unique constraint");
            }
        } else if (p.tokens.get(i).is("ON")) {
            throw new ProgramError(
                    p.tokens.get(i).pos(),
                    "ON CONFLICT ON CONSTRAINT is not supported; name the key columns: ON CONFLICT (…)");
        }
        if (!p.tokens.get(i).is("DO")) {
            throw new ProgramError(
                    p.tokens.get(i).pos(),
                    "expected DO NOTHING or DO UPDATE SET …, found " + p.tokens.get(i).describe());
        }
        i++;
        Map<String, Expr> values = new LinkedHashMap<>();
        for (int k = 0; k < ins.columns().size(); k++) {
            values.put(ins.columns().get(k), ins.values().get(k));
        }
        Cond key = keyCondition(table, values, pos);
        String probe = p.scope.hiddenName("conflict");
        List<String> keyColumns = table.primaryKey();
        List<isocheck.program.Field> fields =
                keyColumns.stream()
                        .map(
                                c ->
                                        new isocheck.program.Field(
                                                c, table.column(c).orElseThrow().type()))
                        .toList();
        p.scope.assign(probe, new Type.Rows(Optional.of(table.name()), fields), pos);
        out.add(
                new Stmt.Select(
                        probe, table.name(), keyColumns, Optional.empty(), key, ins.sql(), pos));
        Cond absent = new Cond.IsNull(probe, false, pos);
        if (p.tokens.get(i).is("NOTHING")) {
            if (i + 1 != to) {
                throw new ProgramError(
                        p.tokens.get(i + 1).pos(),
                        "unexpected " + p.tokens.get(i + 1).describe() + " after DO NOTHING");
            }
            out.add(new Stmt.If(absent, List.of(ins), List.of(), pos));
            return probe;
        }
        if (!p.tokens.get(i).is("UPDATE") || !p.tokens.get(i + 1).is("SET")) {
            throw new ProgramError(
                    p.tokens.get(i).pos(),
                    "expected DO NOTHING or DO UPDATE SET …, found " + p.tokens.get(i).describe());
        }
        i += 2;
        List<Assignment> sets = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        while (i < to) {
            Token column = p.identifier0(i);
            if (!p.tokens.get(i + 1).isSymbol("=")) {
                throw new ProgramError(
                        p.tokens.get(i + 1).pos(), "expected column = expression in DO UPDATE SET");
            }
            int valueStart = i + 2;
            int valueEnd = valueStart;
            int d = 0;
            while (valueEnd < to
                    && !(d == 0
                            && (p.tokens.get(valueEnd).isSymbol(",")
                                    || p.tokens.get(valueEnd).is("WHERE")))) {
                if (p.tokens.get(valueEnd).isSymbol("(")) {
                    d++;
                } else if (p.tokens.get(valueEnd).isSymbol(")")) {
                    d--;
                }
                valueEnd++;
            }
            if (valueEnd < to && p.tokens.get(valueEnd).is("WHERE")) {
                throw new ProgramError(
                        p.tokens.get(valueEnd).pos(), "DO UPDATE … WHERE is not supported");
            }
            if (valueEnd == valueStart) {
                throw new ProgramError(p.tokens.get(i + 1).pos(), "expected an expression after =");
            }
            String name = Names.of(column.text());
            Column col =
                    table.column(name)
                            .orElseThrow(
                                    () ->
                                            new ProgramError(
                                                    column.pos(),
                                                    "unknown column "
                                                            + column.text()
                                                            + " in table "
                                                            + table.name()));
            if (table.isKey(name)) {
                throw new ProgramError(column.pos(), "cannot SET primary-key column " + name);
            }
            if (!seen.add(name)) {
                throw new ProgramError(column.pos(), "column " + name + " is SET twice");
            }
            Fragment f = p.fragment(valueStart, valueEnd);
            Expr value =
                    ExprTranslator.conflictUpdate(f, p.scope, table, values)
                            .expr(f.parseExpression());
            if (value.type() != col.type()) {
                throw new ProgramError(
                        value.pos(),
                        "cannot assign "
                                + value.type().sqlName()
                                + " "
                                + value.text()
                                + " to "
                                + col.type().sqlName()
                                + " column "
                                + name);
            }
            sets.add(new Assignment(name, value, column.pos()));
            i = valueEnd < to ? valueEnd + 1 : valueEnd;
        }
        Stmt.Update update = new Stmt.Update(table.name(), sets, key, ins.sql(), pos);
        out.add(new Stmt.If(absent, List.of(ins), List.of(update), pos));
        return probe;
    }

    /** {@code k1 = v1 AND k2 = v2 …} over the table's key, the values given by the INSERT. */
    private static Cond keyCondition(Table table, Map<String, Expr> values, SourcePos pos) {
        Cond key = null;
        for (String k : table.primaryKey()) {
            Column c = table.column(k).orElseThrow();
            Cond eq =
                    new Cond.Compare(
                            CompareOp.EQ,
                            new Expr.ColumnRef(table.name(), k, c.type(), pos),
                            values.get(k),
                            pos);
            key = key == null ? eq : new Cond.And(key, eq, pos);
        }
        return key;
    }

    /** {@code RETURNING col INTO v}. */
    private void returning(Stmt.Sql stmt, int from, int to, List<Stmt> out, boolean afterConflict) {
        Token keyword = p.tokens.get(from);
        int into = -1;
        for (int i = from + 1; i < to; i++) {
            if (p.tokens.get(i).is("INTO")) {
                into = i;
                break;
            }
        }
        if (into < 0) {
            throw new ProgramError(keyword.pos(), "RETURNING needs INTO a variable in PL/pgSQL");
        }
        if (into != from + 2 || p.tokens.get(from + 1).kind() != Token.Kind.WORD) {
            throw new ProgramError(
                    p.tokens.get(from + 1).pos(),
                    "RETURNING one column INTO one variable is supported (RETURNING c INTO v)");
        }
        if (into + 2 != to || p.tokens.get(into + 1).kind() != Token.Kind.WORD) {
            throw new ProgramError(
                    p.tokens.get(into + 1).pos(), "RETURNING … INTO takes one variable");
        }
        Token columnToken = p.tokens.get(from + 1);
        Token target = p.tokens.get(into + 1);
        Table table = p.schema.table(stmt.table()).orElseThrow();
        String column = Names.of(columnToken.text());
        Column col =
                table.column(column)
                        .orElseThrow(
                                () ->
                                        new ProgramError(
                                                columnToken.pos(),
                                                "unknown column "
                                                        + columnToken.text()
                                                        + " in table "
                                                        + table.name()));
        String name = Names.of(target.text());
        SourcePos pos = keyword.pos();
        if (afterConflict) {
            throw new ProgramError(
                    pos,
                    "RETURNING after ON CONFLICT is not supported; SELECT … INTO the row afterwards");
        }
        if (stmt instanceof Stmt.Insert ins) {
            int k = ins.columns().indexOf(column);
            if (k < 0) {
                throw new ProgramError(
                        columnToken.pos(),
                        "RETURNING " + column + ": the INSERT gives no value for it");
            }
            p.scope.assign(name, new Type.Scalar(col.type()), target.pos());
            out.add(new Stmt.Assign(name, ins.values().get(k), pos));
            return;
        }
        Cond where = stmt instanceof Stmt.Update u ? u.where() : ((Stmt.Delete) stmt).where();
        if (!namesOneRow(table, where)) {
            throw new ProgramError(
                    pos,
                    "RETURNING after "
                            + (stmt instanceof Stmt.Update ? "UPDATE" : "DELETE")
                            + " is supported when its WHERE names one row by the whole primary key ("
                            + String.join(", ", table.primaryKey())
                            + ")");
        }
        String hidden = p.scope.hiddenName(name);
        p.scope.assign(
                hidden,
                new Type.Rows(
                        Optional.of(table.name()),
                        List.of(new isocheck.program.Field(column, col.type()))),
                pos);
        Stmt.Select read =
                new Stmt.Select(
                        hidden,
                        table.name(),
                        List.of(column),
                        Optional.empty(),
                        where,
                        stmt.sql(),
                        pos);
        Variable v = p.scope.read(hidden, pos);
        p.scope.assign(name, new Type.Scalar(col.type()), target.pos());
        Stmt.Assign copy =
                new Stmt.Assign(name, new Expr.VarRef(v.name(), null, col.type(), pos), pos);
        if (stmt instanceof Stmt.Delete) {
            out.add(out.size() - 1, read); // the row before it is deleted
            out.add(copy);
        } else {
            out.add(read); // the row as the UPDATE left it (a transaction reads its own writes)
            out.add(copy);
        }
    }

    /**
     * Whether a WHERE is exactly equalities fixing every primary-key column to values that read no
     * column.
     */
    private static boolean namesOneRow(Table table, Cond where) {
        Set<String> pinned = new HashSet<>();
        for (Cond c : FactExtractor.conjuncts(where)) {
            if (!(c instanceof Cond.Compare cmp) || cmp.op() != CompareOp.EQ) {
                return false;
            }
            if (cmp.left() instanceof Expr.ColumnRef col
                    && table.isKey(col.column())
                    && !cmp.right().readsColumns()) {
                pinned.add(col.column());
            } else if (cmp.right() instanceof Expr.ColumnRef col
                    && table.isKey(col.column())
                    && !cmp.left().readsColumns()) {
                pinned.add(col.column());
            } else {
                return false;
            }
        }
        return pinned.equals(new HashSet<>(table.primaryKey()));
    }
}
