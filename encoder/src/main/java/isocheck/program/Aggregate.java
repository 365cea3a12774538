package isocheck.program;

import java.util.Optional;

/**
 * {@code MIN/MAX/COUNT/SUM/AVG([DISTINCT] column)} of a SELECT: the paper's Q ∈ {MIN, MAX, COUNT}
 * (§3.1) plus SUM, AVG and COUNT(DISTINCT c), which real OLTP code uses (BenchBase TPC-C's {@code
 * SUM(ol_amount)}, StockLevel's {@code COUNT(DISTINCT s_i_id)}). COUNT(*) has no column. AVG over
 * INT is the integer average truncated toward zero, {@code SUM(c) / COUNT(c)} (INT is the only
 * numeric type of the IR; PostgreSQL's AVG is a NUMERIC, which PL/pgSQL would round when storing it
 * in an INT variable). The static side leaves SUM and AVG values unconstrained, so the choice
 * matters to runs only.
 */
public record Aggregate(Function function, Optional<String> column, boolean distinct) {

    public enum Function {
        MIN,
        MAX,
        COUNT,
        SUM,
        AVG
    }

    public Aggregate(Function function, Optional<String> column) {
        this(function, column, false);
    }

    /** MIN or MAX: the result is one of the values read (the paper's extremum rule applies). */
    public boolean isExtremum() {
        return function == Function.MIN || function == Function.MAX;
    }

    public String text() {
        return function + "(" + (distinct ? "DISTINCT " : "") + column.orElse("*") + ")";
    }
}
