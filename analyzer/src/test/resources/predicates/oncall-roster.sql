-- Tests of the recorder's predicate reads (RunContract): a count of the doctors on call, and writes
-- that do or do not change which doctors it matches.
CREATE TABLE doctors (
  doctor_id INT PRIMARY KEY,
  shift_id  INT NOT NULL,
  on_call   INT NOT NULL,
  name      VARCHAR(20) NOT NULL
);

CREATE TABLE shifts (
  shift_id INT PRIMARY KEY,
  checked  INT NOT NULL
);

-- Counts the doctors on call and marks the shift checked.
TRANSACTION Check(s INT)
BEGIN
  SELECT COUNT(*) INTO n FROM doctors WHERE shift_id = :s AND on_call = 1;
  UPDATE shifts SET checked = :n WHERE shift_id = :s;
END;

-- Reads whether the shift was checked, renames a doctor: no change to the count's matches.
TRANSACTION Rename(s INT, me INT)
BEGIN
  SELECT checked INTO c FROM shifts WHERE shift_id = :s;
  UPDATE doctors SET name = 'renamed' WHERE doctor_id = :me;
END;

-- Reads whether the shift was checked, relieves every doctor of the shift on call (an UPDATE
-- whose WHERE reads on_call): they leave the count's predicate.
TRANSACTION Relieve(s INT)
BEGIN
  SELECT checked INTO c FROM shifts WHERE shift_id = :s;
  UPDATE doctors SET on_call = 0 WHERE shift_id = :s AND on_call = 1;
END;

-- Reads whether the shift was checked, removes a doctor: a delete of a matching row.
TRANSACTION Fire(s INT, me INT)
BEGIN
  SELECT checked INTO c FROM shifts WHERE shift_id = :s;
  DELETE FROM doctors WHERE doctor_id = :me;
END;
