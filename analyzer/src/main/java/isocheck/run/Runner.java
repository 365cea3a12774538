package isocheck.run;

import isocheck.history.History;
import isocheck.history.HistoryBuilder;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a workload: sets up the private schema, populates it, runs N clients (each one session on
 * its own connection, one database transaction per invocation at the chosen isolation level), drops
 * the schema (unless kept) and assembles the recorded history.
 */
public final class Runner {

    /**
     * How to run. {@code record = false} runs the same statements without instrumentation (for
     * overhead numbers).
     */
    public record Options(
            int clients,
            int transactions,
            long seed,
            boolean retry,
            int maxRetries,
            boolean keep,
            boolean record) {
        public Options {
            if (clients < 1) {
                throw new RunError("--clients must be at least 1");
            }
            if (transactions < 0) {
                throw new RunError("--transactions must not be negative");
            }
        }
    }

    /** What happened: the sessions' logs, counts and the wall-clock time of the transactions. */
    public record Result(
            List<List<TxnLog>> sessions,
            int committed,
            int aborted,
            int retries,
            Map<String, Integer> abortKinds,
            Map<String, String> abortExamples,
            long nanos,
            boolean kept,
            String schema) {

        public int attempts() {
            return committed + aborted;
        }

        public double throughput() {
            return nanos == 0 ? 0 : committed / (nanos / 1e9);
        }
    }

    private Runner() {}

    /** Creates the schema and tables and populates them; on failure drops what it created. */
    static void setUp(Db db, Workload w, long seed) {
        Connection c = db.rawConnection();
        try {
            try {
                db.createSchema(c);
            } catch (SQLException e) {
                throw new RunError(
                        "cannot create schema "
                                + db.schema()
                                + " on "
                                + db.displayUrl()
                                + ": "
                                + db.scrub(Db.oneLine(e)));
            }
            try {
                db.enterSchema(c);
                for (String ddl : w.createTables()) {
                    try (Statement s = c.createStatement()) {
                        s.execute(ddl);
                    } catch (SQLException e) {
                        String table = ddl.split("\\s+")[2];
                        throw new RunError(
                                "the database rejected the schema (table "
                                        + table
                                        + "): "
                                        + db.scrub(Db.oneLine(e)));
                    }
                }
                c.setAutoCommit(false);
                try {
                    w.populate(c, new Random(seed));
                    c.commit();
                } catch (SQLException e) {
                    throw new RunError("populating the tables failed: " + db.scrub(Db.oneLine(e)));
                }
                for (String constraint : w.constraints()) {
                    try (Statement s = c.createStatement()) {
                        s.execute(constraint);
                        c.commit();
                    } catch (SQLException e) {
                        throw new RunError(
                                "the initial data violates "
                                        + constraint.replaceFirst(
                                                "^ALTER TABLE (\\S+) ADD ", "$1's ")
                                        + ": "
                                        + db.scrub(Db.oneLine(e)));
                    }
                }
            } catch (RuntimeException | SQLException e) {
                tearDown(db, c);
                if (e instanceof RunError r) {
                    throw r;
                }
                if (e instanceof SQLException s) {
                    throw new RunError("setting up the schema failed: " + db.scrub(Db.oneLine(s)));
                }
                throw (RuntimeException) e;
            }
        } finally {
            Db.closeQuietly(c);
        }
    }

    static void tearDown(Db db) {
        Connection c = db.rawConnection();
        try {
            tearDown(db, c);
        } finally {
            Db.closeQuietly(c);
        }
    }

