package isocheck.run;

import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * How one database spells the SQL that {@link SqlGen} writes. The defaults are standard SQL as
 * PostgreSQL accepts it; each {@link Engine} overrides what its database spells differently.
 */
interface SqlDialect {

    /** The column type of an INT program column (programs' integers are 64-bit). */
    default String intType() {
        return "BIGINT";
    }

    /**
     * The column type of a string column. {@code strings} and {@code ints}: the most string and the
     * most integer columns of an index it is part of (the primary key, a UNIQUE, a FOREIGN KEY), so
     * that a width fitting them fits every one of its indexes; {@code strings == 0} when it is in
     * no index.
     */
    default String textType(int strings, int ints) {
        return "VARCHAR(1000)";
    }

    /** A typed placeholder for a program variable. */
    default String castParam(ScalarType type) {
        return type == ScalarType.INT ? "CAST(? AS BIGINT)" : "CAST(? AS VARCHAR(1000))";
    }

    /**
     * {@code sql} (an integer expression, e.g. PostgreSQL's NUMERIC SUM) cast back to a 64-bit
     * integer.
     */
    default String castToInt(String sql) {
        return "CAST(" + sql + " AS BIGINT)";
    }

    /**
     * Integer division truncating toward zero, as {@link isocheck.program.Expr.Arith} defines it.
     */
    default String divide(String left, String right) {
        return "(" + left + " / " + right + ")";
    }

    /**
     * {@code element} is one of the values of an array parameter (the next placeholder), bound by
     * {@link #bindArray}. No element (or only NULLs) matches nothing, as {@code = ANY} of SQL:2016.
     */
    default String memberOf(String element, ScalarType type) {
        return element + " = ANY(?)";
    }

    /** Binds the array parameter of {@link #memberOf}. */
    default void bindArray(
            Connection c, PreparedStatement p, int index, ScalarType type, Object[] elements)
            throws SQLException {
        p.setArray(index, c.createArrayOf(type == ScalarType.INT ? "BIGINT" : "VARCHAR", elements));
    }

    /**
     * The locking clause of a SELECT ({@code FOR UPDATE}, {@code FOR SHARE}, with NOWAIT or SKIP
     * LOCKED).
     */
    default String lockClause(RowLock lock) {
        return lock.sql();
    }

    /**
     * A data-changing statement that returns {@code items} of each row it changed: of the new row
     * ({@code oldRow} false: INSERT, UPDATE) or of the deleted one ({@code oldRow} true: DELETE).
     * SQL:2016 has no such clause; PostgreSQL's and SQLite's {@code RETURNING} is the default.
     */
    default String returning(String dml, boolean oldRow, String items) {
        return dml + " RETURNING " + items;
    }

    /**
     * The locking clause of the query that reads, just before a recorded UPDATE or DELETE, the rows
     * of its key part ({@link Compiled.Predicate#preReadSql}): empty where a plain read sees the
     * versions the statement evaluates its WHERE clause on.
     */
    default String complementLock() {
        return "";
    }

    /**
     * The recorded UPDATE or DELETE {@code dml} (with its RETURNING clause, {@code returned}
     * columns) and the pre-read of its key part {@code preRead} ({@code preColumns} columns) as one
     * statement, so that both read one snapshot; or null (the pre-read then runs just before the
     * statement). The result's rows are the statement's ({@code returned} columns, then NULLs, then
     * 0) and the pre-read's (NULLs, its {@code preColumns} columns, then 1).
     */
    default String withPreRead(String preRead, String dml, int returned, int preColumns) {
        return null;
    }

    /**
     * Whether the pre-read ({@link Compiled.Predicate#preReadSql}) sees, of every row of the key
     * part that the statement does not change, the version the statement's WHERE clause evaluated
     * when the pre-read found the row not matching: true when it runs in the statement's snapshot
     * ({@link #withPreRead}), when it locks what the statement would lock anyway ({@link
     * #complementLock}), or when nobody else can write in between (SQLite's one writer). Where
     * false, the recorder reads the key part again after the statement and records a row the
     * statement did not change exactly only if its version did not move in between, and as
     * uncertain otherwise ({@link TxnLog.PredicateScan#uncertain}).
     */
    default boolean preReadExact() {
        return false;
    }

    /**
     * The WHERE clause {@code where} (whose key part is {@code keyPart}) with a side effect that
     * appends {@code items} (the row's primary key and predicate version) to a session variable
     * each time the database evaluates it on a row, so that the statement itself says which version
     * of every row it evaluated (the last entry of a row is the evaluation that decided); null
     * where the database has no such variables. Read back with {@link #evaluationNotes}.
     */
    default String evaluationNote(String items, String keyPart, String where) {
        return null;
    }

    /**
     * The statements that reset ([0]) and read ([1]: one JSON array of the noted {@code items}
     * arrays) {@link #evaluationNote}'s variable.
     */
    default String[] evaluationNotes() {
        return null;
    }

    /**
     * A SQL expression over the row being read, 1 when the current transaction holds a row lock on
     * it (and so nobody changed it since the lock was taken), 0 otherwise; "0" where the database
     * does not say. Used by the read after a statement that did not change a row it had matched in
     * its snapshot ({@link Compiled.Predicate#postReadSql}).
     */
    default String lockedByThisTransaction() {
        return "0";
    }

    /**
     * Whether an UPDATE can return its rows ({@link #returning}). When it cannot (MariaDB 10.11 has
     * INSERT/DELETE … RETURNING but no UPDATE … RETURNING), {@link SqlGen} runs the UPDATE and then
     * selects the rows that carry the version it wrote.
     */
    default boolean updateReturns() {
        return true;
    }

    /**
     * Whether {@code INSERT … ON CONFLICT (key) DO NOTHING … RETURNING} runs natively ({@link
     * UpsertSql}); else an upsert runs as the front-end's probe and conditional INSERT/UPDATE.
     */
    default boolean nativeOnConflict() {
        return false;
    }
}
