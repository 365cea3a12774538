package isocheck.frontend;

import isocheck.program.Cond;
import isocheck.program.Field;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Recursive-descent parser for the control structure of a program file (docs/DESIGN.md §2
 * "analyze"): CREATE TABLE, TRANSACTION … BEGIN … END, IF/ELSIF/ELSE, FOREACH, {@code :=}, CHOOSE
 * and SKIP. SQL statements, conditions and expressions are cut out by offset and parsed by
 * JSqlParser. Names are resolved and types checked as the body is read, so the result is a checked
 * {@link Program}.
 */
final class ProgramParser {

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

    final String file;
    final String source;
    final List<Token> tokens;
    int next;
    Scope scope;
    Schema schema;

    /** The sequences the file creates: CREATE SEQUENCE, SERIAL and IDENTITY columns. */
    final java.util.Set<String> sequences = new java.util.TreeSet<>();

    /** The PL/pgSQL routine whose body is being parsed, or null for TRANSACTION bodies. */
    PlpgsqlRoutine plpgsql;

    private ProgramParser(String file, String source) {
        this.file = file;
        this.source = source;
        this.tokens = Lexer.tokenize(file, source);
    }

    static Program parse(String file, String source) {
        return new ProgramParser(file, source).program();
    }

    private Program program() {
        schema = new Schema(tables());
        List<Transaction> transactions = new ArrayList<>();
        while (peek().kind() != Token.Kind.EOF) {
            if (peek().is("CREATE") && routineKeyword(next) >= 0) {
                Transaction txn = new PlpgsqlRoutine(this).parse();
                addTransaction(transactions, txn);
            } else if (peek().is("CREATE")) {
                next = statementEnd(next) + 1; // read by tables()
            } else if (peek().is("DROP")) {
                next =
                        statementEnd(next)
                                + 1; // DROP … IF EXISTS before a re-load: nothing to analyze
            } else if (!peek().is("TRANSACTION")) {
                throw new ProgramError(
                        peek().pos(),
                        "expected CREATE TABLE, CREATE FUNCTION, CREATE PROCEDURE or TRANSACTION, found "
                                + peek().describe());
            } else {
                Transaction txn = transaction();
                for (Transaction other : transactions) {
                    if (other.name().equalsIgnoreCase(txn.name())) {
                        throw new ProgramError(
                                txn.pos(),
                                "duplicate transaction "
                                        + txn.name()
                                        + " (first declared at "
                                        + other.pos().lineColumn()
                                        + ")");
                    }
                }
                transactions.add(txn);
            }
        }
        if (transactions.isEmpty()) {
            throw new ProgramError(
                    new SourcePos(file, 1, 1),
                    "the file declares no TRANSACTION (or PL/pgSQL FUNCTION or PROCEDURE)");
        }
        return new Program(file, schema, transactions, Pragmas.invariants(file, source, schema));
    }

    private static void addTransaction(List<Transaction> transactions, Transaction txn) {
        for (Transaction other : transactions) {
            if (other.name().equalsIgnoreCase(txn.name())) {
                throw new ProgramError(
                        txn.pos(),
                        "duplicate transaction "
                                + txn.name()
                                + " (first declared at "
                                + other.pos().lineColumn()
                                + ")");
            }
        }
        transactions.add(txn);
    }

    /**
     * For {@code CREATE [OR REPLACE] FUNCTION|PROCEDURE} at token {@code i}: the index of FUNCTION
     * or PROCEDURE; -1 for any other CREATE.
     */
    int routineKeyword(int i) {
        int k = i + 1;
        if (tokens.get(k).is("OR") && tokens.get(k + 1).is("REPLACE")) {
            k += 2;
        }
        return tokens.get(k).is("FUNCTION") || tokens.get(k).is("PROCEDURE") ? k : -1;
    }

