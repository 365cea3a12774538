-- Claim the oldest pending row (TPC-C's Delivery in miniature, for `repair`'s rewrite of an
-- extremum, RepairCommandTest, and the READ COMMITTED explorer agreement, PostgresLevelsOracleTest):
-- Deliver reads MIN(p_id) of its customer's pending rows, deletes that row and counts the delivery.
-- At READ COMMITTED two Delivers can both read the same MIN, the second DELETE then finds the row
-- gone, and both count it (a double delivery: D2 -rw(pending.@alive)-> D1 -ww(account)-> D2).
-- PostgreSQL rejects FOR UPDATE with an aggregate; the fix is deliver-limit.sql.

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
  SELECT MIN(p_id) INTO oldest FROM pending WHERE p_c = :c;
  IF oldest IS NOT NULL THEN
    DELETE FROM pending WHERE p_c = :c AND p_id = :oldest;
    UPDATE account SET a_delivered = a_delivered + 1 WHERE a_c = :c;
  END IF;
END;
