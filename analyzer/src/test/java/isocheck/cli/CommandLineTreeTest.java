package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Main builds only the subcommand a command line names: usage and errors must match the full
 * tree's.
 */
class CommandLineTreeTest {

    @TestFactory
    Stream<DynamicTest> singleSubcommandUsageMatchesFullTree() {
        CommandLine full = new CommandLine(new IsocheckCommand());
        return full.getSubcommands().entrySet().stream()
                .map(
                        e ->
                                DynamicTest.dynamicTest(
                                        e.getKey(),
                                        () -> {
                                            CommandLine single =
                                                    Main.commandLine(
                                                            new String[] {e.getKey(), "--help"});
                                            assertEquals(
                                                    1,
                                                    single.getSubcommands().size(),
                                                    "only the named subcommand is built");
                                            assertEquals(
                                                    e.getValue().getUsageMessage(),
                                                    single.getSubcommands()
                                                            .get(e.getKey())
                                                            .getUsageMessage());
                                            assertEquals(
                                                    e.getValue().getCommandSpec().qualifiedName(),
                                                    single.getSubcommands()
                                                            .get(e.getKey())
                                                            .getCommandSpec()
                                                            .qualifiedName());
                                        }));
    }

    @Test
    void everySubcommandHasAFastPath() {
        CommandLine full = new CommandLine(new IsocheckCommand());
        for (String name : full.getSubcommands().keySet()) {
            assertEquals(1, Main.commandLine(new String[] {name}).getSubcommands().size(), name);
        }
    }

    @Test
    void versionAloneBuildsNoSubcommand() {
        assertEquals(0, Main.commandLine(new String[] {"--version"}).getSubcommands().size());
        assertEquals(
                "isocheck 0.1.0" + System.lineSeparator(),
                CliRun.of("--version").out().replaceAll("\\d+\\.\\d+\\.\\d+", "0.1.0"));
    }

    @Test
    void anythingElseBuildsTheFullTree() {
        CommandLine full = new CommandLine(new IsocheckCommand());
        assertEquals(
                full.getSubcommands().keySet(),
                Main.commandLine(new String[0]).getSubcommands().keySet());
        assertEquals(
                full.getSubcommands().keySet(),
                Main.commandLine(new String[] {"--help"}).getSubcommands().keySet());
        assertEquals(
                full.getSubcommands().keySet(),
                Main.commandLine(new String[] {"chek"}).getSubcommands().keySet());
        assertEquals(full.getUsageMessage(), CliRun.of("--help").out());
    }
}
