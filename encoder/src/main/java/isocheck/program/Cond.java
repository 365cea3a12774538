package isocheck.program;

/**
 * Conditions: the paper's φ_d (WHERE clauses, over fields and variables) and φ_c (IF conditions,
 * over variables only), with SQL's {@code IS NULL} for empty results and {@code = ANY(:v.f)} for
 * the paper's membership {@code f ∈ v}.
 */
public sealed interface Cond {

    SourcePos pos();

    /** Dispatches to the visitor's method for this record. */
    <R> R accept(Visitor<R> v);

    /** SQL-like text, as in the program file. */
    String text();

    record Const(boolean value, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitConst(this);
        }

        @Override
        public String text() {
            return value ? "TRUE" : "FALSE";
        }
    }

    record Compare(CompareOp op, Expr left, Expr right, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitCompare(this);
        }

        @Override
        public String text() {
            return left.text() + " " + op.symbol() + " " + right.text();
        }
    }

    /** {@code v IS NULL}: the SELECT that assigned v matched no row (or MIN/MAX over no rows). */
    record IsNull(String variable, boolean negated, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitIsNull(this);
        }

        @Override
        public String text() {
            return ":" + variable + (negated ? " IS NOT NULL" : " IS NULL");
        }
    }

    /**
     * {@code e IS [NOT] NULL} of a field: a nullable column of the visited record (NULL where an
     * INSERT left it out) or {@code :row.f}; or a scalar parameter (a NULL argument, {@link
     * NullableParameters}). The encoder does not model NULL values of fields: it tests such an atom
     * by polarity (Terms), an over-approximation; a parameter's test is a boolean of its instance.
     */
    record FieldIsNull(Expr operand, boolean negated, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitFieldIsNull(this);
        }

        @Override
        public String text() {
            return operand.text() + (negated ? " IS NOT NULL" : " IS NULL");
        }
    }

    /**
     * {@code element = ANY(:rows.field)}: the element equals {@code field} of some row of {@code
     * rows}.
     */
    record Member(Expr element, String rows, String field, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitMember(this);
        }

        @Override
        public String text() {
            return element.text() + " = ANY(:" + rows + "." + field + ")";
        }
    }

    /**
     * A negation. {@code notTrue} false: SQL's NOT, Kleene's (NOT UNKNOWN is UNKNOWN), as the
     * program writes it. {@code notTrue} true: {@code operand IS NOT TRUE}, TRUE when the operand
     * is FALSE or UNKNOWN: the condition under which an IF takes its ELSE, and under which the code
     * after an IF whose THEN returns runs (PostgreSQL manual, PL/pgSQL "Conditionals": the THEN
     * statements run only if the condition is true), which {@link FactExtractor} writes into
     * guards. Reading an ELSE guard as Kleene's NOT would leave no path for a NULL argument and
     * miss executions (benchmarks/programs/litmus/else-unknown.sql).
     */
    record Not(Cond operand, SourcePos pos, boolean notTrue) implements Cond {
        /** SQL's NOT. */
        public Not(Cond operand, SourcePos pos) {
            this(operand, pos, false);
        }

        /** {@code operand IS NOT TRUE}: an ELSE branch's guard. */
        public static Not notTrue(Cond operand, SourcePos pos) {
            return new Not(operand, pos, true);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitNot(this);
        }

        @Override
        public String text() {
            return notTrue
                    ? "(" + operand.text() + ") IS NOT TRUE"
                    : "NOT (" + operand.text() + ")";
        }
    }

    record And(Cond left, Cond right, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitAnd(this);
        }

        @Override
        public String text() {
            return left.text() + " AND " + right.text();
        }
    }

    record Or(Cond left, Cond right, SourcePos pos) implements Cond {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.visitOr(this);
        }

        @Override
        public String text() {
            return "(" + left.text() + " OR " + right.text() + ")";
        }
    }

    /**
     * One method per permitted record of {@link Cond}: adding a record makes the compiler list
     * every visitor that must handle it (Java 17 has no pattern switch over sealed types).
     */
    interface Visitor<R> {
        R visitConst(Const constant);

        R visitCompare(Compare compare);

        R visitIsNull(IsNull isNull);

        R visitFieldIsNull(FieldIsNull isNull);

        R visitMember(Member member);

        R visitNot(Not not);

        R visitAnd(And and);

        R visitOr(Or or);
    }

    /**
     * A visitor for sites that handle a few kinds of condition: the others return {@link
     * #otherwise}.
     */
    interface DefaultVisitor<R> extends Visitor<R> {
        /** What every case not overridden returns. */
        R otherwise(Cond x);

        @Override
        default R visitConst(Const x) {
            return otherwise(x);
        }

        @Override
        default R visitCompare(Compare x) {
            return otherwise(x);
        }

        @Override
        default R visitIsNull(IsNull x) {
            return otherwise(x);
        }

        @Override
        default R visitFieldIsNull(FieldIsNull x) {
            return otherwise(x);
        }

        @Override
        default R visitMember(Member x) {
            return otherwise(x);
        }

        @Override
        default R visitNot(Not x) {
            return otherwise(x);
        }

        @Override
        default R visitAnd(And x) {
            return otherwise(x);
        }

        @Override
        default R visitOr(Or x) {
            return otherwise(x);
        }
    }
}
