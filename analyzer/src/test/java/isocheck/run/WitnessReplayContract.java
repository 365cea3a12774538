package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.bridge.SnapshotSchedule;
import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.Verdict;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Static witnesses replayed on a real database (docs/DESIGN.md §2 "run"): {@code analyze}'s witness
 * becomes a schedule ({@link SnapshotSchedule}), the schedule runs at the database's level, and the
 * recorded history must violate SER and satisfy the spec's dynamic counterpart (si ↔ SI, ec ↔ RA).
 */
class WitnessReplayContract extends Contract {

    record Replay(History history, String trace, String schedule) {}

    Replay replay(String litmus, String spec, int bound, Isolation iso) throws Exception {
        Program p = ProgramLoader.load(RunContract.PROGRAMS.resolve("litmus/" + litmus + ".sql"));
        Analysis.Outcome o =
                Analysis.run(p, SpecLibrary.builtin().get(spec), Analysis.Options.defaults(bound));
        assertEquals(Analysis.Verdict.FOUND, o.verdict(), litmus + " under " + spec);
        Witness w = o.anomalies().get(0);
        String text = SnapshotSchedule.of(w, p, "test");
        Path file = dir.resolve(litmus + ".schedule");
        Files.writeString(file, text);
        StringWriter trace = new StringWriter();
        Runs.Outcome run =
                Runs.schedule(
                        db(iso),
                        p,
                        GenSpec.empty(),
                        null,
                        file,
                        1,
                        500,
                        new PrintWriter(trace, true));
        return new Replay(run.history(), trace.toString(), text);
    }

    static void assertReproduced(Replay r, String counterpart) {
        String why = r.schedule() + "\n" + r.trace();
        assertEquals(2, Oracle.committed(r.history()).size(), why);
        Verdict ser = Oracle.check(r.history(), Level.parse("ser"));
        assertTrue(ser instanceof Verdict.Violated, "SER: " + ser + "\n" + why);
        Verdict weak = Oracle.check(r.history(), Level.parse(counterpart));
        assertTrue(weak instanceof Verdict.Consistent, counterpart + ": " + weak + "\n" + why);
    }

    @Case({Isolation.SNAPSHOT})
    void writeSkewUnderSiReplaysAtSnapshot() throws Exception {
        assertReproduced(replay("write-skew", "si", 2, snapshotLevel()), "si");
    }

    /**
     * Each reads the other's email as absent (a predicate read that misses the insert) and inserts
     * its own.
     */
    @Case({Isolation.SNAPSHOT})
    void duplicateInsertUnderSiReplaysAtSnapshot() throws Exception {
        assertReproduced(replay("duplicate-insert", "si", 2, snapshotLevel()), "si");
    }

    /**
     * Both read, then each writes and commits in ar order: at READ COMMITTED the second write does
     * not block.
     */
    @Case({Isolation.READ_COMMITTED})
    void lostUpdateUnderEcReplaysAtReadCommitted() throws Exception {
        assertReproduced(replay("lost-update", "ec", 2, Isolation.READ_COMMITTED), "ra");
    }

    /**
     * The same schedule on a snapshot database: first-updater-wins aborts the second writer, as SI
     * must.
     */
    @Case({Isolation.SNAPSHOT})
    void lostUpdateUnderEcDoesNotReplayAtSnapshot() throws Exception {
        Replay r = replay("lost-update", "ec", 2, snapshotLevel());
        assertEquals(1, Oracle.committed(r.history()).size(), r.trace());
        assertTrue(Oracle.check(r.history(), Level.parse("ser")) instanceof Verdict.Consistent);
    }
}
