package isocheck.cli;

/**
 * A defect of isocheck found by a self-check (not the user's input): exit 70 with the reason, no
 * stack trace.
 */
public final class InternalDefect extends RuntimeException {

    public InternalDefect(String message) {
        super(message, null, false, false);
    }
}
