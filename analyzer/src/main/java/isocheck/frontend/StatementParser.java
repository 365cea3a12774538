package isocheck.frontend;

import isocheck.program.Cond;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The statements of a TRANSACTION (or PL/pgSQL) body, by recursive descent: IF/ELSIF/ELSE, FOREACH,
 * {@code :=}, CHOOSE, SKIP, ROLLBACK, RAISE, RETURN and SQL statements (handed to {@link
 * SqlTranslator}), and IF conditions with their EXISTS subqueries. Names are resolved and types
 * checked as the body is read ({@link Scope}).
 */
abstract class StatementParser extends TokenCursor {

    /** Words that start something we do not support, with what to write instead. */
    private static final Map<String, String> UNSUPPORTED_STATEMENTS =
            Map.of(
                    "WHILE", "WHILE loops are not supported; use FOREACH r IN rows LOOP … END LOOP",
                    "FOR", "FOR loops are not supported; use FOREACH r IN rows LOOP … END LOOP",
                    "LOOP", "bare LOOP is not supported; use FOREACH r IN rows LOOP … END LOOP",
                    "COMMIT", "COMMIT is implicit: each TRANSACTION is one database transaction",
                    "BEGIN", "nested BEGIN blocks are not supported; use IF or FOREACH",
                    "DECLARE", "DECLARE is not needed: a local is declared by its first assignment",
                    "WITH", "WITH is not supported: one table per statement",
                    "MERGE",
                            "MERGE is not supported; use SELECT … INTO, then UPDATE or INSERT under IF");

    Scope scope;
    Schema schema;

    StatementParser(String file, String source) {
        super(file, source);
    }

    /** Statements up to (not including) END, ELSE or ELSIF. */
    List<Stmt> block() {
        List<Stmt> body = new ArrayList<>();
        while (!(peek().is("END")
                || peek().is("ELSE")
                || peek().is("ELSIF")
                || (plpgsql != null && peek().is("ELSEIF"))
                || peek().kind() == Token.Kind.EOF)) {
            List<Stmt> stmts = plpgsql != null ? plpgsql.statement() : List.of(statement());
            body.addAll(takePending());
            for (Stmt stmt : stmts) {
                if (stmt instanceof Stmt.Select sel && sel.isJoin()) {
                    body.addAll(
                            sel.joinedFrom()); // a join is one SELECT per table (JoinTranslator)
                }
                body.add(stmt);
            }
        }
        if (peek().kind() == Token.Kind.EOF) {
            throw new ProgramError(
                    peek().pos(), "unexpected end of file: a block is missing its END");
        }
        return body;
    }

    Stmt statement() {
        Token t = peek();
        if (t.is("IF")) {
            next++;
            return ifStatement(t);
        }
        if (t.is("FOREACH")) {
            return foreach();
        }
        if (t.is("SKIP")) {
            next++;
            expectSymbol(";");
            return new Stmt.Skip(t.pos());
        }
        if (t.is("ROLLBACK")) {
            next++;
            expectSymbol(";");
            return new Stmt.Abort("", t.pos());
        }
        if (t.is("RAISE")) {
            return raise();
        }
        if (t.is("RETURN")) {
            next++;
            expectSymbol(";");
            return earlyReturn(t);
        }
        if (t.is("SELECT") || t.is("UPDATE") || t.is("INSERT") || t.is("DELETE")) {
            int end = statementEnd(next);
            Fragment sql = fragment(next, end);
            Stmt.Sql stmt = new SqlTranslator(schema, scope).translate(sql, valueRows(next, end));
            next = end + 1;
            return stmt;
        }
        if (t.kind() == Token.Kind.WORD
                && UNSUPPORTED_STATEMENTS.containsKey(t.text().toUpperCase())) {
            throw new ProgramError(t.pos(), UNSUPPORTED_STATEMENTS.get(t.text().toUpperCase()));
        }
        if (t.kind() == Token.Kind.WORD && tokens.get(next + 1).isSymbol(":=")) {
            return assignment();
        }
        throw new ProgramError(
                t.pos(),
                "expected a statement (SELECT, UPDATE, INSERT, DELETE, IF, FOREACH, SKIP, ROLLBACK, RAISE EXCEPTION, RETURN or name := expr), found "
                        + t.describe());
    }

