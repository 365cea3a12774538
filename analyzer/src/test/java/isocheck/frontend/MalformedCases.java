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

/**
 * The table-driven check of a directory of refused programs (MalformedProgramTest,
 * MalformedPlpgsqlTest): every {@code .sql} file is rejected by {@code isocheck parse} with exactly
 * the {@code file:line:col: message} its {@code EXPECTED.tsv} lists, exit 2, nothing on stdout and
 * nothing like a stack trace.
 */
final class MalformedCases {

    private MalformedCases() {}

    static Map<String, String> expected(Path dir) throws IOException {
        Map<String, String> cases = new LinkedHashMap<>();
        for (String line : Files.readAllLines(dir.resolve("EXPECTED.tsv"))) {
            if (!line.isBlank()) {
                String[] parts = line.split("\t", 2);
                cases.put(parts[0], parts[1]);
            }
        }
        return cases;
    }

    static Stream<DynamicTest> exactMessages(Path dir) throws IOException {
        return expected(dir).entrySet().stream()
                .map(
                        c ->
                                DynamicTest.dynamicTest(
                                        c.getKey(),
                                        () -> {
                                            Path file = dir.resolve(c.getKey());
                                            CliRun run = CliRun.of("parse", file.toString());
                                            assertEquals(
                                                    ExitCode.BAD_INPUT, run.exitCode(), run.err());
                                            assertEquals(
                                                    file
                                                            + ":"
                                                            + c.getValue()
                                                            + System.lineSeparator(),
                                                    run.err());
                                            assertEquals("", run.out());
                                            assertFalse(run.err().contains("Exception"), run.err());
                                        }));
    }

    /**
     * Every case file has an expectation and every expectation a file; at least {@code atLeast}
     * cases.
     */
    static void everyFileHasAnExpectation(Path dir, int atLeast, String why) throws IOException {
        Map<String, String> cases = expected(dir);
        try (Stream<Path> files = Files.list(dir)) {
            var sqlFiles =
                    files.map(p -> p.getFileName().toString())
                            .filter(n -> n.endsWith(".sql"))
                            .collect(Collectors.toSet());
            assertEquals(sqlFiles, cases.keySet());
        }
        assertTrue(cases.size() >= atLeast, why);
    }
}
