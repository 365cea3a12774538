package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The picocli-free parse of plain {@code check} command lines agrees with picocli's. */
class FastCheckArgsTest {
    private static final String SAMPLE = samplePath("corpus/samples/write-skew.plume.txt");

    private static String samplePath(String rel) {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !p.resolve(rel).toFile().exists()) {
            p = p.getParent();
        }
        return p == null ? rel : p.resolve(rel).toString();
    }

    private static final List<String[]> TAKEN =
            List.of(
                    new String[] {"check", "h.txt", "--level", "rc"},
                    new String[] {"check", "--level", "ser", "h.txt"},
                    new String[] {
                        "check", "h.txt", "--level", "all", "--explain", "--format", "plume"
                    },
                    new String[] {
                        "check",
                        "h.txt",
                        "--level",
                        "SI",
                        "--witness",
                        "json",
                        "--max-witnesses",
                        "3"
                    },
                    new String[] {
                        "check", "h.txt", "--timeout", "2.5", "--level", "cc", "--witness", "dot"
                    },
                    new String[] {"check", "h.txt", "--level", "nonsense", "--format", "nope"});

    private static final List<String[]> LEFT_TO_PICOCLI =
            List.of(
                    new String[] {"check"},
                    new String[] {"check", "h.txt"},
                    new String[] {"check", "--help"},
                    new String[] {"check", "h.txt", "--level=rc"},
                    new String[] {"check", "h.txt", "--level", "rc", "--level", "ra"},
                    new String[] {"check", "h.txt", "g.txt", "--level", "rc"},
                    new String[] {"check", "@args", "--level", "rc"},
                    new String[] {"check", "h.txt", "--level", "rc", "--witness", "JSON"},
                    new String[] {"check", "h.txt", "--level", "rc", "--timeout", "1e3"},
                    new String[] {"check", "h.txt", "--level", "rc", "--max-witnesses", "-1"},
                    new String[] {"check", "h.txt", "--level", "rc", "--explain", "--explain"},
                    new String[] {"check", "h.txt", "--level", "rc", "--frobnicate"},
                    new String[] {"check", "h.txt", "--level"},
                    new String[] {"parse", "h.txt"});

    @Test
    void plainFormsParseAsPicocliDoes() throws Exception {
        for (String[] args : TAKEN) {
            CheckCommand fast = FastCheckArgs.parse(args);
            assertNotNull(fast, String.join(" ", args));
            CheckCommand slow = new CheckCommand();
            new CommandLine(slow)
                    .setCaseInsensitiveEnumValuesAllowed(true)
                    .parseArgs(java.util.Arrays.copyOfRange(args, 1, args.length));
            for (Field f : CheckCommand.class.getDeclaredFields()) {
                if (f.isAnnotationPresent(CommandLine.Option.class)
                        || f.isAnnotationPresent(CommandLine.Parameters.class)) {
                    f.setAccessible(true);
                    assertEquals(
                            f.get(slow),
                            f.get(fast),
                            String.join(" ", args) + ": field " + f.getName());
                }
            }
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        for (String[] args : LEFT_TO_PICOCLI) {
            assertNull(FastCheckArgs.parse(args), String.join(" ", args));
        }
    }

    /** --explain reports elapsed times, which differ from run to run. */
    private static String untimed(String s) {
        return s.replaceAll("[0-9]+(\\.[0-9]+)? ms", "_ ms");
    }

    @Test
    void bothPathsPrintTheSameAndExitTheSame() {
        String awdit = samplePath("corpus/awdit-tests/read-atomic/test-ra.txt");
        for (String[] args :
                List.of(
                        new String[] {"check", SAMPLE, "--level", "all", "--explain"},
                        new String[] {"check", SAMPLE, "--level", "ser", "--witness", "json"},
                        new String[] {"check", SAMPLE, "--level", "si", "--witness", "dot"},
                        new String[] {"check", awdit, "--level", "cc", "--max-witnesses", "2"},
                        new String[] {
                            "check",
                            awdit,
                            "--level",
                            "rc",
                            "--format",
                            "awdit-test",
                            "--timeout",
                            "30"
                        },
                        new String[] {"check", SAMPLE, "--level", "nonsense"},
                        new String[] {"check", SAMPLE, "--level", "rc", "--format", "nope"},
                        new String[] {"check", SAMPLE, "--level", "rc", "--max-witnesses", "0"},
                        new String[] {"check", "no/such/history.txt", "--level", "rc"},
                        new String[] {"--version"})) {
            StringWriter o1 = new StringWriter();
            StringWriter e1 = new StringWriter();
            StringWriter o2 = new StringWriter();
            StringWriter e2 = new StringWriter();
            int fast = Main.run(args, new PrintWriter(o1), new PrintWriter(e1), true);
            int slow = Main.run(args, new PrintWriter(o2), new PrintWriter(e2), false);
            String what = String.join(" ", args);
            assertEquals(slow, fast, what);
            assertEquals(untimed(o2.toString()), untimed(o1.toString()), what);
            assertEquals(e2.toString(), e1.toString(), what);
        }
    }
}
