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
 * Recursive-descent parser for the control structure of a program file (DESIGN.md §2): CREATE
 * TABLE, TRANSACTION … BEGIN … END, IF/ELSIF/ELSE, FOREACH, {@code :=}, CHOOSE and SKIP. SQL
 * statements, conditions and expressions are cut out by offset and parsed by JSqlParser. Names are
 * resolved and types checked as the body is read, so the result is a checked {@link Program}.
 */
final class ProgramParser {

    /** Words that start something we do not support, with what to write instead. */
    private static final Map<String, String> UNSUPPORTED_STATEMENTS = Map.of(
            "WHILE", "WHILE loops are not supported; use FOREACH r IN rows LOOP … END LOOP",
            "FOR", "FOR loops are not supported; use FOREACH r IN rows LOOP … END LOOP",
            "LOOP", "bare LOOP is not supported; use FOREACH r IN rows LOOP … END LOOP",
            "RETURN", "RETURN is not supported; guard the rest of the body with IF",
            "COMMIT", "COMMIT is implicit: each TRANSACTION is one database transaction",
            "ROLLBACK", "ROLLBACK is not supported: each TRANSACTION commits at its END",
            "BEGIN", "nested BEGIN blocks are not supported; use IF or FOREACH",
            "DECLARE", "DECLARE is not needed: a local is declared by its first assignment",
            "WITH", "WITH is not supported: one table per statement",
            "MERGE", "MERGE is not supported; use SELECT … INTO, then UPDATE or INSERT under IF");

