package isocheck.run;

import isocheck.bridge.SnapshotSchedule;
import isocheck.bridge.StatementSchedule;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import isocheck.witness.AloneExecution;
import isocheck.witness.Witness;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Replays a static witness on a real database (issue 14: "the real database is the arbiter"): the
 * witness as a schedule (statement-granular when the spec has statement snapshots, else one
 * snapshot per transaction), run at the level, the recorded history checked against SER.
 */
final class WitnessReplay {
    private WitnessReplay() {}

    /**
     * Replays every witness of {@code o} (an analysis of p under spec) on a fresh database from
     * {@code db}; the failures: a witness that does not replay and has no known reason ({@code
     * known} by witness number, null for none), and one with a known reason that now replays (the
     * list must shrink with the defects). Witness n is named {@code idPrefix + " " + n}.
     */
    static List<String> failures(
            java.util.function.Supplier<Db> db,
            Program p,
            Spec spec,
            Analysis.Outcome o,
            String idPrefix,
            IntFunction<String> known,
            Path dir)
            throws Exception {
        List<String> failures = new ArrayList<>();
        int n = 0;
        for (Witness w : o.anomalies()) {
            n++;
            String id = idPrefix + " " + n;
            String why = known.apply(n);
            // analyze itself says its transactions alone do not show this cycle, so a replay of
            // them alone is not expected to violate SER (witness.AloneExecution)
            if (why == null && w.alone() == AloneExecution.NONE) continue;
            String outcome = outcome(db.get(), p, spec, w, dir, id);
            judge(failures, id + " (" + w.anomaly() + ")", outcome, why);
        }
        return failures;
    }

    /**
     * Adds to failures what one replay's {@code outcome} (null: SER violated) says against its
     * known reason {@code why} (null: none): a witness that does not replay and has no known
     * reason, or one with a known reason that now replays (the known lists must shrink with the
     * defects).
     */
    static void judge(List<String> failures, String id, String outcome, String why) {
        if (outcome != null && why == null) failures.add(id + ": " + outcome);
        else if (outcome == null && why != null)
            failures.add(id + " now replays: remove it from the known list (" + why + ")");
    }

    /** Null when the recorded history violates SER (the anomaly replays); else what happened. */
    static String outcome(Db db, Program p, Spec spec, Witness w, Path dir, String id)
            throws Exception {
        String text;
        try {
            text =
                    spec.hasStatementSnapshots()
                            ? StatementSchedule.of(w, p, "test", spec::singleSnapshotFor)
                            : SnapshotSchedule.of(w, p, "test");
        } catch (SnapshotSchedule.Unrealisable e) {
            return "no schedule: " + e.getMessage();
        }
        Path file = dir.resolve(id.replace(' ', '-') + ".schedule");
        Files.writeString(file, text);
        StringWriter trace = new StringWriter();
        History h;
        try {
            h =
                    Runs.schedule(
                                    db,
                                    p,
                                    GenSpec.empty(),
                                    null,
                                    file,
                                    1,
                                    500,
                                    new PrintWriter(trace, true))
                            .history();
        } catch (RunError e) {
            return "the schedule did not run: " + e.getMessage() + "\n" + text + "\n" + trace;
        }
        Verdict ser = Oracle.check(h, Level.parse("ser"));
        return ser instanceof Verdict.Violated ? null : "SER " + ser + "\n" + text + "\n" + trace;
    }
}
