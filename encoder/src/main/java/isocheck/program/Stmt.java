package isocheck.program;

import java.util.List;
import java.util.Optional;

/** Statements of a transaction program: the paper's grammar c (§3.1) in SQL syntax. */
public sealed interface Stmt {

    SourcePos pos();

    /** Dispatches to the visitor's method for this record. */
    <R> R accept(Visitor<R> v);

    /** A statement that accesses the database: the paper's Stmts(T). */
    sealed interface Sql extends Stmt {
        String table();

        /** The statement as written in the program file (with INTO and :names). */
        String sql();

        /** Dispatches to the SQL visitor's method for this statement. */
        <R> R accept(SqlVisitor<R> v);

        /** The statement's WHERE clause; none for an INSERT. */
        default Optional<Cond> whereClause() {
            return accept(
                    new SqlVisitor<Optional<Cond>>() {
                        @Override
                        public Optional<Cond> visitSelect(Select select) {
                            return Optional.of(select.where());
                        }

                        @Override
                        public Optional<Cond> visitUpdate(Update update) {
                            return Optional.of(update.where());
                        }

                        @Override
                        public Optional<Cond> visitInsert(Insert insert) {
                            return Optional.empty();
                        }

                        @Override
                        public Optional<Cond> visitDelete(Delete delete) {
                            return Optional.of(delete.where());
                        }
                    });
        }
    }

    /** One method per kind of SQL statement: the sites that handle only {@link Sql} statements. */
    interface SqlVisitor<R> {
        R visitSelect(Select select);

        R visitUpdate(Update update);

        R visitInsert(Insert insert);

        R visitDelete(Delete delete);
    }

    /**
     * {@code SELECT columns INTO target FROM table WHERE where [ORDER BY …] [LIMIT n] [FOR
     * UPDATE|SHARE [NOWAIT|SKIP LOCKED]]}, or with an aggregate, {@code SELECT
     * MIN/MAX/COUNT/SUM/AVG(c) INTO target …}. {@code columns} is empty for an aggregate; {@code
     * orderBy} is empty and {@code limit} empty when absent (ORDER BY without LIMIT only orders the
     * rows, which a row set does not keep). The last SELECT of a join into a record ({@link
     * #isJoin}) keeps its ORDER BY with keys written {@code table.column} and no limit: the order
     * only decides which joined row the record holds at run time (frontend.JoinRecord).
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
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSelect(this);
        }

        @Override
        public <R> R accept(SqlVisitor<R> v) {
            return v.visitSelect(this);
        }

        public Select {
            columns = List.copyOf(columns);
            orderBy = List.copyOf(orderBy);
            joinedFrom = List.copyOf(joinedFrom);
        }

        /** A plain SELECT: no ORDER BY, LIMIT or locking clause. */
        public Select(
                String target,
                String table,
                List<String> columns,
                Optional<Aggregate> aggregate,
                Cond where,
                String sql,
                SourcePos pos) {
            this(
                    target,
                    table,
                    columns,
                    aggregate,
                    where,
                    List.of(),
                    Optional.empty(),
                    RowLock.NONE,
                    List.of(),
                    sql,
                    pos);
        }

        /**
         * Whether this SELECT is the last table of an inner join (see {@code joinedFrom}). A join
         * of tables t1, …, tn is read as n SELECTs in the body, one per table, each restricted to
         * the rows that join with the previous one's ({@code col = ANY(:prev.col)}); the last one
         * holds the join's aggregate and lists the earlier ones here, so that a database runs the
         * join as the one statement it is written as.
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

    record Update(String table, List<Assignment> assignments, Cond where, String sql, SourcePos pos)
            implements Sql {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitUpdate(this);
        }

        @Override
        public <R> R accept(SqlVisitor<R> v) {
            return v.visitUpdate(this);
        }

        public Update {
            assignments = List.copyOf(assignments);
        }
    }

    /**
     * {@code INSERT INTO table (columns) VALUES (values)}; columns and values have equal length.
     */
    record Insert(String table, List<String> columns, List<Expr> values, String sql, SourcePos pos)
            implements Sql {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitInsert(this);
        }

