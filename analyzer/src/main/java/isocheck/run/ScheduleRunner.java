package isocheck.run;

import isocheck.program.Transaction;
import isocheck.program.Variable;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The stepped mode: one thread and one connection per declared transaction, released one statement
 * at a time in the schedule's order (see {@link Schedule}).
 */
public final class ScheduleRunner {

    /** What the stepped run did: one log per declared transaction (each its own session). */
    public record Result(List<String> names, List<TxnLog> logs) {
        public List<List<TxnLog>> sessions() {
            List<List<TxnLog>> s = new ArrayList<>();
            for (TxnLog l : logs) {
                s.add(List.of(l));
            }
            return s;
        }
    }

    private ScheduleRunner() {}

    /** {@code line}: the source line of the statement a ready event is about (0 for the commit). */
    private record Event(String text, boolean finished, boolean ready, int line, Object statement) {
        Event(String text, boolean finished) {
            this(text, finished, false, 0, null);
        }
    }

    /** One transaction's thread and its handshake with the driver. */
    private static final class Stepper implements StepGate {
        final String name;
        final Semaphore permit = new Semaphore(0);
        final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
        volatile String current = "";
        boolean finished;
        boolean outstanding;
        String pendingText;
        Event stashed; // a ready event a NAME@LINE step did not release (the commit, reached
        // before LINE)
        TxnLog log;
        // executions of program statements released so far, by source line (NAME@LINE#I); the
        // line and first part of the latest, whose other parts (a join's SELECTs) it includes
        final Map<Integer, Integer> executions = new HashMap<>();
        int lastLine;
        Object lastStart;
        long sessionId = -1; // the server's id of its connection (LockWaitMonitor)
        LoopExtent inLoop; // a NAME@LINE#* step's loop, once it reached LINE

        Stepper(String name) {
            this.name = name;
        }

        @Override
        public void beforeStatement(String description) throws InterruptedException {
            beforeStatement(description, 0);
        }

        @Override
        public void beforeStatement(String description, int line) throws InterruptedException {
            beforeStatement(description, line, null);
        }

        @Override
        public void beforeStatement(String description, int line, Object statement)
                throws InterruptedException {
            current = description;
            events.add(new Event(description, false, true, line, statement));
            permit.acquire();
        }

        @Override
        public void afterStatement(String outcome) {
            events.add(new Event(outcome, false));
        }

        /**
         * Whether the ready event is a further part of the execution released last (another program
         * statement at the same line right after it: the SELECTs a PERFORM of a join or a join INTO
         * a record runs as, one source statement, program.JoinContinuations); a loop's next
         * execution comes back to the first part.
         */
        boolean continues(Event ready) {
            return ready.line() > 0
                    && ready.line() == lastLine
                    && ready.statement() != null
                    && ready.statement() != lastStart;
        }

        /** Records the release of a ready event; returns its execution number at its line. */
        int release(Event ready) {
            if (ready.line() <= 0) {
                return 0;
            }
            if (continues(ready)) {
                return executions.get(ready.line());
            }
            lastLine = ready.line();
            lastStart = ready.statement();
            return executions.merge(ready.line(), 1, Integer::sum);
        }
    }

