package isocheck.spec;

import isocheck.program.SourcePos;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parser for the spec language (grammar in specs/README.md). Recursive descent over a hand-written
 * lexer; variables are resolved while parsing (quantifiers open a scope before their body is read),
 * so free variables and ill-typed comparisons are reported at their own position.
 */
public final class SpecParser {

    /** Spec names (file names without {@code .spec}) and include targets. */
    public static final String NAME_PATTERN = "[A-Za-z0-9_][A-Za-z0-9_-]*";

    private enum Kind {
        IDENT,
        NAME,
        LPAREN,
        RPAREN,
        COMMA,
        COLON,
        EQ,
        NEQ,
        EOF,
        FORALL,
        EXISTS,
        AND,
        OR,
        NOT,
        IMPLIES,
        IFF,
        TRUE,
        FALSE,
        INCLUDE,
        AXIOM,
        OBSERVER,
        FOR,
        TYPE
    }

    private static final Map<String, Kind> KEYWORDS =
            Map.ofEntries(
                    Map.entry("forall", Kind.FORALL),
                    Map.entry("exists", Kind.EXISTS),
                    Map.entry("and", Kind.AND),
                    Map.entry("or", Kind.OR),
                    Map.entry("not", Kind.NOT),
                    Map.entry("implies", Kind.IMPLIES),
                    Map.entry("iff", Kind.IFF),
                    Map.entry("true", Kind.TRUE),
                    Map.entry("false", Kind.FALSE),
                    Map.entry("include", Kind.INCLUDE),
                    Map.entry("axiom", Kind.AXIOM),
                    Map.entry("observer", Kind.OBSERVER),
                    Map.entry("for", Kind.FOR),
                    Map.entry("type", Kind.TYPE));

    private record Token(Kind kind, String text, SourcePos position) {
        String describe() {
            return kind == Kind.EOF ? "end of file" : "'" + text + "'";
        }
    }

    private final String file;
    private final String src;
    private int offset;
    private int line = 1;
    private int column = 1;
    private final List<Token> lookahead = new ArrayList<>();
    private final Deque<Set<String>> scopes = new ArrayDeque<>();

    private SpecParser(String file, String src) {
        this.file = file;
        this.src = src;
    }

    /**
     * Parses one spec file. {@code name} is the spec's name (its file name without {@code .spec}),
     * {@code file} the name used in error positions.
     */
    static ParsedSpec parse(String name, String file, String source) throws SpecException {
        return new SpecParser(file, source).parseFile(name);
    }

    /**
     * Parses a single closed formula (used by tests and by tools that take a formula on the command
     * line).
     */
    public static Formula parseFormula(String file, String source) throws SpecException {
        SpecParser p = new SpecParser(file, source);
        Formula f = p.formula();
        p.expect(Kind.EOF, "end of formula");
        return f;
    }

    // ---------------------------------------------------------------- file level

