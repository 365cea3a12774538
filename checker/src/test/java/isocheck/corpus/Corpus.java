package isocheck.corpus;

import static org.junit.jupiter.api.Assertions.fail;

import isocheck.format.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The labelled corpus, vendored at the repository root in corpus/ (resolved from the checker module
 * directory).
 */
public final class Corpus {
    /** One MANIFEST.tsv row: a history, its format as the manifest names it, and its labels. */
    public record Row(int line, String path, String format, java.util.Map<String, String> labels) {
        /**
         * The label in the level's column (by header name: RC, RA, CC, PC, PSI, SI, SER, SSER), if
         * any.
         */
        public Optional<Boolean> label(isocheck.level.Level level) {
            String s = labels.getOrDefault(level.name(), "").trim();
            return s.isEmpty() ? Optional.empty() : Optional.of(Boolean.parseBoolean(s));
        }

        /** Our format for the manifest's format name, if we read it. */
        public Optional<Format> ourFormat() {
            String f = format.split(" ")[0];
            return switch (f) {
                case "awdit-test" -> Optional.of(Format.AWDIT_TEST);
                case "plume-text" -> Optional.of(Format.PLUME);
                case "cobra-logs" -> Optional.of(Format.COBRA);
                case "elle-edn", "elle-json" -> Optional.of(Format.ELLE_EDN);
                case "dbcop-bincode", "dbcop" -> Optional.of(Format.DBCOP);
                case "viper-json", "viper" -> Optional.of(Format.VIPER);
                default -> Optional.empty();
            };
        }
    }

    private Corpus() {}

    public static Path dir() {
        Path dir = Path.of("../corpus").toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            fail(
                    "corpus directory "
                            + dir
                            + " is missing: the labelled corpus is vendored at corpus/ in the repository root");
        }
        return dir;
    }

    public static List<Row> rows() {
        Path manifest = dir().resolve("MANIFEST.tsv");
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + manifest + ": " + e, e);
        }
        List<Row> rows = new ArrayList<>();
        String[] header = lines.get(0).split("\t", -1);
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank()) {
                continue;
            }
            String[] f = l.split("\t", -1);
            java.util.Map<String, String> labels = new java.util.HashMap<>();
            for (int j = 2; j < header.length && j < f.length; j++) {
                labels.put(header[j].trim(), f[j]);
            }
            rows.add(new Row(i + 1, f[0], f[1], labels));
        }
        if (rows.isEmpty()) {
            fail(manifest + " has no rows");
        }
        return rows;
    }
}
