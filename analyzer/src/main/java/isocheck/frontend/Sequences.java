package isocheck.frontend;

import isocheck.program.Expr;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.StringValue;

/**
 * Sequences: {@code CREATE SEQUENCE s}, {@code nextval('s')}, and the columns that draw from one
 * ({@code SERIAL}, {@code BIGSERIAL}, {@code SMALLSERIAL}, {@code GENERATED … AS IDENTITY}, {@code
 * DEFAULT nextval('s')}, MariaDB's {@code AUTO_INCREMENT}). PostgreSQL's sequences are not
 * transactional (manual §9.17 "Sequence Manipulation Functions": "nextval operations are never
 * rolled back … two concurrent transactions will never obtain the same value"): a call's value is
 * fresh whatever the isolation level, and no transaction reads or writes a sequence as data. So a
 * sequence is no record of the model: each call is a hidden parameter of its transaction ({@code
 * nextval$s$n}), outside isolation, like the clock ({@link TransactionClock}).
 *
 * <p>Over-approximation: the analysis draws the parameter freely, so it also considers a value
 * equal to another call's or to an existing key (a duplicate key the database cannot produce: under
 * SQL's key uniqueness that INSERT fails, which only adds executions); every execution with fresh
 * values is among those it considers. A call inside a loop is refused: one parameter would give
 * every iteration the same value, fewer behaviours than the database's. {@code run} draws these
 * parameters above every integer of the initial tables ({@code run.ParamGen}) and inserts them
 * explicitly, so every value is fresh as in the database, and histories name rows by them.
 */
final class Sequences {

    private Sequences() {}

    /** The prefix of a sequence call's hidden parameter, and of a column's DEFAULT marker. */
    static final String PREFIX = isocheck.program.FreshIdentity.SEQUENCE_PREFIX;

    /** The column types that are an integer column drawing from their own sequence. */
    private static final Set<String> SERIAL_TYPES =
            Set.of("SERIAL", "SERIAL4", "BIGSERIAL", "SERIAL8", "SMALLSERIAL", "SERIAL2");

    /** Whether a declared column type is PostgreSQL's {@code SERIAL} shorthand (manual §8.1.4). */
    static boolean isSerial(String declaredType) {
        return SERIAL_TYPES.contains(declaredType.strip().toUpperCase(Locale.ROOT));
    }

    /**
     * The sequence PostgreSQL creates for a SERIAL or IDENTITY column ({@code table_column_seq},
     * manual §8.1.4).
     */
    static String implicitName(String table, String column) {
        return table + "_" + column + "_seq";
    }

    /** A column DEFAULT that draws from sequence {@code name}. */
    static Expr defaultFrom(String name, SourcePos pos) {
        return new Expr.VarRef(PREFIX + name, null, ScalarType.INT, pos);
    }

    /** The sequence a column DEFAULT draws from, or empty if it is no sequence. */
    static Optional<String> of(Expr defaultValue) {
        return defaultValue instanceof Expr.VarRef v && v.variable().startsWith(PREFIX)
                ? Optional.of(v.variable().substring(PREFIX.length()))
                : Optional.empty();
    }

    /**
     * The sequence {@code nextval('s')} (or {@code nextval('s'::regclass)}) names, or empty if
     * {@code e} is no call of nextval; a call of currval, lastval or setval is refused.
     */
    static Optional<String> nextval(Expression e, SourcePos pos) {
        if (!(e instanceof Function f)) {
            return Optional.empty();
        }
        String name = f.getName().toLowerCase(Locale.ROOT);
        if (name.equals("currval") || name.equals("lastval") || name.equals("setval")) {
            throw new ProgramError(
                    pos,
                    name
                            + " is not supported: keep nextval's value in a variable (v := nextval('s')) and use it");
        }
        if (!name.equals("nextval")) {
            return Optional.empty();
        }
        var args = f.getParameters();
        Expression arg = args == null || args.size() != 1 ? null : (Expression) args.get(0);
        if (arg instanceof CastExpression c) {
            arg = c.getLeftExpression();
        }
        if (!(arg instanceof StringValue s)) {
            throw new ProgramError(pos, "nextval takes one sequence name: nextval('name')");
        }
        return Optional.of(Names.of(s.getValue()));
    }

    /**
     * One draw from sequence {@code name} in the transaction being parsed: a fresh hidden
     * parameter.
     *
     * @param known the sequences the file creates ({@code CREATE SEQUENCE}, SERIAL and IDENTITY
     *     columns)
     */
    static Expr draw(Scope scope, String name, Set<String> known, SourcePos pos) {
        if (!known.contains(name)) {
            throw new ProgramError(
                    pos,
                    "unknown sequence "
                            + name
                            + (known.isEmpty()
                                    ? " (the file creates none: CREATE SEQUENCE " + name + ")"
                                    : " (the file creates " + String.join(", ", known) + ")"));
        }
        if (scope.inLoop()) {
            throw new ProgramError(
                    pos,
                    "a draw from sequence "
                            + name
                            + " inside a loop is not supported (one value would stand for every iteration's): draw outside the loop");
        }
        String param = scope.hiddenName(isocheck.program.FreshIdentity.sequenceDraw(name));
        scope.declareHiddenParameter(param, ScalarType.INT, pos);
        return new Expr.VarRef(param, null, ScalarType.INT, pos);
    }
}
