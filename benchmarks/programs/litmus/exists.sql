-- exists.sql: IF [NOT] EXISTS (SELECT …), the "register if the name is free" check.
--
-- Two Registers of one name with different ids both find the name free and both insert: the
-- phantom (each reads the Alive of the row the other inserts), a 2-cycle under ec … si; SER
-- forbids it. EXISTS (SELECT …) in an IF condition is read as a SELECT of the table's key into a
-- hidden row set just before the IF, tested IS NOT NULL (ProgramParser#exists): the same reads.

CREATE TABLE users (user_id INT PRIMARY KEY, name INT NOT NULL);

TRANSACTION Register(uid INT, name INT)
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE name = :name) THEN
    INSERT INTO users (user_id, name) VALUES (:uid, :name);
  END IF;
END;
