package isocheck.run;

import isocheck.program.RowLock;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * H2 2.3, embedded (the default database: a private in-memory database per run) or by URL. H2 has
 * SNAPSHOT besides the four SQL levels (H2 manual, "Advanced", "Transaction Isolation").
 */
final class H2Engine implements Engine {

    @Override
    public String name() {
        return "H2";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:h2:";
    }

    @Override
    public String urlExample() {
        return "jdbc:h2:…";
    }

    @Override
    public List<Isolation> levels() {
        return List.of(
                Isolation.READ_UNCOMMITTED,
                Isolation.READ_COMMITTED,
                Isolation.REPEATABLE_READ,
                Isolation.SNAPSHOT,
                Isolation.SERIALIZABLE);
    }

    /** JDBC has no constant for SNAPSHOT: H2's own statement sets every level. */
    @Override
    public void configure(Connection c, Isolation level) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + level.sql());
        }
    }

    /** H2 folds unquoted identifiers to upper case. */
    @Override
    public void enterSchema(Connection c, String schema) throws SQLException {
        c.setSchema(schema.toUpperCase(Locale.ROOT));
    }

    @Override
    public String leftoverQuery() {
        return "SELECT SCHEMA_NAME FROM INFORMATION_SCHEMA.SCHEMATA WHERE SCHEMA_NAME LIKE 'ISOCHECK\\_%' AND REMARKS = ?";
    }

    /**
     * H2 2.3 has no FOR SHARE: there FOR SHARE runs as FOR UPDATE, a stronger lock (it only blocks
     * more), so the run is one PostgreSQL could also produce with FOR SHARE's readers serialised.
     */
    @Override
    public String lockClause(RowLock lock) {
        if (lock.strength() == RowLock.Strength.SHARE) {
            return new RowLock(RowLock.Strength.UPDATE, lock.policy()).sql();
        }
        return lock.sql();
    }

    /**
     * H2's SET(@variable, value) function (H2 manual, "Functions": SET) in a CASE, which H2 does
     * not reorder (it evaluates a plain AND's cheaper conjunct first, and would skip the note on
     * the rows that conjunct rejects): every row of the key part the statement evaluates, again
     * after a lock wait, leaves an entry.
     */
    @Override
    public String evaluationNote(String items, String keyPart, String where) {
        return keyPart
                + " AND CASE WHEN SET(@isocheck_seen, CONCAT(@isocheck_seen, ',',"
                + " CAST(JSON_ARRAY("
                + items
                + ") AS VARCHAR))) IS NOT NULL THEN ("
                + where
                + ") END";
    }

    @Override
    public String[] evaluationNotes() {
        return new String[] {
            "SET @isocheck_seen = ''", "SELECT CONCAT('[', SUBSTRING(@isocheck_seen, 2), ']')"
        };
    }

    /**
     * H2's data change delta tables (H2 manual, "Grammar", "Data Change Delta Table"): FINAL for
     * the new rows, OLD for deleted ones.
     */
    @Override
    public String returning(String dml, boolean oldRow, String items) {
        return "SELECT " + items + " FROM " + (oldRow ? "OLD" : "FINAL") + " TABLE (" + dml + ")";
    }

    /**
     * H2's lock timeout (error 50200, SQLSTATE HYT00) and concurrent update in MVStore (90131); its
     * deadlock (40001) has SQLSTATE 40001.
     */
    @Override
    public String abortKind(SQLException e) {
        if (e.getErrorCode() == 90131) {
            return "serialization failure";
        }
        if (e.getErrorCode() == 50200 || "HYT00".equals(e.getSQLState())) {
            return "lock timeout";
        }
        return Engine.super.abortKind(e);
    }

    @Override
    public String describe(String url) {
        return url.startsWith("jdbc:h2:mem:") ? "H2 (in-memory)" : Engine.super.describe(url);
    }

    /**
     * Closes a private in-memory database of {@link Db#embedded} (it would otherwise live until the
     * JVM exits).
     */
    @Override
    public void shutdown(String url, Properties props) {
        if (!url.startsWith("jdbc:h2:mem:isocheck")) {
            return;
        }
        try (Connection c = DriverManager.getConnection(url, props);
                Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // already gone
        }
    }

    /**
     * H2 names the session a waiting one waits for in INFORMATION_SCHEMA.SESSIONS.BLOCKER_ID (H2
     * documentation, "Information Schema": SESSIONS).
     */
    @Override
    public LockWaitProbe lockWaitProbe() {
        return new LockWaitProbe(
                "SELECT SESSION_ID()",
                "SELECT 1 FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID = ? AND BLOCKER_ID IS NOT NULL",
                5,
                1);
    }
}
