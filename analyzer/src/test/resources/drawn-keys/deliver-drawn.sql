-- TPC-C's repaired Delivery in miniature, against the NewOrders that draw the keys it delivers:
-- Place draws p_id from its district's counter under FOR UPDATE and inserts the pending row;
-- Deliver claims the oldest pending row with ORDER BY p_id LIMIT 1 FOR UPDATE, deletes it and
-- counts the delivery. Precision of insert_found_in_snapshot (Encoder) and drawn_before_first_row
-- (DrawnKeyRules): a Deliver that finds a Place's row alive, or returns a row newer than a Place's,
-- has that Place in its statement's snapshot (PostgreSQL manual §13.2.1), so two Places serialized
-- by the district lock cannot be seen one without the other. Without the two rules the encoder
-- reports 3-transaction cycles through Deliver.S1 that see a later Place and miss an earlier one.
-- @isocheck invariant pending.p_id < district.d_next

CREATE TABLE district (
  d_id   INT NOT NULL,
  d_next INT NOT NULL,
  PRIMARY KEY (d_id)
);

CREATE TABLE pending (
  p_d  INT NOT NULL,
  p_id INT NOT NULL,
  PRIMARY KEY (p_d, p_id)
);

CREATE TABLE account (
  a_d         INT NOT NULL,
  a_delivered INT NOT NULL,
  PRIMARY KEY (a_d)
);

TRANSACTION Place(d INT)
BEGIN
  SELECT d_next INTO dist FROM district WHERE d_id = :d FOR UPDATE;
  -- (keys stay inside the explorer's domain {1, 2}: a larger or NULL id is not placed)
  IF dist IS NOT NULL AND dist.d_next <= 2 THEN
    o_id := dist.d_next;
    UPDATE district SET d_next = d_next + 1 WHERE d_id = :d;
    INSERT INTO pending (p_d, p_id) VALUES (:d, :o_id);
  END IF;
END;

TRANSACTION Deliver(d INT)
BEGIN
  SELECT p_id INTO oldest FROM pending WHERE p_d = :d ORDER BY p_id LIMIT 1 FOR UPDATE;
  IF oldest IS NOT NULL THEN
    DELETE FROM pending WHERE p_d = :d AND p_id = :oldest;
    UPDATE account SET a_delivered = a_delivered + 1 WHERE a_d = :d;
  END IF;
END;
