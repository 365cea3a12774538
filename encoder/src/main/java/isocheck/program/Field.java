package isocheck.program;

/** A named, typed component of a row: a column of a SELECT result or of a SET OF parameter. */
public record Field(String name, ScalarType type) {}
