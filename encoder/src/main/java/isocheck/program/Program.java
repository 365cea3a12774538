package isocheck.program;

import java.util.List;
import java.util.Optional;

/**
 * One program file: its schema, its transaction programs (resolved and type-checked) and the
 * initial-state invariants it declares.
 */
public record Program(
        String file, Schema schema, List<Transaction> transactions, List<Invariant> invariants) {

    public Program {
        transactions = List.copyOf(transactions);
        invariants = List.copyOf(invariants);
    }

    public Program(String file, Schema schema, List<Transaction> transactions) {
        this(file, schema, transactions, List.of());
    }

    /**
     * The same program without its declared invariants (the paper's rows assume them by option, or
     * not at all).
     */
    public Program withoutInvariants() {
        return new Program(file, schema, transactions);
    }

    public Optional<Transaction> transaction(String name) {
        return transactions.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
