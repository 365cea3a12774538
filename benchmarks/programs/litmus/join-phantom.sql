-- join-phantom.sql: write skew through a join (issue 15), the shape of BenchBase TPC-C's
-- StockLevel (`SELECT COUNT(DISTINCT s_i_id) … FROM order_line JOIN stock ON s_i_id = ol_i_id
-- WHERE ol_o_id = ? AND s_quantity < ?`).
--
-- Invariant: an order's audit is final: once Audit(o) has recorded how many of order o's items are
-- low in stock, no sale lowers the stock of one of its items and no line is added to it (both
-- check that the order is not audited yet, low = -1).
--
-- Interleaving (order 1 unaudited with one line of item 5; stock 5 at 20; threshold 10):
--   T1 = Audit(1): COUNT(DISTINCT s_i_id) over order 1's lines JOIN stock, s_quantity < 10 -> 0
--   T2 = Sell(1, 5): low[1] = -1 (unaudited), stock 5 -> 5 (sells 15: now low)
--   T1: low[1] = 0 commit           T2 commit
-- Order 1 is audited with no low item, yet its item 5 is low.
-- Dependency cycle (k = 2): T1 -rw-> T2 (T2's update moves stock 5 into the join's predicate on
-- stock, `s_quantity < 10 AND s_i_id IN (5)`: a predicate anti-dependency through the join) -rw->
-- T1 (T2 read the audit T1 overwrites). AddLine(1, 6) in place of Sell is the phantom on the other
-- side (a new line of order 1, numbered by its item: T1's predicate on order_line would have
-- matched it). The threshold (10) and the quantity sold (15) are constants, so that the explorer's
-- instances stay few (SoundnessOracleTest).
--
-- Weakest level that forbids it: SER (allowed under SI: T1 and T2 write different rows).

CREATE TABLE audits (
  o_id INT PRIMARY KEY,
  low  INT NOT NULL
);

CREATE TABLE order_line (
  ol_o_id   INT NOT NULL,
  ol_number INT NOT NULL,
  ol_i_id   INT NOT NULL,
  PRIMARY KEY (ol_o_id, ol_number)
);

CREATE TABLE stock (
  s_i_id     INT PRIMARY KEY,
  s_quantity INT NOT NULL
);

TRANSACTION Audit(o INT)
BEGIN
  SELECT COUNT(DISTINCT s_i_id) INTO n
    FROM order_line JOIN stock ON s_i_id = ol_i_id
    WHERE ol_o_id = :o AND s_quantity < 10;
  UPDATE audits SET low = :n WHERE o_id = :o;
END;

TRANSACTION Sell(o INT, i INT)
BEGIN
  SELECT low INTO l FROM audits WHERE o_id = :o;
  IF l = -1 THEN
    UPDATE stock SET s_quantity = s_quantity - 15 WHERE s_i_id = :i;
  END IF;
END;

TRANSACTION AddLine(o INT, i INT)
BEGIN
  SELECT low INTO l FROM audits WHERE o_id = :o;
  IF l = -1 THEN
    INSERT INTO order_line (ol_o_id, ol_number, ol_i_id) VALUES (:o, :i, :i);
  END IF;
END;
