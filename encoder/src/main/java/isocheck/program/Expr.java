package isocheck.program;

import java.util.List;

/**
 * Integer and string expressions: the paper's e_d (inside SQL, may read the visited record's
 * fields) and e_c (outside SQL, variables only). Each node carries its type and source position.
 */
public sealed interface Expr {

    SourcePos pos();

    /** Dispatches to the visitor's method for this record. */
    <R> R accept(Visitor<R> v);

    ScalarType type();

    /** SQL-like text with variables written {@code :name}, as in the program file. */
    String text();

    record IntLit(long value, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitIntLit(this);
        }

        @Override
        public ScalarType type() {
            return ScalarType.INT;
        }

        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    record StrLit(String value, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitStrLit(this);
        }

        @Override
        public ScalarType type() {
            return ScalarType.STRING;
        }

        @Override
        public String text() {
            return "'" + value.replace("'", "''") + "'";
        }
    }

    /**
     * SQL's {@code NULL} as a value written by SET or INSERT … VALUES (or a column's DEFAULT NULL),
     * typed by the column it is written to. A comparison with a NULL literal is never true; the
     * front-end folds such comparisons by three-valued logic, so NULL is never a comparison
     * operand.
     */
    record NullLit(ScalarType type, SourcePos pos) implements Expr {
        @Override
        public String text() {
            return "NULL";
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitNullLit(this);
        }
    }

    /**
     * The value of a program variable: a scalar, the single column of a one-column row set, or
     * (with {@code field}) a column of a row or of the row of a row set.
     */
    record VarRef(String variable, String field, ScalarType type, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitVarRef(this);
        }

        public boolean hasField() {
            return field != null;
        }

        @Override
        public String text() {
            return ":" + variable + (field == null ? "" : "." + field);
        }
    }

    /** A field of the record an SQL statement visits (only inside WHERE, SET and SELECT). */
    record ColumnRef(String table, String column, ScalarType type, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitColumnRef(this);
        }

        @Override
        public String text() {
            return column;
        }
    }

    record Arith(ArithOp op, Expr left, Expr right, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitArith(this);
        }

        @Override
        public ScalarType type() {
            return ScalarType.INT;
        }

        @Override
        public String text() {
            return "(" + left.text() + " " + op.symbol() + " " + right.text() + ")";
        }
    }

    record Negate(Expr operand, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitNegate(this);
        }

        @Override
        public ScalarType type() {
            return ScalarType.INT;
        }

        @Override
        public String text() {
            return "-" + operand.text();
        }
    }

    /**
     * {@code CASE WHEN c1 THEN e1 [WHEN c2 THEN e2 …] ELSE e END} (searched CASE). ELSE is
     * required: a missing ELSE is NULL, and NULL values are not modelled.
     */
    record Case(List<Cond> conditions, List<Expr> values, Expr otherwise, SourcePos pos)
            implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitCase(this);
        }

        public Case {
            conditions = List.copyOf(conditions);
            values = List.copyOf(values);
        }

        @Override
        public ScalarType type() {
            return otherwise.type();
        }

        @Override
        public String text() {
            StringBuilder sb = new StringBuilder("CASE");
            for (int i = 0; i < conditions.size(); i++) {
                sb.append(" WHEN ")
                        .append(conditions.get(i).text())
                        .append(" THEN ")
                        .append(values.get(i).text());
            }
            return sb.append(" ELSE ").append(otherwise.text()).append(" END").toString();
        }
    }

    /**
     * {@code COALESCE(e1, e2, …)}: the first argument that is not NULL (an empty result's field, an
     * empty aggregate).
     */
    record Coalesce(List<Expr> args, SourcePos pos) implements Expr {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitCoalesce(this);
        }

        public Coalesce {
            args = List.copyOf(args);
        }

        @Override
        public ScalarType type() {
            return args.get(0).type();
        }

        @Override
        public String text() {
            return "COALESCE(" + String.join(", ", args.stream().map(Expr::text).toList()) + ")";
        }
    }

    /** Whether the expression reads a field of the visited record (then it is not a pure e_c). */
    default boolean readsColumns() {
        return !Columns.of(this).isEmpty();
    }

    /**
     * One method per permitted record of {@link Expr}: adding a record makes the compiler list
     * every visitor that must handle it (Java 17 has no pattern switch over sealed types).
     */
    interface Visitor<R> {
        R visitIntLit(IntLit lit);

        R visitStrLit(StrLit lit);

        R visitNullLit(NullLit lit);

        R visitVarRef(VarRef ref);

        R visitColumnRef(ColumnRef ref);

        R visitArith(Arith arith);

        R visitNegate(Negate negate);

        R visitCase(Case caseExpr);

        R visitCoalesce(Coalesce coalesce);
    }

    /**
     * A visitor for sites that handle a few kinds of expression: the others return {@link
     * #otherwise}.
     */
    interface DefaultVisitor<R> extends Visitor<R> {
        /** What every case not overridden returns. */
        R otherwise(Expr x);

        @Override
        default R visitIntLit(IntLit x) {
            return otherwise(x);
        }

        @Override
        default R visitStrLit(StrLit x) {
            return otherwise(x);
        }

        @Override
        default R visitNullLit(NullLit x) {
            return otherwise(x);
        }

        @Override
        default R visitVarRef(VarRef x) {
            return otherwise(x);
        }

        @Override
        default R visitColumnRef(ColumnRef x) {
            return otherwise(x);
        }

        @Override
        default R visitArith(Arith x) {
            return otherwise(x);
        }

        @Override
        default R visitNegate(Negate x) {
            return otherwise(x);
        }

        @Override
        default R visitCase(Case x) {
            return otherwise(x);
        }

        @Override
        default R visitCoalesce(Coalesce x) {
            return otherwise(x);
        }
    }
}
