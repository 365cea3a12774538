package isocheck.frontend;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;

/**
 * {@code x [NOT] BETWEEN a AND b} (BenchBase AuctionMark CloseAuctions' {@code i_start_date BETWEEN
 * ? AND ?}) as the comparisons it abbreviates: {@code x >= a AND x <= b}, under NOT for NOT
 * BETWEEN. The rewrite is exact, NULLs included: SQL defines BETWEEN so (SQL:2016 §8.3 "between
 * predicate"; PostgreSQL manual §9.2, "Comparison Functions and Operators": "a BETWEEN x AND y is
 * equivalent to a >= x AND a <= y"), and the comparisons then get the usual three-valued treatment.
 */
final class BetweenPredicate {

    private BetweenPredicate() {}

    static Expression comparisons(Between between) {
        Expression x = between.getLeftExpression();
        Expression range =
                new AndExpression(
                        new GreaterThanEquals(x, between.getBetweenExpressionStart()),
                        new MinorThanEquals(x, between.getBetweenExpressionEnd()));
        return between.isNot() ? new NotExpression(range) : range;
    }
}
