package isocheck.cli;

import picocli.CommandLine.Option;

/**
 * The time limits of the solver commands (analyze, verify, weakest), one picocli mixin: {@code
 * --timeout} bounds the whole command ({@link CommandDeadline}: reading, building, encoding,
 * solving; exit 3 with what was left) and, by default, each solver query; {@code --query-timeout}
 * bounds each query alone.
 */
final class SolverDeadlineOptions {

    /**
     * Each solver query's time limit when neither {@code --query-timeout} nor {@code --timeout} is
     * given.
     */
    static final int QUERY_TIMEOUT_DEFAULT = 60;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            description =
                    "time limit for the whole command (reading, building, "
                            + "encoding, solving); when it runs out the answer is unknown (exit 3) with what was left. It also bounds each "
                            + "solver query; without it each query gets "
                            + QUERY_TIMEOUT_DEFAULT
                            + " s and the command has no overall limit")
    Integer timeout;

    @Option(
            names = "--query-timeout",
            paramLabel = "SECONDS",
            description =
                    "time limit of each solver query "
                            + "(default: --timeout, or "
                            + QUERY_TIMEOUT_DEFAULT
                            + " s without it); a query that runs out answers unknown")
    Integer queryTimeoutOption;

    /**
     * Checks both limits, starts the command's deadline, and returns each query's limit in seconds.
     */
    int start() {
        if (timeout != null && timeout < 1)
            throw new UserError("--timeout must be a positive number of seconds, not " + timeout);
        if (queryTimeoutOption != null && queryTimeoutOption < 1) {
            throw new UserError(
                    "--query-timeout must be a positive number of seconds, not "
                            + queryTimeoutOption);
        }
        if (timeout != null) CommandDeadline.start(timeout, "--timeout " + timeout);
        return queryTimeoutOption != null
                ? queryTimeoutOption
                : timeout != null ? timeout : QUERY_TIMEOUT_DEFAULT;
    }
}
