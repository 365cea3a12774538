package isocheck.run;

import java.sql.SQLException;

/**
 * Which SQL errors are the database aborting a transaction (recorded as an aborted transaction, and
 * retried with {@code --retry}) and which are a broken run (a one-line error, exit 2): each {@link
 * Engine} knows its database's codes ({@link Engine#abortKind}).
 */
final class Failures {
    private Failures() {}

    static boolean isAbort(Engine engine, SQLException e) {
        return engine.abortKind(e) != null;
    }

    /** A short name of the abort's cause for the summary. */
    static String kind(Engine engine, SQLException e) {
        String kind = engine.abortKind(e);
        return kind != null ? kind : "aborted (" + e.getSQLState() + ")";
    }
}
