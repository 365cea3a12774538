package isocheck.frontend;

import isocheck.program.Aggregate;
import isocheck.program.Assignment;
import isocheck.program.Column;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.OrderKey;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.update.UpdateSet;

/**
 * Translates one SQL statement of a transaction body (parsed by JSqlParser) into the IR: the
 * paper's single-table SELECT, SELECT MIN/MAX/COUNT, UPDATE, INSERT and DELETE (§3.1), with SUM,
 * AVG, COUNT(DISTINCT c), ORDER BY … LIMIT n and the locking clause FOR UPDATE/SHARE [NOWAIT | SKIP
 * LOCKED]. Everything beyond that grammar is rejected with the construct's name and what to write
 * instead.
 */
final class SqlTranslator {

    private final Schema schema;
    private final Scope scope;

    SqlTranslator(Schema schema, Scope scope) {
        this.schema = schema;
        this.scope = scope;
    }

    /** The row set a SELECT without INTO fills (PL/pgSQL's PERFORM), or null: INTO is required. */
    private String implicitTarget;

    /**
     * After {@link #translatePerform} of a join: the SELECTs before the returned one, and what
     * FOUND is.
     */
    private JoinTranslator.PerformChain performChain;

    JoinTranslator.PerformChain performChain() {
        return performChain;
    }

    /**
     * Whether a single-table SELECT may list expressions and aliases (PL/pgSQL's SELECT … INTO and
     * PERFORM, whose callers assign the values: {@link SelectListExpression}).
     */
    private boolean selectListExpressions;

    /** After a SELECT with expressions in its list: the expressions, in list order. */
    private final List<SelectListExpression> expressions = new ArrayList<>();

    List<SelectListExpression> expressions() {
        return List.copyOf(expressions);
    }

    /** After a single-table SELECT: how many items its list has. */
    private int selectItems;

    int selectItems() {
        return selectItems;
    }

    /** PL/pgSQL's {@code SELECT … INTO}: the SELECT list may hold expressions and aliases. */
    Stmt.Sql translateSelectInto(Fragment fragment) {
        selectListExpressions = true;
        return translate(fragment, 1);
    }

    /**
     * A PERFORM: a SELECT whose rows go to {@code target} (for FOUND) instead of an INTO variable.
     */
    Stmt.Sql translatePerform(Fragment fragment, String target) {
        implicitTarget = target;
        selectListExpressions = true;
        return translate(fragment, 1);
    }

    /**
     * @param valueRows the number of parenthesised rows after VALUES, counted by the caller's
     *     tokens
     */
    Stmt.Sql translate(Fragment fragment, int valueRows) {
        Statement statement = fragment.parseStatement();
        SourcePos pos = fragment.start();
        if (statement instanceof PlainSelect select) {
            return select(select, fragment);
        }
        if (statement instanceof Select) {
            throw new ProgramError(
                    pos,
                    "only a plain single-table SELECT is supported (no UNION, WITH or VALUES)");
        }
        if (statement instanceof Update update) {
            return update(update, fragment);
        }
        if (statement instanceof Insert insert) {
            return insert(insert, fragment, valueRows);
        }
        if (statement instanceof Delete delete) {
            return delete(delete, fragment);
        }
        throw new ProgramError(
                pos,
                "unsupported statement "
                        + statement.getClass().getSimpleName()
                        + " (supported: SELECT … INTO, UPDATE, INSERT, DELETE)");
    }

