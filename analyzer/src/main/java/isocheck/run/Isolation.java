package isocheck.run;

import java.util.Locale;

/**
 * The isolation levels a run can ask a database for. Which of them a database offers, and what it
 * calls them, is its {@link Engine}'s: {@link Engine#levels()}.
 */
public enum Isolation {
    /**
     * MariaDB's and H2's lowest level (dirty reads allowed); PostgreSQL runs it as READ COMMITTED.
     */
    READ_UNCOMMITTED("read-uncommitted", "READ UNCOMMITTED"),
    READ_COMMITTED("read-committed", "READ COMMITTED"),
    REPEATABLE_READ("repeatable-read", "REPEATABLE READ"),
    /** H2's SNAPSHOT; PostgreSQL has no such name: its REPEATABLE READ is snapshot isolation. */
    SNAPSHOT("snapshot", "SNAPSHOT"),
    SERIALIZABLE("serializable", "SERIALIZABLE");

    private final String id;
    private final String sql;

    Isolation(String id, String sql) {
        this.id = id;
        this.sql = sql;
    }

    public String id() {
        return id;
    }

    /** The SQL name of the level ({@code SET … ISOLATION LEVEL <sql>}). */
    public String sql() {
        return sql;
    }

    public static Isolation parse(String s) {
        String n = s.trim().toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
        for (Isolation i : values()) {
            if (i.id.equals(n)) {
                return i;
            }
        }
        if (n.equals("ru")) {
            return READ_UNCOMMITTED;
        }
        if (n.equals("rc")) {
            return READ_COMMITTED;
        }
        if (n.equals("rr")) {
            return REPEATABLE_READ;
        }
        if (n.equals("si")) {
            return SNAPSHOT;
        }
        if (n.equals("ser")) {
            return SERIALIZABLE;
        }
        throw new IllegalArgumentException(
                "unknown isolation level '"
                        + s
                        + "' (expected read-uncommitted, read-committed, repeatable-read, snapshot or serializable)");
    }
}
