package isocheck.spec;

import isocheck.program.SourcePos;

/**
 * A bad spec: syntax error, unknown relation, wrong arity, free variable, unknown include, include
 * cycle, unknown transaction type. {@link #getMessage()} is {@code file:line:col: message}, ready
 * to print; {@link #position()} and {@link #detail()} give the parts.
 */
public final class SpecException extends Exception {
    private final SourcePos position;
    private final String detail;

    public SpecException(SourcePos position, String detail) {
        super(position + ": " + detail);
        this.position = position;
        this.detail = detail;
    }

    public SourcePos position() {
        return position;
    }

    /** The message without the {@code file:line:col: } prefix. */
    public String detail() {
        return detail;
    }
}
