package isocheck.query;

import com.microsoft.z3.Context;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Stops the queries an analysis no longer needs (those after the first anomaly, asked ahead on
 * another thread) by interrupting the Z3 contexts they are solving in. A context is interrupted
 * only while registered, i.e. between {@link #enter} and {@link #leave}, which the owner calls
 * before closing it: {@code Z3_interrupt} on a closed context would be a use after free.
 */
final class Cancellation {

    private final Set<Context> live = new LinkedHashSet<>();
    private boolean cancelled;
    private final boolean sideAttempts;

    Cancellation() {
        this(false);
    }

    /**
     * @param sideAttempts whether a canonical solve of these queries may run its next attempt
     *     beside the current one on a free core ({@link SideAttempts})
     */
    Cancellation(boolean sideAttempts) {
        this.sideAttempts = sideAttempts;
    }

    boolean sideAttempts() {
        return sideAttempts;
    }

    synchronized void cancel() {
        cancelled = true;
        for (Context c : live) interrupt(c);
    }

    /**
     * Z3's Java binding checks the context's error code after {@code Z3_interrupt}: interrupting a
     * context whose solver already stopped on an earlier interrupt throws "canceled" (seen as exit
     * 70 of {@code weakest --per-transaction} on BenchBase SmallBank, where {@link Analysis}
     * cancels again while waiting for its jobs). That context is stopped, which is all an interrupt
     * asks.
     */
    private static void interrupt(Context c) {
        try {
            c.interrupt();
        } catch (com.microsoft.z3.Z3Exception alreadyCanceled) {
            // already interrupted: nothing left to stop
        }
    }

    synchronized boolean cancelled() {
        return cancelled;
    }

    /**
     * Registers a context to be interrupted on {@link #cancel}; interrupts it at once if that
     * already happened.
     */
    synchronized void enter(Context c) {
        live.add(c);
        if (cancelled) interrupt(c);
    }

    synchronized void leave(Context c) {
        live.remove(c);
    }
}
