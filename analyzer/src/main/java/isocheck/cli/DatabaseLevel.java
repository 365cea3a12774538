package isocheck.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A database's own isolation levels, each a built-in spec (docs/postgresql-levels.md §4): the
 * catalogue {@code --db NAME --level LEVEL} selects from, weakest first.
 */
public final class DatabaseLevel {
    private DatabaseLevel() {}

    /**
     * Per database, its levels weakest first, each with the built-in spec that describes it
     * (docs/postgresql-levels.md §4, docs/mysql-levels.md §3). {@code mariadb} is InnoDB as {@code
     * mysql} is. H2's SERIALIZABLE is snapshot isolation (its isolation catalogue row).
     */
    static final Map<String, List<Map.Entry<String, String>>> CATALOGUE = catalogue();

    private static Map<String, List<Map.Entry<String, String>>> catalogue() {
        Map<String, List<Map.Entry<String, String>>> out = new LinkedHashMap<>();
        out.put(
                "postgresql",
                List.of(
                        Map.entry("read-committed", "pg-read-committed"),
                        Map.entry("repeatable-read", "pg-repeatable-read"),
                        Map.entry("serializable", "pg-serializable")));
        List<Map.Entry<String, String>> innodb =
                List.of(
                        Map.entry("read-committed", "mysql-read-committed"),
                        Map.entry("repeatable-read", "mysql-repeatable-read"),
                        Map.entry("serializable", "mysql-serializable"));
        out.put("mysql", innodb);
        out.put("mariadb", innodb);
        out.put(
                "h2",
                List.of(
                        Map.entry("read-committed", "h2-read-committed"),
                        Map.entry("snapshot", "h2-snapshot"),
                        Map.entry("serializable", "h2-serializable")));
        return java.util.Collections.unmodifiableMap(out);
    }

    /** The levels of {@code db}, weakest first; a UserError for an unknown database. */
    public static List<Map.Entry<String, String>> levels(String db) {
        List<Map.Entry<String, String>> out = CATALOGUE.get(db);
        if (out == null) {
            throw new UserError(
                    "--db must be one of "
                            + String.join(", ", CATALOGUE.keySet())
                            + ", not '"
                            + db
                            + "'");
        }
        return out;
    }

    /** The built-in spec of {@code level} on {@code db}. */
    static String spec(String db, String level) {
        for (Map.Entry<String, String> e : levels(db))
            if (e.getKey().equals(level)) return e.getValue();
        throw new UserError(
                "--level must be one of "
                        + String.join(", ", levels(db).stream().map(Map.Entry::getKey).toList())
                        + " on "
                        + db
                        + ", not '"
                        + level
                        + "'");
    }

    /**
     * The spec a command uses: {@code --spec S}, or the spec of {@code --db D --level L}; exactly
     * one of the two ways must be given.
     */
    static String chooseSpec(String specName, String db, String level) {
        if (specName != null && (db != null || level != null)) {
            throw new UserError("give either --spec or --db with --level, not both");
        }
        if (specName != null) return specName;
        if (db == null && level == null)
            throw new UserError("missing --spec (or --db with --level)");
        if (db == null)
            throw new UserError(
                    "--level needs --db (" + String.join(", ", CATALOGUE.keySet()) + ")");
        if (level == null)
            throw new UserError(
                    "--db needs --level ("
                            + String.join(", ", levels(db).stream().map(Map.Entry::getKey).toList())
                            + ")");
        return spec(db, level);
    }
}