        @Override
        public <R> R accept(SqlVisitor<R> v) {
            return v.visitInsert(this);
        }

        public Insert {
            columns = List.copyOf(columns);
            values = List.copyOf(values);
        }
    }

    record Delete(String table, Cond where, String sql, SourcePos pos) implements Sql {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitDelete(this);
        }

        @Override
        public <R> R accept(SqlVisitor<R> v) {
            return v.visitDelete(this);
        }
    }

    /** {@code target := value}. */
    record Assign(String target, Expr value, SourcePos pos) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitAssign(this);
        }
    }

    /** {@code target := CHOOSE source}: one nondeterministically chosen row of a row set. */
    record Choose(String target, String source, SourcePos pos) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitChoose(this);
        }
    }

    record If(Cond condition, List<Stmt> thenBranch, List<Stmt> elseBranch, SourcePos pos)
            implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitIf(this);
        }

        public If {
            thenBranch = List.copyOf(thenBranch);
            elseBranch = List.copyOf(elseBranch);
        }
    }

    /** {@code FOREACH variable IN source LOOP body END LOOP}. */
    record Foreach(String variable, String source, List<Stmt> body, SourcePos pos) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitForeach(this);
        }

        public Foreach {
            body = List.copyOf(body);
        }
    }

    record Skip(SourcePos pos) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitSkip(this);
        }
    }

    /**
     * A user abort: {@code ROLLBACK}, or PL/pgSQL's {@code RAISE EXCEPTION 'message'} left uncaught
     * (PostgreSQL manual, §43.9 "Errors and Messages": the error aborts the transaction). Nothing
     * the transaction wrote survives, and an aborted instance is in no dependency: an execution
     * holds committed transactions only.
     */
    record Abort(String message, SourcePos pos) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitAbort(this);
        }
    }

    /**
     * {@code RETURN}: an early exit; the transaction commits what it did, the rest of the body does
     * not run.
     */
    record Return(SourcePos pos) implements Stmt {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitReturn(this);
        }
    }

    /**
     * One method per permitted record of {@link Stmt} (the SQL ones inherited from {@link
     * SqlVisitor}): adding a record makes the compiler list every visitor that must handle it (Java
     * 17 has no pattern switch over sealed types).
     */
    interface Visitor<R> extends SqlVisitor<R> {
        R visitAssign(Assign assign);

        R visitChoose(Choose choose);

        R visitIf(If ifStmt);

        R visitForeach(Foreach foreach);

        R visitSkip(Skip skip);

        R visitAbort(Abort abort);

        R visitReturn(Return returnStmt);
    }

    /**
     * A visitor for sites that handle a few kinds of statement: the others return {@link
     * #otherwise} (the SQL statements through {@link #visitSql}).
     */
    interface DefaultVisitor<R> extends Visitor<R> {
        /** What every case not overridden returns. */
        R otherwise(Stmt x);

        /** The SQL statements not overridden: {@link #otherwise} unless overridden. */
        default R visitSql(Sql x) {
            return otherwise(x);
        }

        @Override
        default R visitSelect(Select x) {
            return visitSql(x);
        }

        @Override
        default R visitUpdate(Update x) {
            return visitSql(x);
        }

        @Override
        default R visitInsert(Insert x) {
            return visitSql(x);
        }

        @Override
        default R visitDelete(Delete x) {
            return visitSql(x);
        }

        @Override
        default R visitAssign(Assign x) {
            return otherwise(x);
        }

        @Override
        default R visitChoose(Choose x) {
            return otherwise(x);
        }

        @Override
        default R visitIf(If x) {
            return otherwise(x);
        }

        @Override
        default R visitForeach(Foreach x) {
            return otherwise(x);
        }

        @Override
        default R visitSkip(Skip x) {
            return otherwise(x);
        }

        @Override
        default R visitAbort(Abort x) {
            return otherwise(x);
        }

        @Override
        default R visitReturn(Return x) {
            return otherwise(x);
        }
    }
}
