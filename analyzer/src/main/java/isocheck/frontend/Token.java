package isocheck.frontend;

import isocheck.program.SourcePos;

/**
 * A token of the control structure around the SQL; {@code start}/{@code end} are offsets into the
 * file.
 */
record Token(Kind kind, String text, SourcePos pos, int start, int end) {

    enum Kind {
        WORD,
        NUMBER,
        STRING,
        SYMBOL,
        EOF
    }

    /** Whether this is the given keyword (keywords are case-insensitive). */
    boolean is(String keyword) {
        return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
    }

    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** A dollar quote, {@code $$} or {@code $tag$}, around a PL/pgSQL function body. */
    boolean isDollarQuote() {
        return kind == Kind.SYMBOL
                && text.length() >= 2
                && text.startsWith("$")
                && text.endsWith("$");
    }

    /** How the token reads in "found …" messages. */
    String describe() {
        return switch (kind) {
            case EOF -> "end of file";
            case STRING -> "string " + text;
            default -> "'" + text + "'";
        };
    }
}
