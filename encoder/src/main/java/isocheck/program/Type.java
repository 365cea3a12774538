package isocheck.program;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The type of a program variable. Scalars hold one value; {@link Rows} is a set of rows (a SELECT
 * result or a set-valued parameter, the paper's loop variables {@code v2}); {@link Row} is one row
 * of such a set (a FOREACH variable or a CHOOSE result).
 */
public sealed interface Type {

    /** A single INT or STRING value. */
    record Scalar(ScalarType type) implements Type {
        @Override
        public String describe() {
            return type.sqlName();
        }
    }

    /**
     * A set of rows with the given fields; {@code table} names the table they were selected from.
     */
    record Rows(Optional<String> table, List<Field> fields) implements Type {
        public Rows {
            fields = List.copyOf(fields);
        }

        @Override
        public String describe() {
            return "SET OF (" + fieldList(fields) + ")";
        }
    }

    /** One row with the given fields. */
    record Row(Optional<String> table, List<Field> fields) implements Type {
        public Row {
            fields = List.copyOf(fields);
        }

        @Override
        public String describe() {
            return "ROW (" + fieldList(fields) + ")";
        }
    }

    /** How the type reads in messages and listings. */
    String describe();

    /** The fields of a row or row set; empty for scalars. */
    default List<Field> fields() {
        return List.of();
    }

    default Optional<Field> field(String name) {
        return fields().stream().filter(f -> f.name().equals(name)).findFirst();
    }

    private static String fieldList(List<Field> fields) {
        return fields.stream()
                .map(f -> f.name() + " " + f.type().sqlName())
                .collect(Collectors.joining(", "));
    }
}
