package isocheck.query;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The cores the process's query work occupies, and the threads a canonical solve's next attempt
 * runs on beside the current one ({@link ReproducibleCheck}). A query job holds a core from its
 * start to its end ({@link #enter}/{@link #leave}), a job waiting for an earlier one (the
 * speculation hold of {@link QueryThreads}) does not, and neither does a thread waiting for its
 * side attempt. A side attempt is started only while a core is free by this count: on the 2-core
 * machine, when the other query thread is held or has nothing to do (TPC-C's {@code weakest
 * --per-transaction}: 38 s of CPU in 29 s of wall, quiet, stop 25), and the machine's load average
 * says no other process has it.
 */
final class SideAttempts {

    /** The process's cores, as {@link Analysis#DEFAULT_THREADS} counts them. */
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    /**
     * Whether analyses on two or more threads run side attempts: system property {@code
     * isocheck.sideAttempts}, {@code false} (default: none), {@code true} (on a free core at a load
     * average below the cores; none where there is no /proc/loadavg) or {@code always} (on a free
     * core by the process's count whatever the load: for tests). Off by default because it did not
     * measure: quiet, same jar, default off against on (RESULTS "(stop 26) Quiet re-measurement"),
     * Courseware's weakest --per-transaction took 10.7 and 10.0 s against 11.1 and 12.2 s, TPC-C's
     * 14.8 and 16.8 s against 14.6 and 17.6 s with more CPU, psi-cc --all 22.3 s against 25.6 s:
     * the side attempt's thread takes the core Z3's own work and the JIT use.
     */
    private static String mode() {
        return System.getProperty("isocheck.sideAttempts", "false");
    }

    static boolean enabled() {
        return !mode().equals("false");
    }

    private static final AtomicInteger BUSY = new AtomicInteger();

    private static final java.nio.file.Path LOADAVG = java.nio.file.Path.of("/proc/loadavg");

    /**
     * The one-minute load average from /proc/loadavg, or -1 where there is none. Not the management
     * bean's: its first call costs 170–230 ms of JMX start-up (OpenJDK 17, C1, load 11), on a query
     * thread's path.
     */
    private static double loadAverage() {
        try {
            String text = java.nio.file.Files.readString(LOADAVG);
            int end = text.indexOf(' ');
            return Double.parseDouble(end < 0 ? text.trim() : text.substring(0, end));
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * A thread's first Z3 context costs tens of milliseconds (QueryThreads), so the side threads
     * are kept and reused as the query threads are.
     */
    static final ExecutorService POOL =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "isocheck-side-attempt");
                        t.setDaemon(true);
                        return t;
                    });

    private SideAttempts() {}

    static void enter() {
        BUSY.incrementAndGet();
    }

    static void leave() {
        BUSY.decrementAndGet();
    }

    /**
     * Waits until this process's query work leaves a core free and takes it (the caller {@link
     * #leave}s it), or answers false when {@code stop} says so first: for an analysis in the
     * background ({@link AnalysisStop#background}), which then runs only while the analyses in
     * front hold fewer queries than there are cores (one of them waiting for an earlier answer,
     * {@link LikelySat}, or between analyses).
     */
    static boolean awaitCore(java.util.function.BooleanSupplier stop) {
        while (!stop.getAsBoolean()) {
            int b = BUSY.get();
            if (b < CORES && BUSY.compareAndSet(b, b + 1)) return true;
            if (b >= CORES) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    /** The cores taken now (for tests: none once every query and side attempt has ended). */
    static int busy() {
        return BUSY.get();
    }

    /**
     * Takes a free core for a side attempt, or answers false (the caller then runs none). Not while
     * the machine's load average is at the core count or above: then other processes have the core
     * this count sees free, and a side attempt slows the canonical one beside it (TPC-C's {@code
     * weakest --per-transaction} at load 6–9: wall 1.30×, CPU 1.20× with them, paired;
     * benchmarks/RESULTS.md, stop 26).
     */
    static boolean tryTakeCore() {
        if (!mode().equals("always")) {
            double load = loadAverage();
            if (load < 0 || load >= CORES) return false;
        }
        while (true) {
            int b = BUSY.get();
            if (b >= CORES) return false;
            if (BUSY.compareAndSet(b, b + 1)) return true;
        }
    }
}