    /**
     * The {@code ;} after a routine's closing dollar quote (its body holds semicolons of its own).
     */
    int routineEnd(int from) {
        int open = -1;
        for (int i = from; i < tokens.size() && tokens.get(i).kind() != Token.Kind.EOF; i++) {
            Token t = tokens.get(i);
            if (open < 0 && t.isDollarQuote()) {
                open = i;
            } else if (open >= 0 && t.isDollarQuote() && t.text().equals(tokens.get(open).text())) {
                open = -2; // closed: the statement ends at the next ';'
            } else if (open == -2 && t.isSymbol(";")) {
                return i;
            } else if (open == -1 && t.isSymbol(";")) {
                return i;
            }
        }
        if (open >= 0) {
            throw new ProgramError(
                    tokens.get(open).pos(),
                    "the function body's " + tokens.get(open).text() + " is never closed");
        }
        throw new ProgramError(tokens.get(from).pos(), "statement is not terminated by ';'");
    }

    /**
     * First pass: every CREATE TABLE that starts a top-level statement, so that transactions may
     * use tables declared after them. Everything else is left to the second pass, which reports it
     * in order.
     */
    private List<Table> tables() {
        List<Table> tables = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).is("CREATE") && (i == 0 || tokens.get(i - 1).isSymbol(";"))) {
                if (routineKeyword(i) >= 0) {
                    i = routineEnd(i);
                    continue;
                }
                if (tokens.get(i + 1).is("UNIQUE") && tokens.get(i + 2).is("INDEX")) {
                    int end = statementEnd(i);
                    uniqueIndex(i, end, tables);
                    i = end;
                    continue;
                }
                if (tokens.get(i + 1).is("SEQUENCE")) {
                    // CREATE SEQUENCE [IF NOT EXISTS] name [options]: no record of the model, a
                    // name nextval may draw from (Sequences); its options change no behaviour the
                    // analysis models (a value is drawn freely there)
                    int k = i + 2;
                    if (tokens.get(k).is("IF")) {
                        k += 3;
                    }
                    sequences.add(Names.of(tokens.get(k).text()));
                    i = statementEnd(i);
                    continue;
                }
                if (tokens.get(i + 1).is("INDEX")) {
                    i = statementEnd(i); // an index changes no behaviour the analysis models
                    continue;
                }
                if (tokens.get(i + 1).is("VIEW")
                        || tokens.get(i + 1).is("OR")
                                && tokens.get(i + 2).is("REPLACE")
                                && tokens.get(i + 3).is("VIEW")) {
                    // a view stores nothing (BenchBase Voter's reporting views); a statement
                    // reading one is refused (unknown table)
                    i = statementEnd(i);
                    continue;
                }
                int end = statementEnd(i);
                Table table = SchemaBuilder.table(fragment(i, end), tokens.subList(i, end));
                for (Table other : tables) {
                    if (other.name().equals(table.name())) {
                        throw new ProgramError(
                                table.pos(),
                                "duplicate table "
                                        + table.name()
                                        + " (first declared at "
                                        + other.pos().lineColumn()
                                        + ")");
                    }
                }
                tables.add(table);
                table.columns().stream()
                        .flatMap(c -> c.defaultValue().flatMap(Sequences::of).stream())
                        .forEach(sequences::add);
                i = end;
            }
        }
        return SchemaBuilder.checkReferences(tables);
    }

    /**
     * {@code CREATE UNIQUE INDEX [name] ON t (c, …)}: a UNIQUE constraint of t (PostgreSQL enforces
     * both alike, manual §11.6 "Unique Indexes"). The table must be declared before the index.
     */
    private void uniqueIndex(int from, int end, List<Table> tables) {
        int on = from + 3;
        while (on < end && !tokens.get(on).is("ON")) {
            on++;
        }
        if (on + 1 >= end || tokens.get(on + 1).kind() != Token.Kind.WORD) {
            throw new ProgramError(
                    tokens.get(from).pos(), "expected CREATE UNIQUE INDEX name ON table (columns)");
        }
        Token tableToken = tokens.get(on + 1);
        String tableName = Names.of(tableToken.text());
        int at = -1;
        for (int k = 0; k < tables.size(); k++) {
            if (tables.get(k).name().equals(tableName)) {
                at = k;
            }
        }
        if (at < 0) {
            throw new ProgramError(
                    tableToken.pos(),
                    "unknown table " + tableToken.text() + " (declare it before its index)");
        }
        int i = on + 2;
        if (i >= end || !tokens.get(i).isSymbol("(")) {
            throw new ProgramError(
                    i < end ? tokens.get(i).pos() : tableToken.pos(),
                    "expected (columns) after CREATE UNIQUE INDEX … ON " + tableName);
        }
        List<String> columns = new ArrayList<>();
        i++;
        while (i < end && !tokens.get(i).isSymbol(")")) {
            Token c = tokens.get(i);
            if (c.kind() != Token.Kind.WORD
                    || tables.get(at).column(Names.of(c.text())).isEmpty()) {
                throw new ProgramError(
                        c.pos(),
                        "a unique index lists columns of " + tableName + "; found " + c.describe());
            }
            columns.add(Names.of(c.text()));
            i++;
            if (i < end && tokens.get(i).isSymbol(",")) {
                i++;
            }
        }
        if (i + 1 < end) {
            throw new ProgramError(
                    tokens.get(i + 1).pos(),
                    "partial or expression unique indexes are not supported (… WHERE, INCLUDE, USING)");
        }
        tables.set(
                at,
                tables.get(at)
                        .with(
                                new isocheck.program.Constraint.Unique(
                                        columns, tokens.get(from).pos())));
    }

    private Transaction transaction() {
        Token keyword = expectWord("TRANSACTION");
        Token name = identifier("a transaction name");
        scope = new Scope();
        scope.sequences(sequences);
        expectSymbol("(");
        if (!peek().isSymbol(")")) {
            do {
                Token param = identifier("a parameter name");
                boolean bool = peek().is("BOOLEAN") || peek().is("BOOL");
                scope.declareParameter(param.text(), parameterType(), param.pos());
                if (bool) {
                    scope.markBoolean(param.text());
                }
            } while (acceptSymbol(","));
        }
        expectSymbol(")");
        expectWord("BEGIN");
        List<Stmt> body = block();
        expectWord("END");
        expectSymbol(";");
        return new Transaction(
                name.text(), scope.parameters(), scope.locals(), body, keyword.pos());
    }

    private Type parameterType() {
        Token t = peek();
        if (t.is("SET")) {
            next++;
            expectWord("OF");
            expectSymbol("(");
            List<Field> fields = new ArrayList<>();
            do {
                Token field = identifier("a field name");
                String fieldName = Names.of(field.text());
                if (fields.stream().anyMatch(f -> f.name().equals(fieldName))) {
                    throw new ProgramError(field.pos(), "duplicate field " + fieldName);
                }
                fields.add(new Field(fieldName, scalarType()));
            } while (acceptSymbol(","));
            expectSymbol(")");
            return new Type.Rows(Optional.empty(), fields);
        }
        return new Type.Scalar(scalarType());
    }

    ScalarType scalarType() {
        return declaredType(identifier("a type (INT, VARCHAR(n) or SET OF (…))")).scalar();
    }

    /**
     * A type whose first word is {@code first}: further words where SQL has them (DOUBLE PRECISION,
     * CHARACTER VARYING, TIMESTAMP WITH[OUT] TIME ZONE), then an optional {@code (n)} or {@code (p,
     * s)}.
     */
    SqlTypes.Declared declaredType(Token first) {
        StringBuilder phrase = new StringBuilder(first.text());
        while (peek().kind() == Token.Kind.WORD
                && SqlTypes.continues(phrase.toString(), peek().text())) {
            phrase.append(' ').append(peek().text());
            next++;
        }
        SqlTypes.Declared declared = SqlTypes.of(phrase.toString(), first.pos());
        if (acceptSymbol("(")) {
            do {
                if (peek().kind() != Token.Kind.NUMBER) {
                    throw new ProgramError(
                            peek().pos(), "expected a length, found " + peek().describe());
                }
                next++;
            } while (acceptSymbol(","));
            expectSymbol(")");
        }
        return declared;
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

    /**
     * The source text of tokens [from, to). In a PL/pgSQL body, {@code $n} becomes {@code _n} and
     * {@code STRICT} after {@code INTO} becomes blanks: same lengths, so JSqlParser's positions
     * stay the file's.
     */
    Fragment fragment(int from, int to) {
        Token first = tokens.get(from);
        String text = source.substring(first.start(), tokens.get(to - 1).end());
        if (plpgsql != null) {
            StringBuilder b = new StringBuilder(text);
            for (int i = from; i < to; i++) {
                Token t = tokens.get(i);
                int at = t.start() - first.start();
                if (t.kind() == Token.Kind.WORD && t.text().startsWith("$")) {
                    b.setCharAt(at, '_');
                } else if (t.is("STRICT") && i > from && tokens.get(i - 1).is("INTO")) {
                    for (int k = 0; k < t.text().length(); k++) {
                        b.setCharAt(at + k, ' ');
                    }
                }
            }
            text = b.toString();
        }
        return new Fragment(text, first.pos());
    }

    /** Index of the {@code ;} ending the statement that starts at {@code from}. */
    int statementEnd(int from) {
        for (int i = from; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.isSymbol(";")) {
                return i;
            }
            if (t.kind() == Token.Kind.EOF) {
                throw new ProgramError(
                        tokens.get(from).pos(), "statement is not terminated by ';'");
            }
        }
        throw new IllegalStateException("token list without EOF");
    }

    /** Index of keyword {@code word} before the statement's end, for IF … THEN. */
    int find(String word, String what) {
        for (int i = next; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is(word)) {
                return i;
            }
            if (t.isSymbol(";") || t.kind() == Token.Kind.EOF) {
                throw new ProgramError(tokens.get(next).pos(), what + " is missing " + word);
            }
        }
        throw new IllegalStateException("token list without EOF");
    }

    /**
     * The number of parenthesised rows after VALUES (JSqlParser's list shape cannot tell one row
     * from several).
     */
    int valueRows(int from, int to) {
        int rows = 0;
        boolean afterValues = false;
        int depth = 0;
        for (int i = from; i < to; i++) {
            Token t = tokens.get(i);
            if (t.is("VALUES") && depth == 0) {
                afterValues = true;
            } else if (t.isSymbol("(")) {
                if (afterValues && depth == 0) {
                    rows++;
                }
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            }
        }
        return afterValues ? rows : 1;
    }

    /** Reads {@code END IF;} or {@code END LOOP;}, naming the opening keyword if it is missing. */
    void closing(Token opener, String end, String word) {
        expectWord(end);
        if (!peek().is(word)) {
            throw new ProgramError(
                    peek().pos(),
                    opener.text().toUpperCase()
                            + " at "
                            + opener.pos().lineColumn()
                            + " must be closed by END "
                            + word
                            + ", found "
                            + peek().describe());
        }
        next++;
        expectSymbol(";");
    }

    Token peek() {
        return tokens.get(next);
    }

    /** The WORD token at index i (for statements scanned by index). */
    Token identifier0(int i) {
        Token t = tokens.get(i);
        if (t.kind() != Token.Kind.WORD) {
            throw new ProgramError(t.pos(), "expected a column name, found " + t.describe());
        }
        return t;
    }

    Token identifier(String what) {
        Token t = peek();
        if (t.kind() != Token.Kind.WORD) {
            throw new ProgramError(t.pos(), "expected " + what + ", found " + t.describe());
        }
        next++;
        return t;
    }

    Token expectWord(String word) {
        Token t = peek();
        if (!t.is(word)) {
            throw new ProgramError(t.pos(), "expected " + word + ", found " + t.describe());
        }
        next++;
        return t;
    }

    boolean acceptWord(String word) {
        if (peek().is(word)) {
            next++;
            return true;
        }
        return false;
    }

    void expectSymbol(String symbol) {
        Token t = peek();
        if (!t.isSymbol(symbol)) {
            throw new ProgramError(t.pos(), "expected '" + symbol + "', found " + t.describe());
        }
        next++;
    }

    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            next++;
            return true;
        }
        return false;
    }
}
