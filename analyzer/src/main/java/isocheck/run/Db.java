package isocheck.run;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One database for one run: its JDBC URL and credentials, its {@link Engine}, and the private
 * schema the run creates its tables in ({@code isocheck_<random>}, dropped at the end unless kept).
 * Messages never contain the password; URLs are shown without their query parameters.
 */
public final class Db {

    private static final AtomicInteger MEM_COUNTER = new AtomicInteger();

    private final String url;
    private final Properties props;
    private final Engine engine;
    private final String schema;
    private final Isolation isolation;
    private final TypeLevels levels;

    private Db(String url, Properties props, Engine engine, String schema, TypeLevels levels) {
        this.url = url;
        this.props = props;
        this.engine = engine;
        this.schema = schema;
        this.isolation = levels.base();
        this.levels = levels;
    }

    /** A fresh private in-memory H2 database (the default: nothing to install). */
    public static Db embedded(Isolation isolation) {
        String url =
                "jdbc:h2:mem:isocheck"
                        + MEM_COUNTER.incrementAndGet()
                        + "_"
                        + shortId()
                        + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000";
        return of(url, null, null, isolation);
    }

    /**
     * A database named by a JDBC URL; {@code user}/{@code password} may be null (then the URL's own
     * parameters, or for PostgreSQL the PGUSER/PGPASSWORD environment variables, are used).
     */
    public static Db of(String url, String user, String password, Isolation isolation) {
        if (url == null || !url.startsWith("jdbc:")) {
            throw new RunError(
                    "--db: '"
                            + redact(url)
                            + "' is not a JDBC URL (expected "
                            + Engines.examples()
                            + ")");
        }
        Engine engine = Engines.forUrl(url);
        if (engine == null) {
            String sub = url.substring(5, Math.max(5, url.indexOf(':', 5)));
            throw new RunError(
                    "--db: no JDBC driver for '"
                            + sub
                            + "' (isocheck ships the drivers of H2, PostgreSQL, MariaDB and SQLite: "
                            + Engines.examples()
                            + ")");
        }
        requireOffered(engine, "--isolation " + isolation.id(), isolation);
        Driver driver;
        try {
            driver = DriverManager.getDriver(url);
        } catch (SQLException e) {
            throw new RunError(
                    "--db: no JDBC driver accepts '" + redact(url) + "' (is the URL well formed?)");
        }
        if (driver == null) {
            throw new RunError("--db: no JDBC driver accepts '" + redact(url) + "'");
        }
        String schema = "isocheck_" + shortId();
        return new Db(
                url,
                engine.properties(user, password),
                engine,
                schema,
                TypeLevels.uniform(isolation));
    }

    private static void requireOffered(Engine engine, String what, Isolation level) {
        if (!engine.offers(level)) {
            throw new RunError(
                    what
                            + ": "
                            + engine.name()
                            + " has no such level (its levels: "
                            + String.join(
                                    ", ", engine.levels().stream().map(Isolation::id).toList())
                            + ")");
        }
    }

    /**
     * This database with some transaction types at levels of their own ({@code run --isolation-of
     * TYPE=LEVEL}); the others stay at {@link #isolation}. Every level must be one the database
     * offers, and all must share one SQL dialect (the program's statements are compiled once).
     */
    public Db withTypeLevels(Map<String, Isolation> byType) {
        for (Map.Entry<String, Isolation> e : byType.entrySet()) {
            String what = "--isolation-of " + e.getKey() + "=" + e.getValue().id();
            requireOffered(engine, what, e.getValue());
            if (!engine.sameDialect(isolation, e.getValue())) {
                throw new RunError(
                        what
                                + ": "
                                + engine.name()
                                + " runs the statements differently at "
                                + e.getValue().id()
                                + " and at "
                                + isolation.id()
                                + " (--isolation), so one run cannot mix them");
            }
        }
        return new Db(url, props, engine, schema, new TypeLevels(isolation, byType));
    }

    /** Another run's database on the same URL and credentials (a schema of its own). */
    Db sibling(Isolation level) {
        return new Db(url, props, engine, "isocheck_" + shortId(), TypeLevels.uniform(level));
    }

