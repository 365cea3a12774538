package isocheck.frontend;

import isocheck.program.Column;
import isocheck.program.Expr;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Table;

/**
 * A table declared without a primary key (BenchBase's TPC-C {@code history}, Voter's {@code votes},
 * Epinions' {@code review}, {@code review_rating}, {@code trust}). PostgreSQL identifies such rows
 * only physically, and an INSERT always adds a new row. The model needs a key, so the table gets a
 * hidden INT column {@link #ROW_ID} as its primary key, and each INSERT gives it a hidden parameter
 * of the transaction ({@code table_row$n}) as the new row's identity.
 *
 * <p>Over-approximation: the analysis may also choose two inserts with the same identity (a
 * duplicate key the database cannot produce), which only adds executions (under a database's rules
 * the encoder drops the edges that exist only there: encoding.Encoder#insertsNewRow); the run draws
 * the hidden parameter {@code unique}, so every inserted row is new as in the database. An INSERT
 * into such a table inside a loop is refused: one parameter would give every iteration's row the
 * same identity. {@code run} creates the column in its tables, so histories name rows by it.
 */
final class KeylessTables {

    private KeylessTables() {}

    /** The hidden key column of a table without a primary key. */
    static final String ROW_ID = "isocheck_row";

    static Column column(SourcePos pos) {
        return new Column(ROW_ID, ScalarType.INT, true, pos);
    }

    static boolean isKeyless(Table t) {
        return t.primaryKey().equals(java.util.List.of(ROW_ID));
    }

    /** The identity of the row an INSERT into keyless {@code t} adds: a fresh hidden parameter. */
    static Expr newRow(Scope scope, Table t, SourcePos pos) {
        if (scope.inLoop()) {
            throw new ProgramError(
                    pos,
                    "INSERT into "
                            + t.name()
                            + " (a table without a primary key) inside a loop is not supported: "
                            + "declare a primary key, or insert outside the loop");
        }
        String name = scope.hiddenName(isocheck.program.FreshIdentity.newRow(t.name()));
        scope.declareHiddenParameter(name, ScalarType.INT, pos);
        return new Expr.VarRef(name, null, ScalarType.INT, pos);
    }
}
