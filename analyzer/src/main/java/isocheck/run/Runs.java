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
        AtomicLong versions = new AtomicLong();
        ProgramWorkload w = new ProgramWorkload(p, gen, genName, db.engine().dialect(db.isolation()), o.record(), versions);
        return finish(db, w, o, Runner.run(db, w, o));
    }

    public static Outcome keyValue(Db db, boolean mt, int keys, double zipf, Runner.Options o) {
        AtomicLong values = new AtomicLong();
        KvWorkload w = new KvWorkload(mt ? KvWorkload.Kind.MT : KvWorkload.Kind.KV, keys, zipf, values, o.record());
        return finish(db, w, o, Runner.run(db, w, o));
    }

    public static Outcome schedule(Db db, Program p, GenSpec gen, String genName, Path scheduleFile, long seed, long blockMillis,
            PrintWriter trace) {
        Schedule s = Schedule.load(scheduleFile);
        if (!s.genLines().isEmpty()) {
            gen = gen.overriddenBy(GenSpec.parse(scheduleFile.toString(), s.genLines()));
            genName = genName == null ? scheduleFile.toString() : genName + " + " + scheduleFile;
        }
        ProgramWorkload w = new ProgramWorkload(p, gen, genName, db.engine().dialect(db.isolation()), true, new AtomicLong());
        trace.println(w.describe() + " on " + db.describe() + " at " + db.isolationName() + ", schedule " + scheduleFile + ":");
        ScheduleRunner.Result r;
        Thread dropOnExit = Runner.dropOnExit(db); // DROP SCHEMA IF EXISTS: harmless before the schema exists
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
            sb.append(r.names().get(i)).append(" (").append(l.name).append("): ")
                    .append(l.committed ? "committed" : "aborted (" + l.abortReason + ")").append('\n');
        }
        return new Outcome(sb.toString(), () -> Runner.history(r.sessions(), r.names()), null);
    }

    private static Outcome finish(Db db, Workload w, Runner.Options o, Runner.Result r) {
        if (!o.keep()) {
            shutdownEmbedded(db);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(w.describe()).append(" on ").append(db.describe()).append(" at ").append(db.isolationName())
                .append(": ").append(o.clients()).append(o.clients() == 1 ? " client" : " clients").append(", seed ").append(o.seed())
                .append(o.record() ? "" : ", not recording").append('\n');
        sb.append(r.attempts()).append(" transactions: ").append(r.committed()).append(" committed, ").append(r.aborted()).append(" aborted");
        if (!r.abortKinds().isEmpty()) {
            sb.append(" (");
            boolean first = true;
            for (Map.Entry<String, Integer> e : r.abortKinds().entrySet()) {
                sb.append(first ? "" : ", ").append(e.getValue()).append(' ').append(e.getKey());
                first = false;
            }
            sb.append(")");
        }
        sb.append(", ").append(r.retries()).append(" retries; ")
                .append(String.format(Locale.ROOT, "%.2f s, %.0f committed/s", r.nanos() / 1e9, r.throughput())).append('\n');
        if (r.kept()) {
            sb.append("kept schema ").append(r.schema()).append(" on ").append(db.displayUrl()).append('\n');
        }
        List<String> names = Runner.clientNames(o.clients());
        return new Outcome(sb.toString(), () -> Runner.history(r.sessions(), names), r);
    }

    private static void shutdownEmbedded(Db db) {
        db.shutdownIfEmbedded();
    }
}
