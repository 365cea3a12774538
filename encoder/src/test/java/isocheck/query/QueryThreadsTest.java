package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueryThreadsTest {

    private static List<Callable<Integer>> numbered(int n, List<Integer> startOrder) {
        List<Callable<Integer>> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            jobs.add(
                    () -> {
                        startOrder.add(k);
                        return k * k;
                    });
        }
        return jobs;
    }

    @Test
    void everyJobsResultIsItsOwnAndJobsStartInOrderOnOneWorker() throws Exception {
        List<Integer> started = Collections.synchronizedList(new ArrayList<>());
        QueryThreads.Batch<Integer> b = QueryThreads.start(numbered(20, started), 1, () -> false);
        for (int i = 0; i < 20; i++) assertEquals(i * i, b.result(i));
        b.awaitWorkers(() -> {});
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) expected.add(i);
        assertEquals(expected, started);
    }

    /**
     * Threads outlive their batch: a later batch runs on threads an earlier one started. A thread
     * can be caught between its future's completion and its next poll even after {@link #awaitIdle}
     * (CI's encoder run saw one new thread, stop 22), so the pair of batches is tried up to five
     * times and one reuse suffices; a pool that started threads per batch fails all five.
     */
    @Test
    void aBatchRunsOnThreadsThatAnEarlierBatchStarted() throws Exception {
        List<String> tries = new ArrayList<>();
        for (int attempt = 0; attempt < 5; attempt++) {
            Set<Thread> before = null;
            Set<Thread> second = Collections.synchronizedSet(new HashSet<>());
            for (int batch = 0; batch < 2; batch++) {
                Set<Thread> seen = batch == 0 ? new HashSet<>() : second;
                List<Callable<Thread>> jobs = new ArrayList<>();
                for (int i = 0; i < 6; i++)
                    jobs.add(
                            () -> {
                                seen.add(Thread.currentThread());
                                return Thread.currentThread();
                            });
                QueryThreads.Batch<Thread> b = QueryThreads.start(jobs, 2, () -> false);
                for (int i = 0; i < 6; i++) b.result(i);
                b.awaitWorkers(() -> {});
                awaitIdle(); // a worker's thread is idle again only just after its future completes
                // the query threads alive after the first batch (an earlier test's among them)
                if (batch == 0) before = queryThreads();
            }
            assertTrue(second.size() <= 2, second.toString());
            if (before.containsAll(second)) return;
            tries.add("a new thread was started: " + second + " " + before);
        }
        throw new AssertionError(String.join("; ", tries));
    }

    /**
     * Waits (at most 10 s) until every query thread waits for work (TIMED_WAITING: a pool thread
     * polls for its next job with the keep-alive as timeout), so that under load the second batch
     * does not find a thread still on its way back and start a new one: a fixed sleep was a race.
     */
    private static void awaitIdle() throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < until) {
            boolean idle = true;
            for (Thread t : queryThreads())
                if (t.getState() != Thread.State.TIMED_WAITING) idle = false;
            if (idle) return;
            Thread.sleep(5);
        }
    }

    private static Set<Thread> queryThreads() {
        Set<Thread> out = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet())
            if (t.getName().equals("isocheck-query")) out.add(t);
        return out;
    }

    @Test
    void aFailingJobFailsOnlyItsOwnResult() throws Exception {
        List<Callable<Integer>> jobs =
                List.of(
                        () -> 1,
                        () -> {
                            throw new IllegalStateException("boom");
                        },
                        () -> 3);
        QueryThreads.Batch<Integer> b = QueryThreads.start(jobs, 2, () -> false);
        assertEquals(1, b.result(0));
        ExecutionException e = assertThrows(ExecutionException.class, () -> b.result(1));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(3, b.result(2));
        b.awaitWorkers(() -> {});
    }

    @Test
    void afterAStopNoFurtherJobStartsAndTheWorkersEnd() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ran = new AtomicInteger();
        List<Callable<Integer>> jobs = new ArrayList<>();
        for (int i = 0; i < 50; i++)
            jobs.add(
                    () -> {
                        if (ran.incrementAndGet() == 3) stop.set(true);
                        return 0;
                    });
        QueryThreads.Batch<Integer> b = QueryThreads.start(jobs, 2, stop::get);
        b.awaitWorkers(() -> {});
        // the job that stopped it, and at most the other worker's job in flight
        assertTrue(ran.get() >= 3 && ran.get() <= 4, "ran " + ran.get());
    }

    /**
     * Job 0 is held (expected to end the batch) and blocks until the test releases it: no job after
     * it may start before it has finished, though a second worker is free; released, the rest run
     * and every result is its own.
     */
    @Test
    void noJobStartsBehindAHeldOneBeforeItFinishes() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        List<Integer> started = Collections.synchronizedList(new ArrayList<>());
        List<Callable<Integer>> jobs = sixWithTheFirstWaitingFor(release, started);
        boolean[] holds = {true, false, false, false, false, false};
        QueryThreads.Batch<Integer> b =
                QueryThreads.start(jobs, 2, () -> false, holds, Integer.MAX_VALUE);
        Thread.sleep(300); // time enough for the free worker to start job 1, were it allowed to
        assertEquals(List.of(0), List.copyOf(started));
        release.countDown();
        for (int i = 0; i < 6; i++) assertEquals(i * i, b.result(i));
        b.awaitWorkers(() -> {});
        assertEquals(6, started.size());
    }

    /**
     * With one job ahead, while job 0 runs the free worker starts job 1 only, not job 2; a stop
     * while it waits ends it without starting job 2.
     */
    @Test
    void aWorkerStartsAtMostTheGivenNumberOfJobsPastTheFirstUnanswered() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        List<Integer> started = Collections.synchronizedList(new ArrayList<>());
        List<Callable<Integer>> jobs = sixWithTheFirstWaitingFor(release, started);
        AtomicBoolean stop = new AtomicBoolean();
        QueryThreads.Batch<Integer> b = QueryThreads.start(jobs, 2, stop::get, new boolean[6], 1);
        assertEquals(1, b.result(1));
        Thread.sleep(300);
        assertEquals(List.of(0, 1), List.copyOf(started).stream().sorted().toList());
        stop.set(true);
        release.countDown();
        b.awaitWorkers(() -> {});
        assertEquals(2, started.size(), started.toString());
    }

    /** numbered(6, started), but job 0 (recorded as started) returns only once release opens. */
    private static List<Callable<Integer>> sixWithTheFirstWaitingFor(
            java.util.concurrent.CountDownLatch release, List<Integer> started) {
        List<Callable<Integer>> jobs = new ArrayList<>();
        jobs.add(
                () -> {
                    started.add(0);
                    release.await();
                    return 0;
                });
        jobs.addAll(numbered(6, started).subList(1, 6));
        return jobs;
    }
}
