package isocheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training runs of the launcher's two class-data-sharing archives, so that the classes a short
 * command loads are mapped from an archive instead of being read from the jar, parsed and verified
 * on every run. The launcher runs this once after each build: with no argument under {@code
 * -XX:ArchiveClassesAtExit} (JDK 17 dynamic AppCDS, JEP 350) for {@code check} and the other
 * dynamic commands, which it runs on tiny histories; with {@code static} under {@code
 * -XX:DumpLoadedClassList}, whose list it then dumps as a static archive for the static commands (a
 * dynamic archive would leave out picocli's old-format classes). Output is thrown away.
 */
public final class CdsTraining {

    private CdsTraining() {}

    /** {@code static}: the static commands' archive; otherwise the dynamic checker's. */
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("isocheck-cds");
        try {
            if (args.length > 0 && args[0].equals("static")) {
                PrintWriter sink = new PrintWriter(Writer.nullWriter());
                staticCommands(dir, sink);
                sink.flush();
                return;
            }
            Path plume =
                    write(
                            dir,
                            "h.txt",
                            "r(1,0,1,1)\nr(2,0,1,1)\nw(1,1,1,1)\nr(1,0,2,2)\nr(2,0,2,2)\nw(2,1,2,2)\n"
                                    + "r(1,1,3,3)\nw(3,5,3,3)\n");
            Path awdit =
                    write(
                            dir,
                            "a.txt",
                            "w 0 0\nw 1 0\n=====\nr 0 0\nw 1 2\n-----\nr 1 2\n=====\nr 1 0\n");
            PrintWriter sink = new PrintWriter(Writer.nullWriter());
            Main.run(new String[] {"--version"}, sink, sink);
            for (String level : new String[] {"rc", "ra", "cc", "all"}) {
                Main.run(new String[] {"check", plume.toString(), "--level", level}, sink, sink);
                Main.run(new String[] {"check", awdit.toString(), "--level", level}, sink, sink);
            }
            Main.run(
                    new String[] {
                        "check",
                        plume.toString(),
                        "--level",
                        "ser",
                        "--explain",
                        "--witness",
                        "json"
                    },
                    sink,
                    sink);
            Main.run(
                    new String[] {"check", dir.resolve("missing.txt").toString(), "--level", "rc"},
                    sink,
                    sink);
            sink.flush();
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /**
     * The static commands on a one-function PL/pgSQL program: the front-end, the encoder, Z3's Java
     * binding (its {@code Native} class alone has thousands of methods) and the reports, which,
     * read from the jar, were about a quarter of a small {@code analyze}'s wall time
     * (benchmarks/RESULTS.md, stop 29). A failure (Z3's native library refused on this machine,
     * say) is ignored: the archive holds what did load, and the command itself will say what is
     * wrong.
     */
    private static void staticCommands(Path dir, PrintWriter sink) {
        try {
            Path program =
                    write(
                            dir,
                            "p.sql",
                            "CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);\n"
                                    + "CREATE FUNCTION withdraw(p_acc INT, p_amount INT) RETURNS INT\n"
                                    + "LANGUAGE plpgsql AS $$\nDECLARE\n  bal INT;\nBEGIN\n"
                                    + "  SELECT balance INTO bal FROM account WHERE acc_id = p_acc;\n"
                                    + "  IF bal < p_amount THEN\n    RAISE EXCEPTION 'funds';\n"
                                    + "  END IF;\n"
                                    + "  UPDATE account SET balance = bal - p_amount"
                                    + " WHERE acc_id = p_acc;\n"
                                    + "  RETURN bal - p_amount;\nEND\n$$;\n");
            String p = program.toString();
            Main.run(new String[] {"analyze", p, "--spec", "ec", "--bound", "2"}, sink, sink);
            Main.run(
                    new String[] {
                        "analyze",
                        p,
                        "--db",
                        "postgresql",
                        "--level",
                        "read-committed",
                        "--format",
                        "json"
                    },
                    sink,
                    sink);
            Main.run(new String[] {"weakest", p, "--db", "postgresql"}, sink, sink);
            Main.run(new String[] {"weakest", p, "--per-transaction"}, sink, sink);
        } catch (RuntimeException | IOException | LinkageError e) {
            // see above
        }
    }

    private static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
