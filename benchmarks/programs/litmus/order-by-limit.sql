-- order-by-limit.sql: ORDER BY … LIMIT 1, as in BenchBase TPC-C's Delivery
-- (`SELECT NO_O_ID FROM NEW_ORDER … ORDER BY NO_O_ID ASC LIMIT 1`) and OrderStatus
-- (`… ORDER BY O_ID DESC LIMIT 1`).
--
-- Deliver removes the oldest pending order; Place adds one. Two Delivers that both see order 1
-- as the oldest both "deliver" it: each reads the @alive of the record the other deletes, a
-- 2-cycle (DELETE of a row in the other's result) under ec … si; SER forbids it. A Deliver that
-- misses a concurrent Place's order and a Place are an anti-dependency, not a cycle.
--
-- LIMIT 1 returns the least matching row; for the dependency analysis it is a read of every
-- matching row (each could have been chosen), and the encoder leaves which one open (any subset of
-- the matching rows, non-empty when one matches): an over-approximation, see AccessRules.

CREATE TABLE pending (order_id INT PRIMARY KEY, amount INT NOT NULL);

TRANSACTION Deliver()
BEGIN
  SELECT order_id, amount INTO oldest FROM pending WHERE amount > 0 ORDER BY order_id ASC LIMIT 1;
  IF oldest IS NOT NULL THEN
    DELETE FROM pending WHERE order_id = :oldest.order_id;
  END IF;
END;

TRANSACTION Place(id INT, amount INT)
BEGIN
  INSERT INTO pending (order_id, amount) VALUES (:id, :amount);
END;
