-- null-values.sql: NULL literals in INSERT … VALUES and SET, and three-valued logic in WHERE:
-- a comparison with NULL (a NULL field, or the literal NULL) is UNKNOWN, never true, and so is its
-- negation.
--
-- Add creates a free seat (holder NULL); Book takes it only while it is free; Release frees it
-- again (SET holder = NULL); Purge's `holder = NULL` never holds, so it deletes nothing; Mine finds
-- the seat only when someone other than 7 holds it: NOT (holder = 7) is UNKNOWN on a free seat. Two Books of a free seat that both see it free both take it: the lost update on holder.
--
-- The encoder does not model NULL values: a comparison of the nullable holder is tested by
-- polarity (it may hold or not), an over-approximation; the explorer and the databases evaluate
-- three-valued logic exactly. So, as in field-is-null.sql, the encoder also reports the 2-cycle
-- under psi and si, where the explorer finds none (psi orders two writers of one field).

CREATE TABLE seat (seat_id INT PRIMARY KEY, holder INT);

TRANSACTION Add(id INT)
BEGIN
  INSERT INTO seat (seat_id, holder) VALUES (:id, NULL);
END;

TRANSACTION Book(id INT, who INT)
BEGIN
  UPDATE seat SET holder = :who WHERE seat_id = :id AND holder IS NULL;
END;

TRANSACTION Release(id INT)
BEGIN
  UPDATE seat SET holder = NULL WHERE seat_id = :id;
END;

TRANSACTION Purge(id INT)
BEGIN
  DELETE FROM seat WHERE seat_id = :id AND holder = NULL;
END;

TRANSACTION Mine(id INT)
BEGIN
  SELECT seat_id INTO s FROM seat WHERE seat_id = :id AND NOT (holder = 7);
END;
