-- phantom.sql: A PHANTOM closing a cycle with an item anti-dependency (Adya
-- G2, one predicate and one item anti-dependency; Berenson et al.'s A3/P3
-- shape under snapshot isolation).
--
-- Invariant: a batch's recorded total is the number of its items once the
-- batch is closed, and no item joins a closed batch.  Close(b) counts the
-- items of batch b and records the count; Add(b, id) checks that batch b is
-- still open (its total is -1) and inserts an item into it.
--
-- Interleaving (batch 1 open, no item):
--   T1 = Close(1): COUNT(*) WHERE batch = 1 -> 0
--   T2 = Add(1, 7): total[1] = -1 (open)
--   T1: total[1] = 0 commit        T2: insert items[7] commit
-- Batch 1 is closed with total 0 and holds an item.
-- Dependency cycle (k = 2): T1 -rw-> T2 (T2 inserts a row T1's predicate
-- `batch = 1` would have matched: the phantom) -rw-> T1 (T2 read the total T1
-- overwrites).
--
-- Weakest level that forbids it: SER (allowed under SI: T1 and T2 write
-- different rows).

CREATE TABLE batches (
  batch_id INT PRIMARY KEY,
  total    INT NOT NULL
);

CREATE TABLE items (
  item_id INT PRIMARY KEY,
  batch   INT NOT NULL
);

TRANSACTION Close(b INT)
BEGIN
  SELECT COUNT(*) INTO n FROM items WHERE batch = :b;
  UPDATE batches SET total = :n WHERE batch_id = :b;
END;

TRANSACTION Add(b INT, id INT)
BEGIN
  SELECT total INTO t FROM batches WHERE batch_id = :b;
  IF t = -1 THEN
    INSERT INTO items (item_id, batch) VALUES (:id, :b);
  END IF;
END;
