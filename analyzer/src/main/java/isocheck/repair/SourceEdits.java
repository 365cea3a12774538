package isocheck.repair;

import isocheck.program.SourcePos;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Applies promotions to the program file's text at the statements' source positions: the locking
 * clause goes right after the statement's last token, before its terminating {@code ;}. The same
 * for our TRANSACTION syntax and for PL/pgSQL bodies (both end each SQL statement with {@code ;});
 * string literals, quoted identifiers, comments and parentheses are skipped when looking for it.
 */
public final class SourceEdits {

    private SourceEdits() {}

    /** The statement's text from its first to its last token (without the {@code ;}). */
    public static String statementText(String text, SourcePos pos) {
        return text.substring(offset(text, pos), insertionPoint(text, pos));
    }

    /** The text with every promotion (or rewrite) applied. */
    public static String apply(String text, List<Promotion> promotions) {
        List<int[]> inserts = new ArrayList<>(); // offset, index of the promotion
        for (int i = 0; i < promotions.size(); i++)
            inserts.add(new int[] {insertionPoint(text, promotions.get(i).pos()), i});
        inserts.sort(Comparator.comparingInt((int[] x) -> x[0]).reversed());
        StringBuilder sb = new StringBuilder(text);
        for (int[] ins : inserts) {
            Promotion p = promotions.get(ins[1]);
            if (p.rewrite().isPresent()) {
                // a rewrite replaces the statement's text up to its last token
                sb.replace(offset(text, p.pos()), ins[0], p.rewrite().get());
            } else {
                sb.insert(ins[0], p.clause());
            }
        }
        return sb.toString();
    }

    /**
     * Where the locking clause of the statement starting at {@code pos} goes: after its last token.
     */
    static int insertionPoint(String text, SourcePos pos) {
        int start = offset(text, pos);
        if (!text.regionMatches(true, start, "SELECT", 0, 6)) {
            throw new IllegalStateException(
                    pos
                            + ": expected a SELECT statement to promote, found '"
                            + text.substring(start, Math.min(text.length(), start + 20))
                            + "'");
        }
        int depth = 0;
        int lastToken = start;
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int close = i + 1;
                while (close < text.length()) {
                    if (text.charAt(close) == c) {
                        if (close + 1 < text.length() && text.charAt(close + 1) == c) {
                            close += 2;
                            continue;
                        }
                        break;
                    }
                    close++;
                }
                i = close + 1;
                lastToken = i;
                continue;
            }
            if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                while (i < text.length() && text.charAt(i) != '\n') i++;
                continue;
            }
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? text.length() : close + 2;
                continue;
            }
            if (c == '(') depth++;
            if (c == ')') depth--;
            if (c == ';' && depth == 0) return lastToken;
            i++;
            if (!Character.isWhitespace(c)) lastToken = i;
        }
        throw new IllegalStateException(pos + ": the statement has no terminating ';'");
    }

    /** The character offset of a 1-based line and column. */
    static int offset(String text, SourcePos pos) {
        int line = 1;
        int i = 0;
        while (line < pos.line()) {
            int nl = text.indexOf('\n', i);
            if (nl < 0) throw new IllegalStateException(pos + ": past the end of the file");
            i = nl + 1;
            line++;
        }
        return i + pos.column() - 1;
    }
}
