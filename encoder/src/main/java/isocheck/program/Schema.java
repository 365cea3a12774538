package isocheck.program;

import java.util.List;
import java.util.Optional;

/** The tables of a program file, in declaration order. */
public record Schema(List<Table> tables) {

    public Schema {
        tables = List.copyOf(tables);
    }

    public Optional<Table> table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
