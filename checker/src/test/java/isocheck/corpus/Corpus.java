package isocheck.corpus;

import static org.junit.jupiter.api.Assertions.fail;

import isocheck.format.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The labelled corpus, vendored at the repository root in corpus/ (resolved from the checker module directory). */
public final class Corpus {
    /** One MANIFEST.tsv row: a history, its format as the manifest names it, and its labels. */
    record Row(int line, String path, String format, String[] labels) {
        /** The label for column i (0 = RC, 1 = RA, 2 = CC, …): true, false or empty if unknown. */
        Optional<Boolean> label(int i) {
            String s = i < labels.length ? labels[i].trim() : "";
            return s.isEmpty() ? Optional.empty() : Optional.of(Boolean.parseBoolean(s));
        }

        /** Our format for the manifest's format name, if we read it. */
        Optional<Format> ourFormat() {
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

    private Corpus() {
    }

    public static Path dir() {
        Path dir = Path.of("../corpus").toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            fail("corpus directory " + dir + " is missing: the labelled corpus is vendored at corpus/ in the repository root");
        }
        return dir;
    }

    static List<Row> rows() {
        Path manifest = dir().resolve("MANIFEST.tsv");
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + manifest + ": " + e, e);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank()) {
                continue;
            }
            String[] f = l.split("\t", -1);
            String[] labels = new String[6];
            for (int j = 0; j < 6; j++) {
                labels[j] = 2 + j < f.length ? f[2 + j] : "";
            }
            rows.add(new Row(i + 1, f[0], f[1], labels));
        }
        if (rows.isEmpty()) {
            fail(manifest + " has no rows");
        }
        return rows;
    }
}
