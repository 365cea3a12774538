package isocheck.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The root command: lists the subcommands. */
@Command(
        name = "isocheck",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Can my transactions misbehave under this isolation level, and if so, how?",
        subcommands = {
            ParseCommand.class,
            SpecsCommand.class,
            AnalyzeCommand.class,
            VerifyCommand.class,
            WeakestCommand.class,
            CheckCommand.class,
            ConvertCommand.class,
            RunCommand.class,
            RepairCommand.class,
            CatalogueCommand.class
        },
        footer = {
            "",
            "Exit codes: 0 ok/proved, 1 finding, 2 bad input or usage, 3 unknown (time or search limit), "
                    + "4 out of stack or heap (raise it with ISOCHECK_JAVA_OPTS=-Xss512m or -Xmx8g), 70 a bug in isocheck."
        })
public final class IsocheckCommand implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command");
    }
}
