package isocheck.spec;

/** A 1-based line and column in a spec file; {@code file} is the name shown to the user. */
public record SourcePosition(String file, int line, int column) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
