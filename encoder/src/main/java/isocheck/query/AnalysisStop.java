package isocheck.query;

/**
 * A caller's way to stop an {@link Analysis} running on another thread whose answer it no longer
 * needs ({@code weakest --per-transaction}'s speculative analysis of the next assignment, {@code
 * weakest.AssignmentSearch}): interrupts the queries' Z3 contexts as the analysis's own cancel does
 * after its first anomaly. The stopped analysis returns a partial outcome, which the caller drops.
 */
public final class AnalysisStop {

    private Cancellation current;
    private boolean stopped;

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
