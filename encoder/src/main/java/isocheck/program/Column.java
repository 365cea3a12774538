package isocheck.program;

/** A field of a table (the paper's {@code f ∈ Fields}). */
public record Column(String name, ScalarType type, boolean notNull, SourcePos pos) {}
