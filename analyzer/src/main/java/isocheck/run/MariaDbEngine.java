package isocheck.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * A MariaDB server (10.11, InnoDB) by URL ({@code jdbc:mariadb://HOST:PORT/}). A schema is a
 * database in MariaDB. InnoDB's REPEATABLE READ reads from a snapshot taken at the first read, but
 * locking reads, UPDATE and DELETE act on the latest committed row version and an UPDATE may
 * overwrite a row changed after the snapshot without an error (MariaDB Knowledge Base, "InnoDB Lock
 * Modes" and "SET TRANSACTION"; no first-updater-wins unless innodb_snapshot_isolation=ON, whose
 * error 1020 is classified as a serialization failure). SERIALIZABLE is REPEATABLE READ with every
 * plain SELECT a shared-locking read.
 */
final class MariaDbEngine implements Engine {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        // The driver logs every error it also throws ("[ WARN] … Deadlock found …") to the console;
        // isocheck reports each one itself (as an abort or a one-line error).
        if (System.getProperty("mariadb.logging.disable") == null) {
            System.setProperty("mariadb.logging.disable", "true");
        }
    }

    /**
     * Whether {@link #complementLock} locks: in the dialect of REPEATABLE READ and SERIALIZABLE
     * runs.
     */
    private final boolean lockingComplement;

    MariaDbEngine() {
        this(false);
    }

    private MariaDbEngine(boolean lockingComplement) {
        this.lockingComplement = lockingComplement;
    }

    @Override
    public SqlDialect dialect(Isolation level) {
        return new MariaDbEngine(locksComplement(level));
    }

    @Override
    public boolean sameDialect(Isolation a, Isolation b) {
        return locksComplement(a) == locksComplement(b);
    }

    private static boolean locksComplement(Isolation level) {
        return level == Isolation.REPEATABLE_READ || level == Isolation.SERIALIZABLE;
    }

    /**
     * At REPEATABLE READ a plain SELECT reads the transaction's snapshot, but UPDATE and DELETE
     * evaluate their WHERE clause on the latest committed rows: the rows they do not match are read
     * as they do, by a locking read (FOR UPDATE: the rows InnoDB's UPDATE locks anyway at this
     * level, every row it scans, so no lock is added, only taken one statement earlier). At READ
     * COMMITTED and below a plain read already sees the latest committed rows (and a locking one
     * would keep locks InnoDB releases on rows that do not match).
     */
    @Override
    public String complementLock() {
        return lockingComplement ? " FOR UPDATE" : "";
    }

    /**
     * At REPEATABLE READ and SERIALIZABLE the pre-read locks every row of the key part (the rows
     * the statement would lock, InnoDB locking every row it scans), so nobody changes them before
     * the statement reads them. At READ COMMITTED and below the statement's own reads are
     * semi-consistent (a row another transaction locks is evaluated on its newest committed version
     * and skipped unlocked when it does not match; MariaDB manual, "InnoDB Lock Modes" and
     * innodb_locks_unsafe_for_binlog): a row that moved between the pre-read and the statement is
     * recorded as uncertain.
     */
    @Override
    public boolean preReadExact() {
        return lockingComplement;
    }

    /**
     * A user variable assigned in the WHERE clause (MariaDB manual, "User-Defined Variables"):
     * InnoDB hands the server the row version it evaluates (the newest committed one, under a lock
     * or, for an UPDATE at READ COMMITTED, semi-consistently, and again after the lock wait when it
     * matched; "InnoDB Lock Modes"), and the server evaluates the conjuncts in order, so the last
     * entry of a row names the version whose evaluation decided it.
     */
    @Override
    public String evaluationNote(String items, String keyPart, String where) {
        return keyPart
                + " AND (@isocheck_seen := JSON_ARRAY_APPEND(@isocheck_seen, '$', JSON_ARRAY("
                + items
                + "))) IS NOT NULL AND ("
                + where
                + ")";
    }

    @Override
    public String[] evaluationNotes() {
        return new String[] {"SET @isocheck_seen = '[]'", "SELECT @isocheck_seen"};
    }

    /**
     * Seconds a statement waits for a row lock (InnoDB's default is 50): a blocked schedule step
     * ends in error 1205 soon.
     */
    static final int LOCK_WAIT_TIMEOUT_SECONDS = 10;

    @Override
    public String name() {
        return "MariaDB";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:mariadb:";
    }

    @Override
    public String urlExample() {
        return "jdbc:mariadb://HOST:PORT/";
    }

    @Override
    public List<Isolation> levels() {
        return List.of(
                Isolation.READ_UNCOMMITTED,
                Isolation.READ_COMMITTED,
                Isolation.REPEATABLE_READ,
                Isolation.SERIALIZABLE);
    }

    @Override
    public Properties properties(String user, String password) {
        Properties p = Engine.super.properties(user, password);
        p.setProperty("connectTimeout", "10000");
        return p;
    }

    /**
     * The level, and three session settings that make MariaDB evaluate the SQL isocheck writes as
     * the standard does: SIMULTANEOUS_ASSIGNMENT (SET right-hand sides see the old row, SQL:2016
     * Part 2 §14.15; MySQL's default assigns left to right, which would make {@link UpdateReads}'
     * copies read the new version), NO_BACKSLASH_ESCAPES (a backslash in a string literal is a
     * character), and a binary no-pad collation (string comparison as in PostgreSQL and H2: case
     * and trailing spaces matter).
     */
    @Override
    public void configure(Connection c, Isolation level) throws SQLException {
        c.setTransactionIsolation(
                switch (level) {
                    case READ_UNCOMMITTED -> Connection.TRANSACTION_READ_UNCOMMITTED;
                    case READ_COMMITTED -> Connection.TRANSACTION_READ_COMMITTED;
                    case REPEATABLE_READ, SNAPSHOT -> Connection.TRANSACTION_REPEATABLE_READ;
                    case SERIALIZABLE -> Connection.TRANSACTION_SERIALIZABLE;
                });
        try (Statement s = c.createStatement()) {
            s.execute(
                    "SET SESSION sql_mode = CONCAT(@@sql_mode, ',SIMULTANEOUS_ASSIGNMENT,NO_BACKSLASH_ESCAPES')");
            s.execute("SET NAMES utf8mb4 COLLATE utf8mb4_nopad_bin");
            // at most 10 s; a lower value the URL sets
            // (sessionVariables=innodb_lock_wait_timeout=N) stays
            s.execute(
                    "SET SESSION innodb_lock_wait_timeout = LEAST(@@SESSION.innodb_lock_wait_timeout, "
                            + LOCK_WAIT_TIMEOUT_SECONDS
                            + ")");
        }
    }

    @Override
    public void enterSchema(Connection c, String schema) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("USE " + quote(schema));
        }
    }

    /**
     * A database with the binary no-pad collation (see {@link #configure}) and the marker as its
     * comment (MariaDB 10.5+).
     */
    @Override
    public void createSchema(Connection c, String schema, String marker) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(
                    "CREATE DATABASE "
                            + schema
                            + " CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin COMMENT '"
                            + marker
                            + "'");
        }
    }

    @Override
    public void dropSchema(Connection c, String schema) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + schema);
        }
    }

    @Override
    public String leftoverQuery() {
        return "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'isocheck\\_%' AND SCHEMA_COMMENT = ?";
    }

    @Override
    public String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }

    /**
     * An indexed string column is a VARCHAR whose share of InnoDB's 3072-byte index key (MariaDB
     * manual, "InnoDB Limitations": at most 3072 bytes per index key) is equal among the index's
     * string columns, after 8 bytes per BIGINT, at 4 bytes per utf8mb4 character: a single string
     * key gets 768 characters, AuctionMark's {@code (ua_id bigint, ua_u_id varchar)} 766, where two
     * VARCHAR(768) columns were refused ("Specified key was too long"). Other strings are TEXT
     * (stored off the row, so that wide tables stay under the 65,535-byte row limit).
     */
    @Override
    public String textType(int strings, int ints) {
        if (strings == 0) return "TEXT";
        return "VARCHAR(" + (3072 - 8 * ints) / (4 * strings) + ")";
    }

    /** MariaDB casts to SIGNED (a 64-bit integer) and CHAR, not to BIGINT or VARCHAR. */
    @Override
    public String castParam(ScalarType type) {
        return type == ScalarType.INT ? "CAST(? AS SIGNED)" : "CAST(? AS CHAR)";
    }

    @Override
    public String castToInt(String sql) {
        return "CAST(" + sql + " AS SIGNED)";
    }

    /** {@code /} is exact division in MariaDB; DIV truncates toward zero. */
    @Override
    public String divide(String left, String right) {
        return "(" + left + " DIV " + right + ")";
    }

    /**
     * No arrays in MariaDB: the values travel as one JSON array, unnested by JSON_TABLE (MariaDB
     * 10.6+).
     */
    @Override
    public String memberOf(String element, ScalarType type) {
        return element
                + " IN (SELECT isocheck_j.v FROM JSON_TABLE(?, '$[*]' COLUMNS (v "
                + (type == ScalarType.INT ? "BIGINT" : "VARCHAR(1000)")
                + " PATH '$')) AS isocheck_j)";
    }

    @Override
    public void bindArray(
            Connection c, PreparedStatement p, int index, ScalarType type, Object[] elements)
            throws SQLException {
        p.setString(index, json(elements));
    }

    static String json(Object[] elements) {
        try {
            return JSON.writeValueAsString(elements);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * FOR SHARE is spelled LOCK IN SHARE MODE; NOWAIT and SKIP LOCKED follow it (MariaDB 10.6+).
     */
    @Override
    public String lockClause(RowLock lock) {
        String sql = lock.sql();
        return lock.strength() == RowLock.Strength.SHARE
                ? sql.replace(" FOR SHARE", " LOCK IN SHARE MODE")
                : sql;
    }

    @Override
    public boolean updateReturns() {
        return false;
    }

    /**
     * Error 1213 (deadlock, SQLSTATE 40001), 1205 (lock wait timeout, and NOWAIT's refusal;
     * SQLSTATE HY000) and 1020 (record changed since last read, with innodb_snapshot_isolation)
     * abort the transaction (MariaDB Knowledge Base, "MariaDB Error Codes"); a duplicate key is
     * SQLSTATE 23000.
     */
    @Override
    public String abortKind(SQLException e) {
        return switch (e.getErrorCode()) {
            case 1213 -> "deadlock";
            case 1205 -> "lock timeout";
            case 1020 -> "serialization failure";
            default -> Engine.super.abortKind(e);
        };
    }

    /**
     * InnoDB reports a transaction waiting for a row lock as trx_state 'LOCK WAIT' in
     * information_schema.INNODB_TRX (MariaDB Knowledge Base, "Information Schema INNODB_TRX
     * Table"). InnoDB refills that table from the server's state only when it was not read for 0.1
     * s (trx0i_s.cc, CACHE_MIN_IDLE_TIME_NS), so it is asked at most every 120 ms, and a wait
     * counts once two answers in a row report it: another client reading the table within 0.1 s (a
     * second run on the server) leaves an answer stale. A step is then reported blocked after about
     * 0.25 s, still far below --block-ms.
     */
    @Override
    public LockWaitProbe lockWaitProbe() {
        return new LockWaitProbe(
                "SELECT CONNECTION_ID()",
                "SELECT 1 FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = ? AND trx_state = 'LOCK WAIT'",
                120,
                2);
    }
}
