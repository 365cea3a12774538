package isocheck.frontend;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
final class PlpgsqlRoutine {

    /** The field of an array parameter's rows: {@code FOREACH x IN ARRAY p} reads it as x. */
    static final String ARRAY_FIELD = "elem";

    private static final Map<String, String> UNSUPPORTED =
            Map.ofEntries(
                    Map.entry(
                            "WHILE",
                            "WHILE loops are not supported; use FOR r IN SELECT … LOOP or FOREACH x IN ARRAY p LOOP"),
                    Map.entry(
                            "LOOP",
                            "bare LOOP is not supported; use FOR r IN SELECT … LOOP or FOREACH x IN ARRAY p LOOP"),
                    Map.entry(
                            "EXIT",
                            "EXIT is not supported; guard the rest of the loop body with IF"),
                    Map.entry(
                            "CONTINUE",
                            "CONTINUE is not supported; guard the rest of the loop body with IF"),
                    Map.entry(
                            "EXECUTE",
                            "EXECUTE (dynamic SQL) is not supported: isocheck must see the statement"),
                    Map.entry(
                            "COMMIT",
                            "COMMIT inside a routine is not supported: each call is one transaction"),
                    Map.entry("BEGIN", "nested BEGIN … END blocks are not supported; use IF"),
                    Map.entry(
                            "DECLARE",
                            "DECLARE inside the body (a nested block) is not supported; declare at the top"),
                    Map.entry(
                            "EXCEPTION",
                            "EXCEPTION handlers are not supported: an error aborts the transaction"),
                    Map.entry("CASE", "the CASE statement is not supported; use IF/ELSIF"),
                    Map.entry("OPEN", "cursors are not supported; use FOR r IN SELECT … LOOP"),
                    Map.entry("FETCH", "cursors are not supported; use FOR r IN SELECT … LOOP"),
                    Map.entry(
                            "CALL",
                            "calling another routine is not supported: inline its statements"),
                    Map.entry(
                            "ASSERT",
                            "ASSERT is not supported; use IF … THEN RAISE EXCEPTION '…'; END IF"));

    private final ProgramParser p;
    private boolean procedure;

    /** Variables declared {@code t%ROWTYPE}, with their table. */
    private final Map<String, Table> rowtypes = new java.util.HashMap<>();

    PlpgsqlRoutine(ProgramParser p) {
        this.p = p;
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
        return new Transaction(name.text(), scope.parameters(), scope.locals(), body, create.pos());
    }

    // ------------------------------------------------------------------ header

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

    // ------------------------------------------------------------------ statements

    /**
     * One statement of the body; some become several IR statements (SELECT INTO a scalar, STRICT,
     * FOR).
     */
    List<Stmt> statement() {
        Token t = p.peek();
        if (t.is("SELECT")) {
            return select();
        }
        if (t.is("UPDATE") || t.is("INSERT") || t.is("DELETE")) {
            return new PlpgsqlDml(p).statement();
        }
        if (t.is("GET")) {
            return new PlpgsqlDml(p).getDiagnostics();
        }
        if (t.is("PERFORM")) {
            return perform();
        }
        if (t.is("IF")) {
            p.next++;
            return List.of(ifStatement(t));
        }
        if (t.is("FOR")) {
            return forQuery();
        }
        if (t.is("FOREACH")) {
            return foreachArray();
        }
        if (t.is("NULL")) {
            p.next++;
            p.expectSymbol(";");
            return List.of(new Stmt.Skip(t.pos()));
        }
        if (t.is("RAISE")) {
            return List.of(p.raise());
        }
        if (t.is("RETURN")) {
            p.next++;
            if (p.peek().is("NEXT") || p.peek().is("QUERY")) {
                throw new ProgramError(
                        p.peek().pos(),
                        "RETURN "
                                + p.peek().text().toUpperCase()
                                + " is not supported; return a scalar or nothing");
            }
            p.next = p.statementEnd(p.next) + 1; // the value goes to the caller
            return List.of(p.earlyReturn(t));
        }
        if (t.is("ROLLBACK")) {
            if (!procedure) {
                throw new ProgramError(
                        t.pos(),
                        "ROLLBACK is not allowed in a FUNCTION (PostgreSQL: invalid transaction termination); use RAISE EXCEPTION '…'");
            }
            p.next++;
            p.expectSymbol(";");
            // in a procedure, statements after ROLLBACK would run in a new transaction (manual
            // §43.8)
            Token after = p.peek();
            if (!(after.is("END")
                    || after.is("ELSE")
                    || after.is("ELSIF")
                    || after.is("ELSEIF")
                    || after.is("RETURN"))) {
                throw new ProgramError(
                        after.pos(),
                        "ROLLBACK must end its path (follow it by RETURN or the end of the block): "
                                + "PostgreSQL would run the statements after it in a new transaction");
            }
            return List.of(new Stmt.Abort("", t.pos()));
        }
        if (t.kind() == Token.Kind.WORD && p.tokens.get(p.next + 1).isSymbol(":=")) {
            return List.of(p.assignment());
        }
        if (t.kind() == Token.Kind.WORD && p.tokens.get(p.next + 1).isSymbol("=")) {
            throw new ProgramError(
                    p.tokens.get(p.next + 1).pos(), "write assignments with := (not =)");
        }
        if (t.kind() == Token.Kind.WORD && UNSUPPORTED.containsKey(t.text().toUpperCase())) {
            throw new ProgramError(t.pos(), UNSUPPORTED.get(t.text().toUpperCase()));
        }
        if (t.isSymbol("<")) {
            throw new ProgramError(t.pos(), "block labels (<<label>>) are not supported");
        }
        throw new ProgramError(
                t.pos(),
                "expected a PL/pgSQL statement (SELECT … INTO, UPDATE, INSERT, DELETE, PERFORM, IF, FOR, FOREACH, "
                        + "RAISE, RETURN, NULL or name := expr), found "
                        + t.describe());
    }

