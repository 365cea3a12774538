package isocheck.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The root command with no subcommands declared: {@link Main} adds only the one a command line
 * names. Building picocli's model of every subcommand (reflection over all their options) was most
 * of a short run's start-up; the full tree ({@link IsocheckCommand}) is still built for the root's
 * help and for command lines that name no known subcommand, so usage and errors are unchanged.
 */
@Command(
        name = "isocheck",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class)
final class SingleCommandRoot implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command");
    }
}
