package isocheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long fuzzing run of benchmarks/fuzz.sh: {@code -Disocheck.fuzz.inputs=N} cases (seed {@code
 * -Disocheck.fuzz.seed}, default 1) on {@code -Disocheck.fuzz.threads} workers (default 1) in this
 * one JVM; outcomes by exit code and input kind printed and written to
 * analyzer/target/fuzz/summary.txt, every contract violation saved under
 * analyzer/target/fuzz-findings. Case i's input depends only on the seed and i (its own Random from
 * the master sequence), so a finding replays whatever the worker count. Skipped in the normal test
 * run (no property set).
 */
@EnabledIfSystemProperty(named = "isocheck.fuzz.inputs", matches = "\\d+")
class FuzzCampaignTest {

    /** Counts shared by the workers (guarded by this object's monitor). */
    private static final class Tally {
        final Map<String, int[]> byKind =
                new TreeMap<>(); // kind -> counts of exit 0,1,2,3,4, other
        final Map<String, double[]> secondsByKind = new TreeMap<>(); // kind -> total, slowest
        final Map<Integer, Integer> byCode = new TreeMap<>();
        int done;
        int violations;

        /**
         * Violations whose case overlapped a stall of the harness of at least 2 s (see {@link
         * Stalls}).
         */
        int duringStalls;

        double slowest;
    }

    /**
     * A sleeper thread that wakes every 50 ms and logs each wake-up more than a second late: a
     * stall in which the JVM (a garbage collection) or the machine (load) ran none of its threads,
     * the deadline's watchdog included. A run past its deadline still counts as a violation; the
     * findings say whether it overlapped one.
     */
    private static final class Stalls {
        private final List<long[]> log = new ArrayList<>(); // {end nanos, length nanos}

        Stalls() {
            Thread t =
                    new Thread(
                            () -> {
                                long last = System.nanoTime();
                                while (true) {
                                    try {
                                        Thread.sleep(50);
                                    } catch (InterruptedException e) {
                                        return;
                                    }
                                    long now = System.nanoTime();
                                    if (now - last > 1_050_000_000L) {
                                        synchronized (log) {
                                            log.add(new long[] {now, now - last - 50_000_000L});
                                        }
                                    }
                                    last = now;
                                }
                            },
                            "fuzz-stall-detector");
            t.setDaemon(true);
            t.start();
        }

        /** The longest stall (seconds) that overlapped [from, to]. */
        double longestDuring(long from, long to) {
            double max = 0;
            synchronized (log) {
                for (long[] e : log) {
                    if (e[0] >= from && e[0] - e[1] <= to) max = Math.max(max, e[1] / 1e9);
                }
            }
            return max;
        }

        int count() {
            synchronized (log) {
                return log.size();
            }
        }
    }

