-- reinsert.sql: a cancellation that finds a reservation, then deletes it by its key, beside a new
-- reservation that may take the same key once it is free (BenchBase SEATS' DeleteReservation and
-- NewReservation, PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- At READ COMMITTED Cancel's SELECT finds reservation r and its DELETE, a later statement, may
-- find the version Reserve inserted instead. For Reserve to insert r, its PERFORM must find r
-- absent, so some transaction deleted r after Cancel's SELECT and before Reserve's PERFORM: a
-- third transaction, another Cancel of r. The two transactions of the cycle alone cannot show it
-- (analyze's closed-world solve is unsatisfiable with them), so the witness holds a Cancel outside
-- the cycle that commits between their statements (witness.AloneExecution#WITH_ONE_MORE), and the
-- schedule replays all three.

CREATE TABLE customer (c_id INT PRIMARY KEY, c_balance INT NOT NULL);
CREATE TABLE reservation (r_id INT PRIMARY KEY, r_c_id INT NOT NULL REFERENCES customer (c_id), r_price INT NOT NULL);

CREATE FUNCTION cancel(p_c_id INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT r_id, r_price INTO r FROM reservation WHERE r_c_id = p_c_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'customer % has no reservation', p_c_id;
  END IF;
  DELETE FROM reservation WHERE r_id = r.r_id;
  UPDATE customer SET c_balance = c_balance + r.r_price WHERE c_id = p_c_id;
END
$$;

CREATE FUNCTION reserve(p_r_id INT, p_c_id INT, p_price INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM * FROM reservation WHERE r_id = p_r_id;
  IF FOUND THEN
    RAISE EXCEPTION 'reservation % is taken', p_r_id;
  END IF;
  INSERT INTO reservation (r_id, r_c_id, r_price) VALUES (p_r_id, p_c_id, p_price);
  UPDATE customer SET c_balance = c_balance - p_price WHERE c_id = p_c_id;
END
$$;
