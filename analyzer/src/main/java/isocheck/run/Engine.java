package isocheck.run;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * One database isocheck runs on: the JDBC URLs it answers, its SQL dialect ({@link SqlDialect}),
 * its isolation levels and what it calls them, how its errors say "aborted" (serialization failure,
 * deadlock, constraint violation, lock timeout), and the life of the private schema a run creates
 * its tables in (create with a marker, enter, drop, drop the leftovers of killed runs). {@link
 * Engines} selects one by URL; everything in {@code run} asks the engine, never the URL.
 */
public interface Engine extends SqlDialect {

    /** What the database is called in summaries and messages ("PostgreSQL"). */
    String name();

    /** The URL prefix this engine answers ({@code jdbc:postgresql:}). */
    String urlPrefix();

    /** An example URL for messages and --help. */
    String urlExample();

    default boolean accepts(String url) {
        return url.startsWith(urlPrefix());
    }

    /**
     * The isolation levels the database offers, weakest first: what {@code run --isolation} accepts
     * (besides {@link #offers aliases}) and what a catalogue of levels enumerates.
     */
    List<Isolation> levels();

    /**
     * Whether {@code run --isolation} accepts {@code level} here (a level of {@link #levels} or an
     * alias of one).
     */
    default boolean offers(Isolation level) {
        return levels().contains(level);
    }

    /** The level as the database's manual names it. */
    default String levelName(Isolation level) {
        return level.sql();
    }

    /** The SQL dialect of a run at {@code level} (the same at every level, except where noted). */
    default SqlDialect dialect(Isolation level) {
        return this;
    }

    /** Whether {@link #dialect} is the same at both levels (a run may then mix them). */
    default boolean sameDialect(Isolation a, Isolation b) {
        return true;
    }

    /**
     * Connection properties for a user and password (either may be null: the URL's own, or the
     * environment's).
     */
    default Properties properties(String user, String password) {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        return p;
    }

    /**
     * The URL a run's connections use: the one given, except where a schema is a file of its own
     * (SQLite).
     */
    default String schemaUrl(String url, String schema) {
        return url;
    }

    /**
     * Puts a fresh connection at the run's isolation level, with the session settings runs need.
     */
    void configure(Connection c, Isolation level) throws SQLException;

    /**
     * Makes {@code schema} the connection's default schema (unqualified table names resolve there).
     */
    default void enterSchema(Connection c, String schema) throws SQLException {
        c.setSchema(schema);
    }

    /**
     * Creates the run's private schema, carrying {@code marker} so that {@link #dropLeftovers}
     * recognises it.
     */
    default void createSchema(Connection c, String schema, String marker) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            s.execute("COMMENT ON SCHEMA " + schema + " IS '" + marker + "'");
        }
    }

    /** Drops the run's private schema and everything in it. */
    default void dropSchema(Connection c, String schema) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /**
     * The query of the schemas earlier runs left behind: named {@code isocheck_…} and carrying the
     * marker (its one parameter). Null where {@link #dropLeftovers} is overridden.
     */
    String leftoverQuery();

    /**
     * Drops the private schemas earlier runs left behind (a killed process, a server that went
     * away), those {@link #leftoverQuery} finds; never one a user made. Returns their names.
     */
    default List<String> dropLeftovers(String url, Properties props, String marker)
            throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url, props)) {
            try (PreparedStatement ps = c.prepareStatement(leftoverQuery())) {
                ps.setString(1, marker);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        names.add(rs.getString(1));
                    }
                }
            }
            for (String n : names) {
                dropSchema(c, quote(n));
            }
        }
        return names;
    }

    /**
     * How the stepped mode asks the server whether a session waits for a lock ({@link
     * LockWaitMonitor}); null where the server cannot say, and a step not done after --block-ms
     * counts as blocked.
     */
    default LockWaitProbe lockWaitProbe() {
        return null;
    }

    /** An identifier quoted for this database. */
    default String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /**
     * Null if {@code e} is a broken run; otherwise the error is the database (or the program)
     * aborting the transaction, and the result names the cause for the summary: "serialization
     * failure", "deadlock", "constraint violation", "lock timeout", "user abort" or "aborted
     * (SQLSTATE)". The defaults are SQLSTATE classes of SQL:2016 Part 2 §24 (class 40 transaction
     * rollback, class 23 integrity constraint violation), PostgreSQL's 40P01 deadlock, 55P03 lock
     * not available and 57014 query canceled (PostgreSQL manual, Appendix A), and {@link
     * UserAbort}'s P0001. A unique-key violation is an abort: two transactions inserting the same
     * key is contention, not a broken run.
     */
    default String abortKind(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.equals(UserAbort.SQL_STATE)) {
            return "user abort";
        }
        if (state.equals("40001")) {
            return "serialization failure";
        }
        if (state.equals("40P01")) {
            return "deadlock";
        }
        if (state.startsWith("23")) {
            return "constraint violation";
        }
        if (state.equals("55P03")) {
            return "lock timeout";
        }
        if (state.startsWith("40") || state.equals("57014")) {
            return "aborted (" + state + ")";
        }
        return null;
    }

    /**
     * What a summary calls the database at {@code url} (no URL parameters: they may hold secrets).
     */
    default String describe(String url) {
        return name() + " " + Db.redact(url);
    }

    /**
     * After the run: releases what an embedded database holds (its memory), nothing for a server.
     */
    default void shutdown(String url, Properties props) {}
}
