package isocheck.program;

import java.util.Optional;

/**
 * A field of a table (the paper's {@code f ∈ Fields}). {@code bool} marks a column SQL declares
 * BOOLEAN (held as INT 1/0, see the front-end's type map); {@code defaultValue} is its {@code
 * DEFAULT} literal, which the front-end writes into every INSERT that leaves the column out.
 */
public record Column(
        String name,
        ScalarType type,
        boolean notNull,
        SourcePos pos,
        boolean bool,
        Optional<Expr> defaultValue) {

    public Column(String name, ScalarType type, boolean notNull, SourcePos pos) {
        this(name, type, notNull, pos, false, Optional.empty());
    }

    public Column withNotNull() {
        return new Column(name, type, true, pos, bool, defaultValue);
    }
}
