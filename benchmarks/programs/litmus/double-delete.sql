-- double-delete.sql: two DELETEs of one row after a read of it (TATP's DeleteCallForwarding shape:
-- its ROW_COUNT probe reads the row it then deletes).
--
-- Two Closes of one account both read it alive, then both delete it. Under ec, cc and pc the two
-- can be mutually invisible: each read saw the row the other deletes (T1 -rw-> T2 -rw-> T1, a
-- 2-cycle). psi, si and ser forbid it: both write @alive of the same row, so the writes conflict
-- and the later one must see the earlier (WW => vis); PostgreSQL agrees (at REPEATABLE READ a
-- DELETE of a row a concurrent transaction deleted fails with "could not serialize access due to
-- concurrent delete", manual §13.2.2). The two deletions' own WW edge writes one value, so it is
-- no dependency-graph edge (AccessRules#valueChanges), but it still orders them for the spec.

CREATE TABLE account (id INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Close(p INT)
BEGIN
  SELECT bal INTO r FROM account WHERE id = :p;
  DELETE FROM account WHERE id = :p;
END;
