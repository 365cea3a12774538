package isocheck.run;

import java.util.List;
import java.util.Map;

/**
 * Run-time values of program variables: {@code Long} and {@code String} scalars, {@code null} (an
 * empty aggregate), a row set ({@code List<Map<String, Object>>}, a SELECT result or a SET OF
 * parameter) and a row ({@code Map<String, Object>}, a FOREACH variable or a CHOOSE result).
 */
final class Values {
    private Values() {}

    /**
     * The value of {@code :variable[.field]}: a field of a row, of the first row of a row set, or
     * the one column of a one-column row set ("a one-column result reads as a value"); null when
     * empty.
     */
    @SuppressWarnings("unchecked")
    static Object read(Object v, String field) {
        if (v instanceof List<?> rows) {
            if (rows.isEmpty()) {
                return null;
            }
            v = rows.get(0);
        }
        if (v instanceof Map<?, ?> row) {
            Map<String, Object> r = (Map<String, Object>) row;
            if (field != null) {
                return r.get(field);
            }
            return r.size() == 1 ? r.values().iterator().next() : null;
        }
        return v;
    }

    /** The values of {@code field} over the rows of a row set (or of one row). */
    @SuppressWarnings("unchecked")
    static List<Object> column(Object v, String field) {
        if (v == null) {
            return List.of();
        }
        if (v instanceof Map<?, ?> row) {
            return java.util.Collections.singletonList(((Map<String, Object>) row).get(field));
        }
        if (v instanceof List<?> rows) {
            List<Object> out = new java.util.ArrayList<>(rows.size());
            for (Object r : rows) {
                out.add(((Map<String, Object>) r).get(field));
            }
            return out;
        }
        return java.util.Collections.singletonList(v);
    }

    /** {@code v IS NULL}: no row matched, or an aggregate over no rows. */
    static boolean isNull(Object v) {
        return v == null || (v instanceof List<?> l && l.isEmpty());
    }

    static String show(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String s) {
            return "'" + s + "'";
        }
        return v.toString();
    }
}
