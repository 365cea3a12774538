package isocheck.frontend;

import isocheck.program.SourcePos;
import java.util.BitSet;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.parser.ASTNodeAccess;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.SimpleNode;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;

/**
 * A piece of the program file (an SQL statement, an IF condition, an assigned expression) handed to
 * JSqlParser, with the position of its first character so that JSqlParser's positions, which count
 * from the start of the piece, become positions in the file.
 */
record Fragment(String text, SourcePos start) {

    /** The file position of a line/column inside the fragment (both 1-based). */
    SourcePos at(int line, int column) {
        if (line <= 1) {
            return new SourcePos(start.file(), start.line(), start.column() + column - 1);
        }
        return new SourcePos(start.file(), start.line() + line - 1, column);
    }

    /** The position of a JSqlParser node where it recorded one, else {@code fallback}. */
    SourcePos posOf(Object node, SourcePos fallback) {
        if (node instanceof ASTNodeAccess access) {
            SimpleNode ast = access.getASTNode();
            if (ast != null && ast.jjtGetFirstToken() != null) {
                var token = ast.jjtGetFirstToken();
                return at(token.beginLine, token.beginColumn);
            }
        }
        return fallback;
    }

    Statement parseStatement() {
        return parse(CCJSqlParser::Statement, "SQL");
    }

    Expression parseExpression() {
        return parse(CCJSqlParser::Expression, "expression");
    }

    /** One JSqlParser production that may fail with JSqlParser's checked exception. */
    private interface Production<T> {
        T parse(CCJSqlParser parser) throws ParseException;
    }

    /**
     * The deepest parenthesis nesting a fragment may have. JSqlParser's descent is recursive, so
     * without a limit a deep fragment overflows the stack; real statements nest a few levels.
     */
    static final int MAX_PAREN_DEPTH = 32;

    /**
     * The deepest nesting handed to JSqlParser's complex mode. Its lookahead is exponential in the
     * nesting of parentheses (benchmarks/RESULTS.md, "Parsing nested parentheses": depth 6 takes
     * 0.3-0.6 s, 8 about 2 s, 10 about 7 s per statement), so beyond this depth only the simple
     * mode (linear) is tried.
     */
    static final int MAX_COMPLEX_DEPTH = 6;

    /**
     * The deepest nesting of brackets ('[' or '{') a fragment may have. Both of JSqlParser's modes
     * take time exponential in unclosed brackets (fuzzing finding, seed 2027: 200 '[' in a select
     * list ran for minutes; measured warm: depth 3 0.4 s, 4 1.6 s, 5 5.1 s), and isocheck's SQL has
     * no use for nested ones.
     */
    static final int MAX_BRACKET_DEPTH = 2;

    /**
     * The most names a fragment may join with a single ':' ({@code a:b}). JSqlParser's lookahead is
     * exponential in such chains (fuzzing finding, seed 2027: 'acc_id:invoke:invoke…' 108 times ran
     * for minutes; 20 already over a minute), and isocheck's SQL has none: a bind variable is
     * ':name' after an operator, a parenthesis or a space.
     */
    static final int MAX_COLON_JOINS = 2;

    /**
     * Runs one production over the whole fragment, turning JSqlParser's failures into positioned
     * errors. First in JSqlParser's simple mode (fast; what {@code CCJSqlParserUtil.parse} tries
     * first too), then, when that fails, in its complex mode, whose messages are the ones users
     * see.
     */
    private <T> T parse(Production<T> production, String what) {
        BitSet code = SqlCode.of(text);
        int[] deepest = deepest(code, '(', ')', '(', ')');
        if (deepest[0] > MAX_PAREN_DEPTH) {
            throw new ProgramError(
                    offsetPos(deepest[1]),
                    "parentheses nest "
                            + deepest[0]
                            + " levels deep in this "
                            + what
                            + "; isocheck's limit is "
                            + MAX_PAREN_DEPTH
                            + ": simplify the expression");
        }
        int[] brackets = deepest(code, '[', ']', '{', '}');
        if (brackets[0] > MAX_BRACKET_DEPTH) {
            throw new ProgramError(
                    offsetPos(brackets[1]),
                    "brackets nest "
                            + brackets[0]
                            + " levels deep in this "
                            + what
                            + "; isocheck's limit is "
                            + MAX_BRACKET_DEPTH
                            + " (the SQL parser takes time exponential in them)");
        }
        int[] joins = colonJoins(code);
        if (joins[0] > MAX_COLON_JOINS) {
            throw new ProgramError(
                    offsetPos(joins[1]),
                    "names joined by ':' "
                            + joins[0]
                            + " times in this "
                            + what
                            + " (a bind variable is written ' :name'); isocheck's limit is "
                            + MAX_COLON_JOINS
                            + " (the SQL parser takes time exponential in them)");
        }
        int emptyPart = emptyNamePart(code);
        if (emptyPart >= 0) {
            // JSqlParser reads `a..b` as a name with an empty middle part (database..table), and
            // the missing part reached isocheck as null: exit 70 (fuzzing finding, seed 2028)
            throw new ProgramError(
                    offsetPos(emptyPart),
                    "syntax error: unexpected '..' (a name has an empty part)");
        }
        try {
            CCJSqlParser simple = CCJSqlParserUtil.newParser(text).withAllowComplexParsing(false);
            T result = production.parse(simple);
            requireEnd(simple);
            return result;
        } catch (ParseException | TokenMgrException | ProgramError | NumberFormatException e) {
            // fall through to the complex mode, for its result or its message
        }
        if (deepest[0] > MAX_COMPLEX_DEPTH) {
            throw new ProgramError(
                    offsetPos(deepest[1]),
                    "cannot parse this "
                            + what
                            + " with parentheses nested "
                            + deepest[0]
                            + " levels deep (beyond "
                            + MAX_COMPLEX_DEPTH
                            + " levels only plain expressions are parsed, since the full "
                            + "SQL parser takes exponential time): simplify it or check its syntax");
        }
        CCJSqlParser parser = CCJSqlParserUtil.newParser(text);
        try {
            T result = production.parse(parser);
            requireEnd(parser);
            return result;
        } catch (ParseException e) {
            throw syntaxError(e);
        } catch (TokenMgrException e) {
            throw new ProgramError(start, "cannot read " + what + ": " + firstLine(e.getMessage()));
        } catch (NumberFormatException e) {
            // JSqlParser reads some numbers itself (VARCHAR(n), LIMIT n) as Java ints.
            throw new ProgramError(
                    numberPos(e.getMessage()),
                    "number out of range in " + what + ": " + firstLine(e.getMessage()));
        }
    }

