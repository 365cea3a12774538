package isocheck.format;

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
