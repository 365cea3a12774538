-- select-case.sql: CASE in a SELECT list (`SELECT CASE WHEN … THEN … ELSE … END INTO v FROM …`),
-- as TPC-C's New-Order computes the new stock quantity; PL/pgSQL, loadable into PostgreSQL
-- unchanged.
--
-- Take reads a stock's quantity as a CASE (one less while at least 2 are left, else restocked by
-- 10) and writes the result back; Mark reads, as a CASE into a record field, whether the stock has
-- a note (a positive one) and writes one only when it has none. Two Takes of one stock that both read the old
-- quantity lose one (a 2-cycle under ec, cc, pc), and so do two Marks that both see no note; psi,
-- si and ser order two writers of one field, so no cycle there.
--
-- Front end (frontend.SelectListExpression): the SELECT reads every column the CASE's conditions
-- and values name, and its value is an assignment right after it over the selected row (v := CASE
-- WHEN hidden.qty >= 2 …). Exact: the row is the one the SELECT returned. The encoder encodes a
-- CASE whose conditions and values are encoded as if-then-else (Terms#caseValue), and a local
-- assigned such a CASE has it as its definition (ProgramModel#definition): exact here.

CREATE TABLE stock (s_id INT PRIMARY KEY, qty INT NOT NULL, note INT NOT NULL);

CREATE FUNCTION take(p_s INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v INT;
BEGIN
  SELECT CASE WHEN qty >= 2 THEN qty - 1 ELSE qty + 10 END INTO v FROM stock WHERE s_id = p_s;
  UPDATE stock SET qty = v WHERE s_id = p_s;
END
$$;

CREATE FUNCTION mark(p_s INT, p_note INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT s_id, CASE WHEN note > 0 THEN 1 ELSE 0 END AS noted INTO r FROM stock WHERE s_id = p_s;
  IF r.noted = 0 THEN
    UPDATE stock SET note = p_note WHERE s_id = p_s;
  END IF;
END
$$;
