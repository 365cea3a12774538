package isocheck.run;

import isocheck.program.ScalarType;
import isocheck.program.Stmt;
import isocheck.program.Table;
import java.util.List;

/**
 * One program statement translated to JDBC: the SQL text with {@code ?} placeholders and, in
 * placeholder order, how to compute each parameter from the transaction's variables.
 *
 * <p>Result layout of a recorded SELECT: the primary-key columns, then {@code columns}, then one
 * version column per entry of {@code columns} (the row's version for key columns). A recorded
 * UPDATE, INSERT or DELETE returns the primary keys of the rows it changed; a recorded UPDATE then
 * one version per entry of {@code reads}, the fields its SET expressions read (the version the
 * statement overwrote, see {@link UpdateReads}), then one per assigned non-key field, the version
 * its write replaced ({@link UpdateReads#replaced}).
 */
record Compiled(
        Stmt.Sql stmt,
        Kind kind,
        Table table,
        String sql,
        List<Param> params,
        List<String> columns,
        List<ScalarType> columnTypes,
        List<String> reads,
        boolean recorded,
        Predicate predicate,
        String fetchSql,
        List<Param> fetchParams) {

    /**
     * {@code fetchSql}: null, or (a recorded UPDATE on a database without UPDATE … RETURNING) the
     * query run right after {@code sql} that returns what RETURNING would ({@link
     * SqlDialect#updateReturns}).
     */
    Compiled(
            Stmt.Sql stmt,
            Kind kind,
            Table table,
            String sql,
            List<Param> params,
            List<String> columns,
            List<ScalarType> columnTypes,
            List<String> reads,
            boolean recorded,
            Predicate predicate) {
        this(
                stmt,
                kind,
                table,
                sql,
                params,
                columns,
                columnTypes,
                reads,
                recorded,
                predicate,
                null,
                List.of());
    }

    /**
     * How a recorded statement reports what its WHERE clause evaluated ({@link PredicateReads}),
     * placed after the layout above. SELECT: the row's predicate version, then (when {@code
     * broadened}) a 1/0 flag saying whether the row matches: the statement then fetches every row
     * of the key part of the WHERE clause, so that rows it did not match are seen too. UPDATE that
     * writes a column some predicate reads ({@code writesVersion}): the previous predicate version,
     * the new values of {@code image}, then the old values of {@code old} (the assigned ones);
     * other UPDATEs: the predicate version. DELETE: the predicate version and {@code image} (the
     * deleted row). INSERT: {@code image}. {@code preReadSql}: for an UPDATE or DELETE whose WHERE
     * reads non-key columns, the rows of its key part (primary key, predicate version, 1/0: whether
     * the WHERE clause matches), run just before it, or in it ({@code preReadInStatement}, {@link
     * SqlDialect#withPreRead}: then {@code sql} returns the pre-read's rows after its own). {@code
     * postReadSql}: the rows of the key part again (primary key, predicate version, 1/0: locked by
     * this transaction, {@link SqlDialect#lockedByThisTransaction}), run after the statement when
     * the pre-read does not decide what it saw of a row it did not change. {@code decided}: whether
     * the rows fetched decide the predicate read (false for a SELECT with LIMIT or a row lock whose
     * WHERE clause reads an assigned column: it cannot be broadened without changing which rows
     * LIMIT returns or which rows are locked, so it records no predicate read).
     */
    record Predicate(
            boolean broadened,
            boolean writesVersion,
            List<String> image,
            List<ScalarType> imageTypes,
            List<String> old,
            String preReadSql,
            List<Param> preReadParams,
            boolean preReadInStatement,
            String postReadSql,
            List<Param> postReadParams,
            boolean decided) {}

    enum Kind {
        SELECT,
        /**
         * MIN/MAX/COUNT computed in Java over the matching rows (so that each contributing row's
         * read is known).
         */
        AGGREGATE,
        /**
         * A recorded inner join ({@link Stmt.Select#isJoin}): per result row, for each joined table
         * in FROM order, its primary key, the column read (the join column; the aggregated column
         * for the last table) and that column's version; the aggregate is computed in Java.
         */
        JOIN,
        UPDATE,
        INSERT,
        DELETE
    }

    /** Computes one placeholder's value; {@code version} is the id this execution writes. */
    interface Param {
        Object value(Frame f);

        /** java.sql.Types of a null; or the array element type name for arrays. */
        ScalarType type();

        default boolean isArray() {
            return false;
        }
    }

    /** What a parameter can see: the variables and the version id of the current execution. */
    interface Frame {
        Object var(String name);

        long version();
    }
}
