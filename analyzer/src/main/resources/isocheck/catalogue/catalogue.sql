-- catalogue.sql: the tiny program behind `isocheck catalogue` (one schedule per anomaly kind,
-- the *.schedule files next to it). Like Hermitage's hand-run tests, every schedule works on one
-- two-row table; row 1 is called x and row 2 y in the schedules' comments. Each transaction is a
-- few statements so that a schedule can interleave them one statement at a time.

CREATE TABLE test (id INT PRIMARY KEY, val INT NOT NULL);

-- Blind writes of both rows, x first.
TRANSACTION WriteXY(a INT, b INT)
BEGIN
  UPDATE test SET val = :a WHERE id = 1;
  UPDATE test SET val = :b WHERE id = 2;
END;

-- Two writes of x: the first is an intermediate version nobody should see.
TRANSACTION WriteXTwice(a INT, b INT)
BEGIN
  UPDATE test SET val = :a WHERE id = 1;
  UPDATE test SET val = :b WHERE id = 1;
END;

-- A write of x that the transaction itself takes back.
TRANSACTION WriteXAbort(a INT)
BEGIN
  UPDATE test SET val = :a WHERE id = 1;
  ROLLBACK;
END;

-- Write row w, then read row r.
TRANSACTION WriteRead(w INT, r INT, v INT)
BEGIN
  UPDATE test SET val = :v WHERE id = :w;
  SELECT val INTO seen FROM test WHERE id = :r;
END;

TRANSACTION ReadX()
BEGIN
  SELECT val INTO x FROM test WHERE id = 1;
END;

TRANSACTION ReadXY()
BEGIN
  SELECT val INTO x FROM test WHERE id = 1;
  SELECT val INTO y FROM test WHERE id = 2;
END;

TRANSACTION ReadYX()
BEGIN
  SELECT val INTO y FROM test WHERE id = 2;
  SELECT val INTO x FROM test WHERE id = 1;
END;

-- A blind write of row k.
TRANSACTION WriteOne(k INT, v INT)
BEGIN
  UPDATE test SET val = :v WHERE id = :k;
END;

-- Read x, then write y (from nothing it read: a blind write after a read).
TRANSACTION ReadXWriteY(v INT)
BEGIN
  SELECT val INTO x FROM test WHERE id = 1;
  UPDATE test SET val = :v WHERE id = 2;
END;

-- x, y and x again: a reader that pins the order of two writers of both rows.
TRANSACTION ReadXYX()
BEGIN
  SELECT val INTO x1 FROM test WHERE id = 1;
  SELECT val INTO y FROM test WHERE id = 2;
  SELECT val INTO x2 FROM test WHERE id = 1;
END;

-- The same question asked twice through two predicates over the val column.
TRANSACTION CountTwice()
BEGIN
  SELECT COUNT(*) INTO exactly30 FROM test WHERE val = 30;
  SELECT COUNT(*) INTO atLeast30 FROM test WHERE val >= 30;
END;

TRANSACTION Insert(id INT, v INT)
BEGIN
  INSERT INTO test (id, val) VALUES (:id, :v);
END;

-- Read-modify-write of row k (the new val computed from the val read, not `val + 1`).
TRANSACTION Increment(k INT)
BEGIN
  SELECT val INTO cur FROM test WHERE id = :k;
  UPDATE test SET val = :cur + 1 WHERE id = :k;
END;

-- Every row's value up by ten (a write whose WHERE is every row).
TRANSACTION AddTen()
BEGIN
  UPDATE test SET val = val + 10;
END;

-- A delete by a predicate over the value column.
TRANSACTION DeleteWhere(v INT)
BEGIN
  DELETE FROM test WHERE val = :v;
END;

-- Read both rows, then write one of them.
TRANSACTION ReadBothWrite(w INT, v INT)
BEGIN
  SELECT val INTO x FROM test WHERE id = 1;
  SELECT val INTO y FROM test WHERE id = 2;
  UPDATE test SET val = :v WHERE id = :w;
END;

-- Insert a big val only if there is none yet (a predicate read, then an insert it would match).
TRANSACTION InsertIfNone(id INT, v INT)
BEGIN
  SELECT COUNT(*) INTO n FROM test WHERE val >= 30;
  IF n = 0 THEN
    INSERT INTO test (id, val) VALUES (:id, :v);
  END IF;
END;
