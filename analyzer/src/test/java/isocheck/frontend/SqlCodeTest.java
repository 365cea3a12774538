package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import isocheck.program.SourcePos;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * The one strings-and-comments-aware scanner ({@link SqlCode}) and {@link Fragment}'s three guards
 * on it: parenthesis and bracket depth, {@code a:b} joins and {@code a..b} names count only code.
 */
class SqlCodeTest {

    /** The code of a text, literals and comments blanked out with '_'. */
    static String code(String text) {
        BitSet code = SqlCode.of(text);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length(); i++) b.append(code.get(i) ? text.charAt(i) : '_');
        return b.toString();
    }

    @Test
    void lineCommentsRunToTheEndOfTheLine() {
        assertEquals("a ______\nb", code("a -- (x)\nb"));
        assertEquals("a _____", code("a -- ((")); // unterminated: to the end
    }

    @Test
    void blockCommentsNestAsInPostgresql() {
        assertEquals("a _______________ b", code("a /* ( /* ) */ */ b"));
        assertEquals("a _______", code("a /* ( ) ")); // unterminated: to the end
    }

    @Test
    void stringLiteralsAndQuotedIdentifiersAreNotCode() {
        assertEquals("x = _______ and y = _____", code("x = 'it''s' and y = \"a:b\""));
        assertEquals("x = _____", code("x = '(-- "));
    }

    @Test
    void dollarQuotesWithAndWithoutTagsButNotParametersOrNames() {
        assertEquals("x = ____________ + 1", code("x = $$ ( -- ' $$ + 1"));
        assertEquals("x = ____________ + 1", code("x = $f$ $$ ( $f$ + 1"));
        assertEquals("x = $1 + a$b$", code("x = $1 + a$b$"));
    }

    static Fragment fragment(String text) {
        return new Fragment(text, new SourcePos("t.sql", 1, 1));
    }

    @Test
    void parenthesesInCommentsAndLiteralsDoNotCountTowardsTheDepthLimit() {
        String deep = "(".repeat(Fragment.MAX_PAREN_DEPTH + 1);
        fragment("SELECT a FROM t -- " + deep + "\n WHERE b = 1").parseStatement();
        fragment("SELECT a FROM t /* " + deep + " */ WHERE b = '" + deep + "'").parseStatement();
        fragment("SELECT a FROM t WHERE b = $$" + deep + "$$").parseStatement();
        ProgramError e =
                assertThrows(
                        ProgramError.class,
                        () -> fragment("SELECT a FROM t WHERE b = " + deep).parseStatement());
        assertEquals(
                "t.sql:1:59: parentheses nest 33 levels deep in this SQL; isocheck's limit is 32:"
                        + " simplify the expression",
                e.getMessage());
    }

    @Test
    void colonJoinsAndEmptyNamePartsInCommentsAndLiteralsAreNotCounted() {
        String joins = "a:b:c:d";
        fragment("SELECT a FROM t WHERE b = '" + joins + "' -- " + joins + "\n").parseStatement();
        fragment("SELECT a FROM t /* s..t */ WHERE b = $x$s..t$x$").parseStatement();
        ProgramError colons =
                assertThrows(
                        ProgramError.class,
                        () -> fragment("SELECT a FROM t WHERE b = " + joins).parseStatement());
        assertEquals(
                "t.sql:1:28: names joined by ':' 3 times in this SQL (a bind variable is written"
                        + " ' :name'); isocheck's limit is 2 (the SQL parser takes time exponential"
                        + " in them)",
                colons.getMessage());
        ProgramError dots =
                assertThrows(
                        ProgramError.class, () -> fragment("SELECT a FROM s..t").parseStatement());
        assertEquals(
                "t.sql:1:16: syntax error: unexpected '..' (a name has an empty part)",
                dots.getMessage());
    }
}
