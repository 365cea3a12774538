package isocheck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The explorer on litmus/user-abort.sql (ROLLBACK, RAISE EXCEPTION, RETURN): an instance that
 * aborts on its view is not part of an execution, so only committed Withdraws form cycles, and
 * Discard (which always aborts) never appears. The encoder agrees: every explorer cycle is found at
 * least as short (the soundness oracle's check, for this program; SoundnessOracleTest covers it
 * with the rest).
 */
class UserAbortExplorerTest {

    @Test
    void abortedInstancesAreInNoExecutionAndTheEncoderAgrees() throws Exception {
        Program program = SoundnessOracleTest.load("benchmarks/programs/litmus/user-abort.sql");
        List<Spec> specs = new ArrayList<>();
        for (String s : SoundnessOracleTest.SPECS) specs.add(SoundnessOracleTest.spec(s));
        ExecutionExplorer explorer = new ExecutionExplorer(program, SoundnessOracleTest.DOMAIN);
        List<ExecutionExplorer.Result> two = explorer.explore(specs, 2);
        for (int i = 0; i < specs.size(); i++) {
            ExecutionExplorer.Result r = two.get(i);
            String name = SoundnessOracleTest.SPECS.get(i);
            assertTrue(r.valid() > 0, name);
            boolean weak = List.of("ec", "cc", "pc").contains(name);
            assertEquals(weak ? 2 : 0, r.shortestCycle(), name + ": " + r.example());
            if (weak) {
                assertTrue(
                        r.example().contains("Withdraw") && !r.example().contains("Discard"),
                        r.example());
            }
            Analysis.Outcome enc =
                    Analysis.run(program, specs.get(i), Analysis.Options.defaults(2));
            assertEquals(
                    weak ? Analysis.Verdict.FOUND : Analysis.Verdict.NONE, enc.verdict(), name);
        }
        // no execution of two Discards exists: each aborts on every view
        ExecutionExplorer discards =
                new ExecutionExplorer(
                        program, SoundnessOracleTest.DOMAIN, java.util.Set.of("Discard"));
        assertEquals(0, discards.explore(specs.subList(0, 1), 2).get(0).valid());
    }
}
