-- select-for-update.sql: the lost update written with a locking read (SELECT … FOR UPDATE), and a
-- reader that takes a share lock without waiting (FOR SHARE NOWAIT).
--
-- On a database, FOR UPDATE makes the second Increment wait for the first one's commit, and at
-- READ COMMITTED it then reads the committed increment (PostgreSQL manual, §13.3.2 "Row-Level
-- Locks", and SELECT "The Locking Clause"): no update is lost at any level.
--
-- Static analysis: under the paper's specs the lock is ignored, which is sound (a lock only delays
-- or aborts transactions, NOWAIT aborts: fewer executions), so the verdicts are those of
-- lost-update.sql: a 2-cycle under ec, cc, pc; none under psi, si, ser. With --db postgresql the
-- locking read holds its row lock to commit (docs/postgresql-levels.md §5): no cycle at
-- read-committed, repeatable-read or serializable.

CREATE TABLE counter (counter_id INT PRIMARY KEY, cnt INT NOT NULL);

TRANSACTION Increment(id INT)
BEGIN
  SELECT cnt INTO cur FROM counter WHERE counter_id = :id FOR UPDATE;
  UPDATE counter SET cnt = :cur + 1 WHERE counter_id = :id;
END;

TRANSACTION Peek(id INT)
BEGIN
  SELECT cnt INTO seen FROM counter WHERE counter_id = :id FOR SHARE NOWAIT;
END;
