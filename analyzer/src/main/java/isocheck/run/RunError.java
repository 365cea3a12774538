package isocheck.run;

/**
 * A problem with the database or the run's inputs (connection refused, bad URL, missing driver, a
 * schema the database rejects, a malformed workload or schedule file): one line, no stack trace.
 */
public final class RunError extends RuntimeException {

    public RunError(String message) {
        super(message, null, false, false);
    }
}
