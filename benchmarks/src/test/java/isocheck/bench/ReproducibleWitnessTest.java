package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same input gives the same witness: in one JVM across fresh Z3 contexts, and in two JVMs (the
 * README's TPC-C PSI example used to print a G-single on one run and a G2 on another).
 */
class ReproducibleWitnessTest {

    static final String TPCC = "benchmarks/programs/tpcc.sql";

    @Test
    void twoAnalysesInOneJvmGiveTheSameWitness() throws Exception {
        Program p = ShippedProgramsTest.load(TPCC);
        Analysis.Outcome first =
                Analysis.run(p, SpecLibrary.builtin().get("psi"), Analysis.Options.defaults(3));
        System.gc(); // frees the first context's terms, as a long-running process would
        Analysis.Outcome second =
                Analysis.run(p, SpecLibrary.builtin().get("psi"), Analysis.Options.defaults(3));
        assertEquals(Analysis.Verdict.FOUND, first.verdict());
        assertEquals(render(first), render(second));
    }

    /**
     * An {@code --all} enumeration solves each blocked query in the canonical context of the model
     * before it (ReproducibleCheck#recheck), after reading that model there: the later witnesses
     * stay the same when the garbage collector runs throughout (it frees Z3 terms whose wrappers it
     * reclaims, and Z3 reuses their ids, unless every object the reads created is kept alive).
     * Courseware under EC at k = 2 needs a second model of one query (one incremental solve).
     */
    @Test
    void anAllEnumerationIsTheSameWhileTheCollectorRuns() throws Exception {
        Program p = ShippedProgramsTest.load("benchmarks/programs/courseware.sql");
        Analysis.Options all = Analysis.Options.defaults(2).withAll(true).withThreads(1);
        Analysis.Outcome quiet = Analysis.run(p, SpecLibrary.builtin().get("ec"), all);
        java.util.concurrent.atomic.AtomicBoolean stop =
                new java.util.concurrent.atomic.AtomicBoolean();
        Thread collector =
                new Thread(
                        () -> {
                            while (!stop.get()) {
                                System.gc();
                                Thread.onSpinWait();
                            }
                        });
        collector.setDaemon(true);
        collector.start();
        Analysis.Outcome collected;
        try {
            collected = Analysis.run(p, SpecLibrary.builtin().get("ec"), all);
        } finally {
            stop.set(true);
            collector.join();
        }
        assertEquals(Analysis.Verdict.FOUND, quiet.verdict());
        // a blocked query answered with a model: the enumeration did solve incrementally
        assertEquals(
                true,
                quiet.queries().stream()
                        .anyMatch(
                                q -> q.name().contains(" #2 ") && "satisfiable".equals(q.result())),
                quiet.queries().toString());
        assertEquals(render(quiet), render(collected));
    }

    /**
     * Everything a witness shows, with vis pairs by value (an int[]'s toString is its identity).
     */
    private static String render(Analysis.Outcome o) {
        StringBuilder sb = new StringBuilder();
        for (isocheck.witness.Witness w : o.anomalies()) {
            sb.append(w.txns())
                    .append(w.edges())
                    .append(w.arOrder())
                    .append(w.anomaly())
                    .append(w.explanation());
            for (int[] pair : w.vis()) sb.append(java.util.Arrays.toString(pair));
            sb.append('\n');
        }
        return sb.toString();
    }

    @Test
    void twoJvmsPrintTheSameWitness(@TempDir Path dir) throws Exception {
        String a = analyzeInNewJvm(dir, "a");
        String b = analyzeInNewJvm(dir, "b");
        assertEquals(true, a.contains("Anomaly 1: "), a);
        assertEquals(a, b);
    }

    /**
     * {@code ./isocheck analyze} output without the timing line (times differ, witnesses must not).
     */
    private static String analyzeInNewJvm(Path dir, String name) throws Exception {
        Path out = dir.resolve(name + ".txt");
        Process proc =
                new ProcessBuilder(
                                ShippedProgramsTest.ROOT.resolve("isocheck").toString(),
                                "analyze",
                                TPCC,
                                "--spec",
                                "psi",
                                "--bound",
                                "3")
                        .directory(ShippedProgramsTest.ROOT.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        assertEquals(1, proc.waitFor());
        return Pattern.compile("(?m)^\\d+ queries:.*$")
                .matcher(Files.readString(out, StandardCharsets.UTF_8))
                .replaceAll("");
    }
}
