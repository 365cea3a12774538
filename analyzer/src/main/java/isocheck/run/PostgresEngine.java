package isocheck.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A PostgreSQL server by URL. Its REPEATABLE READ is snapshot isolation, its SERIALIZABLE is SSI
 * (PostgreSQL manual, "Concurrency Control", §13.2); READ UNCOMMITTED runs as READ COMMITTED
 * (§13.2), so it is not offered as a level of its own.
 */
final class PostgresEngine implements Engine {

    /**
     * {@code INSERT … ON CONFLICT (key) DO NOTHING RETURNING …}: PostgreSQL manual, INSERT, "ON
     * CONFLICT Clause" ({@link UpsertSql}).
     */
    @Override
    public boolean nativeOnConflict() {
        return true;
    }

    @Override
    public String name() {
        return "PostgreSQL";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:postgresql:";
    }

    @Override
    public String urlExample() {
        return "jdbc:postgresql://HOST:PORT/DB";
    }

    @Override
    public List<Isolation> levels() {
        return List.of(Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ, Isolation.SERIALIZABLE);
    }

    /** {@code snapshot} names PostgreSQL's REPEATABLE READ (snapshot isolation, §13.2.2). */
    @Override
    public boolean offers(Isolation level) {
        return level == Isolation.SNAPSHOT || Engine.super.offers(level);
    }

    @Override
    public String levelName(Isolation level) {
        return level == Isolation.SNAPSHOT ? "REPEATABLE READ (snapshot isolation)" : level.sql();
    }

    /** User and password default to libpq's PGUSER and PGPASSWORD. */
    @Override
    public Properties properties(String user, String password) {
        Properties p =
                Engine.super.properties(
                        user != null ? user : System.getenv("PGUSER"),
                        password != null ? password : System.getenv("PGPASSWORD"));
        p.setProperty("connectTimeout", "10");
        p.setProperty("ApplicationName", "isocheck run");
        return p;
    }

    @Override
    public void configure(Connection c, Isolation level) throws SQLException {
        c.setTransactionIsolation(
                switch (level) {
                    case READ_UNCOMMITTED, READ_COMMITTED -> Connection.TRANSACTION_READ_COMMITTED;
                    case REPEATABLE_READ, SNAPSHOT -> Connection.TRANSACTION_REPEATABLE_READ;
                    case SERIALIZABLE -> Connection.TRANSACTION_SERIALIZABLE;
                });
    }

    /**
     * One statement, one snapshot (PostgreSQL manual, "WITH Queries", §7.8.4: the sub-statements of
     * WITH "are executed with the same snapshot"), so the pre-read sees the versions the UPDATE or
     * DELETE first evaluates its WHERE clause on. At READ COMMITTED the statement may then
     * re-evaluate a row on a newer version (§13.2.1, EvalPlanQual): such a row is one the pre-read
     * saw matching; see {@link #lockedByThisTransaction}.
     */
    @Override
    public String withPreRead(String preRead, String dml, int returned, int preColumns) {
        String pad = ", NULL".repeat(preColumns);
        return "WITH isocheck_pre AS ("
                + preRead
                + "), isocheck_dml AS ("
                + dml
                + ") SELECT isocheck_dml.*"
                + pad
                + ", 0 FROM isocheck_dml UNION ALL SELECT "
                + "NULL, ".repeat(returned)
                + "isocheck_pre.*, 1 FROM isocheck_pre";
    }

    @Override
    public boolean preReadExact() {
        return true;
    }

    /**
     * Whether the row's xmax is this transaction's id: at READ COMMITTED an UPDATE, DELETE or
     * SELECT … FOR UPDATE/SHARE that waited for a concurrent writer locks the newest version of the
     * row before re-evaluating its WHERE clause on it (§13.2.1), and keeps that lock to the end of
     * the transaction even when the row no longer matches; a lock-only xmax is the locker's id
     * (manual, "System Columns", §5.5). While the lock is held nobody can change the row, so a read
     * after the statement sees the version it re-evaluated. Several lockers (a MultiXactId) give 0:
     * the version is then recorded as uncertain.
     */
    @Override
    public String lockedByThisTransaction() {
        return "CASE WHEN xmax::text = (pg_current_xact_id()::text::bigint % 4294967296)::text"
                + " THEN 1 ELSE 0 END";
    }

    @Override
    public String leftoverQuery() {
        return "SELECT n.nspname FROM pg_namespace n WHERE n.nspname LIKE 'isocheck\\_%' AND obj_description(n.oid, 'pg_namespace') = ?";
    }

    /**
     * A backend waiting for a row or transaction lock shows wait_event_type 'Lock' in
     * pg_stat_activity (PostgreSQL manual, §28.2.3 "wait_event_type": "Lock: the server process is
     * waiting for a heavyweight lock").
     */
    @Override
    public LockWaitProbe lockWaitProbe() {
        return new LockWaitProbe(
                "SELECT pg_backend_pid()",
                "SELECT 1 FROM pg_stat_activity WHERE pid = ? AND wait_event_type = 'Lock'",
                5,
                1);
    }
}
