package isocheck.format;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small reader for the EDN subset that Jepsen histories use (and for JSON, which Elle's JSON
 * variant uses): maps, vectors, lists, sets (read as lists), keywords, symbols, strings, integers
 * (with an optional {@code N}), floats, {@code nil}/{@code null}, booleans, {@code ;} comments,
 * {@code #_} discards and tagged literals such as {@code #jepsen.history.Op{…}} (the tag is
 * dropped). Commas are whitespace. In JSON mode a {@code :} is a separator, not a keyword.
 *
 * <p>Values: {@code null}, {@link Boolean}, {@link Long}, {@link BigInteger}, {@link Double},
 * {@link String}, {@link Keyword}, {@link Symbol}, {@code List<Object>} and {@code
 * Map<Object,Object>} whose keyword keys are stored as their name strings (so {@code :type} and
 * {@code "type"} are the same field).
 */
final class Edn {
    /** An EDN keyword, without its leading colon. */
    record Keyword(String name) {
        @Override
        public String toString() {
            return ":" + name;
        }
    }

    /** An EDN symbol other than nil, null, true and false. */
    record Symbol(String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A syntax error at a 1-based line and column. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        SyntaxError(int line, int column, String message) {
            super(message);
            this.line = line;
            this.column = column;
        }
    }

    /** Returned by {@link #next} at the end of the input. */
    static final Object EOF = new Object();

    private static final Object END = EOF;
    private static final Object CLOSE = new Object();

    private final String s;
    private final boolean json;
    private int i;
    private int line = 1;
    private int lineStart;
    private char closeChar;

    Edn(String text) {
        this.s = text;
        this.json = looksLikeJson(text);
    }

    /** Whether the text is JSON (starts with {"…, [{"…, or [] after whitespace). */
    static boolean looksLikeJson(String text) {
        int j = skipWs(text, 0);
        if (j < text.length() && text.charAt(j) == '[') {
            j = skipWs(text, j + 1);
            if (j < text.length() && text.charAt(j) == ']') {
                return true;
            }
        }
        if (j < text.length() && text.charAt(j) == '{') {
            j = skipWs(text, j + 1);
            return j < text.length() && text.charAt(j) == '"';
        }
        return false;
    }

    private static int skipWs(String t, int j) {
        while (j < t.length() && (Character.isWhitespace(t.charAt(j)) || t.charAt(j) == ',')) {
            j++;
        }
        return j;
    }

    boolean isJson() {
        return json;
    }

    /** 1-based line of the next form (after {@link #skipSpace}). */
    int line() {
        return line;
    }

    int column() {
        return i - lineStart + 1;
    }

