package isocheck.spec;

/**
 * A bad spec: syntax error, unknown relation, wrong arity, free variable, unknown include, include
 * cycle, unknown transaction type. {@link #getMessage()} is {@code file:line:col: message}, ready
 * to print; {@link #position()} and {@link #detail()} give the parts.
 */
public final class SpecException extends Exception {
    private final SourcePosition position;
    private final String detail;

    public SpecException(SourcePosition position, String detail) {
        super(position + ": " + detail);
        this.position = position;
        this.detail = detail;
    }

    public SourcePosition position() {
        return position;
    }

    /** The message without the {@code file:line:col: } prefix. */
    public String detail() {
        return detail;
    }
}
