package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one {@code --format} mixin: each command refuses a format it does not write, exit 2. */
class OutputFormatOptionTest {

    private static final String PROGRAM = "../benchmarks/programs/litmus/aggregates.sql";

    @ParameterizedTest
    @CsvSource({
        "parse, xml, '[text, json]'",
        "analyze, markdown, '[text, json, dot, sarif]'",
        "verify, dot, '[text, json]'",
        "weakest, sarif, '[text, json]'",
        "catalogue, dot, '[text, json, markdown]'"
    })
    void refusesAFormatTheCommandDoesNotWrite(String command, String format, String values) {
        CliRun run =
                command.equals("catalogue")
                        ? CliRun.of(command, "--format", format)
                        : CliRun.of(command, "--format", format, PROGRAM);
        assertEquals(ExitCode.BAD_INPUT, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(
                "Invalid value for option '--format': expected one of "
                        + values
                        + " (case-insensitive) but was '"
                        + format
                        + "' (see 'isocheck "
                        + command
                        + " --help')",
                run.err().strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "json", "JSON"})
    void parseWritesEachOfItsFormats(String format) {
        CliRun run = CliRun.of("parse", "--format", format, PROGRAM);
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(format.equalsIgnoreCase("json") == run.out().startsWith("{"), run.out());
    }
}
