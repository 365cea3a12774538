package isocheck.run;

import java.util.List;

/** The databases isocheck runs on, one {@link Engine} each; a JDBC URL selects one. */
public final class Engines {

    private Engines() {}

    public static final Engine H2 = new H2Engine();
    public static final Engine POSTGRESQL = new PostgresEngine();
    public static final Engine MARIADB = new MariaDbEngine();
    public static final Engine SQLITE = new SqliteEngine();

    /** Every engine, in the order messages list them. */
    public static List<Engine> all() {
        return List.of(H2, POSTGRESQL, MARIADB, SQLITE);
    }

    /** The engine whose URL prefix {@code url} has; null if none. */
    public static Engine forUrl(String url) {
        for (Engine e : all()) {
            if (e.accepts(url)) {
                return e;
            }
        }
        return null;
    }

    /** The URL examples, for messages: "jdbc:h2:…, jdbc:postgresql://HOST:PORT/DB, …". */
    public static String examples() {
        return String.join(", ", all().stream().map(Engine::urlExample).toList());
    }
}
