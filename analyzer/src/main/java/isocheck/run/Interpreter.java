package isocheck.run;

import isocheck.program.Blocks;
import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Executes transaction programs over JDBC: SQL statements as prepared statements with bound
 * parameters, control flow (IF, FOREACH, :=, CHOOSE) in Java. One {@link Session} per connection
 * caches the prepared statements. The caller begins and ends the database transaction.
 */
final class Interpreter {

    private final SqlGen gen;
    private final Map<Stmt.Sql, Compiled> compiled = new IdentityHashMap<>();
    private final StatementExecutor executor;
    private final boolean record;

    Interpreter(Program program, SqlDialect dialect, boolean record, AtomicLong versions) {
        this.gen = new SqlGen(program, dialect, record);
        this.record = record;
        this.executor = new StatementExecutor(gen, dialect, versions);
        for (Transaction t : program.transactions()) {
            joinParts(t.body());
        }
        for (Transaction t : program.transactions()) {
            collect(t.body());
        }
        if (dialect.nativeOnConflict()) {
            for (Transaction t : program.transactions()) {
                for (UpsertSql.Upsert u : UpsertSql.find(t.body()).values()) {
                    upserts.put(u.probe(), u);
                    nativeUpserts.put(u.probe(), UpsertSql.doNothing(compiled.get(u.insert())));
                }
            }
        }
    }

    /** The upserts run natively ({@link UpsertSql}), by probe, and their native INSERTs. */
    private final Map<Stmt, UpsertSql.Upsert> upserts = new IdentityHashMap<>();

    private final Map<Stmt, Compiled> nativeUpserts = new IdentityHashMap<>();

    /**
     * The earlier tables' SELECTs of every join: the database runs the join once, at its last
     * SELECT.
     */
    private final Set<Stmt.Sql> joinParts =
            java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    private void joinParts(List<Stmt> body) {
        for (Stmt s : Blocks.flatten(body)) {
            if (s instanceof Stmt.Select sel && sel.isJoin()) {
                joinParts.addAll(sel.joinedFrom());
            }
        }
    }

    SqlGen sqlGen() {
        return gen;
    }

    private void collect(List<Stmt> body) {
        for (Stmt s : Blocks.flatten(body)) {
            if (s instanceof Stmt.Sql q && !joinParts.contains(q)) {
                compiled.put(q, gen.compile(q));
            }
        }
    }

    /** The JDBC text of a statement (for messages and tests). */
    String sqlOf(Stmt.Sql s) {
        return compiled.get(s).sql();
    }

    /** A connection with its prepared statements. */
    static final class Session implements AutoCloseable {
        final Connection connection;
        private final Map<String, PreparedStatement> cache = new HashMap<>();

        Session(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement p = cache.get(sql);
            if (p == null) {
                p = connection.prepareStatement(sql);
                cache.put(sql, p);
            }
            return p;
        }

        @Override
        public void close() {
            for (PreparedStatement p : cache.values()) {
                Db.closeQuietly(p);
            }
            Db.closeQuietly(connection);
        }
    }

    /** Runs one invocation of {@code t}; SQL errors propagate (the caller rolls back). */
    void run(
            Transaction t,
            Map<String, Object> args,
            Session session,
            TxnLog log,
            StepGate gate,
            Random rnd)
            throws SQLException, InterruptedException {
        Map<String, Object> env = new HashMap<>(args);
        try {
            exec(t.body(), env, session, log, gate, rnd);
        } catch (EarlyReturn done) {
            // RETURN: the caller commits what ran
        }
    }

    /** Unwinds the body at RETURN. */
    private static final class EarlyReturn extends RuntimeException {
        EarlyReturn() {
            super(null, null, false, false);
        }
    }

    private void exec(
            List<Stmt> body,
            Map<String, Object> env,
            Session session,
            TxnLog log,
            StepGate gate,
            Random rnd)
            throws SQLException, InterruptedException {
        Execution step = new Execution(env, session, log, gate, rnd);
        try {
            for (int k = 0; k < body.size(); k++) {
                UpsertSql.Upsert u = upserts.get(body.get(k));
                if (u != null) {
                    step.upsert(u);
                    k++; // its IF ran in the database
                    continue;
                }
                body.get(k).accept(step);
            }
        } catch (Checked e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw (InterruptedException) e.getCause();
        }
    }

    /**
     * A checked exception of a statement, carried through the visitor (whose methods cannot throw
     * it).
     */
    private static final class Checked extends RuntimeException {
        Checked(Exception cause) {
            super(cause);
        }
    }

    /** Runs one statement of a body in the transaction's environment. */
    private final class Execution implements Stmt.Visitor<Void> {
        private final Map<String, Object> env;
        private final Session session;
        private final TxnLog log;
        private final StepGate gate;
        private final Random rnd;

