-- smallint.sql: a SMALLINT column (PostgreSQL's int2, -32768..32767), compared and decremented.
--
-- Take sells one unit of an item when its stock is positive. Two Takes of one item that both
-- read the same stock both write it: the lost update of lost-update.sql, allowed by ec, cc and
-- pc, forbidden by psi, si and ser.
--
-- SMALLINT is modelled as INT, exactly within its range (frontend.SqlTypes); a value outside the
-- range makes the database fail the statement, an abort the analysis leaves out (more executions,
-- sound).

CREATE TABLE stock (item SMALLINT PRIMARY KEY, qty SMALLINT NOT NULL);

TRANSACTION Take(id SMALLINT)
BEGIN
  SELECT qty INTO q FROM stock WHERE item = :id;
  IF q > 0 THEN
    UPDATE stock SET qty = :q - 1 WHERE item = :id;
  END IF;
END;
