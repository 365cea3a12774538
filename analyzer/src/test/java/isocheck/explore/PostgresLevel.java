package isocheck.explore;

/**
 * A PostgreSQL isolation level one transaction runs at (manual, chapter "Concurrency Control",
 * §13.2): the explorer's per-transaction levels ({@link ReadCommittedExplorer}), named by the
 * built-in spec that encodes each.
 */
enum PostgresLevel {
    /** One snapshot per statement, UPDATE/DELETE re-evaluated on the newest version (§13.2.1). */
    READ_COMMITTED("pg-read-committed"),
    /** One snapshot per transaction, first-updater-wins (§13.2.2). */
    REPEATABLE_READ("pg-repeatable-read"),
    /** REPEATABLE READ plus SSI among serializable transactions (§13.2.3). */
    SERIALIZABLE("pg-serializable");

    final String spec;

    PostgresLevel(String spec) {
        this.spec = spec;
    }

    static PostgresLevel ofSpec(String spec) {
        for (PostgresLevel l : values()) if (l.spec.equals(spec)) return l;
        throw new IllegalArgumentException("not a PostgreSQL level: " + spec);
    }
}
