-- Tests of the recorder's locking and LIMIT reads (issue 15): benchmarks/programs/litmus/phantom.sql
-- with the items listed by a locking read (FOR SHARE) or a LIMIT read instead of counted. Neither
-- can be broadened to the rows it does not match (that would lock or return more), so the rows it
-- did not return were absent or not matching for it: T2's insert of a matching item is a predicate
-- anti-dependency from T1. Move makes batch a column an UPDATE assigns, so the WHERE clauses read
-- more than keys (a key-only clause is broadened harmlessly: it matches a row in all its versions).
CREATE TABLE batches (
  batch_id INT PRIMARY KEY,
  total    INT NOT NULL
);

CREATE TABLE items (
  item_id INT PRIMARY KEY,
  batch   INT NOT NULL
);

TRANSACTION CloseLocked(b INT)
BEGIN
  SELECT item_id INTO its FROM items WHERE batch = :b FOR SHARE;
  UPDATE batches SET total = 0 WHERE batch_id = :b;
END;

TRANSACTION CloseLimited(b INT)
BEGIN
  SELECT item_id INTO its FROM items WHERE batch = :b LIMIT 5;
  UPDATE batches SET total = 0 WHERE batch_id = :b;
END;

TRANSACTION Add(b INT, id INT)
BEGIN
  SELECT total INTO t FROM batches WHERE batch_id = :b;
  IF t = -1 THEN
    INSERT INTO items (item_id, batch) VALUES (:id, :b);
  END IF;
END;

TRANSACTION Move(id INT, b INT)
BEGIN
  UPDATE items SET batch = :b WHERE item_id = :id;
END;
