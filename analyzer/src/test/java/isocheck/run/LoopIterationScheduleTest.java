package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.bridge.StatementSchedule;
import isocheck.encoding.KeyModel;
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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A statement in a loop runs once per iteration, each execution with its own READ COMMITTED
 * snapshot (PostgreSQL manual §13.2.1): a witness whose loop SELECT misses a commit in one
 * iteration and sees it in the next gets one schedule slot per iteration ({@link
 * StatementSchedule}, steps {@code NAME@LINE#I}), which the stepped runner honours (on embedded H2
 * here; PostgreSQL in {@link PostgresLevelsReplayTest}).
 */
class LoopIterationScheduleTest {

    static final Path FOREACH_TWICE =
            Path.of("src/test/resources/loop-snapshots/foreach-twice.sql");

    /** The line of Audit's SELECT in the FOREACH. */
    static final int SELECT_LINE = 25;

    @TempDir Path dir;

    /** The one READ COMMITTED witness of foreach-twice.sql: Audit's SELECT both misses and sees. */
    static Witness witness(Program p) throws Exception {
        Analysis.Outcome o =
                Analysis.run(
                        p,
                        SpecLibrary.builtin().get("pg-read-committed"),
                        Analysis.Options.defaults(4)
                                .withAll(true)
                                .withKeys(KeyModel.SQL)
                                .withClosedWorld(true));
        assertEquals(1, o.anomalies().size(), o.anomalies().toString());
        return o.anomalies().get(0);
    }

    History run(Program p, String text, StringWriter trace) throws Exception {
        return replayOnH2(p, dir, text, trace);
    }

    /** Runs schedule {@code text} (written to dir) on embedded H2 at READ COMMITTED. */
    static History replayOnH2(Program p, Path dir, String text, StringWriter trace)
            throws Exception {
        Path file = dir.resolve("w.schedule");
        Files.writeString(file, text);
        return Runs.schedule(
                        Database.H2.db(Isolation.READ_COMMITTED),
                        p,
                        GenSpec.empty(),
                        null,
                        file,
                        1,
                        500,
                        new PrintWriter(trace, true))
                .history();
    }

    @Test
    void theWitnessGetsASlotPerIterationAndReplaysOnH2() throws Exception {
        Program p = ProgramLoader.load(FOREACH_TWICE);
        Witness w = witness(p);
        String text = StatementSchedule.of(w, p, "test");
        String audit =
                w.txns().stream().filter(t -> t.type().equals("audit")).findFirst().get().id();
        // the first execution before Deposit's commit, the second at Audit's own commit
        assertTrue(text.contains("\n" + audit + "@" + SELECT_LINE + "#1 "), text);
        StringWriter trace = new StringWriter();
        History h = run(p, text, trace);
        assertTrue(
                Oracle.check(h, Level.parse("ser")) instanceof Verdict.Violated,
                text + "\n" + trace);
    }

    /**
     * {@code NAME@LINE#I} counts executions from the transaction's start: {@code #2} runs both
     * iterations before Deposit commits (no anomaly), and a later {@code #1} is skipped.
     */
    @Test
    void aStepRunsUpToTheIthExecution() throws Exception {
        Program p = ProgramLoader.load(FOREACH_TWICE);
        String decls =
                "T1: deposit(p_id = 3)\n"
                        + "T2: audit(p_ids = {(elem = 3), (elem = 3)})\n"
                        + "row account: id = 3, balance = 0\n";
        StringWriter first = new StringWriter();
        History h1 = run(p, decls + "T2@25#1  # comment\nT1*\nT2*\n", first);
        assertTrue(
                Oracle.check(h1, Level.parse("ser")) instanceof Verdict.Violated, first.toString());
        StringWriter second = new StringWriter();
        History h2 = run(p, decls + "T2@25#2 T2@25#1 T1* T2*\n", second);
        assertTrue(
                Oracle.check(h2, Level.parse("ser")) instanceof Verdict.Consistent,
                second.toString());
        assertTrue(
                second.toString()
                        .contains("execution 1 of the statement at line 25 has already run"),
                second.toString());
    }

    @Test
    void aMalformedExecutionIsRejected() {
        for (String step : List.of("T1@25#0", "T1@25#x", "T1@25#-1", "T1@25#**")) {
            RunError e =
                    assertThrows(
                            RunError.class,
                            () -> Schedule.parse("s", List.of("T1: deposit(p_id = 3)", step)));
            assertTrue(e.getMessage().contains("NAME@LINE#I"), e.getMessage());
        }
        Schedule s = Schedule.parse("s", List.of("T1: deposit(p_id = 3)", "T1@25#2 T1# note"));
        assertEquals(List.of("T1@25#2", "T1"), s.steps());
        assertEquals(2, Schedule.stepExecution("T1@25#2"));
        assertEquals(25, Schedule.stepLine("T1@25#2"));
        assertEquals("T1", Schedule.stepName("T1@25#2"));
    }
}
