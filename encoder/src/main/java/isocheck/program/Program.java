package isocheck.program;

import java.util.List;
import java.util.Optional;

/**
 * One program file: its schema, its transaction programs (resolved and type-checked) and the
 * initial-state invariants it declares.
 */
public record Program(String file, Schema schema, List<Transaction> transactions, List<Invariant> invariants) {

    public Program {
        transactions = List.copyOf(transactions);
        invariants = List.copyOf(invariants);
    }

    public Program(String file, Schema schema, List<Transaction> transactions) {
        this(file, schema, transactions, List.of());
    }

    public Optional<Transaction> transaction(String name) {
        return transactions.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