    @Test
    void campaign() throws Exception {
        int n = Integer.parseInt(System.getProperty("isocheck.fuzz.inputs"));
        long seed = Long.parseLong(System.getProperty("isocheck.fuzz.seed", "1"));
        int threads = Integer.parseInt(System.getProperty("isocheck.fuzz.threads", "1"));
        Path work = Path.of("target", "fuzz");
        CliFuzzer fuzzer = new CliFuzzer(work.resolve("seeds"));
        Random master = new Random(seed);
        long[] caseSeeds = new long[n];
        for (int i = 0; i < n; i++) caseSeeds[i] = master.nextLong();
        Tally tally = new Tally();
        Stalls stalls = new Stalls();
        // -Disocheck.fuzz.from=K starts at case K (the earlier cases' seeds are still drawn, so
        // case
        // K is the same input as in a full run): to replay the neighbourhood of a finding.
        AtomicInteger next = new AtomicInteger(Integer.getInteger("isocheck.fuzz.from", 0));
        long start = System.nanoTime();
        try (PrintWriter findings =
                new PrintWriter(Files.newBufferedWriter(work.resolve("findings.txt")))) {
            List<Thread> workers = new ArrayList<>();
            List<Throwable> crashes = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                Path caseDir = work.resolve("case-" + w);
                Thread t =
                        new Thread(
                                () -> {
                                    try {
                                        for (int i = next.getAndIncrement();
                                                i < n;
                                                i = next.getAndIncrement()) {
                                            runCase(
                                                    fuzzer,
                                                    caseSeeds[i],
                                                    caseDir,
                                                    tally,
                                                    stalls,
                                                    findings,
                                                    n,
                                                    seed,
                                                    start,
                                                    work);
                                        }
                                    } catch (Throwable e) {
                                        synchronized (crashes) {
                                            crashes.add(e);
                                        }
                                    }
                                },
                                "fuzz-worker-" + w);
                t.start();
                workers.add(t);
            }
            for (Thread t : workers) t.join();
            if (!crashes.isEmpty())
                throw new AssertionError("a fuzz worker failed", crashes.get(0));
        }
        String sb;
        synchronized (tally) {
            sb =
                    summary(n, seed, threads, start, tally)
                            + "harness stalls of more than 1 s: "
                            + stalls.count()
                            + "\n";
        }
        System.out.print(sb);
        Files.writeString(work.resolve("summary.txt"), sb);
        assertEquals(
                0, tally.violations, "contract violations: see analyzer/target/fuzz/findings.txt");
    }

    private static void runCase(
            CliFuzzer fuzzer,
            long caseSeed,
            Path caseDir,
            Tally tally,
            Stalls stalls,
            PrintWriter findings,
            int n,
            long seed,
            long start,
            Path work)
            throws Exception {
        long from = System.nanoTime();
        CliFuzzer.Outcome o = fuzzer.runOne(new Random(caseSeed), caseDir);
        double stall = stalls.longestDuring(from, System.nanoTime());
        List<String> v = CliFuzzer.violations(o);
        String kind = o.kind().substring(0, o.kind().indexOf(' '));
        if (!v.isEmpty()) {
            Path keep =
                    Files.createDirectories(
                            Path.of("target", "fuzz-findings", Long.toString(caseSeed)));
            try (var files = Files.walk(caseDir)) {
                for (Path p : files.filter(Files::isRegularFile).toList()) {
                    Files.copy(
                            p,
                            keep.resolve(caseDir.relativize(p).toString().replace('/', '_')),
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
            synchronized (findings) {
                findings.println(
                        caseSeed
                                + "\t"
                                + v
                                + "\t"
                                + o.kind()
                                + "\tisocheck "
                                + String.join(" ", o.args())
                                + "\t"
                                + o.err().lines().limit(3).reduce("", (a, b) -> a + b + " | ")
                                + String.format(
                                        "\tlongest harness stall during the case %.1f s; load %s",
                                        stall, loadAverage()));
                findings.flush();
            }
        }
        String snapshot = null;
        synchronized (tally) {
            tally.byCode.merge(o.exitCode(), 1, Integer::sum);
            int[] c = tally.byKind.computeIfAbsent(kind, k -> new int[6]);
            c[o.exitCode() >= 0 && o.exitCode() <= 4 ? o.exitCode() : 5]++;
            double[] s = tally.secondsByKind.computeIfAbsent(kind, k -> new double[2]);
            s[0] += o.seconds();
            s[1] = Math.max(s[1], o.seconds());
            tally.slowest = Math.max(tally.slowest, o.seconds());
            if (!v.isEmpty()) tally.violations++;
            if (!v.isEmpty() && stall >= 2) tally.duringStalls++;
            tally.done++;
            if (tally.done % 250 == 0 && tally.done < n) {
                snapshot =
                        summary(tally.done, seed, 0, start, tally)
                                + "(run in progress: "
                                + n
                                + " inputs asked)\n";
            }
        }
        if (snapshot != null) {
            // A snapshot, so that a long run stopped early still has its counts.
            synchronized (findings) {
                Files.writeString(work.resolve("summary.txt"), snapshot);
                censusOfStrayThreads(work.resolve("stray-threads.txt"));
            }
        }
    }

    /**
     * Appends every live thread that is neither the harness's nor the JVM's own, with its stack: a
     * command that returned while a thread it started runs on (work not cancelled at its deadline)
     * shows here, long before it shows as heap.
     */
    private static void censusOfStrayThreads(Path file) throws java.io.IOException {
        StringBuilder sb = new StringBuilder();
        for (var e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            String name = t.getName();
            if (t == Thread.currentThread()
                    || name.startsWith("fuzz-")
                    || name.startsWith("surefire")
                    || name.startsWith("junit")
                    || name.equals("main")
                    || name.equals("Reference Handler")
                    || name.equals("Finalizer")
                    || name.equals("Signal Dispatcher")
                    || name.equals("Common-Cleaner")
                    || name.equals("Notification Thread")
                    || name.equals("Attach Listener")
                    || e.getValue().length == 0) {
                continue;
            }
            sb.append(java.time.Instant.now())
                    .append(' ')
                    .append(name)
                    .append(" (")
                    .append(t.getState())
                    .append(")\n");
            for (StackTraceElement f : e.getValue()) sb.append("    at ").append(f).append('\n');
        }
        if (sb.length() > 0) {
            Files.writeString(
                    file,
                    sb,
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String summary(int n, long seed, int threads, long start, Tally t) {
        double seconds = (System.nanoTime() - start) / 1e9;
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        "fuzz: %d inputs (seed %d%s) in %.0f s (%.1f inputs/s), slowest run %.1f s, %d contract violations"
                                + " (%d of them during a harness stall of 2 s or more)%n",
                        n,
                        seed,
                        threads > 0 ? ", " + threads + " workers" : "",
                        seconds,
                        n / seconds,
                        t.slowest,
                        t.violations,
                        t.duringStalls));
        sb.append("exit codes:");
        t.byCode.forEach((code, count) -> sb.append(' ').append(code).append(": ").append(count));
        sb.append('\n')
                .append(
                        String.format(
                                "%-12s %7s %7s %7s %7s %7s %7s %9s %9s%n",
                                "input", "exit 0", "1", "2", "3", "4", "other", "mean s", "max s"));
        t.byKind.forEach(
                (k, c) -> {
                    double[] s = t.secondsByKind.get(k);
                    int count = c[0] + c[1] + c[2] + c[3] + c[4] + c[5];
                    sb.append(
                            String.format(
                                    "%-12s %7d %7d %7d %7d %7d %7d %9.3f %9.1f%n",
                                    k, c[0], c[1], c[2], c[3], c[4], c[5], s[0] / count, s[1]));
                });
        return sb.toString();
    }
}
