package isocheck.program;

import java.util.Optional;

/** {@code MIN/MAX/COUNT(column)} of a SELECT (the paper's Q ∈ {MIN, MAX, COUNT}); COUNT(*) has no column. */
public record Aggregate(Function function, Optional<String> column) {

    public enum Function {
        MIN,
        MAX,
        COUNT
    }

    public String text() {
        return function + "(" + column.orElse("*") + ")";
    }
}
