package isocheck.program;

import java.util.List;
import java.util.Optional;

/** Statements of a transaction program: the paper's grammar c (§3.1) in SQL syntax. */
public sealed interface Stmt {

    SourcePos pos();

    /** A statement that accesses the database: the paper's Stmts(T). */
    sealed interface Sql extends Stmt {
        String table();

        /** The statement as written in the program file (with INTO and :names). */
        String sql();
    }

    /**
     * {@code SELECT columns INTO target FROM table WHERE where [ORDER BY …] [LIMIT n] [FOR UPDATE|SHARE
     * [NOWAIT|SKIP LOCKED]]}, or with an aggregate, {@code SELECT MIN/MAX/COUNT/SUM/AVG(c) INTO target …}.
     * {@code columns} is empty for an aggregate; {@code orderBy} is empty and {@code limit} empty when
     * absent (ORDER BY without LIMIT only orders the rows, which a row set does not keep).
     */
    record Select(
            String target,
            String table,
            List<String> columns,
            Optional<Aggregate> aggregate,
            Cond where,
            List<OrderKey> orderBy,
            Optional<Long> limit,
            RowLock lock,
            List<Select> joinedFrom,
            String sql,
            SourcePos pos)
            implements Sql {
        public Select {
            columns = List.copyOf(columns);
            orderBy = List.copyOf(orderBy);
            joinedFrom = List.copyOf(joinedFrom);
        }

        /** A plain SELECT: no ORDER BY, LIMIT or locking clause. */
        public Select(String target, String table, List<String> columns, Optional<Aggregate> aggregate, Cond where,
                String sql, SourcePos pos) {
            this(target, table, columns, aggregate, where, List.of(), Optional.empty(), RowLock.NONE, List.of(), sql, pos);
        }

        /**
         * Whether this SELECT is the last table of an inner join (see {@code joinedFrom}). A join of
         * tables t1, …, tn is read as n SELECTs in the body, one per table, each restricted to the
         * rows that join with the previous one's ({@code col = ANY(:prev.col)}); the last one holds
         * the join's aggregate and lists the earlier ones here, so that a database runs the join as
         * the one statement it is written as.
         */
        public boolean isJoin() {
            return !joinedFrom.isEmpty();
        }

        /**
         * Whether the result may leave out matching rows alive in the statement's view: LIMIT keeps
         * the first n in ORDER BY order, SKIP LOCKED skips rows other transactions hold locks on.
         */
        public boolean mayOmitRows() {
            return limit.isPresent() || lock.skipLocked();
        }
    }

    record Update(String table, List<Assignment> assignments, Cond where, String sql, SourcePos pos) implements Sql {
        public Update {
            assignments = List.copyOf(assignments);
        }
    }

    /** {@code INSERT INTO table (columns) VALUES (values)}; columns and values have equal length. */
    record Insert(String table, List<String> columns, List<Expr> values, String sql, SourcePos pos) implements Sql {
        public Insert {
            columns = List.copyOf(columns);
            values = List.copyOf(values);
        }
    }

    record Delete(String table, Cond where, String sql, SourcePos pos) implements Sql {}

    /** {@code target := value}. */
    record Assign(String target, Expr value, SourcePos pos) implements Stmt {}

    /** {@code target := CHOOSE source}: one nondeterministically chosen row of a row set. */
    record Choose(String target, String source, SourcePos pos) implements Stmt {}

    record If(Cond condition, List<Stmt> thenBranch, List<Stmt> elseBranch, SourcePos pos) implements Stmt {
        public If {
            thenBranch = List.copyOf(thenBranch);
            elseBranch = List.copyOf(elseBranch);
        }
    }

    /** {@code FOREACH variable IN source LOOP body END LOOP}. */
    record Foreach(String variable, String source, List<Stmt> body, SourcePos pos) implements Stmt {
        public Foreach {
            body = List.copyOf(body);
        }
    }

    record Skip(SourcePos pos) implements Stmt {}

    /**
     * A user abort: {@code ROLLBACK}, or PL/pgSQL's {@code RAISE EXCEPTION 'message'} left uncaught
     * (PostgreSQL manual, §43.9 "Errors and Messages": the error aborts the transaction). Nothing the
     * transaction wrote survives, and an aborted instance is in no dependency: an execution holds
     * committed transactions only.
     */
    record Abort(String message, SourcePos pos) implements Stmt {}

    /** {@code RETURN}: an early exit; the transaction commits what it did, the rest of the body does not run. */
    record Return(SourcePos pos) implements Stmt {}
}
