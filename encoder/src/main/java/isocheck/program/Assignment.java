package isocheck.program;

/** One {@code column = expr} of an UPDATE's SET list. */
public record Assignment(String column, Expr value, SourcePos pos) {}
