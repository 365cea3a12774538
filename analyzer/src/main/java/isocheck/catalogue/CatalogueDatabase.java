package isocheck.catalogue;

import isocheck.history.History;
import isocheck.program.Program;
import isocheck.run.Db;
import isocheck.run.Engine;
import isocheck.run.Isolation;
import isocheck.run.RunError;
import isocheck.run.Runs;
import isocheck.run.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The catalogue's one adapter to the databases: open one by URL, list the isolation levels it
 * offers, run a schedule at one of them and return the recorded history with each transaction's
 * fate. The engines themselves are {@code run.Engine}s; what is the catalogue's own per engine
 * (which servers to probe, the lock timeout, the Hermitage table) is here and nowhere else in this
 * package. MariaDB's lock wait is its own (innodb_lock_wait_timeout, 50 s by default): not yet
 * shortened here, so a schedule that cannot run waits for the runner's 30 s.
 *
 * <p>Lock waits are cut short on purpose: a schedule whose next step belongs to a transaction
 * waiting for a lock that only a later step releases cannot run as written, and the lock timeout
 * ({@value #LOCK_TIMEOUT_MS} ms) ends the wait with an abort the catalogue reports as "blocked"
 * (H2's LOCK_TIMEOUT setting; PostgreSQL's lock_timeout, manual §20.11.1, sent as a startup
 * option).
 */
public final class CatalogueDatabase {

    /** How long a statement may wait for a row lock before the database aborts it. */
    static final int LOCK_TIMEOUT_MS = 2000;

    private static final AtomicInteger H2_COUNTER = new AtomicInteger();

    /**
     * One transaction of a run: its schedule name, whether it committed, and otherwise the
     * database's SQLSTATE and message.
     */
    public record Txn(String name, boolean committed, String sqlState, String message) {}

    /**
     * A finished run: the recorded history, each declared transaction's fate, and the step-by-step
     * trace.
     */
    public record Execution(History history, List<Txn> transactions, String trace) {}

    private final String url; // null: a fresh embedded H2 database per run
    private final String user;
    private final String password;
    private final Engine engine;

    private CatalogueDatabase(String url, String user, String password, Engine engine) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.engine = engine;
    }

    private boolean is(String engineName) {
        return engine.name().equals(engineName);
    }

    /**
     * The database at {@code url}: {@code null} or {@code "h2"} for embedded in-memory H2 (a fresh
     * database per run), {@code jdbc:h2:…} or {@code jdbc:postgresql://…}. A server is connected to
     * once here, so an unreachable one is a {@link RunError} before anything runs.
     */
    public static CatalogueDatabase open(String url, String user, String password) {
        if (url == null || url.equalsIgnoreCase("h2")) {
            return new CatalogueDatabase(
                    null, null, null, Db.embedded(Isolation.READ_COMMITTED).engine());
        }
        // a level the database offers (SQLite has SERIALIZABLE only); RunError for an unknown URL
        // or driver
        isocheck.run.Engine known = isocheck.run.Engines.forUrl(url);
        Isolation anyLevel = known == null ? Isolation.READ_COMMITTED : known.levels().get(0);
        Db probe = Db.of(url, user, password, anyLevel);
        if (probe.engine().name().equals("PostgreSQL")
                || probe.engine().name().equals("MariaDB")) { // servers
            String u = probe.engine().name().equals("PostgreSQL") ? withLockTimeout(url) : url;
            Db.of(u, user, password, anyLevel).probe();
        }
        return new CatalogueDatabase(url, user, password, probe.engine());
    }

    /** What the table calls this database. */
    public String name() {
        return engine.name();
    }

    /**
     * The DBMS whose Hermitage table ({@code hermitage.tsv}) this database is compared with, or
     * null if none (H2, SQLite). MariaDB, when it is plugged in here, compares with "mysql":
     * Hermitage tested MySQL 5.6 with InnoDB, the engine MariaDB's descends from.
     */
    public String hermitageName() {
        return is("PostgreSQL") ? "postgresql" : is("MariaDB") ? "mysql" : null;
    }

    /**
     * The isolation levels the database offers, weakest first, by their {@link Isolation} ids: its
     * {@link Engine#levels()}. H2 has five (H2 documentation, "Transaction Isolation"); PostgreSQL
     * accepts four names and runs READ UNCOMMITTED as READ COMMITTED (manual §13.2): the row is
     * measured, not assumed.
     */
    public List<String> levels() {
        return engine.levels().stream().map(Isolation::id).toList();
    }

    /**
     * Runs {@code schedule} of {@code program} at {@code level} in a private schema; a {@link
     * RunError} if it cannot run.
     */
    public Execution run(Program program, Schedule schedule, String level, long blockMillis) {
        Isolation iso = Isolation.parse(level);
        Db db =
                url == null
                        ? Db.of(
                                "jdbc:h2:mem:isocheck_catalogue"
                                        + H2_COUNTER.incrementAndGet()
                                        + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT="
                                        + LOCK_TIMEOUT_MS,
                                null,
                                null,
                                iso)
                        : Db.of(
                                is("PostgreSQL")
                                        ? withLockTimeout(url)
                                        : is("H2")
                                                ? h2Settings(url)
                                                : is("MariaDB") ? withLockWait(url) : url,
                                user,
                                password,
                                iso);
        Runs.Stepped r = Runs.stepped(db, program, schedule, blockMillis);
        List<Txn> txns = new ArrayList<>();
        for (int i = 0; i < r.names().size(); i++) {
            txns.add(
                    new Txn(
                            r.names().get(i),
                            r.committed().get(i),
                            r.abortStates().get(i),
                            r.abortReasons().get(i)));
        }
        return new Execution(r.history(), txns, r.trace());
    }

    /**
     * An H2 URL the user gave, with the catalogue's lock timeout unless it sets its own, and for an
     * in-memory database DB_CLOSE_DELAY=-1 (else it vanishes with the set-up connection, before the
     * transactions connect; H2 documentation, "Closing a Database").
     */
    private static String h2Settings(String url) {
        String upper = url.toUpperCase(java.util.Locale.ROOT);
        String out = url;
        if (!upper.contains(";LOCK_TIMEOUT=")) {
            out += ";LOCK_TIMEOUT=" + LOCK_TIMEOUT_MS;
        }
        if (upper.startsWith("JDBC:H2:MEM:") && !upper.contains(";DB_CLOSE_DELAY=")) {
            out += ";DB_CLOSE_DELAY=-1";
        }
        return out;
    }

    /**
     * The URL with MariaDB's innodb_lock_wait_timeout lowered to whole seconds near the catalogue's
     * lock timeout for every session (Connector/J's {@code sessionVariables}), so a schedule that
     * cannot run waits 2 s, not the engine's 10 s.
     */
    private static String withLockWait(String url) {
        if (url.contains("sessionVariables=")) {
            return url;
        }
        return url
                + (url.contains("?") ? "&" : "?")
                + "sessionVariables=innodb_lock_wait_timeout="
                + Math.max(1, LOCK_TIMEOUT_MS / 1000);
    }

    /**
     * The URL with PostgreSQL's lock_timeout set for every session (the driver's {@code options}
     * startup parameter).
     */
    private static String withLockTimeout(String url) {
        return url
                + (url.contains("?") ? "&" : "?")
                + "options=-c%20lock_timeout%3D"
                + LOCK_TIMEOUT_MS;
    }
}
