package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        String[] command = new String[args.length + 1];
        command[0] = LAUNCHER.toString();
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
}
