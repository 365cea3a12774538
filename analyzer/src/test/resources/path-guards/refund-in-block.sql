-- refund-in-block.sql: benchmarks/programs/litmus/path-assignment.sql with Refund's body inside
-- IF p_key >= 0 (encoding.PathAssignment, side condition (b): the first assignment of v_c_id sits
-- in the block that holds every later assignment and every read of it, here a THEN branch as in
-- BenchBase AuctionMark's NewBid). PL/pgSQL, loadable into PostgreSQL unchanged. As in the litmus
-- program, every Refund reads and writes one customer: no write skew under si (before the rule
-- applied inside a block, v_c_id was free there and si had the write skew).

CREATE TABLE customer (c_id INT PRIMARY KEY, balance INT NOT NULL);
CREATE TABLE id_string (s_str INT PRIMARY KEY, s_c_id INT NOT NULL);

CREATE FUNCTION refund(p_c_id INT, p_key INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_c_id INT;
  r_by_str RECORD;
  b RECORD;
BEGIN
  IF p_key >= 0 THEN
    v_c_id := p_c_id;
    IF p_c_id IS NULL THEN
      IF p_key > 1 THEN
        SELECT s_c_id INTO r_by_str FROM id_string WHERE s_str = p_key;
        IF NOT FOUND THEN
          RETURN;
        END IF;
        v_c_id := r_by_str.s_c_id;
      ELSE
        v_c_id := p_key;
      END IF;
    END IF;
    SELECT balance INTO b FROM customer WHERE c_id = p_c_id;
    UPDATE customer SET balance = balance + 1 WHERE c_id = v_c_id;
  END IF;
END
$$;