    Stmt.Select select(PlainSelect s, Fragment f) {
        SourcePos pos = f.start();
        reject(
                s.getWithItemsList() != null && !s.getWithItemsList().isEmpty(),
                pos,
                "WITH is not supported");
        if (s.getJoins() != null && !s.getJoins().isEmpty()) {
            if ((s.getIntoTables() == null || s.getIntoTables().isEmpty())
                    && implicitTarget != null) {
                performChain = new JoinTranslator(schema, scope).perform(s, f, implicitTarget);
                return performChain.last();
            }
            return new JoinTranslator(schema, scope).join(s, f);
        }
        reject(
                s.getDistinct() != null,
                pos,
                "DISTINCT is not supported (a row set never holds duplicates of a record)");
        reject(
                s.getGroupBy() != null || s.getHaving() != null,
                pos,
                "GROUP BY and HAVING are not supported; use SELECT MIN/MAX/COUNT(col) INTO v");
        reject(
                s.getOffset() != null
                        || s.getFetch() != null
                        || s.getTop() != null
                        || s.getLimitBy() != null
                        || (s.getLimit() != null && s.getLimit().getOffset() != null),
                pos,
                "OFFSET/FETCH/TOP are not supported; use ORDER BY col LIMIT n");
        RowLock lock = lock(s, f);
        var into = s.getIntoTables();
        String target;
        SourcePos targetPos;
        if ((into == null || into.isEmpty()) && implicitTarget != null) {
            target = implicitTarget; // PL/pgSQL's PERFORM: the rows only set FOUND
            targetPos = pos;
        } else {
            if (into == null || into.isEmpty()) {
                throw new ProgramError(
                        pos, "SELECT needs INTO variable (SELECT cols INTO v FROM …)");
            }
            reject(
                    into.size() > 1,
                    pos,
                    "SELECT … INTO takes one variable; it holds all selected columns (v.col)");
            target =
                    scope.plpgsql()
                            ? scope.intoTarget(into.get(0).getFullyQualifiedName())
                            : Names.of(into.get(0).getFullyQualifiedName());
            targetPos = f.posOf(into.get(0), pos);
        }
        Table table = table(s.getFromItem(), f, pos);
        String alias =
                s.getFromItem().getAlias() == null
                        ? null
                        : Names.of(s.getFromItem().getAlias().getName());
        ExprTranslator exprs = ExprTranslator.sql(f, scope, table, alias);

        List<String> columns = new ArrayList<>();
        Optional<Aggregate> aggregate = Optional.empty();
        selectItems = s.getSelectItems().size();
        for (SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            SourcePos itemPos = exprs.pos(e);
            // an alias of the one aggregate names nothing the program sees (its value goes INTO a
            // scalar): BenchBase writes SUM(ol_amount) AS ol_total
            if (selectListExpressions
                    && !(e instanceof AllColumns)
                    && !(e instanceof Function)
                    && (item.getAlias() != null
                            || !(e instanceof net.sf.jsqlparser.schema.Column))) {
                // an expression or an alias (SelectListExpression): read the columns it names
                Expr value = exprs.expr(e);
                for (String c : isocheck.program.Columns.of(value)) {
                    if (!columns.contains(c)) columns.add(c);
                }
                expressions.add(
                        new SelectListExpression(
                                item.getAlias() == null
                                        ? null
                                        : Names.of(item.getAlias().getName()),
                                value,
                                itemPos));
                continue;
            }
            reject(
                    item.getAlias() != null
                            && !(e instanceof Function && s.getSelectItems().size() == 1),
                    itemPos,
                    "column aliases are not supported; name the column as v.col");
            if (e instanceof AllColumns
                    && !(e instanceof net.sf.jsqlparser.statement.select.AllTableColumns)) {
                table.columns().forEach(c -> columns.add(c.name()));
            } else if (e instanceof Function fn) {
                reject(
                        s.getSelectItems().size() > 1,
                        itemPos,
                        "an aggregate must be the only selected item (one SELECT MIN/MAX/COUNT(col) INTO v per aggregate)");
                aggregate = Optional.of(aggregate(fn, table, exprs, itemPos));
            } else if (e instanceof net.sf.jsqlparser.schema.Column) {
                Expr c = exprs.expr(e);
                String name = ((Expr.ColumnRef) c).column();
                reject(
                        columns.contains(name) && expressions.isEmpty(),
                        itemPos,
                        "column " + name + " is selected twice");
                if (columns.contains(name)) continue; // also read for an expression before it
                columns.add(name);
            } else {
                throw new ProgramError(
                        itemPos,
                        "SELECT lists columns, *, or one MIN/MAX/COUNT(col); found '" + e + "'");
            }
        }
        if (columns.isEmpty() && !expressions.isEmpty()) {
            // SELECT 1 INTO v …: the row set still holds the rows found (their key)
            columns.add(table.primaryKey().get(0));
        }
        reject(
                !expressions.isEmpty() && aggregate.isPresent(),
                pos,
                "an aggregate must be the only selected item (one SELECT MIN/MAX/COUNT(col) INTO v per aggregate)");
        Cond where = s.getWhere() == null ? new Cond.Const(true, pos) : exprs.cond(s.getWhere());
        List<OrderKey> orderBy = orderBy(s, exprs);
        Optional<Long> limit = limit(s, f, exprs);
        if (aggregate.isPresent()) {
            // PostgreSQL: "FOR UPDATE is not allowed with aggregate functions"; an aggregate has
            // one row
            reject(
                    lock.locks(),
                    pos,
                    "FOR UPDATE/SHARE is not allowed with an aggregate (PostgreSQL rejects it); "
                            + "lock the rows with a separate SELECT … FOR UPDATE");
            reject(
                    !orderBy.isEmpty() || limit.isPresent(),
                    pos,
                    "ORDER BY/LIMIT with an aggregate is not supported (it has one row)");
        }
        Type type;
        if (aggregate.isPresent()) {
            type = new Type.Scalar(aggregateType(aggregate.get(), table));
        } else {
            List<Field> fields =
                    columns.stream()
                            .map(c -> new Field(c, table.column(c).orElseThrow().type()))
                            .toList();
            type = new Type.Rows(Optional.of(table.name()), fields);
        }
        scope.assign(target, type, targetPos);
        return new Stmt.Select(
                target,
                table.name(),
                columns,
                aggregate,
                where,
                orderBy,
                limit,
                lock,
                List.of(),
                f.text(),
                pos);
    }