    public static Result run(
            Db db,
            ProgramWorkload w,
            Schedule schedule,
            long seed,
            long blockMillis,
            PrintWriter trace) {
        Map<String, Stepper> steppers = new LinkedHashMap<>();
        Map<String, Transaction> txns = new HashMap<>();
        Map<String, Map<String, Object>> args = new HashMap<>();
        Random rnd = new Random(seed);
        Runner.setUp(db, w, seed);
        List<Thread> threads = new ArrayList<>();
        List<Interpreter.Session> sessions = new ArrayList<>();
        LockWaitMonitor locks = null;
        try {
            locks = LockWaitMonitor.of(db);
            for (Schedule.Decl d : schedule.transactions().values()) {
                Transaction t =
                        w.program()
                                .transaction(d.transaction())
                                .orElseThrow(
                                        () ->
                                                new RunError(
                                                        schedule.file()
                                                                + ":"
                                                                + d.line()
                                                                + ":"
                                                                + d.col()
                                                                + ": no transaction '"
                                                                + d.transaction()
                                                                + "' in "
                                                                + w.program().file()));
                for (String p : d.args().keySet()) {
                    if (t.parameters().stream().noneMatch(v -> v.name().equals(p))) {
                        throw new RunError(
                                schedule.file()
                                        + ":"
                                        + d.line()
                                        + ":"
                                        + d.col()
                                        + ": "
                                        + t.name()
                                        + " has no parameter '"
                                        + p
                                        + "' (parameters: "
                                        + String.join(
                                                ", ",
                                                t.parameters().stream()
                                                        .map(Variable::name)
                                                        .toList())
                                        + ")");
                    }
                }
                Map<String, Object> a = w.params().arguments(t, rnd);
                a.putAll(d.args());
                txns.put(d.name(), t);
                args.put(d.name(), a);
            }
            long t0 = System.nanoTime();
            for (Schedule.Decl d : schedule.transactions().values()) {
                Stepper st = new Stepper(d.name());
                st.log = new TxnLog(txns.get(d.name()).name());
                steppers.put(d.name(), st);
                Interpreter.Session s =
                        new Interpreter.Session(
                                db.connect(db.levels().of(txns.get(d.name()).name())));
                sessions.add(s);
                st.sessionId = locks.sessionId(s.connection);
                Thread th =
                        new Thread(
                                () -> {
                                    st.log.start = System.nanoTime() - t0;
                                    st.log.dirtyReads =
                                            db.levels().of(txns.get(d.name()).name())
                                                    == Isolation.READ_UNCOMMITTED;
                                    try {
                                        w.interpreter()
                                                .run(
                                                        txns.get(d.name()),
                                                        args.get(d.name()),
                                                        s,
                                                        st.log,
                                                        st,
                                                        new Random(seed + d.line()));
                                        st.beforeStatement("COMMIT");
                                        st.log.commitSent = System.nanoTime();
                                        s.connection.commit();
                                        st.log.committed = true;
                                        st.log.end = System.nanoTime() - t0;
                                        st.events.add(new Event("committed", true));
                                    } catch (SQLException e) {
                                        Runner.rollback(s.connection);
                                        st.log.end = System.nanoTime() - t0;
                                        st.log.abortReason = Db.oneLine(e);
                                        st.log.abortState = e.getSQLState();
                                        st.events.add(
                                                new Event(
                                                        (Failures.isAbort(db.engine(), e)
                                                                        ? "ABORTED: "
                                                                        : "FAILED: ")
                                                                + db.scrub(Db.oneLine(e)),
                                                        true));
                                    } catch (InterruptedException e) {
                                        st.events.add(new Event("interrupted", true));
                                    } catch (RuntimeException e) {
                                        st.events.add(new Event("FAILED: " + e, true));
                                    }
                                },
                                "isocheck-step-" + d.name());
                th.setDaemon(true);
                threads.add(th);
                th.start();
            }
            int stepNo = 0;
            List<String> all = new ArrayList<>(schedule.steps());
            for (String name :
                    steppers.keySet()) { // leftovers: run to completion, in declaration order
                for (int k = 0; k < 10_000; k++) {
                    all.add(name);
                }
            }
            int scheduled = schedule.steps().size();
            for (int i = 0; i < all.size(); i++) {
                String tok = all.get(i);
                Stepper st = steppers.get(Schedule.stepName(tok));
                boolean toCommit = tok.indexOf('@') < 0 && tok.endsWith("*"); // not NAME@LINE#*
                if (toCommit && tok.endsWith("**") && (st.finished || st.outstanding)) {
                    continue; // NAME*'s repetition ends once the transaction has finished or is
                    // blocked on a lock
                }
                if (toCommit && !st.finished) {
                    all.add(
                            i + 1,
                            Schedule.stepName(tok) + "**"); // NAME*: another step after this one
                    scheduled++;
                }
                if (i >= scheduled && st.finished) {
                    continue;
                }
                stepNo++;
                if (st.outstanding) {
                    Event e = await(st, 30_000);
                    if (e == null) {
                        throw new RunError(
                                schedule.file()
                                        + ": step "
                                        + stepNo
                                        + ": "
                                        + st.name
                                        + " is still blocked after 30 s ("
                                        + st.pendingText
                                        + "): the schedule deadlocks");
                    }
                    report(trace, st.name + " (unblocked)", st.pendingText, e);
                    st.outstanding = false;
                    checkFailed(schedule, e, st);
                }
                if (st.finished) {
                    trace.println(
                            String.format(
                                    "%3d  %-4s (already %s: step skipped)",
                                    stepNo, st.name, st.log.committed ? "committed" : "aborted"));
                    continue;
                }
                Event ready = st.stashed != null ? st.stashed : await(st, 30_000);
                st.stashed = null;
                if (ready == null) {
                    throw new RunError(
                            schedule.file()
                                    + ": step "
                                    + stepNo
                                    + ": "
                                    + st.name
                                    + " did not reach its next statement within 30 s");
                }
                if (!ready.ready()) { // it ended without reaching another statement
                    report(trace, String.format("%3d  %-4s", stepNo, st.name), "", ready);
                    checkFailed(schedule, ready, st);
                    continue;
                }
                int target = Schedule.stepLine(tok);
                int nth = Schedule.stepExecution(tok);
                if (nth > 0
                        && st.executions.getOrDefault(target, 0) >= nth
                        && !(ready.line() == target && st.continues(ready))) {
                    st.stashed = ready; // NAME@LINE#I: the I-th execution has already run
                    trace.println(
                            String.format(
                                    "%3d  %-4s (execution %d of the statement at line %d has already run: step skipped)",
                                    stepNo, st.name, nth, target));
                    continue;
                }
                if (nth == Schedule.EVERY && st.inLoop != null && st.inLoop.after(ready.line())) {
                    // NAME@LINE#*: the loop around LINE is done; the rest is another step's
                    st.stashed = ready;
                    st.inLoop = null;
                    trace.println(
                            String.format(
                                    "%3d  %-4s (left the loop around line %d: step ends)",
                                    stepNo, st.name, target));
                    continue;
                }
                if (target > 0
                        && ready.line()
                                == 0) { // NAME@LINE reached the commit without the statement at
                    // LINE
                    st.stashed = ready;
                    trace.println(
                            String.format(
                                    "%3d  %-4s (reached its commit before a statement at line %d: step ends)",
                                    stepNo, st.name, target));
                    continue;
                }
                int execution = st.release(ready);
                String text = ready.text();
                st.permit.release();
                Event e = awaitStep(st, blockMillis, locks);
                if (e == null) {
                    st.outstanding = true;
                    st.inLoop = null; // a blocked statement ends the step, NAME@LINE#* too
                    st.pendingText = text;
                    trace.println(String.format("%3d  %-4s %s  … blocked", stepNo, st.name, text));
                    continue;
                }
                report(trace, String.format("%3d  %-4s", stepNo, st.name), text, e);
                checkFailed(schedule, e, st);
                if (nth == Schedule.EVERY && ready.line() == target && st.inLoop == null) {
                    st.inLoop = LoopExtent.around(txns.get(st.name), target);
                }
                // NAME@LINE#* goes on through its loop (the check above ends it)
                // (outside loops NAME@LINE#* is NAME@LINE)
                boolean reached =
                        ready.line() == target
                                && (nth == 0 || execution == nth || nth == Schedule.EVERY)
                                && !(nth == Schedule.EVERY && st.inLoop != null);
                if (target > 0 && !reached && !st.finished) {
                    all.add(
                            i + 1,
                            tok); // NAME@LINE: another step, until the statement at LINE has run
                    scheduled++;
                } else if (target > 0 && !st.finished && ready.statement() != null) {
                    // the statement at LINE ran; another program statement at LINE that follows at
                    // once is a part of the same source statement (the SELECTs a PERFORM of a join
                    // or a join INTO a record runs as), which takes the same snapshot in the model
                    // (program.JoinContinuations): the step runs it too. A loop's next execution
                    // of the same statement is another step.
                    Event next = await(st, 30_000);
                    st.stashed = next;
                    if (next != null
                            && next.ready()
                            && next.line() == target
                            && st.continues(next)) {
                        all.add(i + 1, tok);
                        scheduled++;
                    }
                }
            }
            for (Stepper st : steppers.values()) {
                if (!st.finished) {
                    throw new RunError(schedule.file() + ": " + st.name + " did not finish");
                }
            }
            trace.flush();
            List<String> names = new ArrayList<>(steppers.keySet());
            List<TxnLog> logs = steppers.values().stream().map(s -> s.log).toList();
            return new Result(names, logs);
        } finally {
            for (Thread th : threads) {
                th.interrupt();
            }
            sessions.forEach(Interpreter.Session::close);
            if (locks != null) {
                locks.close();
            }
        }
    }

