-- read-skew.sql: READ SKEW (Berenson et al. A5A; Adya G-single).
--
-- Accounts 1 (x) and 2 (y) always sum to 100: Rebalance writes both in one
-- transaction (the caller passes x_bal + y_bal = 100).  Audit reads x, then y,
-- and sees a sum other than 100 when it reads x before a Rebalance and y
-- after it.
--
-- Interleaving (x = 50, y = 50):
--   A: r(x=50)
--   R = Rebalance(30, 70): w(x=30) w(y=70) commit
--   A: r(y=70)                                  -- A sees x + y = 120
-- Dependency cycle (k = 2): A -rw-> R (x) -wr-> A (y).
-- A database at READ COMMITTED produces this (each statement reads the latest
-- committed state); the reads go forward in time, old x then new y.
--
-- Weakest level that forbids it: RA (read atomic: a transaction observes all
-- or none of another transaction's writes, so A sees R for both x and y or
-- for neither).  Allowed under RC.  In the paper's model every abstract
-- execution has atomic visibility (vis relates whole transactions), so even
-- EC forbids it there: the static analysis must find no cycle at any level,
-- while the dynamic checker must flag such histories as RA violations.
--
-- Rebalance writes constants it is given (blind writes) and both rows are
-- fixed, so that two Rebalances conflict only write-write and the program has
-- no other anomaly.

CREATE TABLE acct (acc_id INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Rebalance(x_bal INT, y_bal INT)
BEGIN
  UPDATE acct SET bal = :x_bal WHERE acc_id = 1;
  UPDATE acct SET bal = :y_bal WHERE acc_id = 2;
END;

TRANSACTION Audit()
BEGIN
  SELECT bal INTO x FROM acct WHERE acc_id = 1;
  SELECT bal INTO y FROM acct WHERE acc_id = 2;
  total := x + y;
END;
