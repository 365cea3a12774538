package isocheck.run;

import isocheck.encoding.CounterKey;
import isocheck.program.Invariant;
import isocheck.program.Program;
import isocheck.program.Table;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a program's declared invariants ({@link Invariant}) against the database {@code run}
 * populated: the analysis assumed them of the initial database, so a population that breaks one
 * would make the run test something the analysis did not cover.
 */
public final class InvariantCheck {

    private InvariantCheck() {}

    /**
     * The SQL counting the rows that break the invariant (including rows whose counter row is
     * missing).
     */
    static String violationsQuery(Program program, Invariant inv, CounterKey ck) {
        Table counter = program.schema().table(inv.counterTable()).orElseThrow();
        List<String> join = new ArrayList<>();
        for (int i = 0; i < counter.primaryKey().size(); i++) {
            join.add("c." + counter.primaryKey().get(i) + " = x." + ck.counterKey().get(i));
        }
        join.add("x." + inv.column() + " < c." + inv.counterField());
        return "SELECT COUNT(*) FROM "
                + inv.table()
                + " x WHERE NOT EXISTS (SELECT 1 FROM "
                + inv.counterTable()
                + " c WHERE "
                + String.join(" AND ", join)
                + ")";
    }

    /**
     * @throws RunError naming the pragma and the number of rows that break it
     */
    static void check(Program program, Connection c) throws SQLException {
        for (Invariant inv : program.invariants()) {
            CounterKey ck =
                    CounterKey.of(program, inv)
                            .orElseThrow(
                                    () ->
                                            new RunError(
                                                    inv.pos()
                                                            + ": invariant "
                                                            + inv.text()
                                                            + ": not every INSERT into "
                                                            + inv.table()
                                                            + " draws "
                                                            + inv.column()
                                                            + " from "
                                                            + inv.counterTable()
                                                            + "."
                                                            + inv.counterField()));
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(violationsQuery(program, inv, ck))) {
                rs.next();
                long bad = rs.getLong(1);
                if (bad > 0) {
                    throw new RunError(
                            inv.pos()
                                    + ": the populated database breaks the declared invariant "
                                    + inv.text()
                                    + ": "
                                    + bad
                                    + " row(s) of "
                                    + inv.table()
                                    + " (fix the generator, or the pragma)");
                }
            }
        }
    }
}
