-- As status-locked.sql, but Place reads the counter with a plain SELECT: at READ COMMITTED two
-- Places may draw one id (the later INSERT fails only while the first row is alive), so
-- inserter_in_snapshot is off and the encoder must still cover what the explorer finds.
-- @isocheck invariant orders.o_id < counter.c_next
-- @isocheck invariant line.l_o_id < counter.c_next

CREATE TABLE counter (
  c_id   INT NOT NULL,
  c_next INT NOT NULL,
  PRIMARY KEY (c_id)
);

CREATE TABLE orders (
  o_c  INT NOT NULL,
  o_id INT NOT NULL,
  o_v  INT NOT NULL,
  PRIMARY KEY (o_c, o_id)
);

CREATE TABLE line (
  l_c    INT NOT NULL,
  l_o_id INT NOT NULL,
  l_v    INT NOT NULL,
  PRIMARY KEY (l_c, l_o_id)
);

TRANSACTION Place(c INT)
BEGIN
  SELECT c_next INTO cnt FROM counter WHERE c_id = :c;
  -- (keys stay inside the explorer's domain {1, 2}: a larger or NULL id is not placed)
  IF cnt IS NOT NULL AND cnt.c_next <= 2 THEN
    id := cnt.c_next;
    UPDATE counter SET c_next = c_next + 1 WHERE c_id = :c;
    INSERT INTO orders (o_c, o_id, o_v) VALUES (:c, :id, 1);
    INSERT INTO line (l_c, l_o_id, l_v) VALUES (:c, :id, 1);
  END IF;
END;

TRANSACTION Status(c INT)
BEGIN
  SELECT MAX(o_id) INTO last FROM orders WHERE o_c = :c;
  IF last IS NOT NULL THEN
    SELECT o_v INTO ord FROM orders WHERE o_c = :c AND o_id = :last;
    SELECT l_v INTO ln FROM line WHERE l_c = :c AND l_o_id = :last;
  END IF;
END;
