-- field-is-null.sql: IS [NOT] NULL on fields (a nullable column an INSERT leaves out).
--
-- Add creates an unowned task (owner NULL); Claim takes a task only while it has no owner; Check
-- reads a task and tests its owner field. Two Claims of one task that both see it unowned both
-- take it: the lost update on `owner` (a 2-cycle under ec, cc, pc).
--
-- The encoder does not model NULL values: `owner IS NULL` is tested by polarity (it may hold or
-- not), an over-approximation; the explorer and the databases evaluate it exactly. So the encoder
-- cannot force Claim's write (its WHERE is not known to hold) and reports the 2-cycle under psi
-- and si too, where the explorer (psi orders two writers of one field) finds none.

CREATE TABLE task (task_id INT PRIMARY KEY, owner INT);

TRANSACTION Add(id INT)
BEGIN
  INSERT INTO task (task_id) VALUES (:id);
END;

TRANSACTION Claim(id INT, w INT)
BEGIN
  UPDATE task SET owner = :w WHERE task_id = :id AND owner IS NULL;
END;

TRANSACTION Check(id INT)
BEGIN
  SELECT owner INTO t FROM task WHERE task_id = :id;
  IF t.owner IS NOT NULL THEN
    SKIP;
  END IF;
END;
