package isocheck.cli;

import java.util.Locale;

/**
 * The one deadline of a command run ({@code --timeout}): it covers everything the command does,
 * reading, building, encoding, solving and indexing alike. Commands {@link #start} it as soon as
 * their options are known and name the {@link #stage} they are in; {@link Main} watches it from
 * outside the command's thread and, {@link #GRACE_MILLIS} after it has passed without the command
 * finishing on its own (the solver and the history checkers stop themselves at the deadline and
 * report what remained), answers unknown (exit 3) with the stage that was left unfinished. A
 * watchdog rather than checks in every loop: parsing, query building and history indexing have many
 * loops, and one missed check would be a hang.
 */
public final class CommandDeadline {

    /** How long after the deadline the watchdog waits for the command to stop on its own. */
    static final long GRACE_MILLIS = 500;

    private static final ThreadLocal<CommandDeadline> CURRENT = new InheritableThreadLocal<>();

    private final long startNanos;
    private volatile long deadlineNanos = Long.MAX_VALUE;
    private volatile String option = "";
    private volatile String stage = "starting";
    private volatile long graceMillis = GRACE_MILLIS;

    /** A deadline whose clock starts now. */
    CommandDeadline() {
        this(System.nanoTime());
    }

    /**
     * A deadline whose clock started at {@code startNanos} (the JVM's start, for the executable).
     */
    CommandDeadline(long startNanos) {
        this.startNanos = startNanos;
    }

    /**
     * The deadline of the command running on this thread (a fresh, unlimited one outside {@link
     * Main}).
     */
    static CommandDeadline current() {
        CommandDeadline d = CURRENT.get();
        if (d == null) {
            d = new CommandDeadline();
            CURRENT.set(d);
        }
        return d;
    }

    static void bind(CommandDeadline d) {
        CURRENT.set(d);
    }

    /**
     * Starts the deadline: {@code seconds} from the start of the command (the {@code option} text
     * names it in messages).
     */
    static void start(double seconds, String option) {
        CommandDeadline d = current();
        d.option = option;
        d.deadlineNanos = d.startNanos + (long) (seconds * 1e9);
    }

    /**
     * Starts the deadline with a longer grace: for a command that stops itself at the deadline and
     * then needs time to clean up ({@code run} drops its private schema), still within the
     * contract's T + 2 s.
     */
    static void start(double seconds, String option, long graceMillis) {
        start(seconds, option);
        current().graceMillis = graceMillis;
    }

    /** The deadline on {@link System#nanoTime()}'s clock ({@link Long#MAX_VALUE} without one). */
    static long deadlineNanos() {
        return current().deadlineNanos;
    }

    /** Seconds since the command's clock started. */
    static double elapsedSeconds() {
        return (System.nanoTime() - current().startNanos) / 1e9;
    }

    /** Names what the command is doing now (for the unknown line when the deadline passes). */
    static void stage(String what) {
        current().stage = what;
    }

    /**
     * Nanoseconds left before the deadline (negative when passed; {@link Long#MAX_VALUE} without
     * one).
     */
    long nanosLeft() {
        return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
    }

    boolean limited() {
        return deadlineNanos != Long.MAX_VALUE;
    }

    /**
     * Whether the watchdog should answer for the command now: the deadline and its grace have
     * passed.
     */
    boolean overdue() {
        return limited() && System.nanoTime() - deadlineNanos > graceMillis * 1_000_000L;
    }

    /**
     * Milliseconds until {@link #overdue()} becomes true (at least 1; {@link Long#MAX_VALUE}
     * without a deadline).
     */
    long millisUntilOverdue() {
        if (!limited()) return Long.MAX_VALUE;
        return Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000L + graceMillis);
    }

    /** The one line the watchdog prints: which limit, when, and the unfinished stage. */
    String unknownLine() {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        return String.format(
                Locale.ROOT,
                "unknown: the time limit (%s) ran out after %.1f s; left unfinished: %s",
                option,
                elapsed,
                stage);
    }
}
