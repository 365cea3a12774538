package isocheck.run;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A stepped run's view of the server's lock waits ({@link Engine#lockWaitProbe}): one extra
 * connection, in auto-commit so that every question sees the server's present state (PostgreSQL
 * keeps one snapshot of pg_stat_activity per transaction). Without a probe, or once a question
 * fails (a user without the privilege to read the server's session table), it answers "not known to
 * wait" and the step falls back to --block-ms.
 */
final class LockWaitMonitor implements AutoCloseable {

    private final LockWaitProbe probe;
    private Connection monitor;
    private PreparedStatement waiting;
    private long lastAsked = System.nanoTime() - Long.MAX_VALUE / 2;

    private LockWaitMonitor(LockWaitProbe probe, Connection monitor) {
        this.probe = probe;
        this.monitor = monitor;
    }

    /** A monitor of {@code db}'s sessions; one that knows nothing where the engine has no probe. */
    static LockWaitMonitor of(Db db) {
        LockWaitProbe probe = db.engine().lockWaitProbe();
        if (probe == null) {
            return new LockWaitMonitor(null, null);
        }
        Connection c = db.rawConnection();
        try {
            c.setAutoCommit(true);
            LockWaitMonitor m = new LockWaitMonitor(probe, c);
            m.waiting = c.prepareStatement(probe.waitingQuery());
            return m;
        } catch (SQLException e) {
            Db.closeQuietly(c);
            return new LockWaitMonitor(null, null);
        }
    }

    /**
     * The server's id of {@code session}'s connection, or -1 if unknown. The query's transaction is
     * rolled back at once, so the transaction the session runs next begins with its own first
     * statement (its snapshot at REPEATABLE READ is not taken here).
     */
    long sessionId(Connection session) {
        if (waiting == null) {
            return -1;
        }
        try (PreparedStatement ps = session.prepareStatement(probe.sessionIdQuery());
                ResultSet rs = ps.executeQuery()) {
            long id = rs.next() ? rs.getLong(1) : -1;
            session.rollback();
            return id;
        } catch (SQLException e) {
            try {
                session.rollback();
            } catch (SQLException ignored) {
                // the session is checked by its first statement
            }
            return -1;
        }
    }

    /**
     * Whether the server is asked about session {@code id}: there is a probe, it has not failed,
     * and the session's id was read ({@link #sessionId}).
     */
    boolean answersFor(long id) {
        return waiting != null && id >= 0;
    }

    /** The least time between two questions (milliseconds); 0 when no question is asked. */
    long intervalMillis() {
        return waiting == null ? 0 : probe.intervalMillis();
    }

    /** How many answers in a row must report a wait ({@link LockWaitProbe#confirmations}). */
    int confirmations() {
        return waiting == null ? 1 : probe.confirmations();
    }

    /**
     * Whether the server reports session {@code id} waiting for a lock now; false when it is not
     * asked (no probe, or asked less than {@link #intervalMillis} ago).
     */
    boolean waiting(long id) {
        if (waiting == null || id < 0) {
            return false;
        }
        long now = System.nanoTime();
        if (now - lastAsked < probe.intervalMillis() * 1_000_000) {
            return false;
        }
        lastAsked = now;
        try {
            waiting.setLong(1, id);
            try (ResultSet rs = waiting.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            close(); // not answerable here: --block-ms decides from now on
            return false;
        }
    }

    @Override
    public void close() {
        waiting = null;
        if (monitor != null) {
            Db.closeQuietly(monitor);
            monitor = null;
        }
    }
}
