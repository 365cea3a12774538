package isocheck.history;

/**
 * A history that breaks a rule of the model, e.g. two writes of the same (key, value) pair. Format
 * readers turn it into a {@code HistoryFormatException} naming the place in the file.
 */
public final class InvalidHistoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int firstLine;
    private final int secondLine;

    public InvalidHistoryException(String message, int firstLine, int secondLine) {
        super(message);
        this.firstLine = firstLine;
        this.secondLine = secondLine;
    }

    /** Source line of the first offending operation, or -1 if unknown. */
    public int firstLine() {
        return firstLine;
    }

    /** Source line of the second offending operation, or -1 if unknown. */
    public int secondLine() {
        return secondLine;
    }
}
