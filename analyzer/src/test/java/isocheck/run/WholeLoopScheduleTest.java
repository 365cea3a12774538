package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.bridge.StatementSchedule;
import isocheck.encoding.KeyModel;
import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * unique-visit.sql at READ COMMITTED: a loop over a page's watchers reading each watcher's account.
 * Two things are checked. The encoder's unique_members and iteration_prefix
 * (AuxRules#uniqueMembers, StatementSnapshotRules#iterationSnapshots): with {@code UNIQUE (page,
 * watcher)} the shortest cycle is the long fork of two Notifies and two Touches (4 transactions),
 * without it two visits of one account make a read skew of 2. And the schedule step {@code
 * NAME@LINE#*}: the long fork's Notify whose visits all fall between two commits runs its whole
 * loop there ({@link StatementSchedule}), which the stepped runner honours on H2. The long fork
 * also needs the other Notify's first visit to be the model's, which is PostgreSQL's scan order and
 * not H2's: it violates SER on PostgreSQL (PostgresLevelsReplayTest), and H2 is listed
 * (DatabaseLevelsReplayTest.WHY_ROW_ORDER).
 */
class WholeLoopScheduleTest {

    static final Path UNIQUE_VISIT = RunContract.PROGRAMS.resolve("litmus/unique-visit.sql");

    /** The same without its UNIQUE constraint (replayed in PostgresLevelsReplayTest). */
    static final Path UNIQUE_VISIT_FREE =
            Path.of("src/test/resources/loop-snapshots/unique-visit-free.sql");

    @TempDir Path dir;

    static List<Witness> anomalies(Program p) throws Exception {
        return anomalies(p, "pg-read-committed");
    }

    /** Every anomaly of p under a built-in spec, --all, closed-world witnesses, SQL keys. */
    static List<Witness> anomalies(Program p, String spec) throws Exception {
        return Analysis.run(
                        p,
                        SpecLibrary.builtin().get(spec),
                        Analysis.Options.defaults(4)
                                .withAll(true)
                                .withKeys(KeyModel.SQL)
                                .withClosedWorld(true))
                .anomalies();
    }

    @Test
    void uniqueWatchersLeaveOnlyTheLongFork() throws Exception {
        List<Witness> with = anomalies(ProgramLoader.load(UNIQUE_VISIT));
        assertEquals(1, with.size(), with.toString());
        assertEquals(4, with.get(0).k(), with.toString());
        String text = Files.readString(UNIQUE_VISIT);
        assertTrue(text.contains("UNIQUE (page, watcher)"));
        assertTrue(Files.readString(UNIQUE_VISIT_FREE).contains("watcher INT NOT NULL);"));
        List<Witness> free = anomalies(ProgramLoader.load(UNIQUE_VISIT_FREE));
        assertTrue(free.stream().anyMatch(w -> w.k() == 2), free.toString());
    }

    @Test
    void theLongForkRunsAWholeLoopInOneSlotOnH2() throws Exception {
        Program p = ProgramLoader.load(UNIQUE_VISIT);
        Witness w = anomalies(p).get(0);
        String text = StatementSchedule.of(w, p, "test");
        int line = visitLine();
        assertTrue(text.contains("@" + line + "#* "), text);
        StringWriter trace = new StringWriter();
        History h = LoopIterationScheduleTest.replayOnH2(p, dir, text, trace);
        // the Notify at T1@25#* visits both accounts in that one slot, then stops before its commit
        String name =
                text.substring(text.indexOf("\nT") + 1)
                        .lines()
                        .filter(l -> l.contains("@" + line + "#*"))
                        .findFirst()
                        .orElseThrow();
        String t1 = name.substring(0, name.indexOf('@'));
        List<String> steps = trace.toString().lines().toList();
        int left = -1;
        for (int i = 0; i < steps.size(); i++)
            if (steps.get(i)
                    .contains(t1 + "   (left the loop around line " + line + ": step ends)"))
                left = i;
        assertTrue(left >= 2, trace.toString());
        assertTrue(steps.get(left - 1).contains(t1 + "   SELECT touched"), trace.toString());
        assertTrue(steps.get(left - 2).contains(t1 + "   SELECT touched"), trace.toString());
        // which account each visit reads depends on the order the server returns the watchers in
        // (PostgreSQL's heap order, H2's key order), which no SQL here fixes: the other Notify's
        // two slots (T@25#1) hold on PostgreSQL, where the replay violates SER
        // (PostgresLevelsReplayTest), and not on H2, so the history is only checked to be complete
        assertEquals(5, h.txnCount(), trace.toString()); // the four and the initial one
    }

    /**
     * Outside loops {@code NAME@LINE#*} is {@code NAME@LINE}: at the FOR's own query (which runs
     * once, before the loop) the step ends there, and the visits run at the commit step.
     */
    @Test
    void everyExecutionOutsideALoopIsOneExecution() throws Exception {
        Program p = ProgramLoader.load(UNIQUE_VISIT);
        int query = visitLine() - 1; // FOR r IN SELECT watcher … LOOP
        String text =
                "T1: notify(p_page = 1)\n"
                        + "T2: touch(p_acc = 1, p_t = 5)\n"
                        + "row account: acc_id = 1, touched = 0\n"
                        + "row account: acc_id = 2, touched = 0\n"
                        + "row watch: w_id = 1, page = 1, watcher = 1\n"
                        + "row watch: w_id = 2, page = 1, watcher = 2\n"
                        + "T1@"
                        + query
                        + "#* T2* T1*\n";
        StringWriter trace = new StringWriter();
        LoopIterationScheduleTest.replayOnH2(p, dir, text, trace);
        List<String> steps = trace.toString().lines().toList();
        int update = -1, firstVisit = -1;
        for (int i = 0; i < steps.size(); i++) {
            if (update < 0 && steps.get(i).contains("T2   UPDATE")) update = i;
            if (firstVisit < 0 && steps.get(i).contains("T1   SELECT touched")) firstVisit = i;
        }
        assertTrue(update > 0 && firstVisit > update, trace.toString());
    }

    /** The source line of Notify's visit (the SELECT in its loop). */
    static int visitLine() throws Exception {
        List<String> lines = Files.readAllLines(UNIQUE_VISIT);
        for (int i = 0; i < lines.size(); i++)
            if (lines.get(i).contains("SELECT touched INTO v")) return i + 1;
        throw new AssertionError("no visit in " + UNIQUE_VISIT);
    }

    @Test
    void everyExecutionStepParses() {
        Schedule s = Schedule.parse("s", List.of("T1: notify(p_page = 3)", "T1@25#* T1* # note"));
        assertEquals(List.of("T1@25#*", "T1*"), s.steps());
        assertEquals(Schedule.EVERY, Schedule.stepExecution("T1@25#*"));
        assertEquals(25, Schedule.stepLine("T1@25#*"));
        assertEquals("T1", Schedule.stepName("T1@25#*"));
    }
}
