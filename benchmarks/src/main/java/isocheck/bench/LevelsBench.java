package isocheck.bench;

import isocheck.history.History;
import isocheck.level.CheckOptions;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.SyntheticHistories;
import isocheck.level.Verdict;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.Locale;

/**
 * Benchmark of the exact levels (issue 6): generates one history, checks it at the given levels,
 * prints one tab-separated line per level — workload, transactions, sessions, keys, distribution,
 * level, verdict, seconds, peak heap MiB during the check (history included), strategy.
 *
 * <pre>
 *   java -cp analyzer/target/isocheck.jar:benchmarks/target/classes isocheck.bench.LevelsBench \
 *       general|unstamped|lostupdate|mini TXNS SESSIONS uniform|zipf TIMEOUT_SECONDS LEVEL…
 * </pre>
 *
 * Run each configuration in a fresh JVM (benchmarks/levels-bench.sh does) so peaks do not mix.
 * {@code -Dstrategy=POLYGRAPH|PREFIX_SEARCH} forces a search strategy (no fast path, no guess).
 */
public final class LevelsBench {
    private LevelsBench() {}

    public static void main(String[] args) {
        if (args.length < 6) {
            System.err.println(
                    "usage: LevelsBench general|unstamped|lostupdate|mini TXNS SESSIONS uniform|zipf TIMEOUT_SECONDS LEVEL...");
            System.exit(2);
        }
        String kind = args[0];
        int n = Integer.parseInt(args[1]);
        int sessions = Integer.parseInt(args[2]);
        SyntheticHistories.Keys dist =
                SyntheticHistories.Keys.valueOf(args[3].toUpperCase(Locale.ROOT));
        double timeout = Double.parseDouble(args[4]);
        int keys = Math.max(10, n / 2);
        long g0 = System.nanoTime();
        History h =
                switch (kind) {
                    case "mini" -> SyntheticHistories.miniTransactions(n, sessions, keys, dist, 42);
                    case "unstamped" ->
                            SyntheticHistories.serializableUnstamped(n, sessions, keys, dist, 42);
                    case "lostupdate" ->
                            SyntheticHistories.withLostUpdate(n, sessions, keys, dist, 42);
                    default -> SyntheticHistories.serializable(n, sessions, keys, dist, 42);
                };
        double gen = (System.nanoTime() - g0) / 1e9;
        for (int i = 5; i < args.length; i++) {
            Level level = Level.parse(args[i]);
            System.gc();
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                p.resetPeakUsage();
            }
            long t0 = System.nanoTime();
            CheckOptions.Strategy strategy =
                    CheckOptions.Strategy.valueOf(
                            System.getProperty("strategy", "AUTO").toUpperCase(Locale.ROOT));
            Verdict v =
                    LevelChecker.of(
                                    level,
                                    new CheckOptions(1)
                                            .withTimeout(Duration.ofMillis((long) (timeout * 1000)))
                                            .withStrategy(strategy))
                            .check(h);
            double secs = (System.nanoTime() - t0) / 1e9;
            long peak = 0;
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                if (p.getType() == MemoryType.HEAP) {
                    peak += p.getPeakUsage().getUsed();
                }
            }
            String verdict =
                    v instanceof Verdict.Consistent
                            ? "consistent"
                            : v instanceof Verdict.Violated ? "violated" : "unknown";
            String used =
                    v.explain().stream()
                            .filter(s -> s.startsWith("strategy: "))
                            .reduce((a, b) -> b)
                            .map(
                                    s ->
                                            s.substring(10)
                                                    .replaceAll(" \\(.*", "")
                                                    .replaceAll(":.*", ""))
                            .orElse("-");
            String phases =
                    v.explain().stream()
                            .filter(s -> s.startsWith("CC check") || s.startsWith("time:"))
                            .reduce((a, b) -> a + "; " + b)
                            .orElse("");
            System.out.printf(
                    Locale.ROOT,
                    "%s\t%d\t%d\t%d\t%s\t%s\t%s\t%.2f\t%d\t%s\t%s\tgen %.1fs%s%n",
                    kind,
                    n,
                    sessions,
                    keys,
                    args[3],
                    level.id(),
                    verdict,
                    secs,
                    peak >> 20,
                    used,
                    phases,
                    gen,
                    v instanceof Verdict.Unknown u ? "\t" + u.reason() : "");
        }
    }
}
