package isocheck.run;

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

    Interpreter(Program program, Db.Dialect dialect, boolean record, AtomicLong versions) {
        this.gen = new SqlGen(program, dialect, record);
        this.record = record;
        this.executor = new StatementExecutor(gen, versions);
        for (Transaction t : program.transactions()) {
            joinParts(t.body());
        }
        for (Transaction t : program.transactions()) {
            collect(t.body());
        }
    }

    /** The earlier tables' SELECTs of every join: the database runs the join once, at its last SELECT. */
    private final Set<Stmt.Sql> joinParts = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    private void joinParts(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Select sel && sel.isJoin()) {
                joinParts.addAll(sel.joinedFrom());
            } else if (s instanceof Stmt.If i) {
                joinParts(i.thenBranch());
                joinParts(i.elseBranch());
            } else if (s instanceof Stmt.Foreach f) {
                joinParts(f.body());
            }
        }
    }

    SqlGen sqlGen() {
        return gen;
    }

    private void collect(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Sql q && joinParts.contains(q)) {
                continue;
            }
            if (s instanceof Stmt.Sql q) {
                compiled.put(q, gen.compile(q));
            } else if (s instanceof Stmt.If i) {
                collect(i.thenBranch());
                collect(i.elseBranch());
            } else if (s instanceof Stmt.Foreach f) {
                collect(f.body());
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
    void run(Transaction t, Map<String, Object> args, Session session, TxnLog log, StepGate gate, Random rnd)
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

    private void exec(List<Stmt> body, Map<String, Object> env, Session session, TxnLog log, StepGate gate, Random rnd)
            throws SQLException, InterruptedException {
        for (Stmt s : body) {
            if (s instanceof Stmt.Sql q && joinParts.contains(q)) {
                continue; // run as part of its join
            }
            if (s instanceof Stmt.Sql q) {
                executor.sql(compiled.get(q), env, session, log, gate);
            } else if (s instanceof Stmt.Assign a) {
                env.put(a.target(), JavaEvaluator.eval(a.value(), env));
            } else if (s instanceof Stmt.Choose c) {
                Object src = env.get(c.source());
                if (src instanceof List<?> rows) {
                    env.put(c.target(), rows.isEmpty() ? null : rows.get(rnd.nextInt(rows.size())));
                } else {
                    env.put(c.target(), src);
                }
            } else if (s instanceof Stmt.If i) {
                exec(JavaEvaluator.test(i.condition(), env) ? i.thenBranch() : i.elseBranch(), env, session, log, gate, rnd);
            } else if (s instanceof Stmt.Foreach f) {
                Object src = env.get(f.source());
                List<?> rows = src instanceof List<?> l ? l : (src == null ? List.of() : List.of(src));
                Object saved = env.get(f.variable());
                for (Object row : rows) {
                    env.put(f.variable(), row);
                    exec(f.body(), env, session, log, gate, rnd);
                }
                env.put(f.variable(), saved);
            } else if (s instanceof Stmt.Abort a) {
                throw new UserAbort("user abort at " + a.pos().lineColumn() + (a.message().isEmpty() ? "" : ": " + a.message()));
            } else if (s instanceof Stmt.Return) {
                throw new EarlyReturn();
            }
            // Skip: nothing
        }
    }

    boolean recording() {
        return record;
    }
}