    /**
     * IF, with FOUND restored at each branch (it is what the query before the IF set) and unknown
     * after, if a branch changed it.
     */
    private Stmt.If ifStatement(Token keyword) {
        return p.ifStatement(keyword);
    }

    /**
     * {@code SELECT … INTO [STRICT] v}: into a RECORD (or undeclared) v directly; into a DECLAREd
     * scalar through a hidden row set, then {@code v := hidden}. STRICT raises when no row is found
     * (PostgreSQL also raises on more than one; that path is taken as committing with the first row
     * here: more executions, never fewer).
     */
    private List<Stmt> select() {
        int start = p.next;
        int end = p.statementEnd(start);
        Token into = null;
        boolean strict = false;
        int depth = 0;
        for (int i = start; i < end; i++) {
            Token t = p.tokens.get(i);
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            } else if (depth == 0 && t.is("INTO")) {
                strict = p.tokens.get(i + 1).is("STRICT");
                into = p.tokens.get(i + 1 + (strict ? 1 : 0));
                break;
            }
        }
        if (into == null) {
            throw new ProgramError(
                    p.tokens.get(start).pos(),
                    "a SELECT in PL/pgSQL needs INTO (or write PERFORM to discard the rows)");
        }
        Stmt.Select sel =
                (Stmt.Select)
                        new SqlTranslator(p.schema, p.scope).translate(p.fragment(start, end), 1);
        p.next = end + 1;
        List<Stmt> out = new ArrayList<>();
        out.add(sel);
        // SELECT INTO fetches at most one row: ROW_COUNT is 0 or 1 (1 for an aggregate)
        p.scope.rowCount(
                new Scope.RowCount(
                        sel.aggregate().isPresent() ? "" : sel.target(), false, "SELECT"));
        String declared = Names.of(into.text());
        Table rowtype = rowtypes.get(declared);
        if (rowtype != null
                && !sel.columns()
                        .equals(
                                rowtype.columns().stream()
                                        .map(isocheck.program.Column::name)
                                        .toList())) {
            // PostgreSQL fills a row-type variable's fields by position (manual §43.5.3)
            throw new ProgramError(
                    into.pos(),
                    declared
                            + " is "
                            + rowtype.name()
                            + "%ROWTYPE: SELECT … INTO it fills its fields by position, so select "
                            + "every column of "
                            + rowtype.name()
                            + " (SELECT *), or declare "
                            + declared
                            + " RECORD");
        }
        if (sel.aggregate().isPresent()) {
            p.scope.found(""); // an aggregate always returns its one row
        }
        if (!sel.target().equals(declared)) {
            Variable hidden = p.scope.read(sel.target(), into.pos());
            ScalarType type;
            if (hidden.type() instanceof Type.Scalar sc) {
                type = sc.type();
            } else if (hidden.type().fields().size() == 1) {
                type = hidden.type().fields().get(0).type();
            } else {
                throw new ProgramError(
                        into.pos(),
                        "SELECT of "
                                + hidden.type().fields().size()
                                + " columns INTO scalar "
                                + declared
                                + "; declare it RECORD (or table%ROWTYPE) and read "
                                + declared
                                + ".column");
            }
            Expr value = new Expr.VarRef(hidden.name(), null, type, into.pos());
            p.scope.assign(declared, new Type.Scalar(type), into.pos());
            out.add(new Stmt.Assign(declared, value, into.pos()));
        }
        if (strict && sel.aggregate().isEmpty()) {
            out.add(
                    new Stmt.If(
                            new Cond.IsNull(sel.target(), false, into.pos()),
                            List.of(new Stmt.Abort("query returned no rows", into.pos())),
                            List.of(),
                            into.pos()));
        }
        return out;
    }

    /** {@code PERFORM query}: a SELECT whose rows only set FOUND. */
    private List<Stmt> perform() {
        int end = p.statementEnd(p.next);
        Fragment f = p.fragment(p.next, end);
        Fragment asSelect =
                new Fragment(
                        "SELECT " + f.text().substring("PERFORM".length()),
                        f.start()); // same length
        String target = p.scope.hiddenName("perform");
        SqlTranslator translator = new SqlTranslator(p.schema, p.scope);
        Stmt.Sql sql = translator.translatePerform(asSelect, target);
        p.next = end + 1;
        p.scope.found(target);
        p.scope.rowCount(new Scope.RowCount(null, false, "PERFORM (it counts every row)"));
        if (((Stmt.Select) sql).aggregate().isPresent()) {
            p.scope.found("");
        }
        JoinTranslator.PerformChain chain = translator.performChain();
        if (chain != null) { // a join: one SELECT per table (JoinTranslator.perform)
            if (chain.aggregate()) {
                p.scope.found("");
            } else if (!chain.exact()) {
                p.scope.foundUnknown(
                        "FOUND after a PERFORM of a join on several column pairs is not modelled (each pair is "
                                + "tested on its own, a superset of the joined rows)");
            }
            List<Stmt> out = new ArrayList<>(chain.before());
            out.add(sql);
            return out;
        }
        return List.of(sql);
    }

    /**
     * {@code FOR r IN SELECT … LOOP body END LOOP;}: the query into a hidden row set, then FOREACH
     * over it.
     */
    private List<Stmt> forQuery() {
        Token keyword = p.expectWord("FOR");
        Token variable = p.identifier("a loop variable");
        p.expectWord("IN");
        if (!p.peek().is("SELECT")) {
            throw new ProgramError(
                    p.peek().pos(),
                    "only FOR r IN SELECT … LOOP is supported (no integer ranges, EXECUTE or cursors), found "
                            + p.peek().describe());
        }
        int start = p.next;
        int loop = -1;
        int depth = 0;
        for (int i = start; i < p.tokens.size() && p.tokens.get(i).kind() != Token.Kind.EOF; i++) {
            Token t = p.tokens.get(i);
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            } else if (depth == 0 && (t.is("LOOP") || t.isSymbol(";"))) {
                loop = t.is("LOOP") ? i : -1;
                break;
            }
        }
        if (loop < 0) {
            throw new ProgramError(keyword.pos(), "FOR … IN SELECT is missing LOOP");
        }
        String rows = p.scope.hiddenName(Names.of(variable.text()) + "_rows");
        Stmt.Select sel =
                (Stmt.Select)
                        new SqlTranslator(p.schema, p.scope)
                                .translatePerform(p.fragment(start, loop), rows);
        if (sel.aggregate().isPresent()) {
            throw new ProgramError(
                    p.tokens.get(start).pos(),
                    "FOR over an aggregate is not supported; SELECT … INTO a variable");
        }
        p.next = loop + 1;
        Variable set = p.scope.read(rows, variable.pos());
        Stmt.Foreach each = loopBody(keyword, variable, set);
        p.scope.found(rows); // FOR sets FOUND when it iterated at least once (manual §43.5.5)
        p.scope.rowCount(new Scope.RowCount(null, false, "FOR"));
        return List.of(sel, each);
    }

    /** {@code FOREACH x IN ARRAY p LOOP body END LOOP;} over an array parameter. */
    private List<Stmt> foreachArray() {
        Token keyword = p.expectWord("FOREACH");
        Token variable = p.identifier("a loop variable");
        if (p.peek().is("SLICE")) {
            throw new ProgramError(p.peek().pos(), "FOREACH … SLICE is not supported");
        }
        p.expectWord("IN");
        p.expectWord("ARRAY");
        Token source = p.identifier("an array parameter");
        Variable set = p.scope.read(source.text(), source.pos());
        if (!(set.type() instanceof Type.Rows)) {
            throw new ProgramError(
                    source.pos(),
                    "FOREACH … IN ARRAY needs an array parameter; "
                            + set.name()
                            + " is "
                            + set.type().describe());
        }
        p.expectWord("LOOP");
        Stmt.Foreach each = loopBody(keyword, variable, set);
        p.scope.found(set.name());
        return List.of(each);
    }

    private Stmt.Foreach loopBody(Token keyword, Token variable, Variable set) {
        if (!p.scope.isDeclared(variable.text())) {
            throw new ProgramError(
                    variable.pos(),
                    "loop variable "
                            + variable.text()
                            + " must be DECLAREd (PostgreSQL requires it: "
                            + (keyword.is("FOR") ? "RECORD" : "the array's element type")
                            + ")");
        }
        Set<String> before = p.scope.snapshot();
        Type.Rows rows = (Type.Rows) set.type();
        p.scope.enterLoop(
                variable.text(), new Type.Row(rows.table(), rows.fields()), variable.pos());
        p.loopDepth++;
        List<Stmt> body = p.block();
        p.loopDepth--;
        p.scope.exitLoop();
        p.scope.restore(before); // the body may run zero times
        p.closing(keyword, "END", "LOOP");
        return new Stmt.Foreach(Names.of(variable.text()), set.name(), body, keyword.pos());
    }

    private static void reject(boolean unsupported, Token at, String message) {
        if (unsupported) {
            throw new ProgramError(at.pos(), message);
        }
    }
}
