package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ./isocheck launcher works from any working directory and passes arguments, output and exit
 * codes through. (Under {@code mvn verify} the analyzer jar is already packaged, so it does not
 * build.)
 */
class LauncherTest {

    private static final Path LAUNCHER = ShippedProgramsTest.ROOT.resolve("isocheck");

    record Result(int code, String out, String err) {}

    private static Result run(Path workDir, String... args)
            throws IOException, InterruptedException {
        return run(LAUNCHER, workDir, args);
    }

    private static Result run(Path launcher, Path workDir, String... args)
            throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = launcher.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        Path out = Files.createTempFile("isocheck-out", ".txt");
        Path err = Files.createTempFile("isocheck-err", ".txt");
        Process p =
                new ProcessBuilder(command)
                        .directory(workDir.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
        int code = p.waitFor();
        Result r =
                new Result(
                        code,
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    @Test
    void runsFromAnotherDirectoryAndPassesOutputThrough(@TempDir Path elsewhere) throws Exception {
        Path bank = ShippedProgramsTest.ROOT.resolve("benchmarks/programs/bank.sql");
        Result r = run(elsewhere, "parse", bank.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith(bank + ": 1 table, 2 transactions"), r.out());
    }

    @Test
    void runsThroughASymlinkAndKeepsTheCallersDirectory(@TempDir Path elsewhere) throws Exception {
        // the launcher finds its checkout through the link and returns to the caller's directory
        // before starting the JVM, so a relative argument names a file there
        Path bin = Files.createDirectories(elsewhere.resolve("bin"));
        Path link = Files.createSymbolicLink(bin.resolve("iso"), LAUNCHER);
        Files.copy(
                ShippedProgramsTest.ROOT.resolve("benchmarks/programs/bank.sql"),
                elsewhere.resolve("bank.sql"));
        Result r = run(link, elsewhere, "parse", "bank.sql");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("bank.sql: 1 table, 2 transactions"), r.out());
    }

    @Test
    void checksAMidSizeHistoryWithItsOwnJvmFlags(@TempDir Path elsewhere) throws Exception {
        // 512 KiB - 8 MiB RC/RA: the launcher adds compile-threshold and huge-page flags; the JVM
        // must take them silently (output and exit code as for any other size)
        StringBuilder h = new StringBuilder();
        for (int t = 0; t < 40_000; t++) {
            h.append("w(1,").append(t + 1).append(",0,").append(t).append(")\n");
        }
        Path file = elsewhere.resolve("h.txt");
        Files.writeString(file, h);
        assertTrue(Files.size(file) > 512 << 10);
        for (String level : new String[] {"rc", "ra"}) {
            Result r = run(elsewhere, "check", "h.txt", "--level", level);
            assertEquals(0, r.code(), r.err());
            assertEquals("", r.err());
            assertEquals(
                    "h.txt: 40001 transactions, 1 sessions, 40001 operations (plume)\n"
                            + level.toUpperCase()
                            + ": consistent\n",
                    r.out());
        }
    }

    @Test
    void passesExitCodesThrough(@TempDir Path elsewhere) throws Exception {
        Result r = run(elsewhere, "parse", "missing.sql");
        assertEquals(2, r.code());
        assertTrue(r.err().endsWith("missing.sql: no such file\n"), r.err());
        Files.writeString(
                elsewhere.resolve("bad.sql"), "CREATE TABLE t (a INT PRIMARY KEY, b MONEY);\n");
        Result bad = run(elsewhere, "parse", "bad.sql");
        assertEquals(2, bad.code());
        assertTrue(
                bad.err().contains("bad.sql:1:38: unsupported type MONEY (supported: "), bad.err());
    }

    @Test
    void runsAStaticCommandWithTheJarsOwnZ3Loader(@TempDir Path elsewhere) throws Exception {
        // the static commands have a class-data archive of their own, and Z3's native library is
        // loaded by encoder's com.microsoft.z3.Z3Loader (unpacked once per user), z3-turnkey's left
        // out of the jar by analyzer/pom.xml
        Path bank = ShippedProgramsTest.ROOT.resolve("benchmarks/programs/bank.sql");
        Result r = run(elsewhere, "analyze", bank.toString(), "--spec", "ec", "--bound", "2");
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("Anomaly 1: lost update"), r.out());
        Path jar = ShippedProgramsTest.ROOT.resolve("analyzer/target/isocheck.jar");
        try (JarFile j = new JarFile(jar.toFile())) {
            assertNotNull(j.getEntry("com/microsoft/z3/Z3Loader$Library.class"));
            assertNull(j.getEntry("com/microsoft/z3/Z3Loader$OperatingSystem.class"));
        }
    }
}
