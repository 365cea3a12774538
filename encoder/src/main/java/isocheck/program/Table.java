package isocheck.program;

import java.util.List;
import java.util.Optional;

/**
 * A table: typed columns, a non-empty, possibly composite primary key (paper §3.1, PK), and its
 * other constraints (UNIQUE, CHECK, FOREIGN KEY).
 */
public record Table(
        String name,
        List<Column> columns,
        List<String> primaryKey,
        List<Constraint> constraints,
        SourcePos pos) {

    public Table {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        constraints = List.copyOf(constraints);
        if (primaryKey.isEmpty()) {
            throw new IllegalArgumentException("table " + name + " needs a primary key");
        }
    }

    public Table(String name, List<Column> columns, List<String> primaryKey, SourcePos pos) {
        this(name, columns, primaryKey, List.of(), pos);
    }

    public Optional<Column> column(String columnName) {
        return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
    }

    public boolean isKey(String columnName) {
        return primaryKey.contains(columnName);
    }

    /** The same table with one more constraint (CREATE UNIQUE INDEX after the CREATE TABLE). */
    public Table with(Constraint constraint) {
        List<Constraint> more = new java.util.ArrayList<>(constraints);
        more.add(constraint);
        return new Table(name, columns, primaryKey, more, pos);
    }
}
