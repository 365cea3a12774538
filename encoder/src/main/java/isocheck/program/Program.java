package isocheck.program;

import java.util.List;
import java.util.Optional;

/** One program file: its schema and its transaction programs, resolved and type-checked. */
public record Program(String file, Schema schema, List<Transaction> transactions) {

    public Program {
        transactions = List.copyOf(transactions);
    }

    public Optional<Transaction> transaction(String name) {
        return transactions.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
