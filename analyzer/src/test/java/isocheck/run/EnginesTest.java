package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry selects by URL; each engine's levels and abort codes, without a server. */
class EnginesTest {

    @Test
    void aUrlSelectsItsEngine() {
        assertSame(Engines.H2, Engines.forUrl("jdbc:h2:mem:x"));
        assertSame(Engines.POSTGRESQL, Engines.forUrl("jdbc:postgresql://h:5432/db"));
        assertSame(Engines.MARIADB, Engines.forUrl("jdbc:mariadb://h:3306/"));
        assertSame(Engines.SQLITE, Engines.forUrl("jdbc:sqlite:/tmp"));
        assertNull(Engines.forUrl("jdbc:mysql://h/db"));
    }

    @Test
    void levelsAreEnumerableWeakestFirst() {
        assertEquals(
                List.of(
                        Isolation.READ_UNCOMMITTED,
                        Isolation.READ_COMMITTED,
                        Isolation.REPEATABLE_READ,
                        Isolation.SNAPSHOT,
                        Isolation.SERIALIZABLE),
                Engines.H2.levels());
        assertEquals(
                List.of(
                        Isolation.READ_COMMITTED,
                        Isolation.REPEATABLE_READ,
                        Isolation.SERIALIZABLE),
                Engines.POSTGRESQL.levels());
        assertEquals(List.of(Isolation.SERIALIZABLE), Engines.SQLITE.levels());
        // PostgreSQL takes "snapshot" as the name of its REPEATABLE READ, without listing it twice
        assertEquals(
                "REPEATABLE READ (snapshot isolation)",
                Engines.POSTGRESQL.levelName(Isolation.SNAPSHOT));
        for (Engine e : Engines.all()) {
            for (Isolation i : e.levels()) {
                assertEquals(true, e.offers(i), e.name() + " " + i);
            }
        }
    }

    @Test
    void abortsAreClassifiedByEachDatabasesCodes() {
        assertEquals(
                "serialization failure",
                Engines.POSTGRESQL.abortKind(new SQLException("x", "40001")));
        assertEquals("deadlock", Engines.POSTGRESQL.abortKind(new SQLException("x", "40P01")));
        assertEquals(
                "constraint violation",
                Engines.POSTGRESQL.abortKind(new SQLException("x", "23505")));
        assertNull(Engines.POSTGRESQL.abortKind(new SQLException("syntax", "42601")));
        assertEquals("lock timeout", Engines.H2.abortKind(new SQLException("x", "HYT00", 50200)));
        assertEquals(
                "serialization failure",
                Engines.H2.abortKind(new SQLException("x", "90131", 90131)));
        // MariaDB: deadlock 1213 has SQLSTATE 40001, the lock wait timeout 1205 a general HY000
        assertEquals("deadlock", Engines.MARIADB.abortKind(new SQLException("x", "40001", 1213)));
        assertEquals(
                "lock timeout", Engines.MARIADB.abortKind(new SQLException("x", "HY000", 1205)));
        assertEquals(
                "constraint violation",
                Engines.MARIADB.abortKind(new SQLException("x", "23000", 1062)));
        assertNull(Engines.MARIADB.abortKind(new SQLException("no such table", "42S02", 1146)));
        // SQLite: result codes, no SQLSTATE
        assertEquals(
                "serialization failure",
                Engines.SQLITE.abortKind(new SQLException("x", null, 517)));
        assertEquals(
                "busy (database locked)", Engines.SQLITE.abortKind(new SQLException("x", null, 5)));
        assertEquals(
                "constraint violation",
                Engines.SQLITE.abortKind(new SQLException("x", null, 1555)));
        assertNull(Engines.SQLITE.abortKind(new SQLException("x", null, 1)));
    }

    @Test
    void sqliteKeepsARunsFileBesideTheOneNamed() {
        assertEquals(
                "jdbc:sqlite:/var/data/isocheck_ab.sqlite",
                Engines.SQLITE.schemaUrl("jdbc:sqlite:/var/data/app.db", "isocheck_ab"));
        assertEquals(
                "jdbc:sqlite:" + System.getProperty("java.io.tmpdir") + "/isocheck_ab.sqlite",
                Engines.SQLITE.schemaUrl("jdbc:sqlite:", "isocheck_ab"));
    }
}
