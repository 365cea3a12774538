package isocheck.run;

import java.sql.SQLException;

/**
 * The program aborted its transaction ({@code ROLLBACK} or {@code RAISE EXCEPTION}): the runner
 * rolls back and records the attempt as aborted, like a database abort. SQLSTATE P0001 is
 * PostgreSQL's raise_exception (PostgreSQL manual, Appendix A, "PostgreSQL Error Codes").
 */
final class UserAbort extends SQLException {

    static final String SQL_STATE = "P0001";

    UserAbort(String message) {
        super(message, SQL_STATE);
    }
}
