package isocheck.run;

import isocheck.history.History;
import isocheck.program.Program;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/** The entry points of {@code isocheck run}: a summary to print and the recorded history. */
public final class Runs {

    private Runs() {}

    /** A finished run. */
    public record Outcome(String summary, Supplier<History> historySupplier, Runner.Result result) {
        public History history() {
            return historySupplier.get();
        }
    }

    public static Outcome program(Db db, Program p, GenSpec gen, String genName, Runner.Options o) {
        requireTypes(db, p);
        AtomicLong versions = new AtomicLong();
        ProgramWorkload w =
                new ProgramWorkload(
                        p, gen, genName, db.engine().dialect(db.isolation()), o.record(), versions);
        return finish(db, w, o, runReleasingOnFailure(db, w, o));
    }

    public static Outcome keyValue(Db db, boolean mt, int keys, double zipf, Runner.Options o) {
        AtomicLong values = new AtomicLong();
        KvWorkload w =
                new KvWorkload(
                        mt ? KvWorkload.Kind.MT : KvWorkload.Kind.KV,
                        keys,
                        zipf,
                        values,
                        o.record());
        return finish(db, w, o, runReleasingOnFailure(db, w, o));
    }

    public static Outcome schedule(
            Db db,
            Program p,
            GenSpec gen,
            String genName,
            Path scheduleFile,
            long seed,
            long blockMillis,
            PrintWriter trace) {
        requireTypes(db, p);
        Schedule s = Schedule.load(scheduleFile);
        if (!s.genLines().isEmpty()) {
            gen = gen.overriddenBy(GenSpec.parse(scheduleFile.toString(), s.genLines()));
            genName = genName == null ? scheduleFile.toString() : genName + " + " + scheduleFile;
        }
        ProgramWorkload w =
                new ProgramWorkload(
                        p,
                        gen,
                        genName,
                        db.engine().dialect(db.isolation()),
                        true,
                        new AtomicLong());
        trace.println(
                w.describe()
                        + " on "
                        + db.describe()
                        + " at "
                        + db.isolationName()
                        + ", schedule "
                        + scheduleFile
                        + ":");
        ScheduleRunner.Result r;
        Thread dropOnExit =
                Runner.dropOnExit(db); // DROP SCHEMA IF EXISTS: harmless before the schema exists
        try {
            r = ScheduleRunner.run(db, w, s, seed, blockMillis, trace);
        } finally {
            Runner.unregister(dropOnExit);
            Runner.tearDown(db);
            shutdownEmbedded(db);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < r.names().size(); i++) {
            TxnLog l = r.logs().get(i);
            sb.append(r.names().get(i))
                    .append(" (")
                    .append(l.name)
                    .append("): ")
                    .append(l.committed ? "committed" : "aborted (" + l.abortReason + ")")
                    .append('\n');
        }
        return new Outcome(sb.toString(), () -> Runner.history(r.sessions(), r.names()), null);
    }

    /** Every type {@code --isolation-of} names is one of the program's transactions. */
    private static void requireTypes(Db db, Program p) {
        List<String> names = p.transactions().stream().map(t -> t.name()).toList();
        for (String type : db.levels().byType().keySet()) {
            if (!names.contains(type)) {
                throw new RunError(
                        "--isolation-of "
                                + type
                                + "=…: "
                                + p.file()
                                + " has no transaction '"
                                + type
                                + "' (its transactions: "
                                + String.join(", ", names)
                                + ")");
            }
        }
    }

    /**
     * One stepped run of an already parsed schedule (the catalogue's cells): the recorded history,
     * and per declared transaction whether it committed and, if not, the database's SQLSTATE and
     * message; {@code trace} is what {@code run --schedule} prints, step by step. The tables come
     * from the schedule's generator lines alone.
     */
    public record Stepped(
            History history,
            List<String> names,
            List<Boolean> committed,
            List<String> abortStates,
            List<String> abortReasons,
            String trace) {}

