-- doctors-on-call.sql: WRITE SKEW THROUGH A PREDICATE (Adya G2: the
-- anti-dependencies are predicate ones).  The on-call doctors as textbooks
-- tell it (Cahill, Röhm & Fekete, SIGMOD 2008; PostgreSQL manual §13.2.3).
--
-- Invariant: at least one doctor of a shift stays on call.  GoOffCall(me, s)
-- counts the doctors of shift s on call and lets `me` go off call if at least
-- two are.  Two doctors of one shift, both on call, both go off call.
--
-- Interleaving (doctors 1 and 2 of shift 5, both on call):
--   T1 = GoOffCall(1, 5): COUNT(*) WHERE shift_id = 5 AND on_call = 1 -> 2
--   T2 = GoOffCall(2, 5): the same count -> 2
--   T1: on_call[1] = 0 commit     T2: on_call[2] = 0 commit  -- nobody on call
-- Dependency cycle (k = 2): T1 -rw-> T2 (T2's update makes doctor 2 leave
-- T1's predicate) -rw-> T1 (likewise doctor 1): predicate anti-dependencies
-- only; the count reads no on_call value, so only the predicate shows it.
--
-- Weakest level that forbids it: SER (allowed under SI: the two updates
-- write different rows).

CREATE TABLE doctors (
  doctor_id INT PRIMARY KEY,
  shift_id  INT NOT NULL,
  on_call   INT NOT NULL
);

TRANSACTION GoOffCall(me INT, s INT)
BEGIN
  SELECT COUNT(*) INTO n FROM doctors WHERE shift_id = :s AND on_call = 1;
  IF n >= 2 THEN
    UPDATE doctors SET on_call = 0 WHERE doctor_id = :me;
  END IF;
END;
