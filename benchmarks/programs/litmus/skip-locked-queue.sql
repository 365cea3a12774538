-- skip-locked-queue.sql: the job-queue idiom, SELECT … FOR UPDATE SKIP LOCKED.
--
-- Take claims the lowest pending job that no other worker holds a lock on: the locked rows are
-- skipped, so two workers take different jobs without waiting (PostgreSQL manual, SELECT, "The
-- Locking Clause": "any rows that cannot be immediately locked are skipped").
--
-- Semantics used by the encoder and the explorer: which rows a skipping read returns depends on
-- the locks others hold, so its result may be any subset of the matching rows alive in its view
-- (then ORDER BY … LIMIT 1 keeps the first of those); the lock itself is not modelled (a plain
-- read, see select-for-update.sql). Two Takes may therefore both see job 1 pending and claim it:
-- a 2-cycle (each reads `status` of the job the other writes). On a real database the row lock
-- prevents that double claim at every level; the static verdict is an over-approximation until
-- locks are encoded.

-- status: 1 pending, 2 taken (the explorer's integers are 1 and 2).
CREATE TABLE job (job_id INT PRIMARY KEY, status INT NOT NULL, worker INT NOT NULL);

TRANSACTION Take(w INT)
BEGIN
  SELECT job_id INTO j FROM job WHERE status = 1 ORDER BY job_id LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF j IS NOT NULL THEN
    UPDATE job SET status = 2, worker = :w WHERE job_id = :j.job_id;
  END IF;
END;