    /**
     * IF cond THEN … [ELSIF cond THEN …]* [ELSE …] END IF; ELSIF nests an IF in the else branch.
     */
    Stmt.If ifStatement(Token keyword) {
        enterNesting(keyword);
        try {
            return ifBody(keyword);
        } finally {
            nesting--;
        }
    }

    /**
     * The deepest nesting of IF, ELSIF and FOREACH a program may have. The parser and the passes
     * after it recurse over nested statements; a limit keeps a deep program a one-line error
     * instead of a stack overflow (real transactions nest a handful of levels).
     */
    static final int MAX_NESTING = 100;

    private int nesting;

    private void enterNesting(Token keyword) {
        if (++nesting > MAX_NESTING) {
            nesting--;
            throw new ProgramError(
                    keyword.pos(),
                    keyword.text().toUpperCase()
                            + " nested more than "
                            + MAX_NESTING
                            + " levels deep (IF, ELSIF and FOREACH count); isocheck's limit is "
                            + MAX_NESTING
                            + ": flatten the program");
        }
    }

    private Stmt.If ifBody(Token keyword) {
        int thenIndex = find("THEN", "IF condition");
        Cond condition = condition(next, thenIndex);
        List<Stmt> before0 =
                takePending(); // EXISTS subqueries: run before this IF, not in its branches
        next = thenIndex + 1;
        Set<String> before = scope.snapshot();
        Scope.FoundState foundBefore = scope.foundState();
        List<Stmt> thenBranch = block();
        Set<String> afterThen = scope.snapshot();
        Scope.FoundState foundThen = scope.foundState();
        scope.restore(before);
        scope.restoreFound(foundBefore); // PL/pgSQL's FOUND: the else branch sees what the IF saw
        List<Stmt> elseBranch = List.of();
        if (peek().is("ELSIF") || (plpgsql != null && peek().is("ELSEIF"))) {
            Token elsif = tokens.get(next++);
            Stmt.If nested = ifStatement(elsif);
            List<Stmt> nestedPending =
                    takePending(); // the ELSIF's EXISTS subqueries run in the else branch
            List<Stmt> branch = new ArrayList<>(nestedPending);
            branch.add(nested);
            elseBranch = branch;
            // the nested IF consumed END IF;
        } else {
            if (acceptWord("ELSE")) {
                elseBranch = block();
            }
            closing(keyword, "END", "IF");
        }
        // a branch that ends in RETURN or an abort does not reach the statements after the IF
        Set<String> both;
        if (exits(thenBranch)) {
            both = new HashSet<>(scope.snapshot());
        } else if (exits(elseBranch)) {
            both = new HashSet<>(afterThen);
        } else {
            both = new HashSet<>(scope.snapshot());
            both.retainAll(afterThen);
        }
        scope.restore(both);
        Scope.FoundState foundElse = scope.foundState();
        if (!foundThen.equals(foundBefore) || !foundElse.equals(foundBefore)) {
            if (foundThen.equals(foundElse)) {
                scope.restoreFound(foundThen);
            } else {
                scope.foundUnknown(
                        "FOUND after an IF whose branches run different queries is not supported; test it inside the branch");
            }
        }
        pending.addAll(before0);
        return new Stmt.If(condition, thenBranch, elseBranch, keyword.pos());
    }

    /** Open FOREACH loops around the statement being parsed. */
    int loopDepth;

    /**
     * RETURN: an early exit, outside loops (inside one, the rest of the loop and of the body would
     * be guarded by the iteration).
     */
    Stmt.Return earlyReturn(Token keyword) {
        if (loopDepth > 0) {
            throw new ProgramError(
                    keyword.pos(),
                    "RETURN inside a loop is not supported; set a flag, leave the loop, and test it with IF");
        }
        return new Stmt.Return(keyword.pos());
    }

