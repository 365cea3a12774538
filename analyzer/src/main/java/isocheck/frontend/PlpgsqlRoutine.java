package isocheck.frontend;

import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One PL/pgSQL routine as written for PostgreSQL (manual, chapter 43 "PL/pgSQL"), read as a
 * transaction type: {@code CREATE [OR REPLACE] FUNCTION|PROCEDURE name(params) [RETURNS …] LANGUAGE
 * plpgsql AS $$ [DECLARE …] BEGIN … END $$;}. The subset: DECLARE with types (scalars, RECORD,
 * {@code t%ROWTYPE}, {@code t.c%TYPE}, {@code := init}), {@code SELECT … INTO [STRICT]},
 * UPDATE/INSERT/DELETE, {@code PERFORM}, {@code :=}, IF/ELSIF/ELSEIF/ELSE, {@code FOR r IN SELECT …
 * LOOP}, {@code FOREACH x IN ARRAY p LOOP}, FOUND, {@code RAISE EXCEPTION}, RETURN, {@code NULL;},
 * named and {@code $n} parameters, array parameters (a row set of one field, {@code elem}).
 *
 * <p>Names follow PL/pgSQL: variables are written bare, inside SQL too; a bare name that is both a
 * variable and a column of the statement's table is rejected, as PostgreSQL's default {@code
 * plpgsql.variable_conflict = error} does (§43.11.1). SQL statements go to the same {@link
 * SqlTranslator} as TRANSACTION bodies, so every construct it accepts works here too.
 */
final class PlpgsqlRoutine extends PlpgsqlStatements {

    /** The field of an array parameter's rows: {@code FOREACH x IN ARRAY p} reads it as x. */
    static final String ARRAY_FIELD = "elem";

    PlpgsqlRoutine(ProgramParser p) {
        super(p);
    }

    /** Reads the CREATE statement through its final {@code ;}. */
    Transaction parse() {
        Token create = p.expectWord("CREATE");
        if (p.acceptWord("OR")) {
            p.expectWord("REPLACE");
        }
        Token kind = p.peek();
        procedure = kind.is("PROCEDURE");
        p.next++;
        Token name = p.identifier("a " + (procedure ? "procedure" : "function") + " name");
        Scope scope = new Scope();
        scope.plpgsql(true);
        scope.sequences(p.sequences);
        p.scope = scope;
        p.expectSymbol("(");
        int n = 0;
        if (!p.peek().isSymbol(")")) {
            do {
                n++;
                parameter(n);
            } while (p.acceptSymbol(","));
        }
        p.expectSymbol(")");
        int bodyOpen = -1;
        int bodyClose = -1;
        Token language = null;
        while (!p.peek().isSymbol(";")) {
            Token t = p.peek();
            if (t.kind() == Token.Kind.EOF) {
                throw new ProgramError(t.pos(), "statement is not terminated by ';'");
            }
            if (t.is("RETURNS")) {
                reject(procedure, t, "a PROCEDURE has no RETURNS; use CREATE FUNCTION");
                p.next++;
                skipReturnType();
            } else if (t.is("LANGUAGE")) {
                p.next++;
                language = p.identifier("a language name");
                if (!language.is("plpgsql")) {
                    throw new ProgramError(
                            language.pos(),
                            "LANGUAGE "
                                    + language.text()
                                    + " is not supported: only LANGUAGE plpgsql routines are transaction types");
                }
            } else if (t.is("AS")) {
                p.next++;
                Token open = p.peek();
                if (!open.isDollarQuote()) {
                    throw new ProgramError(
                            open.pos(),
                            "expected the body in dollar quotes (AS $$ … $$), found "
                                    + open.describe());
                }
                bodyOpen = p.next;
                bodyClose = closingQuote(bodyOpen);
                p.next = bodyClose + 1;
            } else if (t.is("VOLATILE") || t.is("STABLE") || t.is("IMMUTABLE")) {
                p.next++;
            } else {
                throw new ProgramError(
                        t.pos(),
                        "unsupported routine option "
                                + t.describe()
                                + " (supported: RETURNS …, LANGUAGE plpgsql, AS $$ … $$, VOLATILE, STABLE, IMMUTABLE)");
            }
        }
        int end = p.next;
        if (bodyOpen < 0) {
            throw new ProgramError(
                    name.pos(),
                    (procedure ? "procedure " : "function ")
                            + name.text()
                            + " has no body (AS $$ … $$)");
        }
        if (language == null) {
            throw new ProgramError(
                    name.pos(),
                    (procedure ? "procedure " : "function ")
                            + name.text()
                            + " needs LANGUAGE plpgsql");
        }
        p.next = bodyOpen + 1;
        p.plpgsql = this;
        List<Stmt> body = new ArrayList<>(declarations());
        p.expectWord("BEGIN");
        body.addAll(p.block());
        p.expectWord("END");
        p.acceptSymbol(";");
        if (p.next != bodyClose) {
            throw new ProgramError(
                    p.peek().pos(),
                    "expected the closing "
                            + p.tokens.get(bodyClose).text()
                            + " after the body's END, found "
                            + p.peek().describe());
        }
        p.plpgsql = null;
        p.next = end + 1;
        return LocalWebs.split(
                new Transaction(
                        name.text(), scope.parameters(), scope.locals(), body, create.pos()));
    }

