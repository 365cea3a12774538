package isocheck.bench;

import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.history.History;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checker benchmark of issue 5: generates histories ({@link HistoryGenerator}) and, for each
 * history and level, runs a fresh JVM ({@code -Xmx4g} unless told otherwise) that parses the file
 * (our JSON Lines) and checks the level, reporting parse time, check time and peak heap.
 *
 * <pre>
 * mvn -q -o -pl benchmarks -am compile dependency:build-classpath -Dmdep.outputFile=cp.txt
 * java -cp benchmarks/target/classes:$(cat benchmarks/cp.txt) isocheck.bench.CheckerBench [options]
 *   --sizes 10000,100000,1000000,10000000   operations of the standard rows (50 sessions, ≈10 ops/txn)
 *   --awdit 1000000                         operations of the many-session row (0 = none)
 *   --levels rc,ra,cc   --heap 4g   --stale N (inject N stale reads)   --dir DIR (keep files)
 * </pre>
 *
 * <p>Times are wall-clock seconds from the start of parsing; CPU s is the JVM process's CPU time
 * over the same span (all threads: GC and JIT included), which other load on the machine inflates
 * less. Peak heap is the sum over the heap memory pools of their peak usage, read after the check:
 * an upper bound of the live-plus-garbage heap at its fullest (pools peak at different moments).
 */
public final class CheckerBench {
    private CheckerBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("measure")) {
            measure(Path.of(args[1]), Level.parse(args[2]));
            return;
        }
        List<Long> sizes = List.of(10_000L, 100_000L, 1_000_000L, 10_000_000L);
        long awdit = 1_000_000L;
        List<Level> levels = List.of(Level.RC, Level.RA, Level.CC);
        String heap = "4g";
        long stale = 0;
        Path dir = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> {
                    sizes = new ArrayList<>();
                    for (String s : args[++i].split(",")) {
                        sizes.add(Long.parseLong(s.trim()));
                    }
                }
                case "--awdit" -> awdit = Long.parseLong(args[++i]);
                case "--levels" -> {
                    levels = new ArrayList<>();
                    for (String s : args[++i].split(",")) {
                        levels.add(Level.parse(s));
                    }
                }
                case "--heap" -> heap = args[++i];
                case "--stale" -> stale = Long.parseLong(args[++i]);
                case "--dir" -> dir = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        boolean keep = dir != null;
        if (dir == null) {
            dir = Files.createTempDirectory("isocheck-bench");
        }
        Files.createDirectories(dir);
        System.out.println(
                "| history | sessions | txns | ops | file MB | level | parse s | check s | total s | CPU s | peak heap MB | verdict |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        List<HistoryGenerator.Params> rows = new ArrayList<>();
        for (long n : sizes) {
            rows.add(HistoryGenerator.Params.standard(n).withStaleReads(stale));
        }
        if (awdit > 0) {
            rows.add(HistoryGenerator.Params.awditShape(awdit).withStaleReads(stale));
        }
        for (HistoryGenerator.Params p : rows) {
            String name = (p.sessions() == 50 ? "std-" : "awdit-") + p.operations();
            Path file = dir.resolve(name + (stale > 0 ? "-stale" + stale : "") + ".jsonl");
            HistoryGenerator.Stats st = HistoryGenerator.write(p, file);
            double mb = Files.size(file) / 1e6;
            for (Level l : levels) {
                String result = child(file, l, heap);
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %d | %d | %d | %.0f | %s | %s |%n",
                        name,
                        p.sessions(),
                        st.transactions(),
                        st.operations(),
                        mb,
                        l.id().toUpperCase(Locale.ROOT),
                        result);
                System.out.flush();
            }
            if (!keep) {
                Files.delete(file);
            }
        }
        if (!keep) {
            Files.deleteIfExists(dir);
        }
    }

    private static String child(Path file, Level l, String heap)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb =
                new ProcessBuilder(
                        java,
                        "-Xmx" + heap,
                        "-Xss64m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        CheckerBench.class.getName(),
                        "measure",
                        file.toString(),
                        l.id());
        pb.redirectErrorStream(true);
        Process proc = pb.start();
        String last = null;
        StringBuilder all = new StringBuilder();
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                all.append(line).append('\n');
                last = line;
            }
        }
        int rc = proc.waitFor();
        if (rc != 0 || last == null || !last.startsWith("RESULT ")) {
            String msg =
                    all.toString()
                            .lines()
                            .filter(s -> s.contains("Error") || s.contains("Exception"))
                            .findFirst()
                            .orElse("exit " + rc);
            return "– | – | – | – | – | failed: " + msg.trim();
        }
        return last.substring("RESULT ".length());
    }

    /** Child mode: parse, check, print one RESULT line. */
    private static void measure(Path file, Level level) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        History h = HistoryReader.read(file, Format.JSON);
        long t1 = System.nanoTime();
        Verdict v = LevelChecker.of(level).check(h);
        long t2 = System.nanoTime();
        long c2 = os.getProcessCpuTime();
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        String verdict =
                v instanceof Verdict.Violated vio
                        ? "violated (" + vio.witnesses().get(0).name() + ")"
                        : "holds";
        System.out.printf(
                Locale.ROOT,
                "RESULT %.2f | %.2f | %.2f | %.2f | %d | %s%n",
                (t1 - t0) / 1e9,
                (t2 - t1) / 1e9,
                (t2 - t0) / 1e9,
                (c2 - c0) / 1e9,
                peak >> 20,
                verdict);
    }
}