    /**
     * {@code RAISE EXCEPTION 'message' [, expr …];} aborts the transaction (a user abort). Other
     * levels ({@code NOTICE}, {@code WARNING}, …) only report, so they are SKIP.
     */
    Stmt raise() {
        Token keyword = expectWord("RAISE");
        int end = statementEnd(next);
        Token level = peek();
        boolean exception = level.is("EXCEPTION");
        boolean report =
                level.is("NOTICE")
                        || level.is("WARNING")
                        || level.is("INFO")
                        || level.is("LOG")
                        || level.is("DEBUG");
        if (!exception && !report) {
            throw new ProgramError(
                    level.pos(),
                    "expected RAISE EXCEPTION 'message' (or NOTICE, WARNING, INFO, LOG, DEBUG), found "
                            + level.describe());
        }
        next++;
        String message = "";
        if (peek().kind() == Token.Kind.STRING) {
            String quoted = peek().text();
            message = quoted.substring(1, quoted.length() - 1).replace("''", "'");
        } else if (next < end) {
            throw new ProgramError(
                    peek().pos(),
                    "RAISE takes a message string, found "
                            + peek().describe()
                            + " (conditions and USING options are not supported)");
        }
        for (int i = next; i < end; i++) {
            if (tokens.get(i).is("USING")) {
                throw new ProgramError(
                        tokens.get(i).pos(),
                        "RAISE … USING is not supported; write RAISE EXCEPTION 'message'");
            }
        }
        next = end + 1;
        return exception ? new Stmt.Abort(message, keyword.pos()) : new Stmt.Skip(keyword.pos());
    }

    /**
     * Whether a block surely ends in RETURN or an abort (on every path through its last statement).
     */
    static boolean exits(List<Stmt> block) {
        if (block.isEmpty()) {
            return false;
        }
        Stmt last = block.get(block.size() - 1);
        if (last instanceof Stmt.Return || last instanceof Stmt.Abort) {
            return true;
        }
        return last instanceof Stmt.If i && exits(i.thenBranch()) && exits(i.elseBranch());
    }

    private Stmt.Foreach foreach() {
        enterNesting(peek());
        try {
            return foreachBody();
        } finally {
            nesting--;
        }
    }

    private Stmt.Foreach foreachBody() {
        Token keyword = expectWord("FOREACH");
        Token variable = identifier("a loop variable");
        expectWord("IN");
        Token source = identifier("a row set (a SELECT result or SET OF parameter)");
        Variable rows = scope.read(source.text(), source.pos());
        if (!(rows.type() instanceof Type.Rows set)) {
            throw new ProgramError(
                    source.pos(),
                    "FOREACH needs a row set (a SELECT … INTO result or a SET OF parameter); "
                            + rows.name()
                            + " is "
                            + rows.type().describe());
        }
        expectWord("LOOP");
        Set<String> before = scope.snapshot();
        scope.enterLoop(variable.text(), new Type.Row(set.table(), set.fields()), variable.pos());
        loopDepth++;
        List<Stmt> body = block();
        loopDepth--;
        scope.exitLoop();
        scope.restore(before); // the body may run zero times
        closing(keyword, "END", "LOOP");
        return new Stmt.Foreach(Names.of(variable.text()), rows.name(), body, keyword.pos());
    }

