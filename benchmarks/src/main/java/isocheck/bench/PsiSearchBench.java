package isocheck.bench;

import isocheck.format.HistoryReader;
import isocheck.history.History;
import isocheck.level.CheckOptions;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.SyntheticHistories;
import isocheck.level.Verdict;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark of PSI's own polygraph search: the backward and forward searches over so/wr/ww in
 * {@code Polygraph.closes} (Cerone–Gotsman: (H+ ; rw?) irreflexive), which the automatic strategy
 * skips whenever SI holds. Checks PSI with the polygraph forced (no SI guess), with its search
 * alone (no pruning, so every decision asks the cycle check) and with AUTO ({@code
 * -Dstrategies=POLYGRAPH,SEARCH_ONLY,AUTO}, the default) on: the unstamped 20-session history of
 * {@code -Dn=10000} transactions over n/2 uniform keys (as LevelsBench makes it), the same with one
 * lost update (PSI violated), and each history file given. Prints one tab-separated line per
 * (history, strategy, repetition): name, transactions, strategy, verdict, wall seconds and CPU
 * seconds of the checking thread (the figure to compare on a shared machine).
 *
 * <pre>
 *   java -Xmx8g [-Dn=N] [-Dstrategies=S,…] -cp analyzer/target/isocheck.jar:benchmarks/target/classes \
 *       isocheck.bench.PsiSearchBench TIMEOUT_SECONDS REPEATS [HISTORY_FILE…]
 * </pre>
 */
public final class PsiSearchBench {
    private PsiSearchBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: PsiSearchBench TIMEOUT_SECONDS REPEATS [HISTORY_FILE...]");
            System.exit(2);
        }
        Duration timeout = Duration.ofMillis((long) (Double.parseDouble(args[0]) * 1000));
        int repeats = Integer.parseInt(args[1]);
        int n = Integer.getInteger("n", 10_000);
        Map<String, History> histories = new LinkedHashMap<>();
        histories.put(
                "unstamped-" + n + "-20s",
                SyntheticHistories.serializableUnstamped(
                        n, 20, n / 2, SyntheticHistories.Keys.UNIFORM, 42));
        histories.put(
                "lostupdate-" + n + "-20s",
                SyntheticHistories.withLostUpdate(
                        n, 20, n / 2, SyntheticHistories.Keys.UNIFORM, 42));
        for (int i = 2; i < args.length; i++) {
            histories.put(
                    Path.of(args[i]).getFileName().toString(),
                    HistoryReader.read(Path.of(args[i])));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<CheckOptions.Strategy> strategies =
                Arrays.stream(
                                System.getProperty("strategies", "POLYGRAPH,SEARCH_ONLY,AUTO")
                                        .split(","))
                        .map(s -> CheckOptions.Strategy.valueOf(s.trim().toUpperCase(Locale.ROOT)))
                        .toList();
        for (Map.Entry<String, History> h : histories.entrySet()) {
            for (CheckOptions.Strategy strategy : strategies) {
                for (int r = 0; r < repeats; r++) {
                    System.gc();
                    long cpu0 = threads.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    Verdict v =
                            LevelChecker.of(
                                            Level.PSI,
                                            new CheckOptions(1)
                                                    .withTimeout(timeout)
                                                    .withStrategy(strategy))
                                    .check(h.getValue());
                    double wall = (System.nanoTime() - t0) / 1e9;
                    double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
                    String verdict =
                            v instanceof Verdict.Consistent
                                    ? "consistent"
                                    : v instanceof Verdict.Violated ? "violated" : "unknown";
                    System.out.printf(
                            Locale.ROOT,
                            "%s\t%d\t%s\t%s\t%.2f s wall\t%.2f s cpu%n",
                            h.getKey(),
                            h.getValue().txnCount(),
                            strategy,
                            verdict,
                            wall,
                            cpu);
                }
            }
        }
    }
}
