-- Tests of the recorder's key probes (issue 15): an UPDATE or DELETE by key that finds its row gone
-- read the row's absence, the delete another transaction committed.
CREATE TABLE account (id INT PRIMARY KEY, bal INT NOT NULL);

-- Reads the account, then deletes it.
TRANSACTION Close(p INT)
BEGIN
  SELECT bal INTO r FROM account WHERE id = :p;
  DELETE FROM account WHERE id = :p;
END;

-- Reads the account, then credits it.
TRANSACTION Touch(p INT)
BEGIN
  SELECT bal INTO r FROM account WHERE id = :p;
  UPDATE account SET bal = bal + 1 WHERE id = :p;
END;
