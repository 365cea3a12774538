package isocheck.format;

import isocheck.history.History;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Entry point for writing histories. */
public final class HistoryWriter {
    private HistoryWriter() {}

    /**
     * Writes {@code history} to {@code path} in {@code format}.
     *
     * @throws HistoryFormatException if the format cannot express the history (e.g. named keys in
     *     Plume text) or cannot be written
     */
    public static void write(History history, Path path, Format format)
            throws IOException, HistoryFormatException {
        check(format, path.toString());
        // Validate before creating the file, so a refused conversion leaves nothing behind.
        if (format == Format.PLUME) {
            PlumeTextWriter.write(history, Writer.nullWriter(), path.toString());
        }
        try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
            write(history, out, path.toString(), format);
        }
    }

    public static void write(History history, Writer out, String name, Format format)
            throws IOException, HistoryFormatException {
        check(format, name);
        switch (format) {
            case JSON -> JsonHistoryWriter.write(history, out);
            case PLUME -> PlumeTextWriter.write(history, out, name);
            default -> throw new IllegalStateException();
        }
        out.flush();
    }

    private static void check(Format format, String name) throws HistoryFormatException {
        if (!format.writable()) {
            throw new HistoryFormatException(
                    name,
                    0,
                    0,
                    "writing " + format.id() + " is not supported (writable: json, plume)");
        }
    }
}