    /**
     * {@code FOR UPDATE | FOR SHARE [NOWAIT | SKIP LOCKED]} (PostgreSQL manual, SELECT, "The
     * Locking Clause"). FOR NO KEY UPDATE / KEY SHARE, OF table and WAIT n are refused.
     */
    static RowLock lock(PlainSelect s, Fragment f) {
        SourcePos pos = f.start();
        reject(s.getForClause() != null, pos, "FOR XML/JSON/BROWSE is not supported");
        if (s.getForMode() == null) {
            reject(
                    s.isNoWait() || s.isSkipLocked() || s.getWait() != null,
                    pos,
                    "NOWAIT/SKIP LOCKED need FOR UPDATE or FOR SHARE");
            return RowLock.NONE;
        }
        RowLock.Strength strength =
                switch (s.getForMode()) {
                    case UPDATE -> RowLock.Strength.UPDATE;
                    case SHARE -> RowLock.Strength.SHARE;
                    default ->
                            throw new ProgramError(
                                    pos,
                                    "FOR "
                                            + s.getForMode().getValue()
                                            + " is not supported (supported: FOR UPDATE, FOR SHARE, with NOWAIT or SKIP LOCKED)");
                };
        reject(
                s.getForUpdateTable() != null,
                f.posOf(s.getForUpdateTable(), pos),
                "FOR UPDATE OF table is not supported: a SELECT reads one table, write FOR UPDATE");
        reject(
                s.getWait() != null,
                pos,
                "WAIT n is not supported (supported: NOWAIT, SKIP LOCKED)");
        RowLock.Wait wait =
                s.isSkipLocked()
                        ? RowLock.Wait.SKIP_LOCKED
                        : s.isNoWait() ? RowLock.Wait.NOWAIT : RowLock.Wait.WAIT;
        return new RowLock(strength, wait);
    }

