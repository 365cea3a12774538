-- path-assignment.sql: a local assigned by := on several paths and read after all of them, as
-- BenchBase SEATS' DeleteReservation finds its customer (`v_c_id := p_c_id`, then if p_c_id IS
-- NULL the id looked up by id string, RETURNing when it finds nothing, or another parameter);
-- PL/pgSQL, loadable into PostgreSQL unchanged. Two parameters and two tables keep the explorer's
-- space small (SoundnessOracleTest runs up to 4 instances).
--
-- Refund reads the balance of the customer its id names and adds one to the balance of v_c_id,
-- which is that customer; with a NULL id it is the customer the lookup finds in a table no
-- transaction writes (p_key > 1) or p_key itself, and Refund reads no balance then (c_id = NULL
-- matches no row). So every Refund reads and writes at most one customer, the same one: two Refunds of one customer that
-- both read the old balance are a 2-cycle under ec, cc, pc and READ COMMITTED (the balance read is
-- stale when the other's increment commits in between); under psi, si and ser they are ordered by
-- their writes (no cycle); two Refunds of two customers touch disjoint rows.
--
-- Encoder (encoding.PathAssignment): v_c_id is the right-hand side of the last assignment that ran
-- by the IF branches around the three (p_c_id unless it is NULL, then r_by_str.s_c_id or
-- p_key). Without the rule v_c_id was unconstrained, and Refund(1) could add to customer
-- 2 while Refund(2) added to customer 1, each reading the balance the other wrote: a write skew
-- under si that no run has.

CREATE TABLE customer (c_id INT PRIMARY KEY, balance INT NOT NULL);
CREATE TABLE id_string (s_str INT PRIMARY KEY, s_c_id INT NOT NULL);

CREATE FUNCTION refund(p_c_id INT, p_key INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_c_id INT;
  r_by_str RECORD;
  b RECORD;
BEGIN
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
END
$$;
