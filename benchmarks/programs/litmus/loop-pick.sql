-- loop-pick.sql: a row picked inside a FOR loop and used after it, as BenchBase TPC-C's Payment
-- picks the customer by last name (count the customers of the name, loop over them in order and
-- keep the id at position (n+1)/2); PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- Pay picks the middle customer of a last name and adds to that customer's balance; its loop
-- reads the balance of every customer of the name (as TPC-C's reads c_balance, c_ytd_payment, …).
-- No transaction writes c_last or c_first, inserts or deletes customers, and ORDER BY c_first, c_id
-- orders the rows of a name totally, so two Pays of one name pick the same customer: under psi, si
-- and ser they are ordered by their writes of its balance (no cycle); under ec, cc and pc both may
-- read the old balance (a lost update). Two Pays of different names read disjoint customers.
--
-- Encoder (encoding.LoopPick): the local v_id is the last assignment that ran; the loop's pick is
-- a member of the loop's rows (its c_last is the name, in every view: c_last is never written) and
-- a function of the parameters the query and the pick's guard read (p_last). Without the rule v_id
-- was unconstrained, and two Pays (of one name or two) could update customers each other's loop
-- read: a write skew under si that no database produces.

CREATE TABLE customer (c_id INT PRIMARY KEY, c_last INT NOT NULL, c_first INT NOT NULL,
                       balance INT NOT NULL);

CREATE FUNCTION pay(p_last INT, p_amount INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  n INT;
  pos INT := 0;
  v_id INT := 0;
BEGIN
  SELECT COUNT(*) INTO n FROM customer WHERE c_last = p_last;
  FOR r IN SELECT c_id, balance FROM customer WHERE c_last = p_last ORDER BY c_first, c_id LOOP
    pos := pos + 1;
    IF pos = (n + 1) / 2 THEN
      v_id := r.c_id;
    END IF;
  END LOOP;
  UPDATE customer SET balance = balance + p_amount WHERE c_id = v_id;
END
$$;
