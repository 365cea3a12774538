package isocheck.frontend;

import isocheck.program.Expr;
import isocheck.program.ExprRewrite;
import isocheck.program.SourcePos;

/**
 * An expression in a SELECT list, {@code SELECT f_base_price, (f_base_price + f_base_price * (1 -
 * f_seats_left / f_seats_total)) AS f_price INTO r FROM flight WHERE f_id = …} (BenchBase SEATS'
 * FindOpenSeats), read as a rewrite into existing statements (DESIGN "Adding a SQL construct" step
 * 5): the SELECT reads the columns the expression names (PostgreSQL reads them to compute it), and
 * the value is an assignment right after it, the expression over the selected row's fields: into a
 * scalar {@code v := e[c ↦ hidden.c]}; into a record r, a hidden local {@code r$alias := e[c ↦
 * r.c]} that {@code r.alias} then names ({@link Scope#joinField}). Exact: the row is the one the
 * SELECT returned, and its fields do not change until r is assigned again (which forgets the
 * alias). {@code alias} is null for an unnamed expression (PostgreSQL names it {@code ?column?}).
 */
record SelectListExpression(String alias, Expr value, SourcePos pos) {

    /** {@code value} with every column c of the selected table replaced by {@code rows.c}. */
    Expr over(String rows) {
        // CASE in a SELECT list (BenchBase's SELECT CASE WHEN … INTO v): its conditions and
        // values over the same row
        return new ExprRewrite() {
            @Override
            public Expr visitColumnRef(Expr.ColumnRef x) {
                return new Expr.VarRef(rows, x.column(), x.type(), x.pos());
            }
        }.apply(value);
    }
}
