package isocheck.frontend;

import java.util.List;

/**
 * The token navigation under the program parser's layers ({@link StatementParser}, {@link
 * ProgramParser}): the token list and the read position, looking ahead, expecting and accepting
 * words and symbols, finding a statement's end, and cutting a token range out of the source as a
 * {@link Fragment} for JSqlParser.
 */
abstract class TokenCursor {

    final String file;
    final String source;
    final List<Token> tokens;
    int next;

    /** The PL/pgSQL routine whose body is being parsed, or null for TRANSACTION bodies. */
    PlpgsqlRoutine plpgsql;

    TokenCursor(String file, String source) {
        this.file = file;
        this.source = source;
        this.tokens = Lexer.tokenize(file, source);
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
