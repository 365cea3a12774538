-- litmus/string-literal-guard.sql: a lost update on a path taken only when a VARCHAR parameter
-- equals a string literal (BenchBase SEATS' DeleteReservation takes its customer lookup by
-- `p_c_id_str <> ''`). isocheck codes string literals as integers (encoding.Vocabulary#string);
-- a witness, its schedule and its seed must print the literal, not the integer: printed as
-- 's1000000', the replayed transaction took the other branch on the server and the recorded
-- history was SER-consistent (99 of SEATS' 134 READ COMMITTED witnesses, stop 19).
--
-- Expected: two Bumps of tier 'gold' on one account lose an update at EC, CC, PC and PSI and at
-- PostgreSQL's READ COMMITTED; SI and SER (first-updater-wins) have no cycle.
CREATE TABLE account (
  acct  INT PRIMARY KEY,
  bal   INT NOT NULL
);

TRANSACTION Bump(id INT, tier VARCHAR(8))
BEGIN
  IF :tier = 'gold' THEN
    SELECT bal INTO cur FROM account WHERE acct = :id;
    UPDATE account SET bal = :cur + 1 WHERE acct = :id;
  END IF;
END;
