package isocheck.run;

/**
 * The deadline of {@code isocheck run --timeout} as the run layer sees it: set on the command's
 * thread and inherited by the client and step threads it starts. The clients stop taking
 * transactions when it passes, the coordinator closes their connections (which ends a statement
 * waiting on a lock) and the private schema is dropped as on any other failure; {@link RunTimedOut}
 * then carries what was left. Without a deadline nothing changes.
 */
public final class RunDeadline {

    private static final InheritableThreadLocal<Long> DEADLINE = new InheritableThreadLocal<>();

    private RunDeadline() {}

    /**
     * Sets this thread's (and its future children's) deadline: {@code nanos} on {@link
     * System#nanoTime()}'s clock.
     */
    public static void set(long nanos) {
        DEADLINE.set(nanos);
    }

    /** Whether a deadline is set and has passed. */
    static boolean passed() {
        Long d = DEADLINE.get();
        return d != null && System.nanoTime() - d >= 0;
    }

    /**
     * Milliseconds until the deadline (at least 0), or {@code max} when there is none or it is
     * further away.
     */
    static long millisLeft(long max) {
        Long d = DEADLINE.get();
        if (d == null) return max;
        return Math.max(0, Math.min(max, (d - System.nanoTime()) / 1_000_000L));
    }
}
