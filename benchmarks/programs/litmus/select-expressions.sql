-- select-expressions.sql: expressions and aliases in a SELECT list, as BenchBase SEATS'
-- FindOpenSeats writes them (`SELECT F_STATUS, F_BASE_PRICE, …, (F_BASE_PRICE + (F_BASE_PRICE * (1 -
-- (F_SEATS_LEFT / F_SEATS_TOTAL)))) AS F_PRICE FROM FLIGHT WHERE F_ID = ?`); PL/pgSQL, loadable
-- into PostgreSQL unchanged.
--
-- Book reads the seats left and, as an aliased expression into a record, what is left after one
-- more booking; it reads the price doubled into a scalar; then it writes both back. Two Books of
-- one flight are a read-modify-write race: the lost update (a 2-cycle under ec, cc, pc); psi, si
-- and ser order two writers of one field, so no cycle there.
--
-- Front end (frontend.SelectListExpression): the SELECT reads every column an expression names,
-- and the expression's value is an assignment right after it, over the selected row's fields
-- (r.after is a hidden local r$after := r.f_seats_left - 1; v := hidden.f_price * 2). Exact: the
-- row is the one the SELECT returned.

CREATE TABLE flight (f_id INT PRIMARY KEY, f_seats_left INT NOT NULL, f_price INT NOT NULL);

CREATE FUNCTION book(p_f INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v INT;
BEGIN
  SELECT f_seats_left, f_seats_left - 1 AS after INTO r FROM flight WHERE f_id = p_f;
  SELECT f_price * 2 INTO v FROM flight WHERE f_id = p_f;
  IF r.after >= 0 THEN
    UPDATE flight SET f_seats_left = r.after, f_price = v WHERE f_id = p_f;
  END IF;
END
$$;
