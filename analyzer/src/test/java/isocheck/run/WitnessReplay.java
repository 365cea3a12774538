package isocheck.run;

import isocheck.bridge.SnapshotSchedule;
import isocheck.bridge.StatementSchedule;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.witness.Witness;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Replays a static witness on a real database (issue 14: "the real database is the arbiter"): the
 * witness as a schedule (statement-granular when the spec has statement snapshots, else one
 * snapshot per transaction), run at the level, the recorded history checked against SER.
 */
final class WitnessReplay {
    private WitnessReplay() {}

    /** Null when the recorded history violates SER (the anomaly replays); else what happened. */
    static String outcome(Db db, Program p, Spec spec, Witness w, Path dir, String id)
            throws Exception {
        String text;
        try {
            text =
                    spec.hasStatementSnapshots()
                            ? StatementSchedule.of(w, p, "test")
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