    private void parameter(int n) {
        Token t = p.peek();
        if (t.is("OUT") || t.is("INOUT") || t.is("VARIADIC")) {
            throw new ProgramError(
                    t.pos(), t.text().toUpperCase() + " parameters are not supported (IN only)");
        }
        p.acceptWord("IN");
        Token first = p.identifier("a parameter name or type");
        Token nameToken;
        Token typeToken;
        if (p.peek().isSymbol(",")
                || p.peek().isSymbol(")")
                || p.peek().isSymbol("(")
                || p.peek().isSymbol("[")) {
            nameToken = null; // unnamed: only $n names it
            typeToken = first;
        } else {
            nameToken = first;
            typeToken = p.identifier("a parameter type");
        }
        Type type = parameterType(typeToken);
        boolean bool = typeToken.is("BOOLEAN") || typeToken.is("BOOL");
        if (p.peek().is("DEFAULT") || p.peek().isSymbol("=")) {
            throw new ProgramError(p.peek().pos(), "parameter defaults are not supported");
        }
        String name = nameToken == null ? "$" + n : nameToken.text();
        p.scope.declareParameter(name, type, (nameToken == null ? typeToken : nameToken).pos());
        p.scope.alias("_" + n, name);
        if (bool && type instanceof Type.Scalar) {
            p.scope.markBoolean(name);
        }
    }

    /**
     * {@code INT}, {@code VARCHAR(n)}, {@code NUMERIC(p,s)}…, and {@code type[]}: an array is a row
     * set of one field.
     */
    private Type parameterType(Token typeToken) {
        ScalarType scalar = scalarType(typeToken);
        if (p.acceptSymbol("[")) {
            p.expectSymbol("]");
            return new Type.Rows(Optional.empty(), List.of(new Field(ARRAY_FIELD, scalar)));
        }
        return new Type.Scalar(scalar);
    }

    private ScalarType scalarType(Token typeToken) {
        if (p.peek().isSymbol("%")) {
            throw new ProgramError(
                    p.peek().pos(), "%TYPE parameters are not supported; write the type");
        }
        return p.declaredType(typeToken).scalar();
    }

