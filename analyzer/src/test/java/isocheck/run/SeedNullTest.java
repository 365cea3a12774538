package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.program.Table;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A schedule's seed row may give a column SQL NULL ({@code row watch: …, notified = NULL}): the
 * value a witness's read tests with IS NULL (query.InitialState#nullTested). It reaches the
 * database as NULL, and a parameter drawn from the column's values never is NULL.
 */
class SeedNullTest {

    private static final Path PROGRAM =
            Path.of("..", "benchmarks", "programs", "litmus", "notify-is-null.sql");

    private static GenSpec seed() {
        return GenSpec.parse(
                "seed.gen",
                List.of(
                        "row watch: w_id = 1, w_page = 7, notified = NULL",
                        "row watch: w_id = 2, w_page = 7, notified = 'done'",
                        "row watch: w_id = 3, w_page = 7, notified = null"));
    }

    @Test
    void aNullValueIsKeptApartFromALeftOutColumn() throws Exception {
        Program p = ProgramLoader.load(PROGRAM);
        Table watch = p.schema().table("watch").orElseThrow();
        List<Map<String, Object>> rows = new ParamGen(p, seed()).population(watch, new Random(1));
        assertSame(GenSpec.NULL, rows.get(0).get("notified"));
        assertEquals("done", rows.get(1).get("notified"));
        assertSame(GenSpec.NULL, rows.get(2).get("notified"));
    }

    @Test
    void theDatabaseHoldsNullWhereTheSeedSaysSo() throws Exception {
        Program p = ProgramLoader.load(PROGRAM);
        Db db = Db.embedded(Isolation.SERIALIZABLE);
        ProgramWorkload w =
                new ProgramWorkload(
                        p,
                        seed(),
                        "seed.gen",
                        db.engine().dialect(db.isolation()),
                        false,
                        new java.util.concurrent.atomic.AtomicLong());
        try (Connection c = db.rawConnection()) {
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA seed_null_test");
                s.execute("SET SCHEMA seed_null_test");
                for (String ddl : w.createTables()) s.execute(ddl);
            }
            c.setAutoCommit(false);
            w.populate(c, new Random(1));
            c.commit();
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery(
                                    "SELECT w_id FROM watch WHERE notified IS NULL ORDER BY w_id")) {
                StringBuilder ids = new StringBuilder();
                while (rs.next()) ids.append(rs.getInt(1)).append(' ');
                assertEquals("1 3 ", ids.toString());
            }
        }
    }
}