    private ParsedSpec parseFile(String name) throws SpecException {
        List<Include> includes = new ArrayList<>();
        List<Axiom> axioms = new ArrayList<>();
        Set<String> axiomNames = new HashSet<>();
        boolean perStatement = false;
        boolean firstRead = false;
        List<String> databases = new ArrayList<>();
        while (peek().kind != Kind.EOF) {
            Token t = peek();
            // 'snapshot' and 'database' are directives only where an item starts and a name follows
            // (not keywords: a formula may still use them as variables, e.g. `snapshot = b`)
            if (t.kind == Kind.IDENT && t.text.equals("snapshot") && peek(1).kind == Kind.IDENT) {
                next();
                Token how = next();
                switch (how.text) {
                    case "statement" -> {
                        perStatement = true;
                        firstRead = false;
                    }
                    case "transaction" -> {
                        perStatement = false;
                        firstRead = false;
                    }
                    case "first_read" -> {
                        perStatement = true;
                        firstRead = true;
                    }
                    default ->
                            throw error(
                                    how.position,
                                    "expected 'statement', 'transaction' or 'first_read' after"
                                            + " 'snapshot', found "
                                            + how.describe());
                }
            } else if (t.kind == Kind.IDENT
                    && t.text.equals("database")
                    && peek(1).kind == Kind.IDENT) {
                next();
                Token db = next();
                if (!Spec.DATABASES.contains(db.text)) {
                    throw error(
                            db.position,
                            "unknown database '"
                                    + db.text
                                    + "'; known: "
                                    + String.join(", ", Spec.DATABASES));
                }
                if (!databases.contains(db.text)) databases.add(db.text);
            } else if (t.kind == Kind.INCLUDE) {
                next();
                includes.add(include());
            } else if (t.kind == Kind.AXIOM) {
                next();
                Token id = expect(Kind.IDENT, "an axiom name after 'axiom'");
                if (!axiomNames.add(id.text)) {
                    throw error(id.position, "duplicate axiom name '" + id.text + "'");
                }
                Token observer = null;
                if (peek().kind == Kind.OBSERVER) {
                    next();
                    observer = expect(Kind.IDENT, "the observer's variable after 'observer'");
                }
                expect(Kind.COLON, "':' after the axiom's name");
                Formula f = formula();
                if (observer != null && !leadingUniversals(f).contains(observer.text)) {
                    throw error(
                            observer.position,
                            "observer '"
                                    + observer.text
                                    + "' is not a variable of the axiom's leading forall");
                }
                axioms.add(
                        new Axiom(
                                id.text,
                                name,
                                observer == null ? null : observer.text,
                                f,
                                id.position,
                                List.of()));
            } else if (startsFormula(t.kind)) {
                Formula f = formula();
                String anon = "#" + (axioms.size() + 1);
                axiomNames.add(anon);
                axioms.add(new Axiom(anon, name, null, f, t.position, List.of()));
            } else {
                throw error(
                        t.position,
                        "expected 'include', 'axiom' or a formula, found " + t.describe());
            }
        }
        return new ParsedSpec(
                name, file, description(src), includes, axioms, perStatement, databases, firstRead);
    }

    private Include include() throws SpecException {
        if (!lookahead.isEmpty()) throw new IllegalStateException("include name after lookahead");
        skipSpaceAndComments();
        SourcePos pos = here();
        StringBuilder sb = new StringBuilder();
        while (offset < src.length() && isNameChar(src.charAt(offset))) {
            sb.append(advance());
        }
        String target = sb.toString();
        if (target.isEmpty()) {
            throw error(pos, "expected a spec name after 'include', found " + peek().describe());
        }
        if (!target.matches(NAME_PATTERN)) {
            throw error(pos, "'" + target + "' is not a spec name");
        }
        List<String> types = new ArrayList<>();
        if (peek().kind == Kind.FOR) {
            next();
            do {
                types.add(expect(Kind.IDENT, "a transaction type name after 'for'").text);
            } while (accept(Kind.COMMA));
        }
        return new Include(target, types, pos);
    }

    private static Set<String> leadingUniversals(Formula f) {
        Set<String> vars = new HashSet<>();
        while (f instanceof Formula.Quantified q && q.quantifier() == Formula.Quantifier.FORALL) {
            vars.addAll(q.variables());
            f = q.body();
        }
        return vars;
    }

    private static boolean startsFormula(Kind k) {
        return switch (k) {
            case IDENT, LPAREN, NOT, FORALL, EXISTS, TRUE, FALSE, TYPE -> true;
            default -> false;
        };
    }

