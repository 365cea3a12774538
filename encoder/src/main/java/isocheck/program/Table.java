package isocheck.program;

import java.util.List;
import java.util.Optional;

/** A table: typed columns and a non-empty, possibly composite primary key (paper §3.1, PK). */
public record Table(String name, List<Column> columns, List<String> primaryKey, SourcePos pos) {

    public Table {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        if (primaryKey.isEmpty()) {
            throw new IllegalArgumentException("table " + name + " needs a primary key");
        }
    }

    public Optional<Column> column(String columnName) {
        return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
    }

    public boolean isKey(String columnName) {
        return primaryKey.contains(columnName);
    }
}
