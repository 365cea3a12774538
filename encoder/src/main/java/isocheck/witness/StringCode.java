package isocheck.witness;

/**
 * The SQL text of a string the program does not name, from the model's integer for it. The encoding
 * orders strings as it orders their integers (ORDER BY, {@code <}), so the text must sort as the
 * integers do, or a replayed {@code ORDER BY i_id LIMIT 100} visits the rows in another order than
 * the witness (AuctionMark's CloseAuctions: {@code 's-8943'} sorts before {@code 's-8946'} as text,
 * -8943 after -8946 as integers).
 *
 * <p>The text is lowercase letters and digits only, so byte order (the C collation) and the
 * first-level order of the usual locales (digits before letters, case and punctuation ignored)
 * agree:
 *
 * <ul>
 *   <li>n in 0..9: {@code s<n>}, the shortest form (TPC-C's {@code CHAR(2)} columns);
 *   <li>n ≥ 10 with d digits: {@code s}, the letter {@code a + d - 2}, the digits ({@code 's' + 'a'
 *       + "10"}, {@code sb100}): more digits, a later letter; and a letter after any digit;
 *   <li>n &lt; 0, m = -n with d digits: {@code r}, the letter {@code z - d + 1}, then 10^d - 1 - m
 *       in d digits ({@code -1 → rz8}, {@code -10 → ry89}): every negative before every {@code s},
 *       a longer m an earlier letter, a larger m a smaller complement.
 * </ul>
 */
public final class StringCode {
    private StringCode() {}

    /** The text of the model's integer {@code n} ({@code "-5"} or the solver's {@code "(- 5)"}). */
    public static String text(String modelNumber) {
        String digits = modelNumber.replaceAll("[()\\s]", "");
        boolean negative = digits.startsWith("-");
        if (negative) digits = digits.substring(1);
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            return "s" + modelNumber; // not an integer: printed as it came
        }
        digits = digits.replaceFirst("^0+(?=.)", "");
        int d = digits.length();
        if (d > 26) return "s" + modelNumber; // beyond the letters: no model value is this long
        if (!negative || digits.equals("0")) {
            return d == 1 ? "s" + digits : "s" + (char) ('a' + d - 2) + digits;
        }
        return "r" + (char) ('z' - d + 1) + nines(digits);
    }

    /** The inverse of {@link #text}: the model's integer, or null when the text is not one. */
    public static String number(String text) {
        if (text.length() < 2) return null;
        char sign = text.charAt(0);
        char c = text.charAt(1);
        if (sign == 's' && Character.isDigit(c) && text.length() == 2) return text.substring(1);
        if (text.length() < 3 || !text.substring(2).chars().allMatch(Character::isDigit)) {
            return null;
        }
        String digits = text.substring(2);
        if (sign == 's' && c >= 'a' && c <= 'z' && digits.length() == c - 'a' + 2) {
            return digits.startsWith("0") ? null : digits;
        }
        if (sign == 'r' && c >= 'a' && c <= 'z' && digits.length() == 'z' - c + 1) {
            String m = nines(digits);
            return m.startsWith("0") ? null : "-" + m;
        }
        return null;
    }

    /** Each digit replaced by 9 minus it: 10^d - 1 - m for the d-digit m. */
    private static String nines(String digits) {
        StringBuilder sb = new StringBuilder(digits.length());
        for (char ch : digits.toCharArray()) sb.append((char) ('9' - (ch - '0')));
        return sb.toString();
    }
}
