package isocheck.query;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads an {@link Analysis} asks its queries on, kept for the whole process. A thread's first
 * Z3 context costs far more than the next ones: about 47 ms against under 1 ms for a bare {@code
 * new Context()} in a fresh thread on the 2-core machine. When every analysis started two threads
 * of its own, each of the 26 analyses of TPC-C's {@code weakest --per-transaction} paid it again,
 * for the query's context and again for its first canonical one (45–140 ms each: 5.5 s of thread
 * time in context creation for 366 contexts whose median took 0.9 ms; benchmarks/RESULTS.md, branch
 * static9). Here idle threads are reused (they end after a minute without work), and an analysis's
 * jobs are still taken in order by at most its {@code threads} workers, as a fixed pool of that
 * size took them: which queries run, in which order, and so every answer and model are unchanged. A
 * worker is never queued behind another (the pool grows when every thread is busy), so an analysis
 * started from a worker (none is today) cannot wait for a thread held by its caller.
 */
final class QueryThreads {

    private static final ExecutorService POOL =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "isocheck-query");
                        t.setDaemon(true);
                        return t;
                    });

    private QueryThreads() {}

    /**
     * Starts {@code threads} of the pool, each creating and closing one Z3 context, and returns at
     * once: the native library's loading and each thread's costly first context are then paid while
     * the caller reads its inputs (the program's parse), not before the first query. The threads
     * stay idle in the pool for the analysis's workers to take.
     */
    static void warmUp(int threads) {
        for (int i = 0; i < threads; i++) {
            POOL.submit(
                    () -> {
                        try (com.microsoft.z3.Context ctx = new com.microsoft.z3.Context()) {
                            return null;
                        }
                    });
        }
    }

    /**
     * The jobs of one batch, started on {@code workers} threads in order: each worker takes the
     * next job not yet taken until none is left or {@code stop} says so. {@link #result} waits for
     * one job's result, {@link #awaitWorkers} for the workers to have stopped.
     */
    static final class Batch<R> {
        private final List<CompletableFuture<R>> results = new ArrayList<>();
        private final List<Future<?>> workers = new ArrayList<>();

        private Batch() {}

        /**
         * The result of job {@code i}: its value, or its exception wrapped in an {@link
         * ExecutionException}.
         */
        R result(int i) throws InterruptedException, ExecutionException {
            return results.get(i).get();
        }

        /**
         * Waits until every worker has stopped (after a stop, a worker finishes its current job
         * only), so no job of the batch still holds a Z3 context; runs {@code everySecond} each
         * second it waits (a cancel repeated: one that reached a context just before its solver
         * started may not have stopped it).
         */
        void awaitWorkers(Runnable everySecond) {
            boolean interrupted = false;
            for (Future<?> w : workers) {
                while (true) {
                    try {
                        w.get(1, TimeUnit.SECONDS);
                        break;
                    } catch (TimeoutException e) {
                        everySecond.run();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    } catch (ExecutionException e) {
                        break; // a worker records its jobs' failures in their results
                    }
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    static <R> Batch<R> start(
            List<? extends Callable<R>> jobs,
            int workers,
            java.util.function.BooleanSupplier stop) {
        return start(jobs, workers, stop, new boolean[jobs.size()], Integer.MAX_VALUE);
    }

    /**
     * As {@link #start(List, int, java.util.function.BooleanSupplier)}, except that a worker waits
     * before starting job i (or until {@code stop}) while an earlier job marked in {@code holds},
     * or any job before i - {@code ahead}, has not finished: for a caller whose batch most likely
     * ends at its first satisfiable job, the jobs after one it expects to be that one ({@link
     * LikelySat}) are not started speculatively, nor more than {@code ahead} jobs past the first
     * unanswered. Which jobs the caller reads, and each job's own work, are unchanged.
     */
    static <R> Batch<R> start(
            List<? extends Callable<R>> jobs,
            int workers,
            java.util.function.BooleanSupplier stop,
            boolean[] holds,
            int ahead) {
        Batch<R> batch = new Batch<>();
        for (int i = 0; i < jobs.size(); i++) batch.results.add(new CompletableFuture<>());
        AtomicInteger next = new AtomicInteger();
        Runnable worker =
                () -> {
                    for (int i = next.getAndIncrement();
                            i < jobs.size() && !stop.getAsBoolean();
                            i = next.getAndIncrement()) {
                        if (!awaitEarlier(batch, holds, ahead, i, stop)) return;
                        SideAttempts.enter();
                        try {
                            batch.results.get(i).complete(jobs.get(i).call());
                        } catch (Throwable t) {
                            batch.results.get(i).completeExceptionally(t);
                        } finally {
                            SideAttempts.leave();
                        }
                    }
                };
        for (int w = 0; w < workers; w++) batch.workers.add(POOL.submit(worker));
        return batch;
    }

    /**
     * Waits until every job before {@code i} marked in {@code holds}, and every job before i -
     * {@code ahead}, has a result; false if {@code stop} said so first (job i is then not started).
     */
    private static boolean awaitEarlier(
            Batch<?> batch,
            boolean[] holds,
            int ahead,
            int i,
            java.util.function.BooleanSupplier stop) {
        for (int h = 0; h < i; h++) {
            if (!holds[h] && h >= (long) i - ahead) continue;
            CompletableFuture<?> r = batch.results.get(h);
            while (!r.isDone()) {
                if (stop.getAsBoolean()) return false;
                try {
                    r.get(20, TimeUnit.MILLISECONDS);
                } catch (TimeoutException | ExecutionException e) {
                    // not yet, or failed (which is an answer too)
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return !stop.getAsBoolean();
    }
}
