package isocheck.primitive;

import java.util.function.IntConsumer;

/**
 * Runs the independent parts of a large history's work on all cores: part 0 on the calling thread,
 * the others on threads of their own, joined before returning. Below {@link #threshold} items the
 * work runs on the caller alone (a thread costs more than it saves on a small history, and a
 * command on a small input must start fast). {@code ISOCHECK_THREADS=1} (or the system property
 * {@code isocheck.threads}) turns the parallel paths off, e.g. to measure them.
 */
public final class Parallel {
    private static final int THREADS = configuredThreads();

    /** Work (operations) below which {@link #parts} is 1; tests lower it to exercise the paths. */
    private static volatile int threshold = 200_000;

    private Parallel() {}

    private static int configuredThreads() {
        String s = System.getProperty("isocheck.threads", System.getenv("ISOCHECK_THREADS"));
        int cores = Runtime.getRuntime().availableProcessors();
        if (s != null) {
            try {
                return Math.max(1, Math.min(Integer.parseInt(s.trim()), 64));
            } catch (NumberFormatException e) {
                return Math.min(cores, 8);
            }
        }
        return Math.min(cores, 8);
    }

    /** How many parts to split {@code work} items into: 1 when small or single-threaded. */
    public static int parts(long work) {
        return work < threshold ? 1 : THREADS;
    }

    /** Sets the work threshold (tests: 0 splits every history); returns the previous one. */
    public static int setThreshold(int items) {
        int old = threshold;
        threshold = items;
        return old;
    }

    /**
     * Runs {@code part.accept(i)} for i in 0..n-1, i = 0 on the caller, and waits for all. An
     * exception or error of any part is rethrown (the first part's first).
     */
    public static void run(int n, IntConsumer part) {
        if (n <= 1) {
            if (n == 1) {
                part.accept(0);
            }
            return;
        }
        Thread[] threads = new Thread[n];
        Throwable[] failed = new Throwable[n];
        for (int i = 1; i < n; i++) {
            int p = i;
            threads[i] =
                    new Thread(
                            () -> {
                                try {
                                    part.accept(p);
                                } catch (Throwable t) {
                                    failed[p] = t;
                                }
                            },
                            "isocheck-part-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        try {
            part.accept(0);
        } catch (Throwable t) {
            failed[0] = t;
        }
        for (int i = 1; i < n; i++) {
            joinUninterruptibly(threads[i]);
        }
        for (Throwable t : failed) {
            rethrow(t);
        }
    }

    /** Work started by {@link #start}; {@link #join} waits for it and rethrows its failure. */
    public interface Task {
        void join();
    }

    /**
     * Starts {@code work} on a thread of its own if {@code parallel}, else runs it now; the caller
     * goes on with other work and {@link Task#join joins} it before using its results.
     */
    public static Task start(boolean parallel, Runnable work) {
        if (!parallel || THREADS < 2) {
            work.run();
            return () -> {};
        }
        Throwable[] failed = new Throwable[1];
        Thread thread =
                new Thread(
                        () -> {
                            try {
                                work.run();
                            } catch (Throwable t) {
                                failed[0] = t;
                            }
                        },
                        "isocheck-task");
        thread.setDaemon(true);
        thread.start();
        return () -> {
            joinUninterruptibly(thread);
            rethrow(failed[0]);
        };
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Splits {@code 0..n-1} into {@code parts} contiguous ranges of about equal weight, where
     * {@code prefix[i]} is the total weight of items before i (prefix has n + 1 entries); returns
     * the parts + 1 boundaries.
     */
    public static int[] split(int n, int parts, java.util.function.IntUnaryOperator prefix) {
        int[] bounds = new int[parts + 1];
        long total = prefix.applyAsInt(n);
        int i = 0;
        for (int p = 1; p < parts; p++) {
            long target = total * p / parts;
            int lo = i;
            int hi = n;
            while (lo < hi) { // first index whose prefix reaches the target
                int mid = (lo + hi) >>> 1;
                if (prefix.applyAsInt(mid) < target) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            i = lo;
            bounds[p] = i;
        }
        bounds[parts] = n;
        return bounds;
    }
}
