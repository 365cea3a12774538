package isocheck.frontend;

import isocheck.program.SourcePos;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a program file into tokens with positions. Only the control structure is parsed from these
 * tokens; SQL statements and conditions are cut out of the source by offset and handed to
 * JSqlParser, so the lexer only has to agree with SQL on comments, strings and statement ends.
 */
final class Lexer {

    private static final String TWO_CHAR_SYMBOLS = ":= <= >= <> != ||";

    private final String file;
    private final String src;
    private int offset;
    private int line = 1;
    private int column = 1;

    private Lexer(String file, String src) {
        this.file = file;
        this.src = src;
    }

    static List<Token> tokenize(String file, String src) {
        return new Lexer(file, src).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (offset >= src.length()) {
                tokens.add(new Token(Token.Kind.EOF, "", here(), offset, offset));
                return tokens;
            }
            SourcePos pos = here();
            int start = offset;
            char c = src.charAt(offset);
            Token.Kind kind;
            if (Character.isLetter(c) || c == '_') {
                while (offset < src.length()
                        && (Character.isLetterOrDigit(src.charAt(offset))
                                || src.charAt(offset) == '_')) {
                    advance();
                }
                kind = Token.Kind.WORD;
            } else if (Character.isDigit(c)) {
                while (offset < src.length() && Character.isDigit(src.charAt(offset))) {
                    advance();
                }
                kind = Token.Kind.NUMBER;
            } else if (c == '\'') {
                advance();
                while (true) {
                    if (offset >= src.length()) {
                        throw new ProgramError(pos, "unterminated string literal");
                    }
                    char s = src.charAt(offset);
                    advance();
                    if (s == '\'') {
                        if (offset < src.length() && src.charAt(offset) == '\'') {
                            advance(); // '' is an escaped quote
                        } else {
                            break;
                        }
                    }
                }
                kind = Token.Kind.STRING;
            } else if (c == '$') {
                // PL/pgSQL: $n is a positional parameter (a WORD); $$ and $tag$ quote a function
                // body (a
                // SYMBOL): the body's tokens follow in the stream, with their own positions
                advance();
                if (offset < src.length() && Character.isDigit(src.charAt(offset))) {
                    while (offset < src.length() && Character.isDigit(src.charAt(offset))) {
                        advance();
                    }
                    kind = Token.Kind.WORD;
                } else {
                    while (offset < src.length()
                            && (Character.isLetterOrDigit(src.charAt(offset))
                                    || src.charAt(offset) == '_')) {
                        advance();
                    }
                    if (offset >= src.length() || src.charAt(offset) != '$') {
                        throw new ProgramError(
                                pos, "unexpected character '$' (a dollar quote is $$ or $tag$)");
                    }
                    advance();
                    kind = Token.Kind.SYMBOL;
                }
            } else if (c == '"') {
                throw new ProgramError(
                        pos, "quoted identifiers are not supported; write names without quotes");
            } else {
                String two = offset + 1 < src.length() ? src.substring(offset, offset + 2) : "";
                if (two.length() == 2 && TWO_CHAR_SYMBOLS.contains(two) && !two.contains(" ")) {
                    advance();
                }
                advance();
                kind = Token.Kind.SYMBOL;
                if ("();,.:+-*/<>=?%[]".indexOf(c) < 0 && offset - start == 1) {
                    throw new ProgramError(pos, "unexpected character '" + c + "'");
                }
            }
            tokens.add(new Token(kind, src.substring(start, offset), pos, start, offset));
        }
    }

    private void skipSpaceAndComments() {
        while (offset < src.length()) {
            char c = src.charAt(offset);
            if (Character.isWhitespace(c)) {
                advance();
            } else if (src.startsWith("--", offset)) {
                while (offset < src.length() && src.charAt(offset) != '\n') {
                    advance();
                }
            } else if (src.startsWith("/*", offset)) {
                SourcePos pos = here();
                advance();
                advance();
                while (!src.startsWith("*/", offset)) {
                    if (offset >= src.length()) {
                        throw new ProgramError(pos, "unterminated comment");
                    }
                    advance();
                }
                advance();
                advance();
            } else {
                return;
            }
        }
    }

    private SourcePos here() {
        return new SourcePos(file, line, column);
    }

    private void advance() {
        if (src.charAt(offset) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        offset++;
    }
}
