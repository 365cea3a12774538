-- doctors-for-update.sql: doctors-on-call.sql with the usual fix for PostgreSQL: lock the shift's
-- on-call rows (SELECT … FOR UPDATE, which cannot be combined with COUNT) before counting them.
--
-- On the server the second GoOffCall waits for the first one's commit at its FOR UPDATE (§13.3.2).
-- At READ COMMITTED its COUNT, a later statement, then sees the first one's update (§13.2.1); at
-- REPEATABLE READ its lock fails on the row the first one changed (§13.2.2). No write skew at any
-- PostgreSQL level.
--
-- Static analysis with --db postgresql: the write skew's anti-dependencies come from the COUNT,
-- a statement after the lock; locked_read orders them too when the earlier locking read surely
-- returned the row (docs/postgresql-levels.md §5). At repeatable-read that proves the program free
-- of cycles. At read-committed the encoder still reports the write skew between two shifts: the
-- lock's premise needs the non-key WHERE (shift_id = :s AND on_call = 1) to hold on the row in the
-- statement's own view, which the encoding under-approximates (sound, not precise; the
-- brute-force explorer also finds a cycle there, as it lets a statement after a lock wait take a
-- snapshot that misses the lock holder).

CREATE TABLE doctors (
  doctor_id INT PRIMARY KEY,
  shift_id  INT NOT NULL,
  on_call   INT NOT NULL
);

TRANSACTION GoOffCall(me INT, s INT)
BEGIN
  SELECT on_call INTO locked FROM doctors WHERE shift_id = :s AND on_call = 1 FOR UPDATE;
  SELECT COUNT(*) INTO n FROM doctors WHERE shift_id = :s AND on_call = 1;
  IF n >= 2 THEN
    UPDATE doctors SET on_call = 0 WHERE doctor_id = :me;
  END IF;
END;
