package isocheck.explore;

import isocheck.program.Program;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.List;

/**
 * The explorer part of one {@link SoundnessOracleTest} row, for measuring it
 * (benchmarks/RESULTS.md, "(stop 23) the explorer's time"): k = 2..maxK over the row's domains, a
 * spec with a cycle of 2 skipped at larger k as the test does; per k the executions reached, the
 * wall and process CPU milliseconds of {@code explore}, and per spec what the test compares (valid
 * count, shortest cycle, stopped, example). Run from {@code analyzer/} with the test classpath:
 * {@code java isocheck.explore.ExplorerTiming benchmarks/programs/litmus/join-phantom.sql 4}.
 */
public final class ExplorerTiming {
    private ExplorerTiming() {}

    public static void main(String[] args) throws Exception {
        String file = args[0];
        int maxK = Integer.parseInt(args[1]);
        Program program = SoundnessOracleTest.load(file);
        List<Spec> specs = new ArrayList<>();
        for (String s : SoundnessOracleTest.SPECS) specs.add(SoundnessOracleTest.spec(s));
        int n = specs.size();
        int[] found = new int[n];
        var os =
                (com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int k = 2; k <= maxK; k++) {
            ExecutionExplorer.Domain d =
                    file.endsWith("causality-violation.sql") && k == maxK
                            ? SoundnessOracleTest.ONE_STRING
                            : SoundnessOracleTest.DOMAIN;
            ExecutionExplorer explorer = new ExecutionExplorer(program, d);
            boolean[] skip = new boolean[n];
            for (int i = 0; i < n; i++) skip[i] = found[i] == 2;
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            List<ExecutionExplorer.Result> rs = explorer.explore(specs, k, skip);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            long cpu = (os.getProcessCpuTime() - cpu0) / 1_000_000;
            System.out.printf(
                    "%s k=%d: %,d executions; %d ms wall, %d ms cpu%n",
                    file, k, rs.get(0).executions(), ms, cpu);
            for (int i = 0; i < n; i++) {
                ExecutionExplorer.Result r = rs.get(i);
                System.out.println(
                        "  "
                                + SoundnessOracleTest.SPECS.get(i)
                                + " explored="
                                + r.explored()
                                + " valid="
                                + r.valid()
                                + " cycle="
                                + r.shortestCycle()
                                + " stopped="
                                + r.stoppedAtTwo()
                                + " example="
                                + r.example());
                if (r.shortestCycle() > 0 && (found[i] == 0 || r.shortestCycle() < found[i]))
                    found[i] = r.shortestCycle();
            }
        }
    }
}
