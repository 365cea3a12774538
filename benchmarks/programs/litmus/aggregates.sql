-- aggregates.sql: SUM, AVG and COUNT(DISTINCT c), as in BenchBase TPC-C's Delivery
-- (`SUM(OL_AMOUNT)`) and StockLevel (`COUNT(DISTINCT S_I_ID)`).
--
-- Audit reads the total, the average and the number of distinct balances of both accounts; Set
-- overwrites one balance. Every aggregate reads the aggregated column of every matching row, so
-- an Audit conflicts with every Set on `bal`. The shortest cycle is the long fork (4 instances: two
-- Sets of different accounts, two Audits seeing them in opposite orders): allowed under ec, cc and
-- psi, forbidden under pc, si and ser (as in long-fork.sql).
-- The aggregate values are not encoded (any value): sound, and they steer no statement here.

CREATE TABLE acct (acc_id INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Audit()
BEGIN
  SELECT SUM(bal) INTO total FROM acct WHERE acc_id >= 1;
  SELECT AVG(bal) INTO mean FROM acct WHERE acc_id >= 1;
  SELECT COUNT(DISTINCT bal) INTO kinds FROM acct WHERE acc_id >= 1;
END;

TRANSACTION Set(id INT, amount INT)
BEGIN
  UPDATE acct SET bal = :amount WHERE acc_id = :id;
END;
