package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.bridge.SnapshotSchedule;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Static witnesses that no database schedule can replay: {@link SnapshotSchedule} refuses them. */
class SnapshotScheduleRefusalTest {

    /**
     * A long fork's visibility is no snapshot: the generator refuses it, naming the transactions.
     */
    @Test
    void longForkHasNoSnapshotSchedule() throws Exception {
        Program p = ProgramLoader.load(RunContract.PROGRAMS.resolve("litmus/long-fork.sql"));
        Analysis.Outcome o =
                Analysis.run(p, SpecLibrary.builtin().get("psi"), Analysis.Options.defaults(4));
        Witness w = o.anomalies().get(0);
        SnapshotSchedule.Unrealisable e =
                assertThrows(
                        SnapshotSchedule.Unrealisable.class,
                        () -> SnapshotSchedule.of(w, p, "test"));
        assertTrue(
                e.getMessage()
                        .matches("T\\d sees T\\d but not T\\d, which precedes T\\d in ar: .*"),
                e.getMessage());
        List<String> ids = w.txns().stream().map(Witness.Txn::id).toList();
        assertTrue(ids.stream().filter(e.getMessage()::contains).count() >= 2, e.getMessage());
    }
}