    /**
     * RETURNS type, RETURNS SETOF type or RETURNS TABLE (…): the value is the caller's, not the
     * analysis's.
     */
    private void skipReturnType() {
        int depth = 0;
        while (true) {
            Token t = p.peek();
            if (t.kind() == Token.Kind.EOF
                    || (depth == 0
                            && (t.isSymbol(";")
                                    || t.is("LANGUAGE")
                                    || t.is("AS")
                                    || t.isDollarQuote()))) {
                return;
            }
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            }
            p.next++;
        }
    }

    private int closingQuote(int open) {
        String quote = p.tokens.get(open).text();
        for (int i = open + 1; i < p.tokens.size(); i++) {
            Token t = p.tokens.get(i);
            if (t.isSymbol(quote)) {
                return i;
            }
            if (t.kind() == Token.Kind.EOF) {
                break;
            }
        }
        throw new ProgramError(
                p.tokens.get(open).pos(), "the body's " + quote + " is never closed");
    }

    /**
     * DECLARE section: {@code name [CONSTANT] type [NOT NULL] [:= | = | DEFAULT expr];}. An
     * initialiser becomes a {@code :=} at the start of the body; a variable without one is NULL in
     * PostgreSQL, and reading it before an assignment is rejected.
     */
    private List<Stmt> declarations() {
        List<Stmt> out = new ArrayList<>();
        if (!p.acceptWord("DECLARE")) {
            return out;
        }
        while (!p.peek().is("BEGIN") && p.peek().kind() != Token.Kind.EOF) {
            Token name = p.identifier("a variable name");
            p.acceptWord("CONSTANT");
            Token typeToken = p.identifier("a type");
            Optional<ScalarType> scalar;
            if (typeToken.is("RECORD")) {
                scalar = Optional.empty();
            } else if (p.peek().isSymbol("%")) {
                p.next++;
                Token what = p.identifier("ROWTYPE or TYPE");
                if (what.is("ROWTYPE")) {
                    rowtypes.put(Names.of(name.text()), table(typeToken));
                    scalar = Optional.empty();
                } else {
                    throw new ProgramError(
                            what.pos(),
                            "expected %ROWTYPE (or table.column%TYPE), found " + what.describe());
                }
            } else if (p.peek().isSymbol(".")) {
                p.next++;
                Token column = p.identifier("a column");
                p.expectSymbol("%");
                Token what = p.identifier("TYPE");
                if (!what.is("TYPE")) {
                    throw new ProgramError(what.pos(), "expected %TYPE, found " + what.describe());
                }
                Table table = table(typeToken);
                scalar =
                        Optional.of(
                                table.column(Names.of(column.text()))
                                        .orElseThrow(
                                                () ->
                                                        new ProgramError(
                                                                column.pos(),
                                                                "unknown column "
                                                                        + column.text()
                                                                        + " in table "
                                                                        + table.name()))
                                        .type());
            } else {
                scalar = Optional.of(scalarType(typeToken));
                if (p.peek().isSymbol("[")) {
                    throw new ProgramError(
                            p.peek().pos(),
                            "array variables are not supported (array parameters are)");
                }
            }
            if (p.acceptWord("NOT")) {
                p.expectWord("NULL");
            }
            p.scope.declare(name.text(), scalar.isPresent(), name.pos());
            if (typeToken.is("BOOLEAN") || typeToken.is("BOOL")) {
                p.scope.markBoolean(name.text());
            }
            if (p.peek().isSymbol(":=") || p.peek().isSymbol("=") || p.peek().is("DEFAULT")) {
                Token op = p.peek();
                p.next++;
                int end = p.statementEnd(p.next);
                if (end == p.next) {
                    throw new ProgramError(op.pos(), "expected an expression after " + op.text());
                }
                if (scalar.isEmpty()) {
                    throw new ProgramError(
                            op.pos(),
                            "a RECORD or %ROWTYPE variable cannot be initialised here; fill it with SELECT … INTO");
                }
                Fragment fragment = p.fragment(p.next, end);
                Expr value =
                        ExprTranslator.program(fragment, p.scope).expr(fragment.parseExpression());
                p.next = end + 1;
                p.scope.assign(name.text(), new Type.Scalar(value.type()), name.pos());
                out.add(new Stmt.Assign(Names.of(name.text()), value, name.pos()));
            } else {
                p.expectSymbol(";");
            }
        }
        return out;
    }

    private Table table(Token name) {
        return p.schema
                .table(Names.of(name.text()))
                .orElseThrow(() -> new ProgramError(name.pos(), "unknown table " + name.text()));
    }
}
