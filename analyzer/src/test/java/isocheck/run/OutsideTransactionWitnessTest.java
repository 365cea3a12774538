package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.bridge.StatementSchedule;
import isocheck.bridge.WitnessHistory;
import isocheck.encoding.DepKind;
import isocheck.encoding.ProgramModel;
import isocheck.frontend.ProgramLoader;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import isocheck.program.Program;
import isocheck.witness.AloneExecution;
import isocheck.witness.Witness;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Witnesses with one transaction outside the cycle (witness.AloneExecution#WITH_ONE_MORE,
 * docs/postgresql-levels.md §5) on reinsert.sql, SEATS' DeleteReservation and NewReservation in
 * small: a Cancel finds a reservation and deletes it by key, a Reserve inserts it when its PERFORM
 * finds it free. Cancel's DELETE meeting Reserve's new row needs another Cancel to delete the
 * reservation between Cancel's SELECT and Reserve's PERFORM; two Reserves of one key both inserting
 * need a Cancel between their INSERTs. The replays on PostgreSQL are PostgresLevelsReplayTest's.
 */
class OutsideTransactionWitnessTest {

    static final Path REINSERT = Path.of("src/test/resources/outside/reinsert.sql");

    @Test
    void readCommittedWitnessesHoldACancelBetweenTheCyclesStatements() throws Exception {
        Program p = ProgramLoader.load(REINSERT);
        List<Witness> all = WholeLoopScheduleTest.anomalies(p, "pg-read-committed");
        List<Witness> more =
                all.stream().filter(w -> w.alone() == AloneExecution.WITH_ONE_MORE).toList();
        assertEquals(
                5,
                more.size(),
                all.stream().map(w -> w.alone() + " " + w.edges()).toList().toString());
        for (Witness w : more) {
            assertEquals(2, w.k(), w.toString());
            assertEquals(3, w.txns().size(), w.toString());
            assertEquals(3, w.arOrder().size(), w.toString());
            assertEquals("cancel", w.txns().get(2).type(), w.toString());
            // T3 commits between two statements of one cycle transaction
            boolean between = false;
            for (int t = 0; t < 2; t++) {
                final int x = t;
                between |=
                        w.sights().stream().anyMatch(s -> s.txn() == x && s.sees())
                                && w.sights().stream().anyMatch(s -> s.txn() == x && !s.sees());
            }
            assertTrue(between, w.toString());
            String schedule = StatementSchedule.of(w, p, "test");
            assertTrue(schedule.contains("\nT3*"), schedule);
            assertTrue(schedule.contains("Shown with one transaction outside the cycle"), schedule);
            assertTrue(schedule.contains("3 transactions):"), schedule);
            // its statement-granular history holds the cycle: SER violated, RC kept
            var h = WitnessHistory.of(w, new ProgramModel(p), type -> true);
            assertInstanceOf(Verdict.Violated.class, LevelChecker.of(Level.SER).check(h), schedule);
            assertInstanceOf(
                    Verdict.Consistent.class, LevelChecker.of(Level.RC).check(h), schedule);
        }
    }

    @Test
    void aCancelOutsideTheCycleFindsOnlyItsOwnCustomersReservation() throws Exception {
        // two Reserves of one key, one reading the other's balance update (T1 -wr-> T2 on
        // c_balance) while T2's PERFORM misses T1's INSERT: T2's INSERT needs the key freed in
        // between, and only a Cancel of the same customer can find T1's row (r_c_id is what T1
        // wrote), which refunds that customer between T1's and T2's balance updates. So no
        // execution with one Cancel has this cycle. With the outside Cancel's view of T1's row
        // left free, a Cancel of another customer "found" it (stop 41's witness 14, replayed
        // SER-consistent: on the server that Cancel finds nothing and raises)
        Program p = ProgramLoader.load(REINSERT);
        List<Witness> all = WholeLoopScheduleTest.anomalies(p, "pg-read-committed");
        List<Witness> shape =
                all.stream()
                        .filter(w -> w.txns().get(0).type().equals("reserve"))
                        .filter(w -> w.txns().get(1).type().equals("reserve"))
                        .filter(
                                w ->
                                        w.edges().stream()
                                                .anyMatch(
                                                        e ->
                                                                e.kind() == DepKind.WR
                                                                        && e.field()
                                                                                .equals(
                                                                                        "c_balance")))
                        .toList();
        assertEquals(1, shape.size(), shape.toString());
        assertEquals(AloneExecution.NONE, shape.get(0).alone(), shape.get(0).toString());
    }

    @Test
    void oneSnapshotPerTransactionAsksForNoOutsideTransaction() throws Exception {
        // a commit between two statements changes nothing a REPEATABLE READ transaction reads, so
        // its "not shown alone" witnesses stay as they are
        List<Witness> all =
                WholeLoopScheduleTest.anomalies(ProgramLoader.load(REINSERT), "pg-repeatable-read");
        assertTrue(all.stream().noneMatch(w -> w.txns().size() != w.k()), all.toString());
        assertTrue(all.stream().anyMatch(w -> w.alone() == AloneExecution.NONE), all.toString());
    }
}
