package isocheck.frontend;

import java.util.BitSet;

/**
 * Which characters of an SQL text are code: not inside a string literal ({@code '...'}, a doubled
 * quote included), a quoted identifier ({@code "..."}), a dollar-quoted string ({@code $$...$$},
 * {@code $tag$...$tag$}), a line comment ({@code --} to the end of the line) or a block comment
 * ({@code /* ... *}{@code /}, nesting as in PostgreSQL). The one scanner for {@link Fragment}'s
 * guards, which count delimiters and name joins only where the SQL parser sees them. Lexical rules:
 * PostgreSQL manual, §4.1 "Lexical Structure" (§4.1.2.4 dollar quoting, §4.1.5 comments). An
 * unterminated literal or comment runs to the end of the text, as it does for the parser.
 */
final class SqlCode {
    private SqlCode() {}

    /** The offsets of {@code text} that are code. */
    static BitSet of(String text) {
        int n = text.length();
        BitSet code = new BitSet(n);
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int end;
            if (c == '\'' || c == '"') {
                end = text.indexOf(c, i + 1);
                end = end < 0 ? n : end + 1;
            } else if (text.startsWith("--", i)) {
                end = text.indexOf('\n', i); // the line break itself is code (whitespace)
                end = end < 0 ? n : end;
            } else if (text.startsWith("/*", i)) {
                end = blockCommentEnd(text, i);
            } else if (c == '$' && (end = dollarQuoteEnd(text, i)) > 0) {
                // end set by the test
            } else {
                code.set(i);
                end = i + 1;
            }
            i = end;
        }
        return code;
    }

    /** The offset just after the block comment opened at {@code from}; comments nest. */
    private static int blockCommentEnd(String text, int from) {
        int depth = 0;
        int i = from;
        while (i < text.length()) {
            if (text.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (text.startsWith("*/", i)) {
                i += 2;
                if (--depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return text.length();
    }

    /**
     * When a dollar quote's opening tag ({@code $$} or {@code $name$}) starts at {@code from}: the
     * offset just after its closing tag (or the text's end); otherwise 0. A tag cannot follow a
     * name character ({@code a$b$} is an identifier) nor start with a digit ({@code $1} is a
     * parameter).
     */
    private static int dollarQuoteEnd(String text, int from) {
        if (from > 0 && (tagChar(text.charAt(from - 1)) || text.charAt(from - 1) == '$')) {
            return 0;
        }
        int j = from + 1;
        if (j < text.length() && Character.isDigit(text.charAt(j))) {
            return 0;
        }
        while (j < text.length() && tagChar(text.charAt(j))) {
            j++;
        }
        if (j >= text.length() || text.charAt(j) != '$') {
            return 0;
        }
        String tag = text.substring(from, j + 1);
        int close = text.indexOf(tag, j + 1);
        return close < 0 ? text.length() : close + tag.length();
    }

    /** A character of a dollar quote's tag (and of an unquoted name). */
    private static boolean tagChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
