package isocheck.program;

/** A place in a program file; every IR node keeps one so that every message can name it. */
public record SourcePos(String file, int line, int column) {

    /** The {@code file:line:col} form used by every user-facing message. */
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }

    /** {@code line:col}, for a second place in the same file as the message. */
    public String lineColumn() {
        return line + ":" + column;
    }

    /** {@code file:line}, for listings where the column is noise. */
    public String fileLine() {
        return file + ":" + line;
    }
}
