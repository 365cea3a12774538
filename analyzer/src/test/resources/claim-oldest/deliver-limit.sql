-- deliver-min.sql with the rewrite `repair` proposes: the oldest row claimed with SELECT … ORDER BY
-- p_id LIMIT 1 FOR UPDATE (BenchBase's TPC-C Delivery). A second Deliver waits for the first's row
-- lock, finds the row deleted and takes the next one (manual §13.2.1): no double delivery, no cycle
-- at READ COMMITTED in the explorer, and the encoder proves it (the returned row is locked,
-- AccessRules#locksReturned).

CREATE TABLE pending (
  p_c  INT NOT NULL,
  p_id INT NOT NULL,
  PRIMARY KEY (p_c, p_id)
);

CREATE TABLE account (
  a_c         INT NOT NULL,
  a_delivered INT NOT NULL,
  PRIMARY KEY (a_c)
);

TRANSACTION Deliver(c INT)
BEGIN
  SELECT p_id INTO oldest FROM pending WHERE p_c = :c ORDER BY p_id LIMIT 1 FOR UPDATE;
  IF oldest IS NOT NULL THEN
    DELETE FROM pending WHERE p_c = :c AND p_id = :oldest;
    UPDATE account SET a_delivered = a_delivered + 1 WHERE a_c = :c;
  END IF;
END;
