package isocheck.query;

/**
 * A caller's handle on an {@link Analysis} running on another thread: runs it in the background if
 * asked, and stops it when the caller no longer needs its answer ({@code weakest
 * --per-transaction}'s speculative analysis of the next assignment, {@code
 * weakest.AssignmentSearch}): interrupts the queries' Z3 contexts as the analysis's own cancel does
 * after its first anomaly. The stopped analysis returns a partial outcome, which the caller drops.
 */
public final class AnalysisStop {

    private final boolean background;
    private Cancellation current;
    private boolean stopped;

    /**
     * @param background whether the analysis asks its query only on a core the process's other
     *     queries leave free ({@link SideAttempts#awaitCore}), and only one: work that may be
     *     thrown away must not slow the work in front of it, nor cost much. An analysis that would
     *     ask more answers unknown instead ("stopped after one query in the background"), and the
     *     caller asks it in the foreground
     */
    public AnalysisStop(boolean background) {
        this.background = background;
    }

    boolean background() {
        return background;
    }

    /** Stops the analysis now, or at its start if it has not begun. */
    public synchronized void stop() {
        stopped = true;
        if (current != null) current.cancel();
    }

    synchronized void attach(Cancellation c) {
        current = c;
        if (stopped) c.cancel();
    }
}