    private final String file;
    private final String source;
    private final List<Token> tokens;
    private int next;
    private Scope scope;
    private Schema schema;

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
            if (peek().is("CREATE")) {
                next = statementEnd(next) + 1; // read by tables()
            } else if (!peek().is("TRANSACTION")) {
                throw new ProgramError(peek().pos(), "expected CREATE TABLE or TRANSACTION, found " + peek().describe());
            } else {
                Transaction txn = transaction();
                for (Transaction other : transactions) {
                    if (other.name().equalsIgnoreCase(txn.name())) {
                        throw new ProgramError(txn.pos(), "duplicate transaction " + txn.name() + " (first declared at " + other.pos().lineColumn() + ")");
                    }
                }
                transactions.add(txn);
            }
        }
        if (transactions.isEmpty()) {
            throw new ProgramError(new SourcePos(file, 1, 1), "the file declares no TRANSACTION");
        }
        return new Program(file, schema, transactions);
    }

    /**
     * First pass: every CREATE TABLE that starts a top-level statement, so that transactions may use
     * tables declared after them. Everything else is left to the second pass, which reports it in order.
     */
    private List<Table> tables() {
        List<Table> tables = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).is("CREATE") && (i == 0 || tokens.get(i - 1).isSymbol(";"))) {
                int end = statementEnd(i);
                Table table = SchemaBuilder.table(fragment(i, end), tokens.subList(i, end));
                for (Table other : tables) {
                    if (other.name().equals(table.name())) {
                        throw new ProgramError(table.pos(), "duplicate table " + table.name() + " (first declared at " + other.pos().lineColumn() + ")");
                    }
                }
                tables.add(table);
                i = end;
            }
        }
        return tables;
    }

    private Transaction transaction() {
        Token keyword = expectWord("TRANSACTION");
        Token name = identifier("a transaction name");
        scope = new Scope();
        expectSymbol("(");
        if (!peek().isSymbol(")")) {
            do {
                Token param = identifier("a parameter name");
                scope.declareParameter(param.text(), parameterType(), param.pos());
            } while (acceptSymbol(","));
        }
        expectSymbol(")");
        expectWord("BEGIN");
        List<Stmt> body = block();
        expectWord("END");
        expectSymbol(";");
        return new Transaction(name.text(), scope.parameters(), scope.locals(), body, keyword.pos());
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

    private ScalarType scalarType() {
        Token t = identifier("a type (INT, VARCHAR(n) or SET OF (…))");
        ScalarType type = SchemaBuilder.type(t.text(), t.pos());
        if (acceptSymbol("(")) {
            if (peek().kind() != Token.Kind.NUMBER) {
                throw new ProgramError(peek().pos(), "expected a length, found " + peek().describe());
            }
            next++;
            expectSymbol(")");
        }
        return type;
    }

    /** Statements up to (not including) END, ELSE or ELSIF. */
    private List<Stmt> block() {
        List<Stmt> body = new ArrayList<>();
        while (!(peek().is("END") || peek().is("ELSE") || peek().is("ELSIF") || peek().kind() == Token.Kind.EOF)) {
            Stmt stmt = statement();
            body.addAll(takePending());
            if (stmt instanceof Stmt.Select sel && sel.isJoin()) {
                body.addAll(sel.joinedFrom()); // a join is one SELECT per table (JoinTranslator)
            }
            body.add(stmt);
        }
        if (peek().kind() == Token.Kind.EOF) {
            throw new ProgramError(peek().pos(), "unexpected end of file: a block is missing its END");
        }
        return body;
    }

    private Stmt statement() {
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
        if (t.is("SELECT") || t.is("UPDATE") || t.is("INSERT") || t.is("DELETE")) {
            int end = statementEnd(next);
            Fragment sql = fragment(next, end);
            Stmt.Sql stmt = new SqlTranslator(schema, scope).translate(sql, valueRows(next, end));
            next = end + 1;
            return stmt;
        }
        if (t.kind() == Token.Kind.WORD && UNSUPPORTED_STATEMENTS.containsKey(t.text().toUpperCase())) {
            throw new ProgramError(t.pos(), UNSUPPORTED_STATEMENTS.get(t.text().toUpperCase()));
        }
        if (t.kind() == Token.Kind.WORD && tokens.get(next + 1).isSymbol(":=")) {
            return assignment();
        }
        throw new ProgramError(t.pos(), "expected a statement (SELECT, UPDATE, INSERT, DELETE, IF, FOREACH, SKIP or name := expr), found "
                + t.describe());
    }

    /** IF cond THEN … [ELSIF cond THEN …]* [ELSE …] END IF; ELSIF nests an IF in the else branch. */
    private Stmt.If ifStatement(Token keyword) {
        int thenIndex = find("THEN", "IF condition");
        Cond condition = condition(next, thenIndex);
        List<Stmt> before0 = takePending(); // EXISTS subqueries: run before this IF, not in its branches
        next = thenIndex + 1;
        Set<String> before = scope.snapshot();
        List<Stmt> thenBranch = block();
        Set<String> afterThen = scope.snapshot();
        scope.restore(before);
        List<Stmt> elseBranch = List.of();
        if (peek().is("ELSIF")) {
            Token elsif = tokens.get(next++);
            Stmt.If nested = ifStatement(elsif);
            List<Stmt> nestedPending = takePending(); // the ELSIF's EXISTS subqueries run in the else branch
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
        Set<String> both = new HashSet<>(scope.snapshot());
        both.retainAll(afterThen);
        scope.restore(both);
        pending.addAll(before0);
        return new Stmt.If(condition, thenBranch, elseBranch, keyword.pos());
    }

    private Stmt.Foreach foreach() {
        Token keyword = expectWord("FOREACH");
        Token variable = identifier("a loop variable");
        expectWord("IN");
        Token source = identifier("a row set (a SELECT result or SET OF parameter)");
        Variable rows = scope.read(source.text(), source.pos());
        if (!(rows.type() instanceof Type.Rows set)) {
            throw new ProgramError(source.pos(), "FOREACH needs a row set (a SELECT … INTO result or a SET OF parameter); "
                    + rows.name() + " is " + rows.type().describe());
        }
        expectWord("LOOP");
        Set<String> before = scope.snapshot();
        scope.enterLoop(variable.text(), new Type.Row(set.table(), set.fields()), variable.pos());
        List<Stmt> body = block();
        scope.exitLoop();
        scope.restore(before); // the body may run zero times
        closing(keyword, "END", "LOOP");
        return new Stmt.Foreach(Names.of(variable.text()), rows.name(), body, keyword.pos());
    }

    private Stmt assignment() {
        Token target = tokens.get(next);
        next += 2; // name :=
        if (peek().is("CHOOSE")) {
            next++;
            Token source = identifier("a row set to CHOOSE from");
            Variable rows = scope.read(source.text(), source.pos());
            if (!(rows.type() instanceof Type.Rows set)) {
                throw new ProgramError(source.pos(), "CHOOSE needs a row set (a SELECT … INTO result or a SET OF parameter); "
                        + rows.name() + " is " + rows.type().describe());
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

    private Cond condition(int from, int to) {
        if (from == to) {
            throw new ProgramError(tokens.get(from).pos(), "expected a condition");
        }
        Fragment fragment = fragment(from, to);
        return ExprTranslator.program(fragment, scope).withExists((x, pos) -> exists(x, fragment, pos)).cond(fragment.parseExpression());
    }

    /**
     * {@code [NOT] EXISTS (SELECT … FROM t WHERE …)} in an IF condition: the subquery becomes
     * {@code SELECT k INTO exists$line_col FROM t WHERE …} (k t's first key column: EXISTS observes
     * only whether a row matches, i.e. its Alive) run just before the IF, and the condition
     * {@code exists$line_col IS [NOT] NULL}. The same reads, in the same view, as the subquery.
     */
    private Cond exists(net.sf.jsqlparser.expression.operators.relational.ExistsExpression x, Fragment fragment, SourcePos pos) {
        if (!(x.getRightExpression() instanceof net.sf.jsqlparser.statement.select.ParenthesedSelect sub)
                || !(sub.getSelect() instanceof net.sf.jsqlparser.statement.select.PlainSelect ps)) {
            throw new ProgramError(pos, "EXISTS takes a parenthesised single-table SELECT");
        }
        if (ps.getIntoTables() != null && !ps.getIntoTables().isEmpty()) {
            throw new ProgramError(pos, "a SELECT inside EXISTS has no INTO");
        }
        if (!(ps.getFromItem() instanceof net.sf.jsqlparser.schema.Table from)) {
            throw new ProgramError(pos, "EXISTS takes a SELECT from one table");
        }
        Table table = schema.table(Names.of(from.getName())).orElseThrow(() -> new ProgramError(fragment.posOf(from, pos),
                "unknown table " + from.getName()));
        String hidden = "exists$" + pos.line() + "_" + pos.column();
        ps.setSelectItems(List.of(net.sf.jsqlparser.statement.select.SelectItem.from(
                new net.sf.jsqlparser.schema.Column(table.primaryKey().get(0)))));
        ps.setIntoTables(new java.util.ArrayList<>(List.of(new net.sf.jsqlparser.schema.Table(hidden))));
        Stmt.Sql translated = new SqlTranslator(schema, scope).select(ps, fragment);
        Stmt.Select sel = (Stmt.Select) translated;
        String sql = "SELECT " + table.primaryKey().get(0) + " FROM " + ps.toString().replaceFirst("(?is)^SELECT .*? INTO \\S+ FROM ", "");
        pending.add(new Stmt.Select(sel.target(), sel.table(), sel.columns(), sel.aggregate(), sel.where(), sel.orderBy(), sel.limit(),
                sel.lock(), sel.joinedFrom(), sql, pos));
        boolean not = x.isNot();
        return new Cond.IsNull(hidden, !not, pos);
    }

    /** SELECTs an IF condition's EXISTS needs, to run just before the IF (drained by {@link #block}). */
    private List<Stmt> pending = new ArrayList<>();

    private List<Stmt> takePending() {
        List<Stmt> out = pending;
        pending = new ArrayList<>();
        return out;
    }

    /** The source text of tokens [from, to). */
    private Fragment fragment(int from, int to) {
        Token first = tokens.get(from);
        return new Fragment(source.substring(first.start(), tokens.get(to - 1).end()), first.pos());
    }

    /** Index of the {@code ;} ending the statement that starts at {@code from}. */
    private int statementEnd(int from) {
        for (int i = from; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.isSymbol(";")) {
                return i;
            }
            if (t.kind() == Token.Kind.EOF) {
                throw new ProgramError(tokens.get(from).pos(), "statement is not terminated by ';'");
            }
        }
        throw new IllegalStateException("token list without EOF");
    }

    /** Index of keyword {@code word} before the statement's end, for IF … THEN. */
    private int find(String word, String what) {
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

    /** The number of parenthesised rows after VALUES (JSqlParser's list shape cannot tell one row from several). */
    private int valueRows(int from, int to) {
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
    private void closing(Token opener, String end, String word) {
        expectWord(end);
        if (!peek().is(word)) {
            throw new ProgramError(peek().pos(), opener.text().toUpperCase() + " at " + opener.pos().lineColumn() + " must be closed by END "
                    + word + ", found " + peek().describe());
        }
        next++;
        expectSymbol(";");
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token identifier(String what) {
        Token t = peek();
        if (t.kind() != Token.Kind.WORD) {
            throw new ProgramError(t.pos(), "expected " + what + ", found " + t.describe());
        }
        next++;
        return t;
    }

    private Token expectWord(String word) {
        Token t = peek();
        if (!t.is(word)) {
            throw new ProgramError(t.pos(), "expected " + word + ", found " + t.describe());
        }
        next++;
        return t;
    }

    private boolean acceptWord(String word) {
        if (peek().is(word)) {
            next++;
            return true;
        }
        return false;
    }

    private void expectSymbol(String symbol) {
        Token t = peek();
        if (!t.isSymbol(symbol)) {
            throw new ProgramError(t.pos(), "expected '" + symbol + "', found " + t.describe());
        }
        next++;
    }

    private boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            next++;
            return true;
        }
        return false;
    }
}
