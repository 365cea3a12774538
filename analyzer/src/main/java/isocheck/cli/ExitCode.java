package isocheck.cli;

/** The exit codes every command shares (docs/DESIGN.md §3 "Exit codes"). */
public final class ExitCode {

    /** Nothing found, or proved. */
    public static final int OK = 0;

    /** A violation or anomaly was found. */
    public static final int FINDING = 1;

    /** Bad input or usage: the message names the place. */
    public static final int BAD_INPUT = 2;

    /** Unknown: a time or search limit was reached. */
    public static final int UNKNOWN = 3;

    /**
     * The Java virtual machine ran out of a resource (stack or heap): the message says which option
     * raises it.
     */
    public static final int RESOURCES = 4;

    /** A bug in isocheck itself (the only case that prints a stack trace). */
    public static final int INTERNAL_ERROR = 70;

    private ExitCode() {}
}