    /**
     * How many times a single ':' joins two name characters ({@code a:b}) in the code ({@link
     * SqlCode}: not in literals or comments), and the first offset.
     */
    private int[] colonJoins(BitSet code) {
        int count = 0;
        int first = 0;
        for (int i = code.nextSetBit(1);
                i >= 0 && i + 1 < text.length();
                i = code.nextSetBit(i + 1)) {
            if (text.charAt(i) == ':' && isName(text.charAt(i - 1)) && isName(text.charAt(i + 1))) {
                if (count++ == 0) first = i;
            }
        }
        return new int[] {count, first};
    }

    /**
     * The offset of the first {@code ..} between two name characters in the code ({@link SqlCode}:
     * not in literals or comments), or -1.
     */
    private int emptyNamePart(BitSet code) {
        for (int i = code.nextSetBit(1);
                i >= 0 && i + 2 < text.length();
                i = code.nextSetBit(i + 1)) {
            if (text.charAt(i) == '.'
                    && text.charAt(i + 1) == '.'
                    && isName(text.charAt(i - 1))
                    && isName(text.charAt(i + 2))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isName(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /**
     * The deepest nesting of the two pairs of delimiters in the code ({@link SqlCode}: not in
     * literals or comments) and its offset: {depth, offset}.
     */
    private int[] deepest(BitSet code, char open1, char close1, char open2, char close2) {
        int depth = 0;
        int max = 0;
        int at = 0;
        for (int i = code.nextSetBit(0); i >= 0; i = code.nextSetBit(i + 1)) {
            char c = text.charAt(i);
            if (c == open1 || c == open2) {
                if (++depth > max) {
                    max = depth;
                    at = i;
                }
            } else if (c == close1 || c == close2) {
                depth = Math.max(0, depth - 1);
            }
        }
        return new int[] {max, at};
    }

    /** The file position of a character offset in the fragment. */
    private SourcePos offsetPos(int at) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return at(line, at - lineStart + 1);
    }

    /**
     * The position of the number a {@link NumberFormatException} message quotes, else the
     * fragment's start.
     */
    private SourcePos numberPos(String message) {
        int q = message == null ? -1 : message.indexOf('"');
        int end = q < 0 ? -1 : message.indexOf('"', q + 1);
        int at = end < 0 ? -1 : text.indexOf(message.substring(q + 1, end));
        return at < 0 ? start : offsetPos(at);
    }

    private void requireEnd(CCJSqlParser parser) {
        var next = parser.getNextToken();
        if (next.kind != CCJSqlParserConstants.EOF) {
            throw new ProgramError(
                    at(next.beginLine, next.beginColumn),
                    "syntax error: unexpected " + shown(next.image));
        }
    }

    private ProgramError syntaxError(ParseException e) {
        if (e.currentToken != null && e.currentToken.next != null) {
            var bad = e.currentToken.next;
            String found =
                    bad.kind == CCJSqlParserConstants.EOF ? "end of statement" : shown(bad.image);
            return new ProgramError(
                    at(bad.beginLine, bad.beginColumn), "syntax error: unexpected " + found);
        }
        return new ProgramError(start, "syntax error: " + firstLine(e.getMessage()));
    }

    /**
     * A token as a message shows it: on one line (messages are one line), quoted, at most 40
     * characters.
     */
    static String shown(String image) {
        if (image == null || image.isBlank()) {
            return image != null && image.contains("\n") ? "a line break" : "whitespace";
        }
        String one = image.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
        return "'" + (one.length() > 40 ? one.substring(0, 40) + "…" : one) + "'";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
