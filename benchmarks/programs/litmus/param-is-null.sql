-- param-is-null.sql: IS [NOT] NULL on a parameter (a NULL argument; BenchBase SEATS' `IF p_c_id
-- IS NULL` and `WHERE (:p IS NULL OR col = :p)`).
--
-- Deposit adds a non-NULL amount to an account by reading the balance and writing it back (the
-- read-then-write of lost-update.sql); a NULL amount deposits nothing. Audit reads one account's
-- balance, or with a NULL id every account's (`:id IS NULL OR acct = :id`); NOT (acct = :id) in
-- Skim is UNKNOWN for a NULL id, so it reads no row then. Two Deposits of one account that both
-- read the old balance lose one: the 2-cycle under ec, cc, pc. Under psi, two Audits with NULL ids
-- that each see a different one of two Deposits (of accounts 1 and 2) are the long fork, a
-- 4-cycle; si and ser forbid both.
--
-- A parameter the program tests for NULL may be NULL (program.NullableParameters): the explorer
-- adds NULL to its values, `run` draws it in one call in four, the encoder gives it a boolean per
-- instance, and a comparison with it holds exactly when it is not NULL and the values compare
-- (encoding.Terms; NOT is pushed to the comparisons, as NOT UNKNOWN is UNKNOWN). The explorer and
-- the encoder agree exactly here.

CREATE TABLE account (acct INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Deposit(id INT, amt INT)
BEGIN
  IF :amt IS NOT NULL THEN
    SELECT bal INTO cur FROM account WHERE acct = :id;
    UPDATE account SET bal = :cur + :amt WHERE acct = :id;
  END IF;
END;

TRANSACTION Audit(id INT)
BEGIN
  SELECT bal INTO seen FROM account WHERE (:id IS NULL OR acct = :id);
END;

TRANSACTION Skim(id INT)
BEGIN
  SELECT bal INTO other FROM account WHERE NOT (acct = :id) AND :id IS NOT NULL;
END;