    /** ORDER BY over columns of the table, each ASC or DESC (NULLS FIRST/LAST refused). */
    private static List<OrderKey> orderBy(PlainSelect s, ExprTranslator exprs) {
        List<OrderKey> keys = new ArrayList<>();
        if (s.getOrderByElements() == null) {
            return keys;
        }
        for (OrderByElement e : s.getOrderByElements()) {
            SourcePos pos = exprs.pos(e.getExpression());
            reject(
                    !(e.getExpression() instanceof net.sf.jsqlparser.schema.Column),
                    pos,
                    "ORDER BY takes columns of the table; found '" + e.getExpression() + "'");
            reject(e.getNullOrdering() != null, pos, "NULLS FIRST/LAST is not supported");
            String column = ((Expr.ColumnRef) exprs.expr(e.getExpression())).column();
            reject(
                    keys.stream().anyMatch(k -> k.column().equals(column)),
                    pos,
                    "column " + column + " is ordered by twice");
            keys.add(new OrderKey(column, !e.isAsc()));
        }
        return keys;
    }

    /** {@code LIMIT n} with an integer literal n >= 1. */
    private static Optional<Long> limit(PlainSelect s, Fragment f, ExprTranslator exprs) {
        Limit limit = s.getLimit();
        if (limit == null) {
            return Optional.empty();
        }
        SourcePos pos = f.posOf(limit, f.start());
        reject(
                limit.isLimitAll() || limit.isLimitNull(),
                pos,
                "LIMIT ALL/NULL is not supported: leave LIMIT out");
        Expression n = limit.getRowCount();
        SourcePos at = n == null ? pos : exprs.pos(n);
        String refusal = "LIMIT takes an integer literal of at least 1; found '" + n + "'";
        reject(!(n instanceof LongValue), at, refusal);
        // 2^63 and up: the integer-literal range error, not a crash
        long rows = ExprTranslator.intLiteral((LongValue) n, at);
        reject(rows < 1, at, refusal);
        return Optional.of(rows);
    }

    /** The type of an aggregate's value: its column's for MIN/MAX, INT for COUNT, SUM and AVG. */
    static ScalarType aggregateType(Aggregate aggregate, Table table) {
        if (!aggregate.isExtremum() || aggregate.column().isEmpty()) return ScalarType.INT;
        return table.column(aggregate.column().get()).orElseThrow().type();
    }

