package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SMT-LIB text of a query is a function of the input: the TPC-C PSI analysis up to k = 3 writes
 * byte-identical {@code --smt-out} files twice in one JVM (a garbage collection between, so that Z3
 * recycles the first context's term ids) and in two JVMs. Issue 3 asks every query to be
 * reproducible from it. ({@code ReproducibleCheck} no longer re-solves this text: since 2026-11-24
 * it solves a translated copy of the same assertions, which is as independent of term ids.)
 */
class SmtOutDeterminismTest {

    static final String TPCC = ReproducibleWitnessTest.TPCC;

    @Test
    void twoAnalysesInOneJvmWriteTheSameFiles(@TempDir Path dir) throws Exception {
        Program p = ShippedProgramsTest.load(TPCC);
        Path a = dir.resolve("a"), b = dir.resolve("b");
        Analysis.run(
                p, SpecLibrary.builtin().get("psi"), Analysis.Options.defaults(3).withSmtOut(a));
        System.gc(); // frees the first context's terms: Z3 then hands their ids to new terms
        Analysis.run(
                p, SpecLibrary.builtin().get("psi"), Analysis.Options.defaults(3).withSmtOut(b));
        assertSameFiles(a, b);
    }

    @Test
    void twoJvmsWriteTheSameFiles(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a"), b = dir.resolve("b");
        analyzeInNewJvm(a);
        analyzeInNewJvm(b);
        assertSameFiles(a, b);
    }

    private static void analyzeInNewJvm(Path smtOut) throws Exception {
        Process proc =
                new ProcessBuilder(
                                ShippedProgramsTest.ROOT.resolve("isocheck").toString(),
                                "analyze",
                                TPCC,
                                "--spec",
                                "psi",
                                "--bound",
                                "3",
                                "--smt-out",
                                smtOut.toString())
                        .directory(ShippedProgramsTest.ROOT.toFile())
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        assertEquals(
                1, proc.waitFor(), "TPC-C under psi has a 3-cycle (README), so analyze exits 1");
    }

    /**
     * The same file names (the k = 2 and k = 3 queries, one per cyclic type sequence asked), each
     * pair byte for byte equal.
     */
    static void assertSameFiles(Path a, Path b) throws Exception {
        List<String> names = names(a);
        assertTrue(
                names.stream().anyMatch(n -> n.startsWith("cycle-k2-"))
                        && names.stream().anyMatch(n -> n.startsWith("cycle-k3-"))
                        && names.stream().allMatch(n -> n.matches("cycle-k[23]-.*\\.smt2")),
                names.toString());
        assertEquals(names, names(b));
        for (String n : names) {
            String x = Files.readString(a.resolve(n)), y = Files.readString(b.resolve(n));
            assertTrue(x.contains("(assert ") && x.contains("(check-sat)"), n + " is a query");
            if (!x.equals(y)) {
                int i = 0;
                while (i < Math.min(x.length(), y.length()) && x.charAt(i) == y.charAt(i)) i++;
                long line = x.substring(0, i).chars().filter(c -> c == '\n').count() + 1;
                assertEquals(
                        excerpt(x, i),
                        excerpt(y, i),
                        n
                                + " differs first at line "
                                + line
                                + " ("
                                + assertions(x)
                                + " vs "
                                + assertions(y)
                                + " assertions)");
                assertEquals(x, y, n); // differs only past the excerpt
            }
        }
    }

    private static String excerpt(String s, int at) {
        int from = Math.max(0, s.lastIndexOf('\n', Math.max(0, at - 1)));
        return s.substring(from, Math.min(s.length(), at + 200));
    }

    private static long assertions(String s) {
        return s.lines().filter(l -> l.startsWith("(assert ")).count();
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }
}
