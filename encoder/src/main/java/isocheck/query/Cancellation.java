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

    synchronized void cancel() {
        cancelled = true;
        for (Context c : live) c.interrupt();
    }

    synchronized boolean cancelled() {
        return cancelled;
    }

    /** Registers a context to be interrupted on {@link #cancel}; interrupts it at once if that already happened. */
    synchronized void enter(Context c) {
        live.add(c);
        if (cancelled) c.interrupt();
    }

    synchronized void leave(Context c) {
        live.remove(c);
    }
}
