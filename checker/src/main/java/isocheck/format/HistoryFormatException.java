package isocheck.format;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import isocheck.history.InvalidHistoryException;
import java.nio.file.Path;

/**
 * Bad user input in a history file. The message has the form {@code file:line[:col]: message} (line
 * and column 1-based, omitted when unknown), ready to print as a single line.
 */
public final class HistoryFormatException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final long line;
    private final long column;
    private final String detail;

    public HistoryFormatException(Path file, long line, long column, String detail) {
        this(file == null ? "<input>" : file.toString(), line, column, detail);
    }

    public HistoryFormatException(String file, long line, long column, String detail) {
        super(format(file, line, column, detail));
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    /** Jackson's complaint about a JSON text, at its place. */
    static HistoryFormatException malformedJson(String file, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        return new HistoryFormatException(
                file,
                loc == null ? 0 : loc.getLineNr(),
                loc == null ? 0 : loc.getColumnNr(),
                "malformed JSON: " + e.getOriginalMessage());
    }

    /**
     * A history that contradicts itself ({@code HistoryBuilder.build}), at the line of the second
     * place, naming the first.
     */
    static HistoryFormatException invalid(String file, InvalidHistoryException e) {
        return new HistoryFormatException(
                file,
                e.secondLine(),
                0,
                e.getMessage()
                        + (e.firstLine() > 0
                                ? " (first written at line " + e.firstLine() + ")"
                                : ""));
    }

    private static String format(String file, long line, long column, String detail) {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line);
            if (column > 0) {
                sb.append(':').append(column);
            }
        }
        return sb.append(": ").append(detail).toString();
    }

    public String file() {
        return file;
    }

    /** 1-based line, or 0 if unknown. */
    public long line() {
        return line;
    }

    /** 1-based column, or 0 if unknown. */
    public long column() {
        return column;
    }

    /** The message without the place. */
    public String detail() {
        return detail;
    }
}
