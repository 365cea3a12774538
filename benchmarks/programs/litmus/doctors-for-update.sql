-- doctors-for-update.sql: doctors-on-call.sql with the usual fix for PostgreSQL: lock the shift's
-- on-call rows (SELECT … FOR UPDATE, which cannot be combined with COUNT) before counting them.
--
-- On the server the second GoOffCall waits for the first one's commit at its FOR UPDATE (§13.3.2).
-- At READ COMMITTED its COUNT, a later statement, then sees the first one's update (§13.2.1); at
-- REPEATABLE READ its lock fails on the row the first one changed (§13.2.2). No write skew at any
-- PostgreSQL level.
--
-- Static analysis with --db postgresql: the locked_read rule orders an anti-dependency from the
-- locking read itself, but the write skew's anti-dependencies come from the COUNT, a later
-- statement, which the encoding does not tie to the lock (docs/postgresql-levels.md §7). The
-- encoder therefore still reports the write skew at read-committed and repeatable-read: sound
-- (more behaviours), not precise. The explorer, which runs the locks, finds none.

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
