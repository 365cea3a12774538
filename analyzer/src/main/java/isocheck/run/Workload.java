package isocheck.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Random;

/** What the clients run: a program with its generator, or a generated key-value workload. */
interface Workload {

    /** One line for the summary ("tpcc.sql", "mini-transactions over 10 keys"). */
    String describe();

    /** CREATE TABLE statements (in the run's schema). */
    List<String> createTables();

    /** Inserts the initial data (auto-commit is off; the caller commits). */
    void populate(Connection c, Random rnd) throws SQLException;

    /**
     * The tables' constraints besides primary keys (ALTER TABLE … ADD …), added once the initial
     * data is in.
     */
    default List<String> constraints() {
        return List.of();
    }

    /**
     * The next invocation: a transaction with all its parameters fixed, so that a retry repeats it.
     */
    Invocation next(Random rnd);

    /** Runs one invocation's statements (not the commit) and records them in {@code log}. */
    void execute(Invocation inv, Interpreter.Session s, TxnLog log, StepGate gate, Random rnd)
            throws SQLException, InterruptedException;

    /**
     * A transaction invocation: its name (for the summary) and whatever the workload needs to run
     * it.
     */
    record Invocation(String name, Object payload) {}
}
