-- stock-level.sql: BenchBase TPC-C StockLevel's join (JoinReadsTest): stock's key is (s_w_id,
-- s_i_id), so the join's s_w_id = :w is stock's key part and goes into the recorded LEFT JOIN's ON.

CREATE TABLE order_line (
  ol_w_id   INT NOT NULL,
  ol_o_id   INT NOT NULL,
  ol_number INT NOT NULL,
  ol_i_id   INT NOT NULL,
  PRIMARY KEY (ol_w_id, ol_o_id, ol_number)
);

CREATE TABLE stock (
  s_w_id     INT NOT NULL,
  s_i_id     INT NOT NULL,
  s_quantity INT NOT NULL,
  PRIMARY KEY (s_w_id, s_i_id)
);

TRANSACTION StockLevel(w INT, lo INT, hi INT, t INT)
BEGIN
  SELECT COUNT(DISTINCT s_i_id) INTO n FROM order_line, stock
    WHERE ol_w_id = :w AND ol_o_id BETWEEN :lo AND :hi
      AND s_w_id = :w AND s_i_id = ol_i_id AND s_quantity < :t;
END;

TRANSACTION Sell(w INT, i INT, q INT)
BEGIN
  UPDATE stock SET s_quantity = s_quantity - :q WHERE s_w_id = :w AND s_i_id = :i;
END;
