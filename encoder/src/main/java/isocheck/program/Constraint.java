package isocheck.program;

import java.util.List;

/**
 * A table constraint besides the primary key: {@code UNIQUE (c, …)} (also a column's UNIQUE and
 * {@code CREATE UNIQUE INDEX}), {@code CHECK (φ)} over the row's columns, and {@code FOREIGN KEY
 * (c, …) REFERENCES t (d, …)} (also a column's REFERENCES). A statement that would violate one
 * fails, and, uncaught, aborts its transaction (PostgreSQL manual §5.5, "Constraints"): a source of
 * aborts.
 */
public sealed interface Constraint {

    SourcePos pos();

    /** SQL text, as in a CREATE TABLE. */
    String sql();

    record Unique(List<String> columns, SourcePos pos) implements Constraint {
        public Unique {
            columns = List.copyOf(columns);
        }

        @Override
        public String sql() {
            return "UNIQUE (" + String.join(", ", columns) + ")";
        }
    }

    /**
     * {@code CHECK (condition)}: the row is rejected when the condition is FALSE (not when it is
     * UNKNOWN).
     */
    record Check(Cond condition, SourcePos pos) implements Constraint {
        @Override
        public String sql() {
            return "CHECK (" + condition.text() + ")";
        }
    }

    record ForeignKey(List<String> columns, String table, List<String> referenced, SourcePos pos)
            implements Constraint {
        public ForeignKey {
            columns = List.copyOf(columns);
            referenced = List.copyOf(referenced);
        }

        @Override
        public String sql() {
            return "FOREIGN KEY ("
                    + String.join(", ", columns)
                    + ") REFERENCES "
                    + table
                    + " ("
                    + String.join(", ", referenced)
                    + ")";
        }
    }
}
