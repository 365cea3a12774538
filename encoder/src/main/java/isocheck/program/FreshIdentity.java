package isocheck.program;

/**
 * The hidden parameters a front-end adds for values the database hands out once each: a sequence
 * draw ({@code nextval$s$n}, one per {@code nextval('s')} call or SERIAL default) and a keyless
 * table's new row ({@code table_row$n}, one per INSERT into a table without a primary key). One
 * place owns the names, so that the front-end that makes them and the witness and generator code
 * that must tell them apart (ClosedWorldViews keeps them distinct, run.ParamGen draws them fresh)
 * cannot drift. The {@code $n} suffix is the front-end's hidden-name counter; PL/pgSQL identifiers
 * contain no '$', so no program variable has such a name.
 */
public final class FreshIdentity {

    private FreshIdentity() {}

    /** The prefix of a sequence draw's parameter (and of a column DEFAULT's sequence marker). */
    public static final String SEQUENCE_PREFIX = "nextval$";

    /** The base of a keyless table's row parameter, before the counter. */
    private static final String ROW_SUFFIX = "_row";

    /** The base name (before the hidden-name counter) of sequence {@code s}'s draw. */
    public static String sequenceDraw(String sequence) {
        return SEQUENCE_PREFIX + sequence;
    }

    /** The base name (before the hidden-name counter) of keyless {@code table}'s new row. */
    public static String newRow(String table) {
        return table + ROW_SUFFIX;
    }

    /** Whether a parameter is a keyless table's new row ({@code table_row$n}). */
    public static boolean isNewRow(String parameter) {
        String base = source(parameter);
        return base != null && !isSequenceDraw(parameter) && base.endsWith(ROW_SUFFIX);
    }

    /** Whether a parameter is a sequence draw. */
    public static boolean isSequenceDraw(String parameter) {
        return parameter.startsWith(SEQUENCE_PREFIX);
    }

    /**
     * The sequence or keyless table a fresh-identity parameter draws from ({@code nextval$s},
     * {@code table_row}), or null for any other parameter.
     */
    public static String source(String parameter) {
        int last = parameter.lastIndexOf('$');
        if (last <= 0) return null;
        String base = parameter.substring(0, last);
        if (isSequenceDraw(parameter) || base.endsWith(ROW_SUFFIX)) return base;
        return null;
    }
}
