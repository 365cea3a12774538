package isocheck.frontend;

import isocheck.program.SourcePos;
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

    /** Runs one production over the whole fragment, turning JSqlParser's failures into positioned errors. */
    private <T> T parse(Production<T> production, String what) {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(text);
        try {
            T result = production.parse(parser);
            requireEnd(parser);
            return result;
        } catch (ParseException e) {
            throw syntaxError(e);
        } catch (TokenMgrException e) {
            throw new ProgramError(start, "cannot read " + what + ": " + firstLine(e.getMessage()));
        }
    }

    private void requireEnd(CCJSqlParser parser) {
        var next = parser.getNextToken();
        if (next.kind != CCJSqlParserConstants.EOF) {
            throw new ProgramError(at(next.beginLine, next.beginColumn), "syntax error: unexpected '" + next.image + "'");
        }
    }

    private ProgramError syntaxError(ParseException e) {
        if (e.currentToken != null && e.currentToken.next != null) {
            var bad = e.currentToken.next;
            String found = bad.kind == CCJSqlParserConstants.EOF ? "end of statement" : "'" + bad.image + "'";
            return new ProgramError(at(bad.beginLine, bad.beginColumn), "syntax error: unexpected " + found);
        }
        return new ProgramError(start, "syntax error: " + firstLine(e.getMessage()));
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
