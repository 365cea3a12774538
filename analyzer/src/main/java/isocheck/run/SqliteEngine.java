package isocheck.run;

import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * SQLite, embedded ({@code jdbc:sqlite:DIR}, or {@code jdbc:sqlite:} for the temporary directory).
 * SQLite has no schemas: a run's private schema is a database file of its own, {@code
 * DIR/isocheck_<id>.sqlite} (beside the file a URL names, which is never opened), marked by a table
 * {@code isocheck_marker} and deleted at the end.
 *
 * <p>Levels: SERIALIZABLE only. Transactions on separate connections are serializable (SQLite
 * documentation, "Isolation In SQLite"); READ UNCOMMITTED exists only between connections sharing
 * one cache in one process (PRAGMA read_uncommitted), a mode SQLite discourages, so it is not
 * offered. The file is in WAL mode: a reader reads the snapshot of its first read, one writer at a
 * time holds the write lock (others wait up to {@link #BUSY_TIMEOUT_MILLIS}, then SQLITE_BUSY), and
 * a transaction whose snapshot is older than the last commit cannot start writing
 * (SQLITE_BUSY_SNAPSHOT): the serialization failure ("Write-Ahead Logging", §2.2).
 */
final class SqliteEngine implements Engine {

    /** How long a writer waits for the write lock before SQLITE_BUSY. */
    static final int BUSY_TIMEOUT_MILLIS = 10_000;

    private static final String MARKER_TABLE = "isocheck_marker";

    /**
     * {@code INSERT … ON CONFLICT (key) DO NOTHING RETURNING …}: SQLite "UPSERT" (3.24) and
     * "RETURNING" (3.35) ({@link UpsertSql}).
     */
    @Override
    public boolean nativeOnConflict() {
        return true;
    }

    @Override
    public String name() {
        return "SQLite";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:sqlite:";
    }

    @Override
    public String urlExample() {
        return "jdbc:sqlite:DIR";
    }

    @Override
    public List<Isolation> levels() {
        return List.of(Isolation.SERIALIZABLE);
    }

    /**
     * One writer at a time, and a transaction's reads see its snapshot: a statement that writes
     * after another connection committed fails with SQLITE_BUSY_SNAPSHOT (SQLite, "Write-Ahead
     * Logging", §2.2), so the pre-read and the statement read the same rows.
     */
    @Override
    public boolean preReadExact() {
        return true;
    }

    @Override
    public Properties properties(String user, String password) {
        Properties p = new Properties(); // no users in SQLite
        p.setProperty("journal_mode", "WAL");
        p.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MILLIS));
        p.setProperty("synchronous", "OFF"); // a throw-away file: durability buys nothing
        return p;
    }

    /**
     * The directory of the private files: the URL's directory, the named file's directory, or the
     * temporary directory.
     */
    static Path directory(String url) {
        String path = url.substring("jdbc:sqlite:".length());
        int q = path.indexOf('?');
        if (q >= 0) {
            path = path.substring(0, q);
        }
        if (path.startsWith("file:")) {
            path = path.substring("file:".length());
        }
        if (path.isEmpty() || path.equals(":memory:") || path.startsWith(":resource:")) {
            return Path.of(System.getProperty("java.io.tmpdir"));
        }
        Path p = Path.of(path).toAbsolutePath();
        if (Files.isDirectory(p)) {
            return p;
        }
        return p.getParent();
    }

    @Override
    public String schemaUrl(String url, String schema) {
        return "jdbc:sqlite:" + directory(url).resolve(schema + ".sqlite");
    }

    @Override
    public void configure(Connection c, Isolation level) throws SQLException {
        c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
    }

    /** The connection is already to the schema's own file. */
    @Override
    public void enterSchema(Connection c, String schema) {}

    @Override
    public void createSchema(Connection c, String schema, String marker) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + MARKER_TABLE + " (note VARCHAR(100))");
            s.execute("INSERT INTO " + MARKER_TABLE + " VALUES ('" + marker + "')");
        }
    }

    /**
     * Deletes the schema's file (and its WAL and shared-memory files); open handles keep it until
     * closed.
     */
    @Override
    public void dropSchema(Connection c, String schema) throws SQLException {
        String url = c.getMetaData().getURL();
        Path file = Path.of(url.substring("jdbc:sqlite:".length()));
        delete(file);
    }

    private static void delete(Path file) throws SQLException {
        try {
            for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
                Files.deleteIfExists(Path.of(file + suffix));
            }
        } catch (IOException e) {
            throw new SQLException("cannot delete " + file + ": " + e.getMessage());
        }
    }

    @Override
    public String leftoverQuery() {
        return null;
    }

    /**
     * The files {@code isocheck_*.sqlite} of the directory whose marker table carries the marker.
     */
    @Override
    public List<String> dropLeftovers(String url, Properties props, String marker)
            throws SQLException {
        Path dir = directory(url);
        List<String> names = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files =
                    s.filter(f -> f.getFileName().toString().matches("isocheck_[0-9a-z]+\\.sqlite"))
                            .sorted()
                            .toList();
        } catch (IOException e) {
            throw new SQLException("cannot list " + dir + ": " + e.getMessage());
        }
        for (Path f : files) {
            boolean ours = false;
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + f, props);
                    PreparedStatement p =
                            c.prepareStatement(
                                    "SELECT 1 FROM " + MARKER_TABLE + " WHERE note = ?")) {
                p.setString(1, marker);
                try (ResultSet rs = p.executeQuery()) {
                    ours = rs.next();
                }
            } catch (SQLException notOurs) {
                // no marker table: a file a user made
            }
            if (ours) {
                delete(f);
                String n = f.getFileName().toString();
                names.add(n.substring(0, n.length() - ".sqlite".length()));
            }
        }
        return names;
    }

    /**
     * No row locks: SQLite locks the whole database. A locking read is a plain read here; the
     * transaction is serializable anyway, and NOWAIT and SKIP LOCKED never find a locked row.
     */
    @Override
    public String lockClause(RowLock lock) {
        return "";
    }

    /**
     * No arrays in SQLite: the values travel as one JSON array, unnested by json_each (JSON1, built
     * in since 3.38).
     */
    @Override
    public String memberOf(String element, ScalarType type) {
        return element + " IN (SELECT value FROM json_each(?))";
    }

    @Override
    public void bindArray(
            Connection c, PreparedStatement p, int index, ScalarType type, Object[] elements)
            throws SQLException {
        p.setString(index, MariaDbEngine.json(elements));
    }

    /**
     * SQLite result codes (SQLite documentation, "Result and Error Codes"): SQLITE_BUSY_SNAPSHOT
     * (517) is the serialization failure; SQLITE_BUSY (5) and SQLITE_LOCKED (6), the write lock not
     * granted: after the busy timeout, or at once when a transaction that has read asks for it
     * while another writer holds it (waiting could deadlock, so SQLite does not wait: "busy", not a
     * timeout); SQLITE_CONSTRAINT (19) and its extended codes, a constraint violation.
     */
    @Override
    public String abortKind(SQLException e) {
        int code =
                e instanceof org.sqlite.SQLiteException s
                        ? s.getResultCode().code
                        : e.getErrorCode();
        if (code == 517) {
            return "serialization failure";
        }
        switch (code & 0xff) {
            case 5, 6:
                return "busy (database locked)";
            case 19:
                return "constraint violation";
            default:
                return Engine.super.abortKind(e);
        }
    }

    @Override
    public String describe(String url) {
        return "SQLite (a file in " + directory(url) + ")";
    }
}
