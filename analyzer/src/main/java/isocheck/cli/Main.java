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
        return run(args, out, err, true);
    }

    /**
     * {@code fast}: a lone {@code --version} and the plain forms of {@code check} skip picocli
     * ({@link FastCheckArgs}: start-up); tests compare both paths.
     */
    static int run(String[] args, PrintWriter out, PrintWriter err, boolean fast) {
        int code;
        CheckCommand check = fast ? FastCheckArgs.parse(args) : null;
        if (fast && args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            code = version(out, err);
        } else if (check != null) {
            check.directOut = out;
            try {
                code = check.call();
            } catch (Exception ex) {
                code = failure(ex, err);
            }
        } else {
            CommandLine cli = commandLine(args);
            cli.setOut(out);
            cli.setErr(err);
            cli.setCaseInsensitiveEnumValuesAllowed(true);
            cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failure(ex, commandLine.getErr()));
            code = cli.execute(args);
        }
        out.flush();
        err.flush();
        return code;
    }

    /** The exit code of an exception a command threw, after its message. */
    private static int failure(Exception ex, PrintWriter err) {
        if (ex instanceof ProgramError || ex instanceof UserError) {
            err.println(ex.getMessage());
            return ExitCode.BAD_INPUT;
        }
        if (ex instanceof InternalDefect) {
            err.println("isocheck: internal error (please report it): " + ex.getMessage());
            return ExitCode.INTERNAL_ERROR;
        }
        err.println("isocheck: internal error (please report it): " + ex);
        ex.printStackTrace(err);
        return ExitCode.INTERNAL_ERROR;
    }

    private static int version(PrintWriter out, PrintWriter err) {
        try {
            for (String line : new VersionProvider().getVersion()) {
                out.println(line);
            }
            return ExitCode.OK;
        } catch (Exception ex) {
            return failure(ex, err);
        }
    }

    /**
     * The command tree for {@code args}: when the first argument names a subcommand, a root with just
     * that subcommand (or none, for a lone {@code --version}); otherwise the full tree. Start-up: see
     * {@link SingleCommandRoot}.
     */
    static CommandLine commandLine(String[] args) {
        String first = args.length > 0 ? args[0] : "";
        Object sub = switch (first) { // the names of IsocheckCommand's subcommands
            case "parse" -> new ParseCommand();
            case "specs" -> new SpecsCommand();
            case "analyze" -> new AnalyzeCommand();
            case "verify" -> new VerifyCommand();
            case "weakest" -> new WeakestCommand();
            case "check" -> new CheckCommand();
            case "convert" -> new ConvertCommand();
            case "run" -> new RunCommand();
            default -> null;
        };
        boolean versionOnly = args.length == 1 && (first.equals("--version") || first.equals("-V"));
        if (sub == null && !versionOnly) {
            return new CommandLine(new IsocheckCommand());
        }
        CommandLine root = new CommandLine(new SingleCommandRoot());
        if (sub != null) {
            root.addSubcommand(first, sub);
        }
        return root;
    }
}