    private static void tearDown(Db db, Connection c) {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
            db.dropSchema(c);
        } catch (SQLException e) {
            throw new RunError(
                    "cannot drop schema " + db.schema() + ": " + db.scrub(Db.oneLine(e)));
        }
    }

    public static Result run(Db db, Workload w, Options o) {
        // Registered before the set-up, so that a process ended there (--timeout's watchdog) drops
        // the schema
        // too (DROP SCHEMA IF EXISTS: harmless before it exists).
        Thread dropOnExit = dropOnExit(db);
        try {
            setUp(db, w, o.seed());
        } catch (RuntimeException e) {
            unregister(dropOnExit);
            throw e;
        }
        Result r;
        try {
            r = runClients(db, w, o);
        } catch (RuntimeException e) {
            unregister(dropOnExit);
            if (!o.keep()) {
                try {
                    tearDown(db);
                } catch (RunError t) {
                    throw new RunError(e.getMessage() + "; " + leftover(db, t));
                }
            }
            throw e;
        }
        unregister(dropOnExit);
        if (!o.keep()) {
            try {
                tearDown(db);
            } catch (RunError t) {
                throw new RunError(leftover(db, t));
            }
        }
        return r;
    }

    /** Why the private schema was left behind, naming it and how to remove it. */
    static String leftover(Db db, RunError why) {
        return why.getMessage()
                + ": schema "
                + db.schema()
                + " is left on "
                + db.displayUrl()
                + " (remove isocheck's leftover schemas with: isocheck run --db URL --drop-leftovers)";
    }

    /**
     * Drops the private schema if the JVM exits during the run (SIGTERM, Ctrl-C): a shutdown hook,
     * removed once the run tears down itself. A SIGKILL or a server that goes away still leaves the
     * schema; {@link Db#dropLeftovers} removes those later.
     */
    static Thread dropOnExit(Db db) {
        Thread t =
                new Thread(
                        () -> {
                            try {
                                tearDown(db);
                            } catch (RuntimeException ignored) {
                                System.err.println(
                                        "isocheck: schema "
                                                + db.schema()
                                                + " is left on "
                                                + db.displayUrl()
                                                + " (isocheck run --db URL --drop-leftovers removes it)");
                            }
                        },
                        "isocheck-drop-schema");
        try {
            Runtime.getRuntime().addShutdownHook(t);
        } catch (IllegalStateException shuttingDown) {
            return null;
        }
        return t;
    }

    static void unregister(Thread hook) {
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs (or ran) already
            }
        }
    }

    private static Result runClients(Db db, Workload w, Options o) {
        int n = o.clients();
        List<List<TxnLog>> sessions = new ArrayList<>();
        List<Interpreter.Session> conns = new ArrayList<>();
        // per client, a connection per level its transactions may run at (TypeLevels)
        List<Map<Isolation, Interpreter.Session>> byLevel = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                sessions.add(new ArrayList<>());
                Map<Isolation, Interpreter.Session> mine = new EnumMap<>(Isolation.class);
                for (Isolation level : db.levels().used()) {
                    Interpreter.Session s = new Interpreter.Session(db.connect(level));
                    conns.add(s);
                    mine.put(level, s);
                }
                byLevel.add(mine);
            }
        } catch (RuntimeException e) {
            conns.forEach(Interpreter.Session::close);
            throw e;
        }
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicBoolean stop = new AtomicBoolean();
        int[] committed = new int[n];
        int[] aborted = new int[n];
        int[] retries = new int[n];
        List<Map<String, Integer>> kinds = new ArrayList<>();
        List<Map<String, String>> examples = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            int client = i;
            int share = o.transactions() / n + (i < o.transactions() % n ? 1 : 0);
            kinds.add(new TreeMap<>());
            examples.add(new TreeMap<>());
            Thread th =
                    new Thread(
                            () -> {
                                Random rnd = new Random(o.seed() * 1_000_003L + client + 1);
                                Map<Isolation, Interpreter.Session> mine = byLevel.get(client);
                                try {
                                    for (int k = 0; k < share && !stop.get(); k++) {
                                        Workload.Invocation inv = w.next(rnd);
                                        Interpreter.Session s =
                                                mine.get(db.levels().of(inv.name()));
                                        for (int attempt = 0; ; attempt++) {
                                            TxnLog log = new TxnLog(inv.name());
                                            log.start = System.nanoTime() - t0;
                                            log.dirtyReads =
                                                    db.levels().of(inv.name())
                                                            == Isolation.READ_UNCOMMITTED;
                                            try {
                                                w.execute(inv, s, log, StepGate.NONE, rnd);
                                                log.commitSent = System.nanoTime();
                                                s.connection.commit();
                                                log.committed = true;
                                                committed[client]++;
                                            } catch (SQLException e) {
                                                rollback(s.connection);
                                                if (!Failures.isAbort(db.engine(), e)) {
                                                    throw new RunError(
                                                            inv.name()
                                                                    + " failed on "
                                                                    + db.describe()
                                                                    + ": "
                                                                    + db.scrub(Db.oneLine(e)));
                                                }
                                                aborted[client]++;
                                                log.abortReason = Db.oneLine(e);
                                                log.abortState = e.getSQLState();
                                                String kind = Failures.kind(db.engine(), e);
                                                kinds.get(client).merge(kind, 1, Integer::sum);
                                                examples.get(client)
                                                        .putIfAbsent(kind, db.scrub(Db.oneLine(e)));
                                            }
                                            log.end = System.nanoTime() - t0;
                                            if (o.record()) {
                                                sessions.get(client).add(log);
                                            }
                                            // a user abort is the program's decision, not
                                            // contention: not retried
                                            if (log.committed
                                                    || !o.retry()
                                                    || attempt >= o.maxRetries()
                                                    || stop.get()
                                                    || UserAbort.SQL_STATE.equals(log.abortState)) {
                                                break;
                                            }
                                            retries[client]++;
                                        }
                                    }
                                } catch (RunError e) {
                                    failure.compareAndSet(null, e);
                                    stop.set(true);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                    stop.set(true);
                                } catch (RuntimeException e) {
                                    failure.compareAndSet(null, e);
                                    stop.set(true);
                                }
                            },
                            "isocheck-client-" + (i + 1));
            threads.add(th);
            th.start();
        }
        boolean timedOut = false;
        try {
            for (Thread th : threads) {
                while (th.isAlive()) {
                    th.join(Math.max(1, RunDeadline.millisLeft(Long.MAX_VALUE)));
                    if (th.isAlive() && RunDeadline.passed()) {
                        // --timeout: no new transactions; closing the connections ends a statement
                        // that waits
                        // on a lock (the transaction in flight rolls back), so the clients end
                        // promptly.
                        timedOut = true;
                        stop.set(true);
                        threads.forEach(Thread::interrupt);
                        conns.forEach(c -> abort(c.connection));
                        for (Thread other : threads) other.join(500);
                        break;
                    }
                }
                if (timedOut) break;
            }
        } catch (InterruptedException e) {
            stop.set(true);
            Thread.currentThread().interrupt();
        } finally {
            conns.forEach(Interpreter.Session::close);
        }
        long nanos = System.nanoTime() - t0;
        if (timedOut) {
            int done = 0;
            for (int i = 0; i < n; i++) done += committed[i] + aborted[i];
            throw new RunTimedOut(
                    "running the transactions ("
                            + done
                            + " of "
                            + o.transactions()
                            + " attempted)");
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        int c = 0;
        int a = 0;
        int r = 0;
        Map<String, Integer> allKinds = new TreeMap<>();
        Map<String, String> allExamples = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            c += committed[i];
            a += aborted[i];
            r += retries[i];
            kinds.get(i).forEach((k, v) -> allKinds.merge(k, v, Integer::sum));
            examples.get(i).forEach(allExamples::putIfAbsent);
        }
        return new Result(sessions, c, a, r, allKinds, allExamples, nanos, o.keep(), db.schema());
    }

    /**
     * Ends a connection from another thread, also while a statement runs on it (JDBC 4.1 {@link
     * Connection#abort}: the driver releases it at once, rolling back its transaction).
     */
    static void abort(Connection c) {
        try {
            c.abort(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            Db.closeQuietly(c);
        }
    }

    static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is gone; the next statement reports it
        }
    }

    /**
     * The history of a run: one session per client, transactions in the order each client ran them
     * (aborted attempts included, marked aborted), operations in program order. The initial
     * transaction writes version 0 of every key some transaction read at version 0 (the populated
     * state it observed; keys nobody read at their initial version are left out to keep the history
     * small). Each statement's WHERE clause becomes a predicate read ({@link PredicateReads}),
     * placed before the statement's own reads and writes.
     */
    public static History history(List<List<TxnLog>> sessions, List<String> sessionNames) {
        HistoryBuilder b = new HistoryBuilder();
        Set<Integer> initialKeys = new HashSet<>();
        PredicateReads.Result preds = PredicateReads.derive(sessions);
        // the versions the history holds: a replaced version is recorded only if its write is one
        // (0: the populated state, written by the initial transaction below)
        Set<String> written = new HashSet<>();
        for (List<TxnLog> logs : sessions) {
            for (TxnLog log : logs) {
                for (TxnLog.Op op : log.ops) {
                    if (op.write()) {
                        written.add(op.key() + "@" + op.value());
                    }
                }
            }
        }
        for (int i = 0; i < sessions.size(); i++) {
            int s = b.session(sessionNames.get(i));
            for (TxnLog log : sessions.get(i)) {
                int t = b.begin(s);
                List<PredicateReads.Derived> mine = preds.reads().getOrDefault(log, List.of());
                int next = 0;
                for (int o = 0; o <= log.ops.size(); o++) {
                    for (; next < mine.size() && mine.get(next).opIndex() == o; next++) {
                        PredicateReads.Derived d = mine.get(next);
                        b.predicateRead(t, d.table(), d.predicate(), d.rows());
                    }
                    if (o == log.ops.size()) {
                        break;
                    }
                    TxnLog.Op op = log.ops.get(o);
                    int key = b.keys().intern(op.key());
                    long replaced = op.replaced();
                    if (op.write()
                            && (replaced == 0
                                    || (replaced != TxnLog.NOT_RECORDED
                                            && written.contains(op.key() + "@" + replaced)))) {
                        b.write(t, key, op.value(), replaced);
                        if (replaced == 0) {
                            initialKeys.add(key);
                        }
                    } else if (op.write()) {
                        b.write(t, key, op.value());
                    } else {
                        b.read(t, key, op.value());
                        if (op.value() == 0) {
                            initialKeys.add(key);
                        }
                    }
                }
                if (!log.committed) {
                    b.abort(t);
                }
                b.times(t, log.start, log.end);
            }
        }
        int init = b.initial();
        initialKeys.stream().sorted().forEach(k -> b.write(init, k, 0));
        return b.build();
    }

    public static List<String> clientNames(int n) {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            names.add("c" + i);
        }
        return names;
    }
}