    static Aggregate aggregate(Function fn, Table table, ExprTranslator exprs, SourcePos pos) {
        Aggregate.Function function;
        try {
            function = Aggregate.Function.valueOf(fn.getName().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw new ProgramError(
                    pos,
                    "function "
                            + fn.getName()
                            + " is not supported; aggregates are MIN, MAX, COUNT, SUM and AVG");
        }
        reject(fn.isUnique(), pos, "UNIQUE inside an aggregate is not supported");
        reject(
                fn.isDistinct() && function != Aggregate.Function.COUNT,
                pos,
                "DISTINCT inside an aggregate is supported in COUNT(DISTINCT col) only");
        var params = fn.getParameters();
        reject(params == null || params.size() != 1, pos, function + " takes one column");
        Object arg = params.get(0);
        if (arg instanceof AllColumns) {
            reject(
                    function != Aggregate.Function.COUNT,
                    pos,
                    function + "(*) is not meaningful; name a column");
            reject(fn.isDistinct(), pos, "COUNT(DISTINCT *) is not supported; name a column");
            return new Aggregate(function, Optional.empty());
        }
        if (!(arg instanceof net.sf.jsqlparser.schema.Column)) {
            throw new ProgramError(exprs.pos(arg), function + " takes a column of " + table.name());
        }
        Expr column = exprs.expr((Expression) arg);
        // MIN/MAX of a VARCHAR column (AuctionMark's getMaxItemAttributeId, MAX(ia_id)) is a
        // string; SUM and AVG need numbers (PostgreSQL: "function sum(character varying) does not
        // exist")
        reject(
                function != Aggregate.Function.COUNT
                        && !(function == Aggregate.Function.MIN
                                || function == Aggregate.Function.MAX)
                        && column.type() != ScalarType.INT,
                pos,
                function
                        + " needs an INT column; "
                        + column.text()
                        + " is "
                        + column.type().sqlName());
        return new Aggregate(
                function, Optional.of(((Expr.ColumnRef) column).column()), fn.isDistinct());
    }

    private Stmt.Update update(Update u, Fragment f) {
        SourcePos pos = f.start();
        reject(
                u.getFromItem() != null
                        || (u.getJoins() != null && !u.getJoins().isEmpty())
                        || (u.getStartJoins() != null && !u.getStartJoins().isEmpty()),
                pos,
                "UPDATE with FROM or JOIN is not supported: update one table, reading the others first with SELECT … INTO");
        reject(
                u.getOrderByElements() != null || u.getLimit() != null,
                pos,
                "UPDATE with ORDER BY or LIMIT is not supported");
        reject(
                u.getReturningClause() != null,
                pos,
                "RETURNING is not supported; read the row with SELECT … INTO");
        reject(
                u.getWithItemsList() != null && !u.getWithItemsList().isEmpty(),
                pos,
                "WITH is not supported");
        Table table = table(u.getTable(), f, pos);
        String alias =
                u.getTable().getAlias() == null
                        ? null
                        : Names.of(u.getTable().getAlias().getName());
        ExprTranslator exprs = ExprTranslator.sql(f, scope, table, alias);
        List<Assignment> assignments = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (UpdateSet set : u.getUpdateSets()) {
            reject(
                    set.getColumns().size() != set.getValues().size(),
                    f.posOf(set.getColumns().get(0), pos),
                    "SET (a, b) = (…) needs as many values as columns");
            for (int i = 0; i < set.getColumns().size(); i++) {
                var columnNode = set.getColumns().get(i);
                SourcePos columnPos = exprs.pos(columnNode);
                Expr.ColumnRef column = exprs.targetColumn(columnNode);
                reject(
                        table.isKey(column.column()),
                        columnPos,
                        "cannot SET primary-key column "
                                + column.column()
                                + " of "
                                + table.name()
                                + " (DELETE the row and INSERT a new one instead)");
                reject(
                        !seen.add(column.column()),
                        columnPos,
                        "column " + column.column() + " is SET twice");
                Expr value =
                        exprs.valueFor(
                                set.getValues().get(i),
                                table.column(column.column()).orElseThrow());
                reject(
                        value.type() != column.type(),
                        value.pos(),
                        "cannot assign "
                                + value.type().sqlName()
                                + " "
                                + value.text()
                                + " to "
                                + column.type().sqlName()
                                + " column "
                                + column.column());
                assignments.add(new Assignment(column.column(), value, columnPos));
            }
        }
        Cond where = u.getWhere() == null ? new Cond.Const(true, pos) : exprs.cond(u.getWhere());
        return new Stmt.Update(table.name(), assignments, where, f.text(), pos);
    }

    private Stmt.Insert insert(Insert i, Fragment f, int valueRows) {
        SourcePos pos = f.start();
        reject(
                i.getDuplicateUpdateSets() != null || i.getConflictAction() != null,
                pos,
                "ON CONFLICT / ON DUPLICATE KEY is not supported; SELECT first and INSERT under IF v IS NULL");
        reject(i.getReturningClause() != null, pos, "RETURNING is not supported");
        reject(
                i.getSetUpdateSets() != null && !i.getSetUpdateSets().isEmpty(),
                pos,
                "INSERT … SET is not supported; use INSERT … VALUES");
        reject(
                !(i.getSelect() instanceof Values),
                pos,
                "INSERT … SELECT is not supported; SELECT … INTO first, then INSERT … VALUES");
        reject(
                valueRows != 1,
                pos,
                "multi-row INSERT is not supported; write one INSERT per row (in a FOREACH for a set)");
        Table table = table(i.getTable(), f, pos);
        ExprTranslator names = ExprTranslator.sql(f, scope, table, null);
        List<String> columns = new ArrayList<>();
        if (i.getColumns() == null || i.getColumns().isEmpty()) {
            table.columns().stream()
                    .filter(c -> !c.name().equals(KeylessTables.ROW_ID))
                    .forEach(c -> columns.add(c.name()));
        } else {
            for (var c : i.getColumns()) {
                String name = names.targetColumn(c).column();
                reject(columns.contains(name), names.pos(c), "column " + name + " is listed twice");
                columns.add(name);
            }
        }
        var rawValues = ((Values) i.getSelect()).getExpressions();
        List<Expression> valueNodes = new ArrayList<>();
        rawValues.forEach(v -> valueNodes.add((Expression) v));
        reject(
                valueNodes.size() != columns.size(),
                pos,
                "INSERT gives "
                        + valueNodes.size()
                        + " value(s) for "
                        + columns.size()
                        + " column(s)");
        ExprTranslator valueTranslator = ExprTranslator.program(f, scope);
        List<Expr> values = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            values.add(
                    valueTranslator.valueFor(
                            valueNodes.get(k), table.column(columns.get(k)).orElseThrow()));
        }
        for (int k = 0; k < columns.size(); k++) {
            Column column = table.column(columns.get(k)).orElseThrow();
            Expr value = values.get(k);
            reject(
                    value.type() != column.type(),
                    value.pos(),
                    "cannot insert "
                            + value.type().sqlName()
                            + " "
                            + value.text()
                            + " into "
                            + column.type().sqlName()
                            + " column "
                            + column.name());
        }
        for (Column column : table.columns()) {
            if (!columns.contains(column.name()) && column.defaultValue().isPresent()) {
                // the column's DEFAULT, as the database fills it in (exact: a literal;
                // CURRENT_TIMESTAMP: TransactionClock)
                columns.add(column.name());
                Expr d = column.defaultValue().get();
                values.add(
                        TransactionClock.of(d).isPresent()
                                ? TransactionClock.reference(
                                        scope, TransactionClock.of(d).get(), pos)
                                : Sequences.of(d).isPresent()
                                        ? Sequences.draw(
                                                scope,
                                                Sequences.of(d).get(),
                                                scope.sequences(),
                                                pos)
                                        : d);
            }
            if (!columns.contains(column.name())
                    && column.name().equals(KeylessTables.ROW_ID)
                    && KeylessTables.isKeyless(table)) {
                columns.add(column.name());
                values.add(KeylessTables.newRow(scope, table, pos));
            }
            if (!columns.contains(column.name())
                    && (column.notNull() || table.isKey(column.name()))) {
                throw new ProgramError(
                        pos,
                        "INSERT into "
                                + table.name()
                                + " must give "
                                + (table.isKey(column.name()) ? "primary-key" : "NOT NULL")
                                + " column "
                                + column.name());
            }
        }
        return new Stmt.Insert(table.name(), columns, values, f.text(), pos);
    }

