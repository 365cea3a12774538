package isocheck.frontend;

import isocheck.program.SourcePos;

/**
 * A malformed or unsupported program: always reported as {@code file:line:col: message} and exit
 * code 2, never as a stack trace.
 */
public final class ProgramError extends RuntimeException {

    private final SourcePos pos;
    private final String detail;

    public ProgramError(SourcePos pos, String detail) {
        super(pos + ": " + detail, null, false, false);
        this.pos = pos;
        this.detail = detail;
    }

    public SourcePos pos() {
        return pos;
    }

    /** The message without its position. */
    public String detail() {
        return detail;
    }
}
