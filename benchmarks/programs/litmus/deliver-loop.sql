-- deliver-loop.sql: BenchBase TPC-C's Delivery in miniature, a loop over an array of districts
-- against the NewOrders that draw the keys it delivers (PL/pgSQL, loadable into PostgreSQL
-- unchanged).
--
-- Place draws an order id from its district's counter under FOR UPDATE and inserts the order and
-- its pending row. Deliver visits each district of its array (a district may come twice, as
-- BenchBase's terminals can draw it), finds the oldest pending order with a plain ORDER BY …
-- LIMIT 1, deletes it, and stamps the order's carrier; it aborts when the DELETE or the UPDATE
-- finds nothing. At READ COMMITTED each execution of a statement in the loop takes its own
-- snapshot (manual §13.2.1): one visit of a district can miss a Place's order and the next, after
-- the Place commits, deliver it (a real cycle). What no database does: one visit find the Place's
-- order and then miss its rows in its later statements (the visit's snapshots grow in program
-- order: Encoder#loopSnapshot, StatementSnapshotRules#iterationOrder), or find an order only
-- because another visit of its own deleted it (AccessRules#aliveInView).
-- (Keys stay inside the explorer's domain {1, 2}: a larger id is not placed.)
-- @isocheck invariant pending.p_id < district.d_next
-- @isocheck invariant orders.o_id < district.d_next

CREATE TABLE district (d_id INT PRIMARY KEY, d_next INT NOT NULL);
CREATE TABLE orders (o_d INT NOT NULL, o_id INT NOT NULL, o_carrier INT NOT NULL,
  PRIMARY KEY (o_d, o_id));
CREATE TABLE pending (p_d INT NOT NULL, p_id INT NOT NULL, PRIMARY KEY (p_d, p_id));

CREATE FUNCTION place(p_d INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  d RECORD;
  v_id INT;
BEGIN
  SELECT d_next INTO d FROM district WHERE d_id = p_d FOR UPDATE;
  IF FOUND AND d.d_next <= 2 THEN
    v_id := d.d_next;
    UPDATE district SET d_next = d_next + 1 WHERE d_id = p_d;
    INSERT INTO orders (o_d, o_id, o_carrier) VALUES (p_d, v_id, 0);
    INSERT INTO pending (p_d, p_id) VALUES (p_d, v_id);
  END IF;
END
$$;

CREATE FUNCTION deliver(ds INT[]) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_d INT;
  p RECORD;
  v_id INT;
BEGIN
  FOREACH v_d IN ARRAY ds LOOP
    SELECT p_id INTO p FROM pending WHERE p_d = v_d ORDER BY p_id LIMIT 1;
    IF FOUND THEN
      v_id := p.p_id;
      DELETE FROM pending WHERE p_d = v_d AND p_id = v_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'pending order % % taken', v_d, v_id;
      END IF;
      UPDATE orders SET o_carrier = 1 WHERE o_d = v_d AND o_id = v_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'no order % %', v_d, v_id;
      END IF;
    END IF;
  END LOOP;
END
$$;
