package isocheck.program;

import java.util.List;
import java.util.Optional;

/** The tables of a program file, in declaration order. */
public record Schema(List<Table> tables) {

    public Schema {
        tables = List.copyOf(tables);
    }

    /** The first table of that name (a loop: the encoder asks this per rule instance). */
    public Optional<Table> table(String name) {
        for (Table t : tables) if (t.name().equals(name)) return Optional.of(t);
        return Optional.empty();
    }
}
