package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

class CliTest {

    private static Stream<String[]> everyCommand() {
        CommandLine root = new CommandLine(new IsocheckCommand());
        return Stream.concat(
                Stream.<String[]>of(new String[0]),
                root.getSubcommands().keySet().stream().map(name -> new String[] {name}));
    }

    @TestFactory
    Stream<DynamicTest> everyCommandHasHelpAndVersion() {
        return everyCommand()
                .flatMap(
                        cmd ->
                                Stream.of(
                                        DynamicTest.dynamicTest(
                                                String.join(" ", cmd) + " --help",
                                                () -> {
                                                    CliRun run = CliRun.of(concat(cmd, "--help"));
                                                    assertEquals(
                                                            ExitCode.OK, run.exitCode(), run.err());
                                                    assertTrue(
                                                            run.out().startsWith("Usage: isocheck"),
                                                            run.out());
                                                }),
                                        DynamicTest.dynamicTest(
                                                String.join(" ", cmd) + " --version",
                                                () -> {
                                                    CliRun run =
                                                            CliRun.of(concat(cmd, "--version"));
                                                    assertEquals(
                                                            ExitCode.OK, run.exitCode(), run.err());
                                                    assertTrue(
                                                            run.out()
                                                                    .matches(
                                                                            "isocheck \\d+\\.\\d+\\.\\d+\\R"),
                                                            run.out());
                                                })));
    }

    @Test
    void missingCommandIsAUsageError() {
        CliRun run = CliRun.of();
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertTrue(run.err().startsWith("missing command"), run.err());
    }

    @Test
    void unknownOptionIsAUsageError() {
        CliRun run = CliRun.of("parse", "--frobnicate", "x.sql");
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertTrue(run.err().startsWith("Unknown option: '--frobnicate'"), run.err());
    }

    @Test
    void badEnumValueIsAUsageError() {
        CliRun run = CliRun.of("parse", "--format", "xml", "x.sql");
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertTrue(run.err().contains("Invalid value for option '--format'"), run.err());
    }

    @Test
    void missingFileIsOneLine() {
        CliRun run = CliRun.of("parse", "no/such/file.sql");
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertEquals("no/such/file.sql: no such file" + System.lineSeparator(), run.err());
    }

    @Test
    void directoryIsRejected() {
        CliRun run = CliRun.of("parse", "src");
        assertEquals(ExitCode.BAD_INPUT, run.exitCode());
        assertEquals("src: is a directory, not a program file" + System.lineSeparator(), run.err());
    }

    private static String[] concat(String[] a, String b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }
}
