package isocheck.run;

/**
 * A run stopped by its {@link RunDeadline}; the message says what was left unfinished (the schema
 * is dropped by then).
 */
public final class RunTimedOut extends RuntimeException {

    public RunTimedOut(String leftUnfinished) {
        super(leftUnfinished, null, false, false);
    }
}
