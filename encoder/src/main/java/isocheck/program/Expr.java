package isocheck.program;

/**
 * Integer and string expressions: the paper's e_d (inside SQL, may read the visited record's
 * fields) and e_c (outside SQL, variables only). Each node carries its type and source position.
 */
public sealed interface Expr {

    SourcePos pos();

    ScalarType type();

    /** SQL-like text with variables written {@code :name}, as in the program file. */
    String text();

    record IntLit(long value, SourcePos pos) implements Expr {
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
        public ScalarType type() {
            return ScalarType.STRING;
        }

        @Override
        public String text() {
            return "'" + value.replace("'", "''") + "'";
        }
    }

    /**
     * The value of a program variable: a scalar, the single column of a one-column row set, or (with
     * {@code field}) a column of a row or of the row of a row set.
     */
    record VarRef(String variable, String field, ScalarType type, SourcePos pos) implements Expr {
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
        public String text() {
            return column;
        }
    }

    record Arith(ArithOp op, Expr left, Expr right, SourcePos pos) implements Expr {
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
        public ScalarType type() {
            return ScalarType.INT;
        }

        @Override
        public String text() {
            return "-" + operand.text();
        }
    }

    /** Whether the expression reads a field of the visited record (then it is not a pure e_c). */
    default boolean readsColumns() {
        if (this instanceof ColumnRef) {
            return true;
        }
        if (this instanceof Arith a) {
            return a.left().readsColumns() || a.right().readsColumns();
        }
        if (this instanceof Negate n) {
            return n.operand().readsColumns();
        }
        return false;
    }
}
