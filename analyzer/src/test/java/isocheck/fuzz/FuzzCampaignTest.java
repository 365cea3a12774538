package isocheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long fuzzing run of benchmarks/fuzz.sh: {@code -Disocheck.fuzz.inputs=N} cases (seed
 * {@code -Disocheck.fuzz.seed}, default 1), outcomes by exit code and input kind printed and written to
 * analyzer/target/fuzz/summary.txt, every contract violation saved under analyzer/target/fuzz-findings.
 * Skipped in the normal test run (no property set).
 */
@EnabledIfSystemProperty(named = "isocheck.fuzz.inputs", matches = "\\d+")
class FuzzCampaignTest {

    @Test
    void campaign() throws Exception {
        int n = Integer.parseInt(System.getProperty("isocheck.fuzz.inputs"));
        long seed = Long.parseLong(System.getProperty("isocheck.fuzz.seed", "1"));
        Path work = Path.of("target", "fuzz");
        CliFuzzer fuzzer = new CliFuzzer(work.resolve("seeds"));
        Random master = new Random(seed);
        Map<String, int[]> byKind = new TreeMap<>(); // kind -> counts of exit 0,1,2,3,4, other
        Map<Integer, Integer> byCode = new TreeMap<>();
        int violations = 0;
        double slowest = 0;
        long start = System.nanoTime();
        try (PrintWriter findings = new PrintWriter(Files.newBufferedWriter(work.resolve("findings.txt")))) {
            for (int i = 0; i < n; i++) {
                long caseSeed = master.nextLong();
                CliFuzzer.Outcome o = fuzzer.runOne(new Random(caseSeed), work.resolve("case"));
                byCode.merge(o.exitCode(), 1, Integer::sum);
                String kind = o.kind().substring(0, o.kind().indexOf(' '));
                int[] c = byKind.computeIfAbsent(kind, k -> new int[6]);
                c[o.exitCode() >= 0 && o.exitCode() <= 4 ? o.exitCode() : 5]++;
                slowest = Math.max(slowest, o.seconds());
                List<String> v = CliFuzzer.violations(o);
                if (!v.isEmpty()) {
                    violations++;
                    Path keep = Files.createDirectories(Path.of("target", "fuzz-findings", Long.toString(caseSeed)));
                    try (var files = Files.walk(work.resolve("case"))) {
                        for (Path p : files.filter(Files::isRegularFile).toList()) {
                            Files.copy(p, keep.resolve(work.resolve("case").relativize(p).toString().replace('/', '_')),
                                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                    findings.println(caseSeed + "\t" + v + "\t" + o.kind() + "\tisocheck " + String.join(" ", o.args()) + "\t"
                            + o.err().lines().limit(3).reduce("", (a, b) -> a + b + " | "));
                    findings.flush();
                }
                if ((i + 1) % 250 == 0 && i + 1 < n) {
                    // A snapshot, so that a long run stopped early still has its counts.
                    Files.writeString(work.resolve("summary.txt"), summary(i + 1, seed, start, slowest, violations, byCode, byKind)
                            + "(run in progress: " + n + " inputs asked)\n");
                }
            }
        }
        String sb = summary(n, seed, start, slowest, violations, byCode, byKind);
        System.out.print(sb);
        Files.writeString(work.resolve("summary.txt"), sb);
        assertEquals(0, violations, "contract violations: see analyzer/target/fuzz/findings.txt");
    }

    private static String summary(int n, long seed, long start, double slowest, int violations, Map<Integer, Integer> byCode,
            Map<String, int[]> byKind) {
        double seconds = (System.nanoTime() - start) / 1e9;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("fuzz: %d inputs (seed %d) in %.0f s, slowest run %.1f s, %d contract violations%n", n, seed,
                seconds, slowest, violations));
        sb.append("exit codes:");
        byCode.forEach((code, count) -> sb.append(' ').append(code).append(": ").append(count));
        sb.append('\n').append(String.format("%-12s %7s %7s %7s %7s %7s %7s%n", "input", "exit 0", "1", "2", "3", "4", "other"));
        byKind.forEach((k, c) -> sb.append(String.format("%-12s %7d %7d %7d %7d %7d %7d%n", k, c[0], c[1], c[2], c[3], c[4], c[5])));
        return sb.toString();
    }
}
