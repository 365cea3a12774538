package isocheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training run of the launcher's class-data-sharing archive (JDK 17 dynamic AppCDS, JEP 350):
 * the launcher runs this once after it builds the jar, under {@code -XX:ArchiveClassesAtExit}, so
 * that the classes a short command loads are mapped from the archive afterwards instead of being
 * read from the jar, parsed and verified on every run. It runs the commands whose start-up users
 * feel on tiny histories and throws their output away.
 */
public final class CdsTraining {

    private CdsTraining() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("isocheck-cds");
        try {
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

    private static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
