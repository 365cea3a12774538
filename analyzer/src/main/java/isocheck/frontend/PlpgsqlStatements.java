package isocheck.frontend;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The statements of a PL/pgSQL body (manual, chapter 43), under {@link PlpgsqlRoutine}: SELECT …
 * INTO [STRICT], PERFORM, FOR r IN SELECT … LOOP, FOREACH x IN ARRAY p LOOP, IF with ELSEIF, NULL;
 * and the rest through {@link StatementParser}; constructs PL/pgSQL has and isocheck does not are
 * refused with what to write instead.
 */
abstract class PlpgsqlStatements {

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

    final ProgramParser p;
    boolean procedure;

    /** Variables declared {@code t%ROWTYPE}, with their table. */
    final Map<String, Table> rowtypes = new java.util.HashMap<>();

    PlpgsqlStatements(ProgramParser p) {
        this.p = p;
    }

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
        SqlTranslator translator = new SqlTranslator(p.schema, p.scope);
        Stmt.Select sel = (Stmt.Select) translator.translateSelectInto(p.fragment(start, end));
        p.next = end + 1;
        List<Stmt> out = new ArrayList<>();
        out.add(sel);
        List<SelectListExpression> expressions = translator.expressions();
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
        if (!expressions.isEmpty()) {
            out.addAll(selectListValues(sel, declared, expressions, into, translator));
        } else if (!sel.target().equals(declared)) {
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

    /**
     * The values of a SELECT list's expressions ({@link SelectListExpression}): into a scalar, the
     * one expression over the hidden row set; into a record, one hidden local per alias, which
     * {@code record.alias} names from here on.
     */
    private List<Stmt> selectListValues(
            Stmt.Select sel,
            String declared,
            List<SelectListExpression> expressions,
            Token into,
            SqlTranslator translator) {
        List<Stmt> out = new ArrayList<>();
        if (!sel.target().equals(declared)) {
            if (translator.selectItems() != 1) {
                throw new ProgramError(
                        into.pos(),
                        "SELECT of several items INTO scalar "
                                + declared
                                + "; declare it RECORD and read "
                                + declared
                                + ".alias");
            }
            Expr value = expressions.get(0).over(sel.target());
            p.scope.assign(declared, new Type.Scalar(value.type()), into.pos());
            out.add(new Stmt.Assign(declared, value, into.pos()));
            return out;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (SelectListExpression e : expressions) {
            if (e.alias() == null) {
                throw new ProgramError(
                        e.pos(),
                        "an expression selected INTO a record needs an alias (expr AS name), the field it fills");
            }
            String hidden = p.scope.hiddenName(declared + "$" + e.alias());
            Expr value = e.over(declared);
            p.scope.assign(hidden, new Type.Scalar(value.type()), e.pos());
            out.add(new Stmt.Assign(hidden, value, e.pos()));
            fields.put(e.alias(), hidden);
        }
        p.scope.joinRecord(declared, fields);
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
        SqlTranslator translator = new SqlTranslator(p.schema, p.scope);
        Stmt.Select sel = (Stmt.Select) translator.translatePerform(p.fragment(start, loop), rows);
        JoinTranslator.PerformChain chain = translator.performChain();
        if (sel.aggregate().isPresent() || chain != null && chain.aggregate()) {
            throw new ProgramError(
                    p.tokens.get(start).pos(),
                    "FOR over an aggregate is not supported; SELECT … INTO a variable");
        }
        p.next = loop + 1;
        if (chain != null) { // a join: nested loops (JoinLoop)
            if (!chain.exact()) {
                throw new ProgramError(
                        p.tokens.get(start).pos(),
                        "FOR over a join on more than one column pair between two tables is not supported");
            }
            if (!p.scope.isDeclared(variable.text())) {
                loopBody(keyword, variable, p.scope.read(rows, variable.pos())); // its error
            }
            List<Stmt> nested =
                    JoinLoop.nest(
                            p.scope,
                            chain,
                            variable.text(),
                            keyword.pos(),
                            set -> loopBody(keyword, variable, p.scope.read(set, variable.pos())));
            p.scope.foundUnknown(
                    "FOUND after FOR over a join is not modelled (whether any joined row was found)");
            p.scope.rowCount(new Scope.RowCount(null, false, "FOR"));
            return nested;
        }
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

    static void reject(boolean unsupported, Token at, String message) {
        if (unsupported) {
            throw new ProgramError(at.pos(), message);
        }
    }
}
