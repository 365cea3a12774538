package isocheck.readme;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The README's tour, executed (issue 16): every ```console block is run as a shell transcript on
 * the shipped files — each {@code $ command} line (with its {@code \} continuation lines) runs in
 * bash, {@code ./isocheck} being this build's CLI in a JVM of its own, stdout and stderr together,
 * in a scratch directory where {@code benchmarks}, {@code corpus} and {@code specs} are the
 * repository's — and the transcript must equal the block after {@link ReadmeMasks} (timings,
 * temporary paths), where a line "…" alone stands for any lines the README leaves out and a "…"
 * inside a line for any characters of that line (a part that varies from run to run, such as which
 * anomaly a concurrent run's checker names first). A mismatch prints a line diff. The slowest
 * blocks (seconds to minutes each) are listed in {@link #SLOW} and run only with {@code
 * -Disocheck.readme.slow=true}; otherwise JUnit reports them skipped, not passed.
 */
class ReadmeConsoleTest {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    /**
     * The slowest commands (seconds to minutes each, benchmarks/RESULTS.md); their blocks run only
     * on request.
     */
    static final List<Pattern> SLOW =
            List.of(
                    Pattern.compile("weakest benchmarks/programs/tpcc\\.sql"),
                    Pattern.compile("weakest .*--per-transaction"),
                    Pattern.compile("run benchmarks/programs/tpcc\\.sql"),
                    Pattern.compile("analyze benchmarks/programs/tpcc\\.sql --spec psi --bound 4"),
                    Pattern.compile("verify benchmarks/programs/tpcc\\.sql"),
                    Pattern.compile("repair benchmarks/programs/(tpcc|bank|smallbank)\\.sql"));

    record Block(int line, List<String> text) {}

    static List<Block> blocks() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals("```console")) continue;
            int start = i + 1;
            List<String> text = new ArrayList<>();
            for (i = start; i < lines.size() && !lines.get(i).strip().startsWith("```"); i++)
                text.add(lines.get(i));
            blocks.add(new Block(start, text));
        }
        return blocks;
    }

    @TestFactory
    Stream<DynamicTest> everyConsoleBlockOfTheReadme() throws IOException {
        Path scratch = Files.createTempDirectory("readme");
        for (String d : List.of("benchmarks", "corpus", "specs"))
            Files.createSymbolicLink(scratch.resolve(d), ROOT.resolve(d));
        Path isocheck = scratch.resolve(".isocheck");
        Files.writeString(
                isocheck,
                "#!/usr/bin/env bash\nexec '"
                        + Path.of(System.getProperty("java.home"), "bin", "java")
                        + "' -cp '"
                        + System.getProperty("java.class.path")
                        + "' isocheck.cli.Main \"$@\"\n");
        isocheck.toFile().setExecutable(true);
        boolean slow = Boolean.getBoolean("isocheck.readme.slow");
        return blocks().stream()
                .map(
                        b ->
                                DynamicTest.dynamicTest(
                                        "README.md:" + b.line() + " " + firstCommand(b),
                                        () -> {
                                            assumeTrue(
                                                    slow
                                                            || SLOW.stream()
                                                                    .noneMatch(
                                                                            p ->
                                                                                    p.matcher(
                                                                                                    String
                                                                                                            .join(
                                                                                                                    "\n",
                                                                                                                    b
                                                                                                                            .text()))
                                                                                            .find()),
                                                    "one of the slowest blocks: run with -Disocheck.readme.slow=true");
                                            String expected = String.join("\n", b.text()).strip();
                                            String actual =
                                                    transcript(b, scratch, isocheck).strip();
                                            String e = ReadmeMasks.apply(expected);
                                            String a = ReadmeMasks.apply(actual);
                                            if (!matches(e.split("\n", -1), a.split("\n", -1))) {
                                                fail(
                                                        "README.md:"
                                                                + b.line()
                                                                + ": the console block differs from what the commands print now "
                                                                + "(- README, + actual, after ReadmeMasks):\n"
                                                                + diff(e, a));
                                            }
                                        }));
    }

    private static String firstCommand(Block b) {
        return b.text().stream().filter(l -> l.startsWith("$ ")).findFirst().orElse("(no command)");
    }

    /** Runs the block's commands in one bash, echoing each command as the README shows it. */
    static String transcript(Block b, Path scratch, Path isocheck) throws Exception {
        StringBuilder script = new StringBuilder("cd '" + scratch + "'\nstatus=0\n");
        List<String> text = b.text();
        for (int i = 0; i < text.size(); i++) {
            if (!text.get(i).startsWith("$ ")) continue;
            List<String> shown = new ArrayList<>(List.of(text.get(i)));
            while (shown.get(shown.size() - 1).endsWith("\\") && i + 1 < text.size())
                shown.add(text.get(++i));
            for (String s : shown) script.append("printf '%s\\n' ").append(quote(s)).append('\n');
            String command =
                    String.join("\n", shown)
                            .substring(2)
                            .replace("./isocheck ", "'" + isocheck + "' ");
            // (exit $status) hands the previous command's exit code to this one, for "echo $?".
            script.append("(exit $status); { ").append(command).append("\n} 2>&1; status=$?\n");
        }
        Process p =
                new ProcessBuilder("bash", "-c", script.toString())
                        .redirectErrorStream(true)
                        .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.MINUTES)) p.destroyForcibly();
        return new String(out, StandardCharsets.UTF_8);
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * Whether the output matches the README block, where a line "…" alone stands for any number of
     * lines and a "…" inside a line for any characters of that line.
     */
    static boolean matches(String[] expected, String[] actual) {
        boolean[][] m =
                new boolean[expected.length + 1]
                        [actual.length + 1]; // m[i][j]: expected[i..] matches actual[j..]
        m[expected.length][actual.length] = true;
        for (int i = expected.length - 1; i >= 0; i--) {
            boolean any = expected[i].strip().equals("…");
            for (int j = actual.length; j >= 0; j--) {
                m[i][j] =
                        any
                                ? m[i + 1][j] || (j < actual.length && m[i][j + 1])
                                : j < actual.length
                                        && lineMatches(expected[i], actual[j])
                                        && m[i + 1][j + 1];
            }
        }
        return m[0][0];
    }

    /**
     * Whether one output line matches one README line: equal, or, where the README line holds "…",
     * its parts between the ellipses appear in that order, the first at the start and the last at
     * the end. An output line that holds "…" itself (a truncated witness) still matches its copy.
     */
    static boolean lineMatches(String expected, String actual) {
        if (expected.equals(actual)) return true;
        String[] parts = expected.split("…", -1);
        if (parts.length == 1) return false;
        if (!actual.startsWith(parts[0])) return false;
        int at = parts[0].length();
        for (int k = 1; k < parts.length - 1; k++) {
            int found = actual.indexOf(parts[k], at);
            if (found < 0) return false;
            at = found + parts[k].length();
        }
        String last = parts[parts.length - 1];
        return actual.length() - last.length() >= at && actual.endsWith(last);
    }

    /** A line diff (longest common subsequence): '-' README only, '+' output only, ' ' both. */
    static String diff(String expected, String actual) {
        String[] x = expected.split("\n", -1);
        String[] y = actual.split("\n", -1);
        int[][] lcs = new int[x.length + 1][y.length + 1];
        for (int i = x.length - 1; i >= 0; i--) {
            for (int j = y.length - 1; j >= 0; j--) {
                lcs[i][j] =
                        x[i].equals(y[j])
                                ? lcs[i + 1][j + 1] + 1
                                : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        StringBuilder sb = new StringBuilder();
        int i = 0;
        int j = 0;
        while (i < x.length || j < y.length) {
            if (i < x.length && j < y.length && x[i].equals(y[j])) {
                sb.append("  ").append(x[i++]).append('\n');
                j++;
            } else if (j < y.length && (i == x.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
                sb.append("+ ").append(y[j++]).append('\n');
            } else {
                sb.append("- ").append(x[i++]).append('\n');
            }
        }
        return sb.toString();
    }
}