        Execution(Map<String, Object> env, Session session, TxnLog log, StepGate gate, Random rnd) {
            this.env = env;
            this.session = session;
            this.log = log;
            this.gate = gate;
            this.rnd = rnd;
        }

        private Void sql(Stmt.Sql q) {
            if (joinParts.contains(q)) {
                return null; // run as part of its join
            }
            try {
                executor.sql(compiled.get(q), env, session, log, gate);
            } catch (SQLException | InterruptedException e) {
                throw new Checked(e);
            }
            return null;
        }

        /**
         * An upsert run natively ({@link UpsertSql}). A schedule steps it as the two statements the
         * analysis sees (probe, then INSERT/UPDATE), so witnesses' schedules keep their steps: the
         * probe's step does nothing and the database decides at the second.
         */
        void upsert(UpsertSql.Upsert u) throws SQLException, InterruptedException {
            gate.beforeStatement(u.probe().sql().replaceAll("\\s+", " "), u.probe().pos().line());
            gate.afterStatement("(decided by INSERT … ON CONFLICT at the next step)");
            Compiled insert = nativeUpserts.get(u.probe());
            StepGate stepped = gate;
            for (int attempt = 1; ; attempt++) {
                int firstOp = log.ops.size();
                if (executor.sql(insert, env, session, log, stepped) == 1) {
                    env.put(u.probe().target(), List.of());
                    if (record) { // the database found no live row of the key
                        PredicateScans.scan(
                                log, firstOp, insert.table(), u.probe().where(), env, Map.of());
                    }
                    return;
                }
                stepped = StepGate.NONE; // the rest belongs to the INSERT's step
                executor.sql(compiled.get(u.probe()), env, session, log, StepGate.NONE);
                if (!Values.isNull(env.get(u.probe().target()))
                        && (u.update() == null
                                || executor.sql(
                                                compiled.get(u.update()),
                                                env,
                                                session,
                                                log,
                                                StepGate.NONE)
                                        == 1)) {
                    return;
                }
                if (attempt == MAX_UPSERT_ATTEMPTS) { // the row kept vanishing: give up, roll back
                    throw new SQLException(
                            "INSERT … ON CONFLICT at "
                                    + u.probe().pos().lineColumn()
                                    + ": the conflicting row was deleted before it was read, "
                                    + attempt
                                    + " times",
                            "40001");
                }
            }
        }

        private Void block(List<Stmt> body) {
            try {
                exec(body, env, session, log, gate, rnd);
            } catch (SQLException | InterruptedException e) {
                throw new Checked(e);
            }
            return null;
        }

        @Override
        public Void visitSelect(Stmt.Select select) {
            return sql(select);
        }

        @Override
        public Void visitUpdate(Stmt.Update update) {
            return sql(update);
        }

        @Override
        public Void visitInsert(Stmt.Insert insert) {
            return sql(insert);
        }

        @Override
        public Void visitDelete(Stmt.Delete delete) {
            return sql(delete);
        }

        @Override
        public Void visitAssign(Stmt.Assign a) {
            env.put(a.target(), JavaEvaluator.eval(a.value(), env));
            return null;
        }

        @Override
        public Void visitChoose(Stmt.Choose c) {
            Object src = env.get(c.source());
            if (src instanceof List<?> rows) {
                env.put(c.target(), rows.isEmpty() ? null : rows.get(rnd.nextInt(rows.size())));
            } else {
                env.put(c.target(), src);
            }
            return null;
        }

        @Override
        public Void visitIf(Stmt.If i) {
            return block(JavaEvaluator.test(i.condition(), env) ? i.thenBranch() : i.elseBranch());
        }

        @Override
        public Void visitForeach(Stmt.Foreach f) {
            Object src = env.get(f.source());
            List<?> rows = src instanceof List<?> l ? l : (src == null ? List.of() : List.of(src));
            Object saved = env.get(f.variable());
            for (Object row : rows) {
                env.put(f.variable(), row);
                block(f.body());
            }
            env.put(f.variable(), saved);
            return null;
        }

        @Override
        public Void visitAbort(Stmt.Abort a) {
            // A schedule steps a ROLLBACK like a statement (Hermitage's "abort; -- T1" is a step of
            // its own).
            try {
                gate.beforeStatement("ROLLBACK");
            } catch (InterruptedException e) {
                throw new Checked(e);
            }
            throw new Checked(
                    new UserAbort(
                            "user abort at "
                                    + a.pos().lineColumn()
                                    + (a.message().isEmpty() ? "" : ": " + a.message())));
        }

        @Override
        public Void visitReturn(Stmt.Return r) {
            throw new EarlyReturn();
        }

        @Override
        public Void visitSkip(Stmt.Skip skip) {
            return null;
        }
    }

    /** How often an upsert retries when its conflicting row vanishes before it is read. */
    private static final int MAX_UPSERT_ATTEMPTS = 100;

    boolean recording() {
        return record;
    }
}
