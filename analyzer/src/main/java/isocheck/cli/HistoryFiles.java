package isocheck.cli;

import isocheck.format.Format;
import isocheck.format.HistoryFormatException;
import isocheck.format.HistoryReader;
import isocheck.history.History;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads history files for {@code check} and {@code convert}, turning failures into one-line user
 * errors.
 */
final class HistoryFiles {

    private HistoryFiles() {}

    /** {@code name} is "auto" (sniff the content) or a format name. */
    static Format format(String name, Path path) {
        if (name.equalsIgnoreCase("auto")) {
            requireExists(path);
            try {
                return Format.sniff(path);
            } catch (HistoryFormatException e) {
                throw new UserError(e.getMessage());
            } catch (IOException e) {
                throw new UserError(path + ": cannot read: " + e.getMessage());
            }
        }
        try {
            return Format.parse(name);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    static History read(Path path, Format format) {
        requireExists(path);
        if (!format.readable()) {
            throw new UserError(
                    path + ": reading the " + format.id() + " format is not supported yet");
        }
        try {
            return HistoryReader.read(path, format);
        } catch (HistoryFormatException e) {
            throw new UserError(e.getMessage());
        } catch (NoSuchFileException e) {
            throw new UserError(e.getFile() + ": no such file");
        } catch (IOException e) {
            throw new UserError(path + ": cannot read: " + e.getMessage());
        }
    }

    private static void requireExists(Path path) {
        if (!Files.exists(path)) {
            throw new UserError(path + ": no such file or directory");
        }
    }
}
