package isocheck.run;

import isocheck.program.Column;
import isocheck.program.Program;
import isocheck.program.ScalarType;
import isocheck.program.Table;
import isocheck.program.Transaction;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/** A program file's transactions, with parameters from its generator. */
final class ProgramWorkload implements Workload {

    private final Program program;
    private final Interpreter interpreter;
    private final ParamGen params;
    private final String genSource;

    ProgramWorkload(
            Program program,
            GenSpec spec,
            String genSource,
            SqlDialect dialect,
            boolean record,
            AtomicLong versions) {
        this.program = program;
        this.interpreter = new Interpreter(program, dialect, record, versions);
        this.params = new ParamGen(program, spec);
        this.genSource = genSource;
    }

    Program program() {
        return program;
    }

    Interpreter interpreter() {
        return interpreter;
    }

    ParamGen params() {
        return params;
    }

    @Override
    public String describe() {
        return Path.of(program.file()).getFileName()
                + (genSource == null ? " (default generator)" : " (generator " + genSource + ")");
    }

    @Override
    public List<String> createTables() {
        List<String> out = new ArrayList<>();
        for (Table t : program.schema().tables()) {
            out.add(interpreter.sqlGen().createTable(t));
        }
        return out;
    }

    @Override
    public List<String> constraints() {
        List<String> out = new ArrayList<>();
        for (Table t : program.schema().tables()) {
            out.addAll(interpreter.sqlGen().constraints(t));
        }
        return out;
    }

    @Override
    public void populate(Connection c, Random rnd) throws SQLException {
        for (Table t : program.schema().tables()) {
            List<Map<String, Object>> rows = params.population(t, rnd);
            if (rows.isEmpty()) {
                continue;
            }
            List<String> cols = t.columns().stream().map(Column::name).toList();
            String sql =
                    "INSERT INTO "
                            + t.name()
                            + " ("
                            + String.join(", ", cols)
                            + ") VALUES ("
                            + String.join(", ", cols.stream().map(x -> "?").toList())
                            + ")";
            try (PreparedStatement p = c.prepareStatement(sql)) {
                int n = 0;
                for (Map<String, Object> row : rows) {
                    int i = 1;
                    for (Column col : t.columns()) {
                        Object v = row.get(col.name());
                        if (v == GenSpec.NULL) {
                            p.setNull(
                                    i++,
                                    col.type() == ScalarType.INT
                                            ? java.sql.Types.BIGINT
                                            : java.sql.Types.VARCHAR);
                        } else if (col.type() == ScalarType.INT) {
                            if (!(v instanceof Long l)) {
                                throw new RunError(
                                        params.where("table " + t.name() + "." + col.name())
                                                + ": column "
                                                + t.name()
                                                + "."
                                                + col.name()
                                                + " is INT but got "
                                                + Values.show(v));
                            }
                            p.setLong(i++, l);
                        } else {
                            p.setString(i++, String.valueOf(v));
                        }
                    }
                    p.addBatch();
                    if (++n % 1000 == 0) {
                        p.executeBatch();
                        if (RunDeadline.passed()) {
                            throw new RunTimedOut(
                                    "populating table "
                                            + t.name()); // Runner.setUp drops the schema
                        }
                    }
                }
                p.executeBatch();
            }
            if (RunDeadline.passed()) {
                throw new RunTimedOut("populating the tables, after " + t.name());
            }
        }
        InvariantCheck.check(program, c);
    }

    @Override
    public Invocation next(Random rnd) {
        Transaction t = params.pickTransaction(rnd);
        return new Invocation(t.name(), new Call(t, params.arguments(t, rnd)));
    }

    /** A transaction with its arguments. */
    record Call(Transaction txn, Map<String, Object> args) {}

    @Override
    public void execute(
            Invocation inv, Interpreter.Session s, TxnLog log, StepGate gate, Random rnd)
            throws SQLException, InterruptedException {
        Call call = (Call) inv.payload();
        interpreter.run(call.txn(), call.args(), s, log, gate, rnd);
    }
}