    Stmt assignment() {
        Token target = tokens.get(next);
        next += 2; // name :=
        if (peek().is("CHOOSE")) {
            next++;
            Token source = identifier("a row set to CHOOSE from");
            Variable rows = scope.read(source.text(), source.pos());
            if (!(rows.type() instanceof Type.Rows set)) {
                throw new ProgramError(
                        source.pos(),
                        "CHOOSE needs a row set (a SELECT … INTO result or a SET OF parameter); "
                                + rows.name()
                                + " is "
                                + rows.type().describe());
            }
            expectSymbol(";");
            scope.assign(target.text(), new Type.Row(set.table(), set.fields()), target.pos());
            return new Stmt.Choose(Names.of(target.text()), rows.name(), target.pos());
        }
        int end = statementEnd(next);
        if (end == next) {
            throw new ProgramError(peek().pos(), "expected an expression after :=");
        }
        Fragment fragment = fragment(next, end);
        var value = ExprTranslator.program(fragment, scope).expr(fragment.parseExpression());
        next = end + 1;
        scope.assign(target.text(), new Type.Scalar(value.type()), target.pos());
        return new Stmt.Assign(Names.of(target.text()), value, target.pos());
    }

    Cond condition(int from, int to) {
        if (from == to) {
            throw new ProgramError(tokens.get(from).pos(), "expected a condition");
        }
        Fragment fragment = fragment(from, to);
        return ExprTranslator.program(fragment, scope)
                .withExists((x, pos) -> exists(x, fragment, pos))
                .cond(fragment.parseExpression());
    }

    /**
     * {@code [NOT] EXISTS (SELECT … FROM t WHERE …)} in an IF condition: the subquery becomes
     * {@code SELECT k INTO exists$line_col FROM t WHERE …} (k t's first key column: EXISTS observes
     * only whether a row matches, i.e. its Alive) run just before the IF, and the condition {@code
     * exists$line_col IS [NOT] NULL}. The same reads, in the same view, as the subquery.
     */
    private Cond exists(
            net.sf.jsqlparser.expression.operators.relational.ExistsExpression x,
            Fragment fragment,
            SourcePos pos) {
        if (!(x.getRightExpression()
                        instanceof net.sf.jsqlparser.statement.select.ParenthesedSelect sub)
                || !(sub.getSelect()
                        instanceof net.sf.jsqlparser.statement.select.PlainSelect ps)) {
            throw new ProgramError(pos, "EXISTS takes a parenthesised single-table SELECT");
        }
        if (ps.getIntoTables() != null && !ps.getIntoTables().isEmpty()) {
            throw new ProgramError(pos, "a SELECT inside EXISTS has no INTO");
        }
        if (!(ps.getFromItem() instanceof net.sf.jsqlparser.schema.Table from)) {
            throw new ProgramError(pos, "EXISTS takes a SELECT from one table");
        }
        Table table =
                schema.table(Names.of(from.getName()))
                        .orElseThrow(
                                () ->
                                        new ProgramError(
                                                fragment.posOf(from, pos),
                                                "unknown table " + from.getName()));
        String hidden = "exists$" + pos.line() + "_" + pos.column();
        ps.setSelectItems(
                List.of(
                        net.sf.jsqlparser.statement.select.SelectItem.from(
                                new net.sf.jsqlparser.schema.Column(table.primaryKey().get(0)))));
        ps.setIntoTables(
                new java.util.ArrayList<>(List.of(new net.sf.jsqlparser.schema.Table(hidden))));
        Stmt.Sql translated = new SqlTranslator(schema, scope).select(ps, fragment);
        Stmt.Select sel = (Stmt.Select) translated;
        String sql =
                "SELECT "
                        + table.primaryKey().get(0)
                        + " FROM "
                        + ps.toString().replaceFirst("(?is)^SELECT .*? INTO \\S+ FROM ", "");
        pending.add(
                new Stmt.Select(
                        sel.target(),
                        sel.table(),
                        sel.columns(),
                        sel.aggregate(),
                        sel.where(),
                        sel.orderBy(),
                        sel.limit(),
                        sel.lock(),
                        sel.joinedFrom(),
                        sql,
                        pos));
        boolean not = x.isNot();
        return new Cond.IsNull(hidden, !not, pos);
    }

    /**
     * SELECTs an IF condition's EXISTS needs, to run just before the IF (drained by {@link
     * #block}).
     */
    private List<Stmt> pending = new ArrayList<>();

    private List<Stmt> takePending() {
        List<Stmt> out = pending;
        pending = new ArrayList<>();
        return out;
    }
}
