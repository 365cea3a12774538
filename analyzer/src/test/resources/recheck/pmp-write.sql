-- PMP for write predicates on the catalogue's two-row table (Hermitage's second PMP test, the
-- example of the PostgreSQL manual, "Concurrency Control", §13.2.1): T1 adds ten to every row while
-- T2 deletes, or updates, the rows whose value is 20. At READ COMMITTED T2 waits for T1's row lock
-- on row 2, re-evaluates its WHERE clause on T1's version of row 2 (30: no match) and never looks at
-- row 1 again (10 in its snapshot, 20 after T1): it saw row 2 after T1 and row 1 before it.

CREATE TABLE test (id INT PRIMARY KEY, val INT NOT NULL);

TRANSACTION AddTen()
BEGIN
  UPDATE test SET val = val + 10;
END;

TRANSACTION DeleteWhere(v INT)
BEGIN
  DELETE FROM test WHERE val = :v;
END;

TRANSACTION UpdateWhere(v INT)
BEGIN
  UPDATE test SET val = 0 WHERE val = :v;
END;
