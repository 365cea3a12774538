package isocheck.frontend;

import isocheck.program.Field;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Recursive-descent parser for a program file (docs/DESIGN.md §2 "analyze"): CREATE TABLE, CREATE
 * UNIQUE INDEX and CREATE SEQUENCE, TRANSACTION name(parameters) BEGIN … END and the types of
 * parameters; a body's statements are read by {@link StatementParser} over the tokens of {@link
 * TokenCursor}. SQL statements, conditions and expressions are cut out by offset and parsed by
 * JSqlParser. Names are resolved and types checked as the body is read, so the result is a checked
 * {@link Program}.
 */
final class ProgramParser extends StatementParser {

    /** The sequences the file creates: CREATE SEQUENCE, SERIAL and IDENTITY columns. */
    final java.util.Set<String> sequences = new java.util.TreeSet<>();

    private ProgramParser(String file, String source) {
        super(file, source);
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
        return LocalWebs.split(
                new Transaction(
                        name.text(), scope.parameters(), scope.locals(), body, keyword.pos()));
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
}
