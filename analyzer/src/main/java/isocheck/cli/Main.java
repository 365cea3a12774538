package isocheck.cli;

import isocheck.frontend.ProgramError;
import java.io.PrintWriter;
import picocli.CommandLine;

/** The {@code isocheck} executable: dispatches to the subcommands and maps failures to exit codes. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line with the given streams; returns the exit code (used by tests, too). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new IsocheckCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof ProgramError || ex instanceof UserError) {
                commandLine.getErr().println(ex.getMessage());
                return ExitCode.BAD_INPUT;
            }
            if (ex instanceof InternalDefect) {
                commandLine.getErr().println("isocheck: internal error (please report it): " + ex.getMessage());
                return ExitCode.INTERNAL_ERROR;
            }
            commandLine.getErr().println("isocheck: internal error (please report it): " + ex);
            ex.printStackTrace(commandLine.getErr());
            return ExitCode.INTERNAL_ERROR;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
