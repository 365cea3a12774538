package isocheck.frontend;

import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import java.util.Locale;

/**
 * How a declared SQL column, parameter or variable type maps onto the IR's two value types. The
 * model's values are integers and strings (Nagar & Jagannathan §3.1 have integers only):
 *
 * <ul>
 *   <li>{@code INT}, {@code INTEGER}, {@code BIGINT}, {@code SMALLINT}: INT, exact (the ranges are
 *       not modelled: an overflow, an error in PostgreSQL, is an execution the model lets commit).
 *   <li>{@code NUMERIC(p,s)}, {@code DECIMAL}, {@code REAL}, {@code FLOAT}, {@code DOUBLE
 *       PRECISION}: INT. Exact for whole numbers (a program that keeps money in cents, as
 *       BenchBase's procedures do with integral amounts); a decimal literal such as {@code 1.5} is
 *       refused, so every value a program can write is a whole number of the column's unit. Not
 *       modelled: a branch that only a fractional parameter value could take (0 &lt; x &lt; 1);
 *       such a program is outside the model.
 *   <li>{@code BOOLEAN}: INT with TRUE = 1 and FALSE = 0; a boolean column or variable used as a
 *       condition is {@code x = 1}. The model lets a boolean hold any integer, which only adds
 *       executions (any value other than 1 behaves as FALSE): an over-approximation.
 *   <li>{@code TIMESTAMP [WITH[OUT] TIME ZONE]}, {@code TIMESTAMPTZ}, {@code DATE}: INT, an instant
 *       as a number (the model compares and orders instants; it does no calendar arithmetic).
 *   <li>{@code TEXT}, {@code VARCHAR(n)}, {@code CHAR(n)}: STRING (lengths are not enforced; CHAR's
 *       blank padding is not modelled: the model compares the strings the program writes).
 * </ul>
 */
final class SqlTypes {

    private SqlTypes() {}

    /**
     * A declared type: its IR value type, and whether SQL calls it BOOLEAN (usable bare as a
     * condition).
     */
    record Declared(ScalarType scalar, boolean bool) {}

    static final String SUPPORTED =
            "INT, INTEGER, BIGINT, SMALLINT, NUMERIC(p,s), DECIMAL, REAL, FLOAT, DOUBLE PRECISION, "
                    + "BOOLEAN, TIMESTAMP, DATE, VARCHAR(n), CHAR(n), TEXT";

    /**
     * @param declared the type as written, without its (length) or (precision, scale); words after
     *     the first are allowed only where SQL has them (DOUBLE PRECISION, CHARACTER VARYING,
     *     TIMESTAMP WITH[OUT] TIME ZONE)
     */
    static Declared of(String declared, SourcePos pos) {
        String[] words =
                declared.replaceAll("\\(.*?\\)", " ")
                        .strip()
                        .toUpperCase(Locale.ROOT)
                        .split("\\s+");
        String phrase = String.join(" ", words);
        switch (phrase) {
            case "INT",
            "INTEGER",
            "BIGINT",
            "SMALLINT",
            "INT2",
            "INT4",
            "INT8",
            "NUMERIC",
            "DECIMAL",
            "REAL",
            "FLOAT",
            "FLOAT4",
            "FLOAT8",
            "DOUBLE PRECISION",
            "TIMESTAMP",
            "TIMESTAMP WITHOUT TIME ZONE",
            "TIMESTAMP WITH TIME ZONE",
            "TIMESTAMPTZ",
            "DATE":
                return new Declared(ScalarType.INT, false);
            case "BOOLEAN", "BOOL":
                return new Declared(ScalarType.INT, true);
            case "VARCHAR", "CHAR", "TEXT", "CHARACTER", "CHARACTER VARYING":
                return new Declared(ScalarType.STRING, false);
            default:
                if (words.length > 1 && isType(words[0], pos)) {
                    throw new ProgramError(
                            pos,
                            "column type '"
                                    + declared
                                    + "' is not a type: one type per column (e.g. INT or VARCHAR(20))");
                }
                throw new ProgramError(
                        pos, "unsupported type " + words[0] + " (supported: " + SUPPORTED + ")");
        }
    }

    private static boolean isType(String word, SourcePos pos) {
        try {
            of(word, pos);
            return true;
        } catch (ProgramError e) {
            return false;
        }
    }

    private static final java.util.Set<String> PREFIXES =
            java.util.Set.of(
                    "DOUBLE",
                    "CHARACTER",
                    "TIMESTAMP",
                    "TIMESTAMP WITH",
                    "TIMESTAMP WITHOUT",
                    "TIMESTAMP WITH TIME",
                    "TIMESTAMP WITHOUT TIME");
    private static final java.util.Set<String> PHRASES =
            java.util.Set.of(
                    "DOUBLE PRECISION",
                    "CHARACTER VARYING",
                    "TIMESTAMP WITH",
                    "TIMESTAMP WITHOUT",
                    "TIMESTAMP WITH TIME",
                    "TIMESTAMP WITHOUT TIME",
                    "TIMESTAMP WITH TIME ZONE",
                    "TIMESTAMP WITHOUT TIME ZONE");

    /**
     * Whether the type read so far ({@code phrase}) goes on with the word {@code next} (DOUBLE
     * PRECISION, …).
     */
    static boolean continues(String phrase, String next) {
        String p = phrase.toUpperCase(Locale.ROOT);
        return PREFIXES.contains(p) && PHRASES.contains(p + " " + next.toUpperCase(Locale.ROOT));
    }
}
