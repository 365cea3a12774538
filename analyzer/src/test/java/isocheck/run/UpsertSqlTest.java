package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.program.Transaction;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link UpsertSql} recognises the front-end's rewrite of every ON CONFLICT in on-conflict.sql (a
 * change of the rewrite's shape would otherwise silently turn native execution off) and writes the
 * native statement for PostgreSQL and SQLite only.
 */
class UpsertSqlTest {

    @Test
    void everyUpsertOfTheLitmusProgramIsRecognisedAndGetsItsNativeStatement() throws Exception {
        Program p = ProgramLoader.load(PostgresUpsertTest.ON_CONFLICT);
        Map<String, List<UpsertSql.Upsert>> byTxn =
                p.transactions().stream()
                        .collect(
                                Collectors.toMap(
                                        Transaction::name,
                                        t -> List.copyOf(UpsertSql.find(t.body()).values())));
        assertEquals(1, byTxn.get("claim").size(), byTxn.toString());
        assertNull(byTxn.get("claim").get(0).update(), "DO NOTHING has no UPDATE");
        assertEquals(1, byTxn.get("bump").size(), byTxn.toString());
        assertEquals("hits", byTxn.get("bump").get(0).update().table(), "DO UPDATE's UPDATE");
        for (boolean record : List.of(true, false)) {
            SqlGen gen = new SqlGen(p, Engines.POSTGRESQL, record);
            String sql = UpsertSql.doNothing(gen.compile(byTxn.get("claim").get(0).insert())).sql();
            assertTrue(
                    sql.startsWith("INSERT INTO names (name, owner")
                            && sql.contains(") ON CONFLICT (name) DO NOTHING")
                            && sql.contains(" RETURNING ") == record,
                    sql);
        }
        assertTrue(Engines.POSTGRESQL.nativeOnConflict());
        assertTrue(Engines.SQLITE.nativeOnConflict());
        assertFalse(Engines.H2.nativeOnConflict());
        assertFalse(Engines.MARIADB.nativeOnConflict());
    }
}