    /** Skips whitespace and comments; returns false at the end of the input. */
    boolean skipSpace() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\n') {
                line++;
                i++;
                lineStart = i;
            } else if (Character.isWhitespace(c) || c == ',' || (json && c == ':')) {
                i++;
            } else if (c == ';' && !json) {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
            } else {
                return true;
            }
        }
        return false;
    }

    /** Whether the next form is the opening of a vector (consumed if so). */
    boolean openVector() {
        if (skipSpace() && s.charAt(i) == '[') {
            i++;
            return true;
        }
        return false;
    }

    /**
     * Whether the next character closes the vector opened by {@link #openVector} (consumed if so).
     */
    boolean closeVector() {
        if (skipSpace() && s.charAt(i) == ']') {
            i++;
            return true;
        }
        return false;
    }

    /** Reads the next form, or {@link #EOF} at the end of the input. */
    Object next() throws SyntaxError {
        Object v = form();
        if (v == CLOSE) {
            throw new SyntaxError(line, column() - 1, "unexpected '" + s.charAt(i - 1) + "'");
        }
        return v;
    }

    boolean atEnd() {
        return !skipSpace();
    }

    private Object form() throws SyntaxError {
        if (!skipSpace()) {
            return END;
        }
        int l = line;
        int col = column();
        char c = s.charAt(i);
        switch (c) {
            case '{':
                {
                    i++;
                    Map<Object, Object> m = new LinkedHashMap<>();
                    while (true) {
                        Object k = element('}', l, col, "map");
                        if (k == CLOSE) {
                            return m;
                        }
                        Object v = element('}', l, col, "map");
                        if (v == CLOSE) {
                            throw new SyntaxError(
                                    line, column() - 1, "a map needs a value for every key");
                        }
                        m.put(k instanceof Keyword kw ? kw.name() : k, v);
                    }
                }
            case '[':
            case '(':
                {
                    i++;
                    return sequence(c == '[' ? ']' : ')', l, col, c == '[' ? "vector" : "list");
                }
            case '}':
            case ']':
            case ')':
                i++;
                closeChar = c;
                return CLOSE;
            case '"':
                return string();
            case '#':
                {
                    if (i + 1 < s.length() && s.charAt(i + 1) == '{') {
                        i += 2;
                        return sequence('}', l, col, "set");
                    }
                    if (i + 1 < s.length() && s.charAt(i + 1) == '_') {
                        i += 2;
                        Object discarded = form();
                        if (discarded == END || discarded == CLOSE) {
                            throw new SyntaxError(l, col, "#_ needs a form to discard");
                        }
                        return form();
                    }
                    i++;
                    Object tag = form(); // a tag symbol such as jepsen.history.Op
                    if (!(tag instanceof Symbol)) {
                        throw new SyntaxError(l, col, "expected a tag symbol after '#'");
                    }
                    Object v = form();
                    if (v == END || v == CLOSE) {
                        throw new SyntaxError(l, col, "tag #" + tag + " needs a value");
                    }
                    return v;
                }
            case '\\':
                {
                    int start = ++i;
                    while (i < s.length() && !delimiter(s.charAt(i))) {
                        i++;
                    }
                    return s.substring(start, Math.max(start + 1, i));
                }
            default:
                return atom(l, col);
        }
    }

    private Object element(char close, int l, int col, String what) throws SyntaxError {
        Object v = form();
        if (v == END) {
            throw new SyntaxError(l, col, "unterminated " + what + " (no closing '" + close + "')");
        }
        if (v == CLOSE && closeChar != close) {
            throw new SyntaxError(
                    line,
                    column() - 1,
                    "unexpected '" + closeChar + "' in a " + what + " opened at " + l + ":" + col);
        }
        return v;
    }

    private List<Object> sequence(char close, int l, int col, String what) throws SyntaxError {
        List<Object> out = new ArrayList<>();
        while (true) {
            Object v = element(close, l, col, what);
            if (v == CLOSE) {
                return out;
            }
            out.add(v);
        }
    }

    private String string() throws SyntaxError {
        int l = line;
        int col = column();
        i++;
        StringBuilder sb = new StringBuilder();
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\n') {
                line++;
                lineStart = i;
            }
            if (c == '\\' && i < s.length()) {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (i + 4 > s.length()) {
                            throw new SyntaxError(line, column(), "bad \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException ex) {
                            throw new SyntaxError(line, column(), "bad \\u escape");
                        }
                        i += 4;
                    }
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        throw new SyntaxError(l, col, "unterminated string");
    }

    private static boolean delimiter(char c) {
        return Character.isWhitespace(c)
                || c == ','
                || c == '{'
                || c == '}'
                || c == '['
                || c == ']'
                || c == '('
                || c == ')'
                || c == '"'
                || c == ';';
    }

    private Object atom(int l, int col) throws SyntaxError {
        int start = i;
        while (i < s.length()
                && !delimiter(s.charAt(i))
                && !(json && s.charAt(i) == ':' && i > start)) {
            i++;
        }
        String tok = s.substring(start, i);
        if (tok.isEmpty()) {
            // a delimiter that cannot start a form here: ';' in JSON, where it is not a comment
            // (fuzzing finding)
            throw new SyntaxError(
                    l,
                    col,
                    i < s.length()
                            ? "unexpected '" + s.charAt(i) + "'"
                            : "unexpected end of input");
        }
        char c = tok.charAt(0);
        if (c == ':') {
            if (tok.length() == 1) {
                throw new SyntaxError(l, col, "empty keyword");
            }
            return new Keyword(tok.substring(tok.charAt(1) == ':' ? 2 : 1));
        }
        if (Character.isDigit(c)
                || ((c == '-' || c == '+')
                        && tok.length() > 1
                        && Character.isDigit(tok.charAt(1)))) {
            return number(tok, l, col);
        }
        switch (tok) {
            case "nil", "null":
                return null;
            case "true":
                return Boolean.TRUE;
            case "false":
                return Boolean.FALSE;
            default:
                if (json) {
                    throw new SyntaxError(l, col, "unexpected '" + tok + "'");
                }
                return new Symbol(tok);
        }
    }

    private static Object number(String tok, int l, int col) throws SyntaxError {
        String t =
                tok.endsWith("N") || tok.endsWith("M") ? tok.substring(0, tok.length() - 1) : tok;
        try {
            if (t.indexOf('.') >= 0
                    || t.indexOf('e') >= 0
                    || t.indexOf('E') >= 0
                    || t.indexOf('/') >= 0) {
                if (t.indexOf('/') >= 0) { // a ratio: keep it as a double
                    String[] p = t.split("/");
                    return Double.parseDouble(p[0]) / Double.parseDouble(p[1]);
                }
                return Double.parseDouble(t);
            }
            BigInteger b = new BigInteger(t.startsWith("+") ? t.substring(1) : t);
            return b.bitLength() < 64 ? (Object) b.longValue() : b;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new SyntaxError(l, col, "malformed number '" + tok + "'");
        }
    }
}
