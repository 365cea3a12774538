package isocheck.run;

import isocheck.program.ScalarType;
import isocheck.program.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/** Values between JDBC and the interpreter: binding parameters, reading columns, naming rows. */
final class JdbcValues {
    private JdbcValues() {}

    /** {@code table/pk} of a {@code table/pk/} key prefix. */
    static String rowName(String prefix) {
        return prefix.substring(0, prefix.length() - 1);
    }

    /** {@code table/pk/} of the current row: key values joined by commas. */
    static String keyPrefix(Table t, ResultSet rs, int nk) throws SQLException {
        StringBuilder sb = new StringBuilder(t.name()).append('/');
        for (int k = 1; k <= nk; k++) {
            if (k > 1) {
                sb.append(',');
            }
            sb.append(rs.getString(k));
        }
        return sb.append('/').toString();
    }

    static Object get(ResultSet rs, int col, ScalarType type) throws SQLException {
        if (type == ScalarType.INT) {
            long v = rs.getLong(col);
            return rs.wasNull() ? null : v;
        }
        return rs.getString(col);
    }

    static void bind(
            SqlDialect dialect,
            Connection c,
            PreparedStatement p,
            int i,
            Compiled.Param param,
            Object value)
            throws SQLException {
        if (param.isArray()) {
            dialect.bindArray(
                    c,
                    p,
                    i,
                    param.type(),
                    (Object[]) value); // an array, or what the database has instead
        } else if (value == null) {
            p.setNull(i, param.type() == ScalarType.INT ? Types.BIGINT : Types.VARCHAR);
        } else if (value instanceof Long l) {
            p.setLong(i, l);
        } else if (value instanceof Integer n) {
            p.setLong(i, n);
        } else {
            p.setString(i, value.toString());
        }
    }
}
