package isocheck.cli;

/**
 * A problem with the user's input or environment (missing file, bad option value): exit 2, no stack
 * trace.
 */
public final class UserError extends RuntimeException {

    public UserError(String message) {
        super(message, null, false, false);
    }
}