    public static Stepped stepped(Db db, Program p, Schedule s, long blockMillis) {
        GenSpec gen = GenSpec.parse(s.file(), s.genLines());
        ProgramWorkload w =
                new ProgramWorkload(
                        p,
                        gen,
                        s.file(),
                        db.engine().dialect(db.isolation()),
                        true,
                        new AtomicLong());
        java.io.StringWriter text = new java.io.StringWriter();
        ScheduleRunner.Result r;
        Thread dropOnExit = Runner.dropOnExit(db);
        try (PrintWriter trace = new PrintWriter(text)) {
            r = ScheduleRunner.run(db, w, s, 1, blockMillis, trace);
        } finally {
            Runner.unregister(dropOnExit);
            Runner.tearDown(db);
            shutdownEmbedded(db);
        }
        List<Boolean> committed = r.logs().stream().map(l -> l.committed).toList();
        List<String> states =
                r.logs().stream()
                        .map(l -> l.committed ? "" : String.valueOf(l.abortState))
                        .toList();
        List<String> reasons =
                r.logs().stream()
                        .map(l -> l.committed ? "" : db.scrub(String.valueOf(l.abortReason)))
                        .toList();
        return new Stepped(
                Runner.history(r.sessions(), r.names()),
                r.names(),
                committed,
                states,
                reasons,
                text.toString());
    }

    /**
     * {@link Runner#run}, releasing a private in-memory database when the run fails (a set-up
     * error, a failed client, {@code --timeout}): {@link #finish} releases it on success. Without
     * this, every failed run of an embedding JVM (the fuzz campaign, an IDE, a test suite) kept its
     * whole H2 database, generated rows included, until the JVM exited: the heap growth of the 10^5
     * fuzz run (RESULTS, issue 16).
     */
    private static Runner.Result runReleasingOnFailure(Db db, Workload w, Runner.Options o) {
        boolean ok = false;
        try {
            Runner.Result r = Runner.run(db, w, o);
            ok = true;
            return r;
        } finally {
            if (!ok && !o.keep()) {
                shutdownEmbedded(db);
            }
        }
    }

    private static Outcome finish(Db db, Workload w, Runner.Options o, Runner.Result r) {
        if (!o.keep()) {
            shutdownEmbedded(db);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(w.describe())
                .append(" on ")
                .append(db.describe())
                .append(" at ")
                .append(db.isolationName())
                .append(": ")
                .append(o.clients())
                .append(o.clients() == 1 ? " client" : " clients")
                .append(", seed ")
                .append(o.seed())
                .append(o.record() ? "" : ", not recording")
                .append('\n');
        sb.append(r.attempts())
                .append(" transactions: ")
                .append(r.committed())
                .append(" committed, ")
                .append(r.aborted())
                .append(" aborted");
        if (!r.abortKinds().isEmpty()) {
            sb.append(" (");
            boolean first = true;
            for (Map.Entry<String, Integer> e : r.abortKinds().entrySet()) {
                sb.append(first ? "" : ", ").append(e.getValue()).append(' ').append(e.getKey());
                first = false;
            }
            sb.append(")");
        }
        sb.append(", ")
                .append(r.retries())
                .append(" retries; ")
                .append(
                        String.format(
                                Locale.ROOT,
                                "%.2f s, %.0f committed/s",
                                r.nanos() / 1e9,
                                r.throughput()))
                .append('\n');
        if (r.kept()) {
            sb.append("kept schema ")
                    .append(r.schema())
                    .append(" on ")
                    .append(db.displayUrl())
                    .append('\n');
        }
        List<String> names = Runner.clientNames(o.clients());
        return new Outcome(sb.toString(), () -> Runner.history(r.sessions(), names), r);
    }

    private static void shutdownEmbedded(Db db) {
        db.shutdownIfEmbedded();
    }
}
