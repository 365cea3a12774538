package isocheck.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A PostgreSQL server by URL. Its REPEATABLE READ is snapshot isolation, its SERIALIZABLE is SSI
 * (PostgreSQL manual, "Concurrency Control", §13.2); READ UNCOMMITTED runs as READ COMMITTED
 * (§13.2), so it is not offered as a level of its own.
 */
final class PostgresEngine implements Engine {

    @Override
    public String name() {
        return "PostgreSQL";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:postgresql:";
    }

    @Override
    public String urlExample() {
        return "jdbc:postgresql://HOST:PORT/DB";
    }

    @Override
    public List<Isolation> levels() {
        return List.of(Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ, Isolation.SERIALIZABLE);
    }

    /** {@code snapshot} names PostgreSQL's REPEATABLE READ (snapshot isolation, §13.2.2). */
    @Override
    public boolean offers(Isolation level) {
        return level == Isolation.SNAPSHOT || Engine.super.offers(level);
    }

    @Override
    public String levelName(Isolation level) {
        return level == Isolation.SNAPSHOT ? "REPEATABLE READ (snapshot isolation)" : level.sql();
    }

    /** User and password default to libpq's PGUSER and PGPASSWORD. */
    @Override
    public Properties properties(String user, String password) {
        Properties p =
                Engine.super.properties(
                        user != null ? user : System.getenv("PGUSER"),
                        password != null ? password : System.getenv("PGPASSWORD"));
        p.setProperty("connectTimeout", "10");
        p.setProperty("ApplicationName", "isocheck run");
        return p;
    }

    @Override
    public void configure(Connection c, Isolation level) throws SQLException {
        c.setTransactionIsolation(
                switch (level) {
                    case READ_UNCOMMITTED, READ_COMMITTED -> Connection.TRANSACTION_READ_COMMITTED;
                    case REPEATABLE_READ, SNAPSHOT -> Connection.TRANSACTION_REPEATABLE_READ;
                    case SERIALIZABLE -> Connection.TRANSACTION_SERIALIZABLE;
                });
    }

    @Override
    public String leftoverQuery() {
        return "SELECT n.nspname FROM pg_namespace n WHERE n.nspname LIKE 'isocheck\\_%' AND obj_description(n.oid, 'pg_namespace') = ?";
    }
}
