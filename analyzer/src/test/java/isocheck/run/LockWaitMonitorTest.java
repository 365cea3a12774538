package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stepped mode's lock-wait probe ({@link LockWaitMonitor}) on each server that has one: a
 * session whose UPDATE waits for another's row lock is reported waiting, the lock holder and an
 * idle session are not, and taking a session's id leaves its next transaction to begin with its own
 * first statement. H2 always runs; PostgreSQL and MariaDB when scripts/test's servers are set
 * (skipped otherwise, failing when unreachable, {@link Database#require}).
 */
class LockWaitMonitorTest {

    static Stream<Database> withProbe() {
        return Stream.of(Database.H2, Database.POSTGRESQL, Database.MARIADB);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("withProbe")
    void aSessionWaitingForARowLockIsReportedAndNoOtherIs(Database database) throws Exception {
        Db db = oneRow(database, Isolation.READ_COMMITTED);
        try {
            try (LockWaitMonitor locks = LockWaitMonitor.of(db);
                    Connection holder = db.connect();
                    Connection waiter = db.connect();
                    Connection idle = db.connect()) {
                long holderId = locks.sessionId(holder);
                long waiterId = locks.sessionId(waiter);
                long idleId = locks.sessionId(idle);
                assertTrue(holderId >= 0 && waiterId >= 0 && idleId >= 0, "session ids");
                assertNotEquals(holderId, waiterId);
                update(holder);
                CompletableFuture<Void> blocked =
                        CompletableFuture.runAsync(
                                () -> {
                                    try {
                                        update(waiter);
                                        waiter.commit();
                                    } catch (SQLException e) {
                                        throw new IllegalStateException(e);
                                    }
                                });
                boolean seen = false;
                for (int i = 0; i < 300 && !seen; i++) { // up to 30 s: a lock wait never ends here
                    seen = locks.waiting(waiterId);
                    if (!seen) Thread.sleep(100);
                }
                assertTrue(seen, "the waiting UPDATE is reported waiting for a lock");
                assertFalse(blocked.isDone(), "it is really blocked");
                Thread.sleep(locks.intervalMillis() + 10);
                assertFalse(locks.waiting(holderId), "the lock holder does not wait");
                Thread.sleep(locks.intervalMillis() + 10);
                assertFalse(locks.waiting(idleId), "an idle session does not wait");
                holder.commit();
                blocked.get(30, TimeUnit.SECONDS);
                Thread.sleep(locks.intervalMillis() + 10);
                assertFalse(locks.waiting(waiterId), "no longer waiting once the holder committed");
            }
            try (Connection c = db.connect()) {
                assertEquals(2, value(c), "both updates ran, one after the other");
            }
        } finally {
            drop(db);
        }
    }

    /**
     * At REPEATABLE READ a transaction's snapshot is taken by its first statement (PostgreSQL
     * §13.2.2; InnoDB's first consistent read; H2's): the id query's transaction is rolled back, so
     * a commit after it is still seen by the session's next transaction.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("withProbe")
    void takingTheSessionIdTakesNoSnapshot(Database database) throws Exception {
        assertTrue(database.offers(Isolation.REPEATABLE_READ));
        Db db = oneRow(database, Isolation.REPEATABLE_READ);
        try {
            try (LockWaitMonitor locks = LockWaitMonitor.of(db);
                    Connection session = db.connect();
                    Connection writer = db.connect()) {
                assertTrue(locks.sessionId(session) >= 0);
                update(writer);
                writer.commit();
                assertEquals(1, value(session), "the commit after the id query is seen");
                session.commit();
            }
        } finally {
            drop(db);
        }
    }

    /** A fresh run schema on {@code database} at {@code level}, holding t with one row (1, 0). */
    private static Db oneRow(Database database, Isolation level) throws SQLException {
        database.require();
        Db db = database.db(level);
        try (Connection admin = db.rawConnection()) {
            db.createSchema(admin);
            db.enterSchema(admin);
            try (Statement s = admin.createStatement()) {
                s.execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
                s.execute("INSERT INTO t VALUES (1, 0)");
            }
        }
        return db;
    }

    private static void drop(Db db) throws SQLException {
        try (Connection c = db.rawConnection()) {
            db.dropSchema(c);
        }
    }

    private static int value(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT v FROM t WHERE k = 1")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private static void update(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE t SET v = v + 1 WHERE k = 1");
        }
    }

    /**
     * SQLite has no probe: the monitor knows no session and never reports one waiting, so a step
     * falls back to --block-ms.
     */
    @Test
    void sqliteFallsBackToTheBlockTime() throws Exception {
        Db db = Database.SQLITE.db(Isolation.SERIALIZABLE);
        try (LockWaitMonitor locks = LockWaitMonitor.of(db)) {
            assertEquals(0, locks.intervalMillis());
            assertFalse(locks.waiting(1));
        }
    }
}
