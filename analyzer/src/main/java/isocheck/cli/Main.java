package isocheck.cli;

import isocheck.frontend.ProgramError;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * The {@code isocheck} executable: dispatches to the subcommands and maps every outcome to one exit
 * code (README, "Exit codes"): 0, 1 and 3 are answers; 2 is bad input or usage (one line, no
 * trace); 3 is also the answer when the command's {@code --timeout} passes ({@link
 * CommandDeadline}); 4 is a resource limit of the Java virtual machine (stack or heap), with
 * advice; 70 is a bug, with its trace.
 */
public final class Main {

    /** How long an abandoned command's shutdown hooks may run before the process halts. */
    static final long HOOK_MILLIS = 700;

    /** The system property by which the launcher passes its start time. */
    static final String LAUNCHED_PROPERTY = "isocheck.launchedMicros";

    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        Outcome outcome = execute(args, out, err, processStartNanos(), true);
        out.flush();
        err.flush();
        if (outcome.abandoned()) {
            // The command's thread is still running (in native solver code, say): stop the process
            // now, giving
            // the shutdown hooks (run's: drop the private schema) at most HOOK_MILLIS.
            int code = outcome.code();
            Thread halt =
                    new Thread(
                            () -> {
                                try {
                                    Thread.sleep(HOOK_MILLIS);
                                } catch (InterruptedException ignored) {
                                    // halt now
                                }
                                Runtime.getRuntime().halt(code);
                            },
                            "isocheck-halt");
            halt.setDaemon(true);
            halt.start();
            System.exit(code);
        }
        System.exit(outcome.code());
    }

    /**
     * The {@link System#nanoTime()} at which the process started: the executable's deadline counts
     * from there, so {@code --timeout} bounds the process, start-up included. The launcher passes
     * its own start ({@value #LAUNCHED_PROPERTY}, microseconds since the epoch, bash's
     * EPOCHREALTIME); without it the JVM's uptime is asked, whose management classes cost about 30
     * ms of a small command's start-up (class-load log of {@code check} on a 10^5-event history).
     */
    static long processStartNanos() {
        long now = System.nanoTime();
        String launched = System.getProperty(LAUNCHED_PROPERTY);
        if (launched != null) {
            try {
                long sinceMicros = System.currentTimeMillis() * 1000L - Long.parseLong(launched);
                if (sinceMicros >= 0 && sinceMicros < 60_000_000L) {
                    return now - sinceMicros * 1000L;
                }
            } catch (NumberFormatException ignored) {
                // not the launcher's: ask the JVM below
            }
        }
        long uptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        return now - uptime * 1_000_000L;
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
        return execute(args, out, err, System.nanoTime(), fast).code();
    }

    /**
     * @param abandoned the deadline passed and the command's thread was left running
     */
    private record Outcome(int code, boolean abandoned) {}

    /**
     * Runs the command on a thread of its own, so that the deadline can be enforced from here
     * whatever the command is doing (its stack size is the JVM's default, so {@code -Xss} applies
     * to it).
     */
    private static Outcome execute(
            String[] args, PrintWriter out, PrintWriter err, long startNanos, boolean fast) {
        CommandDeadline deadline = new CommandDeadline(startNanos);
        int[] code = {ExitCode.INTERNAL_ERROR};
        Thread worker =
                new Thread(
                        null,
                        () -> {
                            CommandDeadline.bind(deadline);
                            code[0] = guarded(args, out, err, fast);
                        },
                        "isocheck-command",
                        0);
        worker.setDaemon(true);
        worker.start();
        try {
            while (true) {
                worker.join(Math.min(deadline.millisUntilOverdue(), 200));
                if (!worker.isAlive()) break;
                if (deadline.overdue()) {
                    out.flush();
                    err.println(deadline.unknownLine());
                    err.flush();
                    return new Outcome(ExitCode.UNKNOWN, true);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("isocheck: interrupted");
            return new Outcome(ExitCode.UNKNOWN, true);
        }
        out.flush();
        err.flush();
        return new Outcome(code[0], false);
    }

    /**
     * Runs the command (through picocli, or its fast path) and turns every throwable into its exit
     * code and one message (a trace only for bugs).
     */
    private static int guarded(String[] args, PrintWriter out, PrintWriter err, boolean fast) {
        try {
            if (fast && args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
                return version(out);
            }
            CheckCommand check = fast ? FastCheckArgs.parse(args) : null;
            if (check != null) {
                check.directOut = out;
                int code = check.call();
                out.flush();
                err.flush();
                return code;
            }
            CommandLine cli = commandLine(args);
            cli.setOut(out);
            cli.setErr(err);
            cli.setCaseInsensitiveEnumValuesAllowed(true);
            cli.setParameterExceptionHandler(
                    (ex, arguments) -> {
                        // One line: the problem and where to look, not the whole usage text.
                        CommandLine c = ex.getCommandLine();
                        c.getErr()
                                .println(
                                        firstLine(ex.getMessage())
                                                + " (see '"
                                                + c.getCommandSpec().qualifiedName()
                                                + " --help')");
                        return ExitCode.BAD_INPUT;
                    });
            cli.setExecutionExceptionHandler(
                    (ex, commandLine, parseResult) -> failure(ex, commandLine.getErr()));
            int code = cli.execute(args);
            out.flush();
            err.flush();
            return code;
        } catch (Throwable t) {
            return failure(t, err);
        }
    }

    /** The exit code and message of a command that threw. */
    static int failure(Throwable ex, PrintWriter err) {
        if (ex instanceof ProgramError || ex instanceof UserError) {
            // One line whatever the message quotes from the input (a token, a value with a line
            // break).
            err.println(String.valueOf(ex.getMessage()).strip().replaceAll("\\s*\\R\\s*", " "));
            return ExitCode.BAD_INPUT;
        }
        if (ex instanceof InternalDefect) {
            err.println("isocheck: internal error (please report it): " + ex.getMessage());
            return ExitCode.INTERNAL_ERROR;
        }
        for (Throwable c = ex; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError) {
                err.println(
                        "isocheck: out of stack space (the input nests too deeply for the default stack); "
                                + "run with a larger stack, e.g. ISOCHECK_JAVA_OPTS=-Xss512m ./isocheck …");
                return ExitCode.RESOURCES;
            }
            if (c instanceof OutOfMemoryError) {
                err.println(
                        "isocheck: out of memory ("
                                + c.getMessage()
                                + "); run with a larger heap, "
                                + "e.g. ISOCHECK_JAVA_OPTS=-Xmx8g ./isocheck …");
                return ExitCode.RESOURCES;
            }
            if (c.getCause() == c) break;
        }
        err.println("isocheck: internal error (please report it): " + ex);
        ex.printStackTrace(err);
        return ExitCode.INTERNAL_ERROR;
    }

    private static String firstLine(String message) {
        if (message == null) return "bad usage";
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    private static int version(PrintWriter out) throws Exception {
        // Start-up: the jar's manifest names the version, and the JVM defines the package from the
        // class-data-sharing archive's copy of it; VersionProvider (picocli's interface, a
        // resource) would open the 6,900-entry jar. Without a manifest (tests): VersionProvider.
        String v = Main.class.getPackage().getImplementationVersion();
        if (v != null) {
            out.println("isocheck " + v);
            return ExitCode.OK;
        }
        for (String line : new VersionProvider().getVersion()) {
            out.println(line);
        }
        return ExitCode.OK;
    }

    /**
     * The command tree for {@code args}: when the first argument names a subcommand, a root with
     * just that subcommand (or none, for a lone {@code --version}); otherwise the full tree.
     * Start-up: see {@link SingleCommandRoot}.
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
                    case "repair" -> new RepairCommand();
                    case "catalogue" -> new CatalogueCommand();
                    default -> null;
                };
        boolean versionOnly = args.length == 1 && (first.equals("--version") || first.equals("-V"));
        if (sub == null && !versionOnly) {
            return new CommandLine(new IsocheckCommand());
        }
        CommandLine root = new CommandLine(new SingleCommandRoot());
        if (sub != null) {
            // a CommandLine of its own: picocli applies a command's model transformer
            // (OutputFormatOption.Described) only to CommandLines built from the object
            root.addSubcommand(first, new CommandLine(sub));
        }
        return root;
    }
}
