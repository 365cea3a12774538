package isocheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tag;

/**
 * The fuzzing suite's fixed budget in the normal test run (about a minute on a shared two-core
 * machine): mutated programs, specs, schedules, generator files and histories of every format, run
 * in-process. A failure prints the command and saves the input under analyzer/target/fuzz-findings
 * (turn it into a regression test in MalformedInputExitCodesTest). The long run is
 * benchmarks/fuzz.sh.
 */
// serial (analyzer/pom.xml): bounds a command's wall time (T + 2 s), which a second fork's load
// would eat into
@Tag("serial")
class CliFuzzTest {

    private static final Path WORK = Path.of("target", "fuzz");
    private static CliFuzzer fuzzer;

    private static synchronized CliFuzzer fuzzer() {
        if (fuzzer == null) fuzzer = new CliFuzzer(WORK.resolve("seeds"));
        return fuzzer;
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 250, shrinking = ShrinkingMode.OFF, seed = "16")
    void everyInputGetsAnAnswerOrOneLine(@ForAll("seeds") long seed) throws Exception {
        Path dir = WORK.resolve("case");
        CliFuzzer.Outcome o = fuzzer().runOne(new Random(seed), dir);
        List<String> v = CliFuzzer.violations(o);
        if (!v.isEmpty()) {
            Path keep =
                    Files.createDirectories(
                            Path.of("target", "fuzz-findings", Long.toString(seed)));
            try (var files = Files.walk(dir)) {
                for (Path p : files.filter(Files::isRegularFile).toList()) {
                    Path to = keep.resolve(dir.relativize(p).toString().replace('/', '_'));
                    Files.copy(p, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        assertTrue(
                v.isEmpty(),
                v
                        + " for seed "
                        + seed
                        + " ("
                        + o.kind()
                        + "): isocheck "
                        + String.join(" ", o.args())
                        + "\nexit "
                        + o.exitCode()
                        + "\nstderr:\n"
                        + o.err().lines().limit(20).reduce("", (a, b) -> a + b + "\n"));
    }
}
