package isocheck.frontend;

import isocheck.program.Expr;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import java.util.Locale;
import java.util.Optional;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.TimeKeyExpression;

/**
 * {@code CURRENT_TIMESTAMP}, {@code NOW()}, {@code LOCALTIMESTAMP}, {@code transaction_timestamp()}
 * and {@code CURRENT_DATE}: PostgreSQL gives each the start time of the current transaction, the
 * same value for the whole transaction (manual §9.9.5 "Current Date/Time"). Each is therefore a
 * hidden parameter of the transaction that uses it ({@link #NOW}, {@link #TODAY}): one value per
 * transaction instance, drawn freely by the analysis. Over-approximation: the database's clock also
 * orders the values as the transactions started, which the model does not require (more executions,
 * never fewer); a timestamp and a date of one transaction are not related either. {@code run} binds
 * them like any parameter (a hidden parameter without a generator line is {@code unique}: 1, 2, 3,
 * …).
 */
final class TransactionClock {

    private TransactionClock() {}

    /**
     * The hidden parameter for the transaction's start time ('$' keeps it apart from every SQL
     * name).
     */
    static final String NOW = "now$";

    /** The hidden parameter for the transaction's start date. */
    static final String TODAY = "current_date$";

    /** The hidden parameter a clock expression stands for, or empty if {@code e} is not one. */
    static Optional<String> of(Expression e) {
        if (e instanceof TimeKeyExpression t) {
            return keyword(t.getStringValue());
        }
        if (e instanceof Function f && (f.getParameters() == null || f.getParameters().isEmpty())) {
            String name = f.getName().toUpperCase(Locale.ROOT);
            if (name.equals("NOW") || name.equals("TRANSACTION_TIMESTAMP")) {
                return Optional.of(NOW);
            }
        }
        return Optional.empty();
    }

    /** The parameter for a clock keyword as written ({@code CURRENT_TIMESTAMP} …), or empty. */
    static Optional<String> keyword(String text) {
        return switch (text.strip().toUpperCase(Locale.ROOT)) {
            case "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "NOW()", "TRANSACTION_TIMESTAMP()" ->
                    Optional.of(NOW);
            case "CURRENT_DATE" -> Optional.of(TODAY);
            default -> Optional.empty();
        };
    }

    /**
     * A reference to the clock parameter {@code name}, declared in the transaction on first use.
     */
    static Expr reference(Scope scope, String name, SourcePos pos) {
        scope.declareHiddenParameter(name, ScalarType.INT, pos);
        return new Expr.VarRef(name, null, ScalarType.INT, pos);
    }

    /**
     * Whether a column's DEFAULT stands for a clock parameter (filled in per INSERT, in the
     * inserting transaction).
     */
    static Optional<String> of(Expr defaultValue) {
        return defaultValue instanceof Expr.VarRef v
                        && (v.variable().equals(NOW) || v.variable().equals(TODAY))
                ? Optional.of(v.variable())
                : Optional.empty();
    }
}
