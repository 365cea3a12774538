package isocheck.run;

import java.sql.SQLException;

/**
 * Which SQL errors are the database aborting a transaction (recorded as an aborted transaction, and
 * retried with {@code --retry}) and which are a broken run (a one-line error, exit 2).
 */
final class Failures {
    private Failures() {}

    /**
     * Aborts: the program's own ({@link UserAbort}, P0001), SQLSTATE class 40 (serialization failure, deadlock), 55P03 (lock not available),
     * class 23 (a unique-key violation when two transactions insert the same key), and H2's
     * lock timeout (50200, HYT00) and concurrent-update (90131) errors.
     */
    static boolean isAbort(SQLException e) {
        String state = e.getSQLState();
        if (state != null) {
            if (state.startsWith("40") || state.startsWith("23") || state.equals("55P03") || state.equals("HYT00")
                    || state.equals(UserAbort.SQL_STATE)
                    || state.equals("57014")) {
                return true;
            }
        }
        int code = e.getErrorCode();
        return code == 50200 || code == 90131 || code == 40001;
    }

    /** A short name of the abort's cause for the summary. */
    static String kind(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.equals("40001") || e.getErrorCode() == 90131) {
            return "serialization failure";
        }
        if (state.equals("40P01") || e.getErrorCode() == 40001) {
            return "deadlock";
        }
        if (state.equals(UserAbort.SQL_STATE)) {
            return "user abort";
        }
        if (state.startsWith("23")) {
            return "constraint violation";
        }
        if (state.equals("55P03") || state.equals("HYT00") || e.getErrorCode() == 50200) {
            return "lock timeout";
        }
        return "aborted (" + state + ")";
    }
}
