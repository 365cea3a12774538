-- bank.sql: the banking example of Nagar & Jagannathan, "Automated Detection of
-- Serializability Violations under Weak Consistency" (CONCUR 2018), §2 and Fig. 1.
--
-- withdraw is Fig. 1 transcribed into our syntax: read the balance, and if it
-- exceeds the amount, write back the balance minus the amount.  deposit is not
-- in the paper; it is the same read-then-write shape without the test.
--
-- Simplifications and choices:
--   * Table and column names are lower_snake_case (paper: Account, AccID,
--     Balance); the paper's single table gets an explicit name, `account`.
--   * The paper's `SELECT Balance AS bal` is written `SELECT balance INTO bal`,
--     and its bare `bal - Amount` in the UPDATE is written `:bal - :amount`
--     (program variables are prefixed with ':' inside SQL).
--   * Money is an INT (the paper's fields are all integers).
--   * Neither transaction tests whether the account exists, exactly as in
--     Fig. 1: for a missing account the SELECT is empty and the UPDATE touches
--     no row.
--   * deposit reads the balance and writes `:bal + :amount` (the paper's
--     grammar has no `SET f = f + e`), so it is in the same fragment as Fig. 1.
--
-- Expected (Nagar & Jagannathan, CONCUR 2018, §2 and §5): under EC, withdraw has a lost update (cycle of 2);
-- under PSI there is no cycle of length <= 3 and no chordless path of length 4,
-- so every execution is serializable.
--
-- This file is a golden test: keep it this small.

CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);

TRANSACTION withdraw(id INT, amount INT)
BEGIN
  SELECT balance INTO bal FROM account WHERE acc_id = :id;
  IF bal > amount THEN
    UPDATE account SET balance = :bal - :amount WHERE acc_id = :id;
  END IF;
END;

TRANSACTION deposit(id INT, amount INT)
BEGIN
  SELECT balance INTO bal FROM account WHERE acc_id = :id;
  UPDATE account SET balance = :bal + :amount WHERE acc_id = :id;
END;
