package isocheck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Soundness of the encoding against a brute-force oracle (paper Theorem 8: every valid execution is
 * a model). For each row (a program, its specs, the largest number of instances) {@link
 * ExecutionExplorer} enumerates every valid execution of 2, 3, … instances over small domains;
 * whenever one has a dependency cycle of length L under spec S, the encoder must find a cycle of
 * length ≤ L under S ({@code Analysis.run} up to the row's bound). A spec with a cycle of 2 at some
 * k is not explored at larger k (no cycle is shorter, so nothing more is asked of the encoder).
 * Where the encoder finds a shorter cycle than the explorer, or one the explorer has none of, the
 * test prints it (precision, reported not asserted: the encoding over-approximates by design, and
 * the explorer's domains and instance counts are small).
 *
 * <p>Rows: bank.sql and the litmus programs under the six shipped specs, and Courseware (inserts,
 * deletes, guards on emptiness) under the six and the Courseware hybrids of paper §6, each with up
 * to 4 instances. Domains: ints {1, 2}, strings {'a', 'b'}; at 4 instances causality-violation.sql
 * and Courseware use strings {'a'} only (14 instances each with two strings: 37 and 49 million
 * executions of 4 before pruning, minutes of CPU). For causality-violation the strings are post and
 * reply bodies that no statement compares; for Courseware one student and one course name is the
 * domain of every name, so 4 instances explore one course's life (add, remove, re-add) with its
 * enrolments, not interactions between two names. Measured run times: benchmarks/RESULTS.md.
 */
class SoundnessOracleTest {
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final ExecutionExplorer.Domain DOMAIN =
            new ExecutionExplorer.Domain(List.of(1L, 2L), List.of("a", "b"));
    static final ExecutionExplorer.Domain ONE_STRING =
            new ExecutionExplorer.Domain(List.of(1L, 2L), List.of("a"));

    static final List<String> SPECS = List.of("ec", "cc", "pc", "psi", "si", "ser");
    static final List<String> COURSEWARE_SPECS =
            List.of(
                    "courseware-hybrid-psi",
                    "courseware-hybrid-psi-cc",
                    "courseware-hybrid-si",
                    "courseware-hybrid-si-cc");

    /**
     * One program under some specs with 2..maxK instances; {@code largest} is the domain at maxK
     * (DOMAIN below it).
     */
    record Row(String file, List<String> specs, int maxK, ExecutionExplorer.Domain largest) {
        @Override
        public String toString() {
            return file.replace("benchmarks/programs/", "") + " k <= " + maxK;
        }

        ExecutionExplorer.Domain domain(int k) {
            return k == maxK ? largest : DOMAIN;
        }
    }

    static Stream<Row> rows() throws Exception {
        // -Disocheck.oracle.only=NAME keeps only the litmus programs whose file name contains NAME
        // (a targeted run)
        String only = System.getProperty("isocheck.oracle.only", "");
        List<Row> rows = new ArrayList<>();
        if (only.isEmpty()) rows.add(new Row("benchmarks/programs/bank.sql", SPECS, 4, DOMAIN));
        try (Stream<Path> files = Files.list(ROOT.resolve("benchmarks/programs/litmus"))) {
            files.filter(
                            p ->
                                    p.toString().endsWith(".sql")
                                            && p.getFileName().toString().contains(only))
                    .sorted()
                    .forEach(
                            p -> {
                                String file = ROOT.relativize(p).toString();
                                rows.add(
                                        new Row(
                                                file,
                                                SPECS,
                                                4,
                                                file.endsWith("causality-violation.sql")
                                                        ? ONE_STRING
                                                        : DOMAIN));
                            });
        }
        // locals set on IF paths inside a block and on FOUND (encoding.PathAssignment)
        for (String f : List.of("path-guards/found-flag.sql", "path-guards/refund-in-block.sql"))
            if (f.contains(only))
                rows.add(new Row("analyzer/src/test/resources/" + f, SPECS, 3, DOMAIN));
        List<String> cw = new ArrayList<>(SPECS);
        cw.addAll(COURSEWARE_SPECS);
        if (only.isEmpty())
            rows.add(new Row("benchmarks/programs/courseware.sql", cw, 4, ONE_STRING));
        return rows.stream();
    }

    static Spec spec(String name) throws Exception {
        return name.startsWith("courseware-")
                ? SpecLibrary.load(ROOT.resolve("benchmarks/programs/courseware-specs")).get(name)
                : SpecLibrary.builtin().get(name);
    }

    static Program load(String file) throws Exception {
        return ProgramLoader.parse(file, Files.readString(ROOT.resolve(file)));
    }

    /**
     * One program, its specs: the executions are enumerated once per k and each spec decides which
     * are valid.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyCycleOfAValidExecutionIsFoundByTheEncoder(Row row) throws Exception {
        Program program = load(row.file());
        List<Spec> specs = new ArrayList<>();
        for (String s : row.specs()) specs.add(spec(s));
        int n = specs.size();
        ExecutionExplorer.Result[] found = new ExecutionExplorer.Result[n];
        String[] perK = new String[n];
        List<String> failures = new ArrayList<>();
        for (int k = 2; k <= row.maxK(); k++) {
            ExecutionExplorer explorer = new ExecutionExplorer(program, row.domain(k));
            boolean[] skip = new boolean[n];
            for (int i = 0; i < n; i++) skip[i] = found[i] != null && found[i].shortestCycle() == 2;
            long start = System.nanoTime();
            List<ExecutionExplorer.Result> results = explorer.explore(specs, k, skip);
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf(
                    "%s, k = %d: %d instances, %d initial states, domains %s; %,d of %,.0f executions reached after"
                            + " pruning, %d ms%n",
                    row.file().replace("benchmarks/programs/", ""),
                    k,
                    explorer.instanceCount(),
                    explorer.initialStateCount(),
                    row.domain(k),
                    results.get(0).executions(),
                    explorer.unprunedCount(k),
                    millis);
            for (int i = 0; i < n; i++) {
                ExecutionExplorer.Result r = results.get(i);
                String note =
                        !r.explored()
                                ? "skipped (cycle of 2 at a smaller k)"
                                : r.valid()
                                        + " valid"
                                        + (r.shortestCycle() > 0
                                                ? ", cycle of " + r.shortestCycle()
                                                : ", no cycle")
                                        + (r.stoppedAtTwo() ? " (search stopped there)" : "");
                perK[i] = (perK[i] == null ? "" : perK[i] + "; ") + "k=" + k + ": " + note;
                if (!r.explored()) continue;
                if (r.valid() == 0)
                    failures.add(
                            row.specs().get(i)
                                    + ": no valid execution of "
                                    + k
                                    + " instances (the explorer explores nothing)");
                if (r.shortestCycle() > 0
                        && (found[i] == null || r.shortestCycle() < found[i].shortestCycle()))
                    found[i] = r;
            }
        }
        for (int i = 0; i < n; i++) {
            String name =
                    row.file().replace("benchmarks/programs/", "") + " under " + row.specs().get(i);
            int bound = row.maxK();
            Analysis.Outcome encoder =
                    Analysis.run(program, specs.get(i), Analysis.Options.defaults(bound));
            int encoderK = encoder.anomalies().isEmpty() ? 0 : encoder.anomalies().get(0).k();
            String summary =
                    name
                            + ": explorer "
                            + perK[i]
                            + "; shortest cycle "
                            + (found[i] == null
                                    ? "none up to " + bound
                                    : found[i].shortestCycle() + " (k = " + found[i].k() + ")")
                            + "; encoder "
                            + (encoderK == 0 ? "none up to " + bound : "cycle of " + encoderK);
            System.out.println(summary);
            // soundness: the explorer's cycle is in a valid execution, so the encoder must have one
            // at least this short
            if (found[i] != null && (encoderK == 0 || encoderK > found[i].shortestCycle())) {
                failures.add(summary + "\n  missed: " + found[i].example());
            }
            if (encoderK > 0 && (found[i] == null || encoderK < found[i].shortestCycle())) {
                Witness w = encoder.anomalies().get(0);
                System.out.println(
                        "  precision: the encoder's "
                                + w.anomaly()
                                + " "
                                + w.signature()
                                + " (k = "
                                + encoderK
                                + ") has no counterpart as short among the explored executions (up to "
                                + bound
                                + " instances)");
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * The oracle can fail: an "encoder" that leaves out valid executions (here, asked under ser
     * while the explorer enumerates ec) misses the lost update the explorer finds.
     */
    @Test
    void anEncoderMissingValidExecutionsIsCaught() throws Exception {
        Program program = load("benchmarks/programs/litmus/lost-update.sql");
        ExecutionExplorer.Result ec =
                new ExecutionExplorer(program, DOMAIN).explore(List.of(spec("ec")), 2).get(0);
        assertEquals(2, ec.shortestCycle(), ec.example());
        Analysis.Outcome tooStrong =
                Analysis.run(program, spec("ser"), Analysis.Options.defaults(2));
        assertEquals(Analysis.Verdict.NONE, tooStrong.verdict());
    }

    /**
     * The explorer reaches cycles of 4: the long fork (two writes, two readers seeing them in
     * opposite orders) needs four instances; psi allows it, si (psi with the prefix property)
     * forbids it.
     */
    @Test
    void theExplorerFindsTheLongForkWithFourInstances() throws Exception {
        Program program = load("benchmarks/programs/litmus/long-fork.sql");
        ExecutionExplorer explorer = new ExecutionExplorer(program, DOMAIN);
        List<Spec> specs = List.of(spec("psi"), spec("si"));
        assertEquals(
                0, explorer.explore(specs, 3).get(0).shortestCycle(), "no cycle of 3 instances");
        List<ExecutionExplorer.Result> four = explorer.explore(specs, 4);
        assertEquals(4, four.get(0).shortestCycle(), "psi allows the long fork");
        assertTrue(four.get(0).example().contains("ReadPair"), four.get(0).example());
        assertTrue(four.get(1).valid() > 0, "si has valid executions of 4");
        assertEquals(0, four.get(1).shortestCycle(), "si forbids it: " + four.get(1).example());
    }

    /**
     * Pruning by prefix keeps exactly the valid executions: for each spec, the pruned search counts
     * as many valid executions of 3 instances, and the same shortest cycle, as checking every
     * complete execution at the end. (psi, si and ser prune prefixes of 2; cc and pc need 3 to
     * fail.)
     */
    @Test
    void pruningByPrefixLosesNoValidExecution() throws Exception {
        Program program = load("benchmarks/programs/litmus/write-skew.sql");
        ExecutionExplorer explorer = new ExecutionExplorer(program, DOMAIN);
        for (List<String> names : List.of(List.of("psi", "si", "ser"), List.of("cc", "pc"))) {
            List<Spec> specs = new ArrayList<>();
            for (String s : names) specs.add(spec(s));
            boolean[] none = new boolean[specs.size()];
            List<ExecutionExplorer.Result> pruned = explorer.explore(specs, 3, none, true, false);
            List<ExecutionExplorer.Result> full = explorer.explore(specs, 3, none, false, false);
            assertEquals((long) explorer.unprunedCount(3), full.get(0).executions());
            if (names.contains("ser"))
                assertTrue(pruned.get(0).executions() < full.get(0).executions(), names.toString());
            for (int i = 0; i < specs.size(); i++) {
                assertTrue(full.get(i).valid() > 0, names.get(i));
                assertEquals(full.get(i).valid(), pruned.get(i).valid(), names.get(i));
                assertEquals(
                        full.get(i).shortestCycle(), pruned.get(i).shortestCycle(), names.get(i));
            }
        }
    }
}