    /**
     * How long a step the server does not report waiting for a lock may run before it is taken as
     * blocked all the same (a wait the probe does not see), where the server has a {@link
     * LockWaitProbe}. Taking a merely slow statement for blocked lets the next transaction run
     * ahead of it, another interleaving than the schedule's: at load 40-50, BenchBase SmallBank
     * READ COMMITTED witnesses replayed SER-consistent with 500 ms that violate SER with 10 s
     * (benchmarks/pg-replay-witnesses.sh, BLOCK_MS).
     */
    static final long PROBED_BLOCK_MILLIS = 10_000;

    /**
     * The outcome of a released step, or null if it is blocked: the server reports its session
     * waiting for a lock ({@link LockWaitProbe#confirmations} answers in a row), or nothing came
     * within {@code blockMillis} (a server without a {@link LockWaitProbe}, or a session whose id
     * could not be read) or within {@link #PROBED_BLOCK_MILLIS} if that is longer (one with a
     * probe).
     */
    private static Event awaitStep(Stepper st, long blockMillis, LockWaitMonitor locks) {
        boolean probed = locks.answersFor(st.sessionId);
        long limit = probed ? Math.max(blockMillis, PROBED_BLOCK_MILLIS) : blockMillis;
        long end = System.nanoTime() + limit * 1_000_000;
        long slice = Math.max(1, locks.intervalMillis());
        int seen = 0; // answers in a row that report the session waiting
        while (true) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return null;
            }
            Event e = await(st, probed ? Math.min(slice, left) : left);
            if (e != null) {
                return e;
            }
            seen = locks.waiting(st.sessionId) ? seen + 1 : 0;
            if (seen >= locks.confirmations()) {
                return st.events.poll(); // null unless it finished just after the question
            }
        }
    }

    private static void checkFailed(Schedule schedule, Event e, Stepper st) {
        if (e.finished()) {
            st.finished = true;
        }
        if (e.text().startsWith("FAILED: ")) {
            throw new RunError(
                    schedule.file() + ": " + st.name + " failed: " + e.text().substring(8));
        }
    }

    private static void report(PrintWriter trace, String who, String text, Event e) {
        trace.println(who + " " + text + "  → " + e.text());
    }

    private static Event await(Stepper st, long millis) {
        try {
            Event e = st.events.poll(RunDeadline.millisLeft(millis), TimeUnit.MILLISECONDS);
            if (e == null && RunDeadline.passed()) {
                // --timeout: run()'s finally closes the sessions, Runs.schedule drops the schema
                throw new RunTimedOut("the schedule, at " + st.name + "'s next step");
            }
            return e;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new RunError("interrupted");
        }
    }
}
