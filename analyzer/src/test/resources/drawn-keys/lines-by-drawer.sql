-- TPC-C's NewOrder, Delivery and StockLevel in miniature around keys drawn from a counter: Place
-- draws o_id from its district's counter under FOR UPDATE, inserts the pending order and, for one
-- item only, its line; Deliver claims the oldest pending order, finds its line and marks it done;
-- Level reads the counter without a lock and counts the lines of the orders below it. Soundness of
-- inserted_by_drawer (a line found with a drawn key was inserted by the key's drawer) and
-- unseen_draw_above (a counter read without a drawer in its snapshot is at most its draw),
-- DrawnKeyRules, against the statement-snapshot explorer.
-- @isocheck invariant pending.p_id < district.d_next
-- @isocheck invariant line.l_o < district.d_next

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

CREATE TABLE line (
  l_d    INT NOT NULL,
  l_o    INT NOT NULL,
  l_done INT NOT NULL,
  PRIMARY KEY (l_d, l_o)
);

TRANSACTION Place(d INT, items INT)
BEGIN
  SELECT d_next INTO dist FROM district WHERE d_id = :d FOR UPDATE;
  -- (keys stay inside the explorer's domain {1, 2}: a larger or NULL id is not placed)
  IF dist IS NOT NULL AND dist.d_next <= 2 THEN
    o_id := dist.d_next;
    UPDATE district SET d_next = d_next + 1 WHERE d_id = :d;
    INSERT INTO pending (p_d, p_id) VALUES (:d, :o_id);
    IF :items = 1 THEN
      INSERT INTO line (l_d, l_o, l_done) VALUES (:d, :o_id, 0);
    END IF;
  END IF;
END;

TRANSACTION Deliver(d INT)
BEGIN
  SELECT p_id INTO oldest FROM pending WHERE p_d = :d ORDER BY p_id LIMIT 1 FOR UPDATE;
  IF oldest IS NOT NULL THEN
    DELETE FROM pending WHERE p_d = :d AND p_id = :oldest;
    SELECT l_done INTO ln FROM line WHERE l_d = :d AND l_o = :oldest;
    IF ln IS NOT NULL THEN
      UPDATE line SET l_done = 1 WHERE l_d = :d AND l_o = :oldest;
    END IF;
  END IF;
END;

TRANSACTION Level(d INT)
BEGIN
  SELECT d_next INTO nx FROM district WHERE d_id = :d;
  SELECT COUNT(*) INTO c FROM line WHERE l_d = :d AND l_o < :nx.d_next;
END;