    /** The leading comment block of a file, as one line of prose. */
    static String description(String source) {
        StringBuilder sb = new StringBuilder();
        for (String l : source.split("\n", -1)) {
            String s = l.strip();
            String body;
            if (s.startsWith("#")) {
                body = s.substring(1);
            } else if (s.startsWith("--")) {
                body = s.substring(2);
            } else {
                break;
            }
            if (!body.isBlank()) {
                if (sb.length() > 0) sb.append(' ');
                sb.append(body.strip());
            } else if (sb.length() > 0) {
                break;
            }
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- formulas
    // formula := iff ; iff := implies (('<->'|'iff') implies)* ; implies := or [('->'|'implies')
    // implies]
    // or := and (('or'|'|') and)* ; and := unary (('and'|'&') unary)*
    // unary := ('not'|'!') unary | ('forall'|'exists') vars ':' formula | primary

    private Formula formula() throws SpecException {
        Formula left = implication();
        while (peek().kind == Kind.IFF) {
            Token op = next();
            Formula right = implication();
            left = new Formula.Binary(Formula.BinaryOp.IFF, left, right, op.position);
        }
        return left;
    }

    private Formula implication() throws SpecException {
        Formula left = disjunction();
        if (peek().kind == Kind.IMPLIES) {
            Token op = next();
            enter(op);
            Formula right;
            try {
                right = implication();
            } finally {
                nesting--;
            }
            return new Formula.Binary(Formula.BinaryOp.IMPLIES, left, right, op.position);
        }
        return left;
    }

    private Formula disjunction() throws SpecException {
        Formula left = conjunction();
        while (peek().kind == Kind.OR) {
            Token op = next();
            left = new Formula.Binary(Formula.BinaryOp.OR, left, conjunction(), op.position);
        }
        return left;
    }

    private Formula conjunction() throws SpecException {
        Formula left = unary();
        while (peek().kind == Kind.AND) {
            Token op = next();
            left = new Formula.Binary(Formula.BinaryOp.AND, left, unary(), op.position);
        }
        return left;
    }

    /**
     * The deepest nesting of 'not', parentheses, quantifiers and '->' a formula may have: the
     * parser and the translation to Z3 recurse over it, so a limit keeps a deep formula a one-line
     * error instead of a stack overflow (the shipped specs nest a few levels).
     */
    static final int MAX_NESTING = 200;

    private int nesting;

    private void enter(Token at) throws SpecException {
        if (++nesting > MAX_NESTING) {
            throw error(
                    at.position,
                    "formula nested more than "
                            + MAX_NESTING
                            + " levels deep ('not', parentheses, "
                            + "quantifiers and '->' count); isocheck's limit is "
                            + MAX_NESTING
                            + ": simplify it");
        }
    }

    private Formula unary() throws SpecException {
        enter(peek());
        try {
            return unaryBody();
        } finally {
            nesting--;
        }
    }

    private Formula unaryBody() throws SpecException {
        Token t = peek();
        switch (t.kind) {
            case NOT -> {
                next();
                return new Formula.Not(unary(), t.position);
            }
            case FORALL, EXISTS -> {
                next();
                Set<String> vars = new LinkedHashSet<>();
                do {
                    Token v = expect(Kind.IDENT, "a variable name");
                    if (!vars.add(v.text)) {
                        throw error(
                                v.position,
                                "variable '" + v.text + "' appears twice in this quantifier");
                    }
                } while (accept(Kind.COMMA));
                expect(Kind.COLON, "':' or ',' after the quantified variables");
                scopes.push(vars);
                Formula body;
                try {
                    body = formula();
                } finally {
                    scopes.pop();
                }
                return new Formula.Quantified(
                        t.kind == Kind.FORALL
                                ? Formula.Quantifier.FORALL
                                : Formula.Quantifier.EXISTS,
                        List.copyOf(vars),
                        body,
                        t.position);
            }
            default -> {
                return primary();
            }
        }
    }

    private Formula primary() throws SpecException {
        Token t = peek();
        switch (t.kind) {
            case TRUE, FALSE -> {
                next();
                return new Formula.Const(t.kind == Kind.TRUE, t.position);
            }
            case LPAREN -> {
                next();
                Formula f = formula();
                expect(Kind.RPAREN, "')'");
                return f;
            }
            case TYPE -> {
                return equality();
            }
            case IDENT -> {
                if (peek(1).kind == Kind.LPAREN) {
                    next();
                    return atom(t);
                }
                return equality();
            }
            default -> throw error(t.position, "expected a formula, found " + t.describe());
        }
    }

    private Formula atom(Token name) throws SpecException {
        Relation rel = Relation.bySpelling(name.text).orElse(null);
        if (rel == null) {
            String hint =
                    Relation.byIgnoringCase(name.text)
                            .map(r -> " (did you mean '" + r.spelling() + "'?)")
                            .orElse("");
            throw error(
                    name.position,
                    "unknown relation '"
                            + name.text
                            + "'"
                            + hint
                            + "; relations are "
                            + Relation.allSpellings()
                            + ", and type(t) = Name");
        }
        expect(Kind.LPAREN, "'('");
        List<Token> args = new ArrayList<>();
        if (peek().kind != Kind.RPAREN) {
            do {
                args.add(expect(Kind.IDENT, "a transaction variable"));
            } while (accept(Kind.COMMA));
        }
        expect(Kind.RPAREN, "',' or ')'");
        if (args.size() != 2) {
            throw error(
                    name.position,
                    "relation '" + rel.spelling() + "' takes 2 arguments, found " + args.size());
        }
        for (Token a : args) {
            requireBound(a);
        }
        return new Formula.Atom(rel, args.get(0).text, args.get(1).text, name.position);
    }

    /** Raw operand of = / != before resolution: an identifier, or type(v). */
    private record RawTerm(Token token, boolean typeOf) {}

    private RawTerm rawTerm() throws SpecException {
        Token t = peek();
        if (t.kind == Kind.TYPE) {
            next();
            expect(Kind.LPAREN, "'(' after 'type'");
            List<Token> args = new ArrayList<>();
            if (peek().kind != Kind.RPAREN) {
                do {
                    args.add(expect(Kind.IDENT, "a transaction variable"));
                } while (accept(Kind.COMMA));
            }
            expect(Kind.RPAREN, "',' or ')'");
            if (args.size() != 1) {
                throw error(t.position, "type(...) takes 1 argument, found " + args.size());
            }
            requireBound(args.get(0));
            return new RawTerm(new Token(Kind.IDENT, args.get(0).text, t.position), true);
        }
        if (t.kind == Kind.IDENT) {
            next();
            return new RawTerm(t, false);
        }
        throw error(
                t.position,
                "expected a transaction variable, type(...) or a type name, found " + t.describe());
    }

    private Formula equality() throws SpecException {
        RawTerm left = rawTerm();
        Token op = peek();
        if (op.kind != Kind.EQ && op.kind != Kind.NEQ) {
            if (!left.typeOf && !isBound(left.token.text)) {
                throw error(left.token.position, "free variable '" + left.token.text + "'");
            }
            throw error(
                    op.position,
                    "expected '=' or '!=' after "
                            + (left.typeOf ? "type(...)" : "'" + left.token.text + "'")
                            + ", found "
                            + op.describe());
        }
        next();
        RawTerm right = rawTerm();
        Term l = resolve(left, right);
        Term r = resolve(right, left);
        return new Formula.Equals(l, r, op.kind == Kind.NEQ, left.token.position);
    }

    private Term resolve(RawTerm self, RawTerm other) throws SpecException {
        Token t = self.token;
        if (self.typeOf) {
            return new Term.TypeOf(t.text, t.position);
        }
        boolean bound = isBound(t.text);
        if (other.typeOf) {
            if (bound) {
                throw error(
                        t.position,
                        "cannot compare a transaction type with transaction variable '"
                                + t.text
                                + "'; write type("
                                + t.text
                                + ") to compare types");
            }
            return new Term.TypeName(t.text, t.position);
        }
        if (!bound) {
            throw error(
                    t.position,
                    "free variable '"
                            + t.text
                            + "'"
                            + (isBound(other.token.text)
                                    ? " (to compare with a transaction type write type("
                                            + other.token.text
                                            + ") = "
                                            + t.text
                                            + ")"
                                    : ""));
        }
        return new Term.Var(t.text, t.position);
    }

    private void requireBound(Token v) throws SpecException {
        if (!isBound(v.text)) {
            throw error(v.position, "free variable '" + v.text + "'");
        }
    }

    private boolean isBound(String v) {
        for (Set<String> s : scopes) {
            if (s.contains(v)) return true;
        }
        return false;
    }

    // ---------------------------------------------------------------- tokens

    private Token peek() throws SpecException {
        return peek(0);
    }

    private Token peek(int i) throws SpecException {
        while (lookahead.size() <= i) {
            lookahead.add(lex());
        }
        return lookahead.get(i);
    }

    private Token next() throws SpecException {
        Token t = peek();
        lookahead.remove(0);
        return t;
    }

    private boolean accept(Kind k) throws SpecException {
        if (peek().kind == k) {
            next();
            return true;
        }
        return false;
    }

    private Token expect(Kind k, String what) throws SpecException {
        Token t = peek();
        if (t.kind != k) {
            throw error(t.position, "expected " + what + ", found " + t.describe());
        }
        return next();
    }

    private SourcePos here() {
        return new SourcePos(file, line, column);
    }

    private char advance() {
        char c = src.charAt(offset++);
        if (c == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        return c;
    }

    private void skipSpaceAndComments() {
        while (offset < src.length()) {
            char c = src.charAt(offset);
            if (Character.isWhitespace(c)) {
                advance();
            } else if (c == '#'
                    || (c == '-' && offset + 1 < src.length() && src.charAt(offset + 1) == '-')) {
                while (offset < src.length() && src.charAt(offset) != '\n') advance();
            } else {
                return;
            }
        }
    }

    private static boolean isNameChar(char c) {
        return c == '_' || c == '-' || (c < 128 && Character.isLetterOrDigit(c));
    }

    private Token lex() throws SpecException {
        skipSpaceAndComments();
        SourcePos pos = here();
        if (offset >= src.length()) {
            return new Token(Kind.EOF, "", pos);
        }
        char c = src.charAt(offset);
        if (c == '_' || (c < 128 && Character.isLetter(c))) {
            StringBuilder sb = new StringBuilder();
            while (offset < src.length()
                    && (src.charAt(offset) == '_'
                            || (src.charAt(offset) < 128
                                    && Character.isLetterOrDigit(src.charAt(offset))))) {
                sb.append(advance());
            }
            String word = sb.toString();
            return new Token(KEYWORDS.getOrDefault(word, Kind.IDENT), word, pos);
        }
        String two = offset + 1 < src.length() ? src.substring(offset, offset + 2) : "";
        String three = offset + 2 < src.length() ? src.substring(offset, offset + 3) : "";
        if (three.equals("<->")) {
            advance();
            advance();
            advance();
            return new Token(Kind.IFF, three, pos);
        }
        switch (two) {
            case "->" -> {
                advance();
                advance();
                return new Token(Kind.IMPLIES, two, pos);
            }
            case "!=" -> {
                advance();
                advance();
                return new Token(Kind.NEQ, two, pos);
            }
            default -> {}
        }
        advance();
        return switch (c) {
            case '(' -> new Token(Kind.LPAREN, "(", pos);
            case ')' -> new Token(Kind.RPAREN, ")", pos);
            case ',' -> new Token(Kind.COMMA, ",", pos);
            case ':' -> new Token(Kind.COLON, ":", pos);
            case '=' -> new Token(Kind.EQ, "=", pos);
            case '&' -> new Token(Kind.AND, "&", pos);
            case '|' -> new Token(Kind.OR, "|", pos);
            case '!' -> new Token(Kind.NOT, "!", pos);
            default -> throw error(pos, "unexpected character '" + c + "'");
        };
    }

    private static SpecException error(SourcePos pos, String message) {
        return new SpecException(pos, message);
    }
}