    private Stmt.Delete delete(Delete d, Fragment f) {
        SourcePos pos = f.start();
        reject(
                (d.getJoins() != null && !d.getJoins().isEmpty())
                        || (d.getUsingList() != null && !d.getUsingList().isEmpty())
                        || (d.getTables() != null && !d.getTables().isEmpty()),
                pos,
                "DELETE from several tables (USING/JOIN) is not supported: delete from one table per statement");
        reject(
                d.getOrderByElements() != null || d.getLimit() != null,
                pos,
                "DELETE with ORDER BY or LIMIT is not supported");
        reject(d.getReturningClause() != null, pos, "RETURNING is not supported");
        Table table = table(d.getTable(), f, pos);
        String alias =
                d.getTable().getAlias() == null
                        ? null
                        : Names.of(d.getTable().getAlias().getName());
        Cond where =
                d.getWhere() == null
                        ? new Cond.Const(true, pos)
                        : ExprTranslator.sql(f, scope, table, alias).cond(d.getWhere());
        return new Stmt.Delete(table.name(), where, f.text(), pos);
    }

    Table table(FromItem item, Fragment f, SourcePos fallback) {
        SourcePos pos = f.posOf(item, fallback);
        if (!(item instanceof net.sf.jsqlparser.schema.Table t)) {
            throw new ProgramError(pos, "subqueries in FROM are not supported; name one table");
        }
        reject(
                t.getSchemaName() != null,
                pos,
                "schema-qualified table names are not supported; write " + t.getName());
        return schema.table(Names.of(t.getName()))
                .orElseThrow(() -> new ProgramError(pos, "unknown table " + t.getName()));
    }

    static void reject(boolean unsupported, SourcePos pos, String message) {
        if (unsupported) {
            throw new ProgramError(pos, message);
        }
    }
}
