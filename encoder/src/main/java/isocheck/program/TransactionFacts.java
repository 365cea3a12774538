package isocheck.program;

import java.util.List;

/**
 * A transaction with the facts of each of its SQL statements, in program order, and where it may
 * abort ({@link AbortFacts}).
 */
public record TransactionFacts(
        Transaction transaction, List<StatementFacts> statements, List<AbortFacts> aborts) {

    public TransactionFacts {
        statements = List.copyOf(statements);
        aborts = List.copyOf(aborts);
    }

    public TransactionFacts(Transaction transaction, List<StatementFacts> statements) {
        this(transaction, statements, List.of());
    }

    /**
     * Whether no statement writes: such a transaction has no outgoing WR/WW and no incoming RW
     * edge.
     */
    public boolean isReadOnly() {
        return statements.stream().noneMatch(StatementFacts::isWrite);
    }
}
