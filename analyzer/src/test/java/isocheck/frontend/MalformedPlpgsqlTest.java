package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.cli.CliRun;
import isocheck.cli.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * PL/pgSQL inputs outside the supported subset, or malformed: every file under
 * {@code malformed-plpgsql/} is rejected by {@code isocheck parse} with exactly the
 * {@code file:line:col: message} of {@code malformed-plpgsql/EXPECTED.tsv}, exit 2, no stack trace.
 */
class MalformedPlpgsqlTest {

    private static final Path DIR = Path.of("src/test/resources/malformed-plpgsql");

    private static Map<String, String> expected() throws IOException {
        Map<String, String> cases = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DIR.resolve("EXPECTED.tsv"))) {
            if (!line.isBlank()) {
                String[] parts = line.split("\t", 2);
                cases.put(parts[0], parts[1]);
            }
        }
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> everyMalformedRoutineGetsItsExactMessage() throws IOException {
        return expected().entrySet().stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            Path file = DIR.resolve(c.getKey());
            CliRun run = CliRun.of("parse", file.toString());
            assertEquals(ExitCode.BAD_INPUT, run.exitCode(), run.err());
            assertEquals(file + ":" + c.getValue() + System.lineSeparator(), run.err());
            assertEquals("", run.out());
            assertFalse(run.err().contains("Exception"), run.err());
        }));
    }

    @Test
    void everyCaseFileHasAnExpectation() throws IOException {
        Map<String, String> cases = expected();
        try (Stream<Path> files = Files.list(DIR)) {
            var sqlFiles = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")).collect(Collectors.toSet());
            assertEquals(sqlFiles, cases.keySet());
        }
        assertTrue(cases.size() >= 20, "the issue asks for at least 20 malformed or unsupported PL/pgSQL inputs");
    }
}
