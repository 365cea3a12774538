package isocheck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Soundness of the encoding against a brute-force oracle (paper Theorem 8: every valid execution is
 * a model). For the litmus programs and bank.sql under every shipped spec, {@link ExecutionExplorer}
 * enumerates every valid execution of 2, then (if none of 2 has a cycle) 3 instances over the
 * domains ints {1, 2} and strings {'a', 'b'}; whenever one has a dependency cycle of length L, the
 * encoder must find a cycle of length ≤ L ({@code Analysis.run} with bound L). Where the encoder
 * finds a shorter cycle than the explorer, or one the explorer has none of within its domains and
 * k ≤ 3, that is printed (precision, reported not asserted: the encoding over-approximates by
 * design, and the explorer's domains are small).
 */
class SoundnessOracleTest {
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final ExecutionExplorer.Domain DOMAIN = new ExecutionExplorer.Domain(List.of(1L, 2L), List.of("a", "b"));
    static final int MAX_K = 3;

    static final List<String> SPECS = List.of("ec", "cc", "pc", "psi", "si", "ser");

    static Stream<String> programs() throws Exception {
        List<String> programs = new ArrayList<>(List.of("benchmarks/programs/bank.sql"));
        try (Stream<Path> files = Files.list(ROOT.resolve("benchmarks/programs/litmus"))) {
            files.filter(p -> p.toString().endsWith(".sql")).sorted().forEach(p -> programs.add(ROOT.relativize(p).toString()));
        }
        return programs.stream();
    }

    /** One program, every shipped spec: the executions are enumerated once and each spec decides which are valid. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void everyCycleOfAValidExecutionIsFoundByTheEncoder(String file) throws Exception {
        Program program = ProgramLoader.parse(file, Files.readString(ROOT.resolve(file)));
        List<Spec> specs = new ArrayList<>();
        for (String s : SPECS) specs.add(SpecLibrary.builtin().get(s));
        ExecutionExplorer explorer = new ExecutionExplorer(program, DOMAIN);
        List<List<ExecutionExplorer.Result>> byK = new ArrayList<>();
        for (int k = 2; k <= MAX_K; k++) byK.add(explorer.explore(specs, k));
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            String row = file.replace("benchmarks/programs/", "") + " under " + SPECS.get(i);
            ExecutionExplorer.Result found = null;
            long executions = 0, valid = 0;
            for (List<ExecutionExplorer.Result> results : byK) {
                ExecutionExplorer.Result r = results.get(i);
                executions += r.executions();
                valid += r.valid();
                assertTrue(r.valid() > 0, row + ": no valid execution of " + r.k() + " instances (the explorer explores nothing)");
                if (found == null && r.shortestCycle() > 0) found = r;
            }
            int bound = found == null ? MAX_K : found.shortestCycle();
            Analysis.Outcome encoder = Analysis.run(program, specs.get(i), Analysis.Options.defaults(MAX_K));
            int encoderK = encoder.anomalies().isEmpty() ? 0 : encoder.anomalies().get(0).k();
            String summary = row + ": explorer " + executions + " executions (" + valid + " valid; " + explorer.instanceCount()
                    + " instances, " + explorer.initialStateCount() + " initial states), shortest cycle "
                    + (found == null ? "none up to " + MAX_K : found.shortestCycle()) + "; encoder "
                    + (encoderK == 0 ? "none up to " + MAX_K : "cycle of " + encoderK);
            System.out.println(summary);
            // soundness: the explorer's cycle is a valid execution, so the encoder must have one at least this short
            if (found != null && (encoderK == 0 || encoderK > bound)) failures.add(summary + "\n  missed: " + found.example());
            if (encoderK > 0 && (found == null || encoderK < found.shortestCycle())) {
                Witness w = encoder.anomalies().get(0);
                System.out.println("  precision: the encoder's " + w.anomaly() + " " + w.signature() + " has no counterpart"
                        + " among the explored executions (k <= " + MAX_K + ", domains " + DOMAIN + ")");
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * The oracle can fail: an "encoder" that leaves out valid executions (here, asked under ser while
     * the explorer enumerates ec) misses the lost update the explorer finds.
     */
    @org.junit.jupiter.api.Test
    void anEncoderMissingValidExecutionsIsCaught() throws Exception {
        String file = "benchmarks/programs/litmus/lost-update.sql";
        Program program = ProgramLoader.parse(file, Files.readString(ROOT.resolve(file)));
        ExecutionExplorer.Result ec = new ExecutionExplorer(program, DOMAIN).explore(List.of(SpecLibrary.builtin().get("ec")), 2).get(0);
        assertEquals(2, ec.shortestCycle(), ec.example());
        Analysis.Outcome tooStrong = Analysis.run(program, SpecLibrary.builtin().get("ser"), Analysis.Options.defaults(2));
        assertEquals(Analysis.Verdict.NONE, tooStrong.verdict());
    }
}