    private static String shortId() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    }

    public Engine engine() {
        return engine;
    }

    /** The level of every transaction type not given one of its own ({@code --isolation}). */
    public Isolation isolation() {
        return isolation;
    }

    /** The level each transaction type runs at. */
    public TypeLevels levels() {
        return levels;
    }

    /** The schema this run creates its tables in. */
    public String schema() {
        return schema;
    }

    /** The URL without its parameters (which may hold a user or password). */
    public String displayUrl() {
        return redact(url);
    }

    /** What the run's summary calls this database. */
    public String describe() {
        return engine.describe(url);
    }

    /** The isolation level as the database names it, with the types at levels of their own. */
    public String isolationName() {
        return levels.describe(engine);
    }

    /** A plain connection, auto-commit on, not yet in the run's schema. */
    Connection rawConnection() {
        String target = engine.schemaUrl(url, schema);
        try {
            Connection c = DriverManager.getConnection(target, props);
            if (c == null) {
                throw new RunError("--db: no JDBC driver accepts '" + displayUrl() + "'");
            }
            return c;
        } catch (SQLException e) {
            throw new RunError("cannot connect to " + displayUrl() + ": " + scrub(oneLine(e)));
        }
    }

    /**
     * Connects once and disconnects, without entering the run's schema (not created yet; MariaDB's
     * USE of it fails): a {@link RunError} naming the server if it cannot be reached.
     */
    public void probe() {
        try (Connection c = rawConnection()) {
            c.getMetaData();
        } catch (SQLException e) {
            throw new RunError("cannot connect to " + displayUrl() + ": " + scrub(oneLine(e)));
        }
    }

    /**
     * A connection for transactions: in the run's schema, auto-commit off, at the run's isolation
     * level.
     */
    public Connection connect() {
        return connect(isolation);
    }

    /** A connection for transactions at {@code level}: in the run's schema, auto-commit off. */
    public Connection connect(Isolation level) {
        Connection c = rawConnection();
        try {
            enterSchema(c);
            engine.configure(c, level);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw new RunError(
                    "cannot set up a connection to " + displayUrl() + ": " + scrub(oneLine(e)));
        }
    }

    /** Makes the run's schema the connection's default. */
    void enterSchema(Connection c) throws SQLException {
        engine.enterSchema(c, schema);
    }

    /**
     * {@code message} with the password blanked out: secrets are never printed. The password comes
     * from --password/PGPASSWORD or from the URL's own {@code password=} parameter. The user name
     * is no secret and is left alone: blanking it mangled messages that merely contain it (with
     * {@code PGUSER=isocheck}, {@code column "***_vrow" specified more than once}).
     */
    public String scrub(String message) {
        for (String secret :
                new String[] {props.getProperty("password"), urlParameter(url, "password")}) {
            if (secret != null && secret.length() >= 3) { // shorter ones would blank ordinary text
                message = message.replace(secret, "***");
            }
        }
        return message;
    }

    /**
     * A parameter of a JDBC URL ({@code ?a=b&c=d} for PostgreSQL, {@code ;A=B} for H2),
     * case-insensitively; null if absent.
     */
    static String urlParameter(String url, String name) {
        if (url == null) {
            return null;
        }
        for (String part : url.split("[?&;]")) {
            int eq = part.indexOf('=');
            if (eq > 0 && part.substring(0, eq).equalsIgnoreCase(name)) {
                return java.net.URLDecoder.decode(
                        part.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** The JDBC URL, credentials excluded (they travel in the properties). */
    String url() {
        return url;
    }

    /**
     * Releases an embedded database's memory (a private in-memory H2 database would otherwise live
     * until the JVM exits).
     */
    void shutdownIfEmbedded() {
        engine.shutdown(url, props);
    }

    /**
     * The mark isocheck puts on every schema it creates (a comment, or what the database has
     * instead): {@link #dropLeftovers} drops only schemas that carry it (and are named {@code
     * isocheck_…}), never one a user made.
     */
    static final String MARKER = "private schema of isocheck run; safe to drop";

    /** Creates the run's schema, marked as isocheck's ({@link #MARKER}). */
    void createSchema(Connection c) throws SQLException {
        engine.createSchema(c, schema, MARKER);
    }

    /**
     * Drops the schemas earlier runs left behind (a killed process, a server that went away): those
     * named {@code isocheck_…} that carry {@link #MARKER}. Returns their names.
     */
    public java.util.List<String> dropLeftovers() {
        try {
            return engine.dropLeftovers(url, props, MARKER);
        } catch (SQLException e) {
            throw new RunError(
                    "cannot drop leftover schemas on " + displayUrl() + ": " + scrub(oneLine(e)));
        }
    }

    /** Drops the run's schema and everything in it. */
    void dropSchema(Connection c) throws SQLException {
        engine.dropSchema(c, schema);
    }

    /**
     * A JDBC URL without its parameters: {@code ?…} (PostgreSQL) and {@code ;…} (H2) are cut off.
     */
    static String redact(String url) {
        if (url == null) {
            return "";
        }
        int cut = url.length();
        int q = url.indexOf('?');
        if (q >= 0) {
            cut = q;
        }
        if (url.startsWith("jdbc:h2:")) {
            int semi = url.indexOf(';');
            if (semi >= 0 && semi < cut) {
                cut = semi;
            }
        }
        return url.substring(0, cut);
    }

    /** The first line of an exception's message, without the driver's "[code-version]" suffixes. */
    public static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            m = e.getClass().getSimpleName();
        }
        m = m.strip();
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl).strip();
        }
        return m.replaceAll("; SQL statement:$", "").replaceAll(" \\[\\d+-\\d+\\]$", "");
    }

    static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // nothing useful to do
            }
        }
    }
}
