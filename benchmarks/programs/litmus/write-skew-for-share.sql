-- write-skew-for-share.sql: the write skew of write-skew.sql repaired by promotion (Fekete, Liarokapis,
-- O'Neil, O'Neil, Shasha, TODS 2005, §"promotion"): the read of the other doctor takes a share lock.
--
-- FOR SHARE conflicts with UPDATE and DELETE (not with another FOR SHARE) and is held to commit
-- (PostgreSQL manual, §13.3.2 "Row-Level Locks"). T1 = GoOffCall(1, 2) locks doctor 2, so T2 =
-- GoOffCall(2, 1)'s update of doctor 2 waits for T1's commit: T1 -rw-> T2 goes forward in the commit
-- order, and so does T2 -rw-> T1, which no commit order allows. At REPEATABLE READ the second one
-- fails instead (its lock or its update meets a row changed since its snapshot, §13.2.2).
--
-- Static analysis with --db postgresql: no cycle at read-committed, repeatable-read, serializable
-- (the locked_read rule, docs/postgresql-levels.md §5). Under the paper's specs the lock is ignored
-- (sound): the write skew of write-skew.sql, allowed up to si.

CREATE TABLE oncall (doctor_id INT PRIMARY KEY, on_call INT NOT NULL);

TRANSACTION GoOffCall(me INT, other INT)
BEGIN
  SELECT on_call INTO other_on FROM oncall WHERE doctor_id = :other FOR SHARE;
  IF other_on = 1 THEN
    UPDATE oncall SET on_call = 0 WHERE doctor_id = :me;
  END IF;
END;
