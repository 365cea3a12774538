package isocheck.program;

import java.util.List;

/** A transaction with the facts of each of its SQL statements, in program order. */
public record TransactionFacts(Transaction transaction, List<StatementFacts> statements) {

    public TransactionFacts {
        statements = List.copyOf(statements);
    }

    /** Whether no statement writes: such a transaction has no outgoing WR/WW and no incoming RW edge. */
    public boolean isReadOnly() {
        return statements.stream().noneMatch(StatementFacts::isWrite);
    }
}
