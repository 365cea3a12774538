package isocheck.format;

import isocheck.history.History;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Entry point for reading histories in any supported format. */
public final class HistoryReader {
    private HistoryReader() {}

    /** Reads a history, sniffing its format ({@link Format#sniff}). */
    public static History read(Path path) throws IOException, HistoryFormatException {
        return read(path, sniff(path));
    }

    /**
     * Reads a history in the given format.
     *
     * @throws HistoryFormatException for malformed input, duplicate writes or unsupported formats,
     *     with {@code file:line[:col]: message}
     */
    public static History read(Path path, Format format)
            throws IOException, HistoryFormatException {
        String name = path.toString();
        if (!Files.exists(path)) {
            throw new HistoryFormatException(path, 0, 0, "no such file or directory");
        }
        try {
            switch (format) {
                case JSON:
                    try (java.io.InputStream in =
                            new java.io.BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
                        return JsonHistoryReader.read(in, name);
                    }
                case PLUME:
                    // bytes, in ranges on all cores when large: see PlumeTextReader
                    return PlumeTextReader.read(path, name, Files.size(path));
                case AWDIT_TEST:
                    try (BufferedReader in =
                            Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                        return AwditTestReader.read(in, name);
                    }
                case ELLE_EDN:
                    try (BufferedReader in =
                            Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                        return ElleHistoryReader.read(in, name);
                    }
                case DBCOP:
                    return DbcopBincodeReader.read(path);
                case DBCOP_JSON:
                    try (BufferedReader in =
                            Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                        return DbcopJsonReader.read(in, name);
                    }
                case VIPER:
                    if (!Files.isDirectory(path)) {
                        throw new HistoryFormatException(
                                path, 0, 0, "a Viper history is a directory of J*.log files");
                    }
                    return ViperLogReader.read(path);
                case COBRA:
                    if (!Files.isDirectory(path)) {
                        throw new HistoryFormatException(
                                path, 0, 0, "a Cobra history is a directory of *.log files");
                    }
                    return CobraLogReader.read(path);
                default:
                    throw new HistoryFormatException(
                            path, 0, 0, "reading " + format.id() + " is not supported yet");
            }
        } catch (NoSuchFileException e) {
            throw new HistoryFormatException(path, 0, 0, "no such file: " + e.getFile());
        }
    }

    /**
     * Reads a text history from a reader (JSON, Plume text, AWDIT test format, Elle EDN/JSON or
     * dbcop JSON).
     */
    public static History read(Reader reader, String name, Format format)
            throws IOException, HistoryFormatException {
        BufferedReader in = reader instanceof BufferedReader br ? br : new BufferedReader(reader);
        return switch (format) {
            case JSON -> JsonHistoryReader.read(in, name);
            case PLUME -> PlumeTextReader.read(in, name);
            case AWDIT_TEST -> AwditTestReader.read(in, name);
            case ELLE_EDN -> ElleHistoryReader.read(in, name);
            case DBCOP_JSON -> DbcopJsonReader.read(in, name);
            default ->
                    throw new HistoryFormatException(
                            name, 0, 0, format.id() + " is not a text format this reader supports");
        };
    }

    private static Format sniff(Path path) throws IOException, HistoryFormatException {
        if (!Files.exists(path)) {
            throw new HistoryFormatException(path, 0, 0, "no such file or directory");
        }
        return Format.sniff(path);
    }
}
