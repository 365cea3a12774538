-- benchbase/smallbank.sql: BenchBase's SmallBank (cmu-db/benchbase, benchmarks/smallbank) as
-- PostgreSQL stored procedures: the DDL of ddl-postgres.sql and one function per procedure class
-- (procedures/*.java), each statement as the procedure issues it, in the same order, its Java
-- control flow as PL/pgSQL control flow. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * A UserAbortException becomes RAISE EXCEPTION (BenchBase rolls the transaction back).
--   * Java reads `SELECT * FROM accounts` only to test that a row exists (and to take custid,
--     column 1): here `SELECT * INTO r` and `IF NOT FOUND`, then `r.custid`.
--   * Balance returns the total as the function's result (BenchBase returns it from run()).
--   * The parameters are the arguments of run(): custId0/custId1, custName, amount.
--   * The local `long custId` is `v_custId`: PL/pgSQL names are case-insensitive, so `custId` would
--     be the column `custid` too, which PostgreSQL reports as ambiguous when the function runs.
--   * WriteCheck subtracts `amount - 1` in the overdraft case, as BenchBase does (Alomari et al.
--     describe a penalty of 1 added instead; the benchmarks/programs/smallbank.sql rewrite
--     follows the paper).
--   * Amalgamate's `SET bal = 0.0` is `SET bal = 0`: isocheck's values are whole numbers (a decimal
--     literal is refused); the same value.
--   * Amalgamate zeroes custId0's checking and subtracts the total from custId1's savings, as
--     BenchBase does (Alomari et al. move the funds into custId1's checking).

DROP TABLE IF EXISTS checking;
DROP TABLE IF EXISTS savings;
DROP TABLE IF EXISTS accounts;

CREATE TABLE accounts (
    custid bigint      NOT NULL,
    name   varchar(64) NOT NULL,
    CONSTRAINT pk_accounts PRIMARY KEY (custid)
);
CREATE INDEX idx_accounts_name ON accounts (name);

CREATE TABLE savings (
    custid bigint NOT NULL,
    bal    float  NOT NULL,
    CONSTRAINT pk_savings PRIMARY KEY (custid),
    FOREIGN KEY (custid) REFERENCES accounts (custid)
);

CREATE TABLE checking (
    custid bigint NOT NULL,
    bal    float  NOT NULL,
    CONSTRAINT pk_checking PRIMARY KEY (custid),
    FOREIGN KEY (custid) REFERENCES accounts (custid)
);

-- Amalgamate: move custId0's checking and savings into custId1.
CREATE OR REPLACE FUNCTION amalgamate(custId0 bigint, custId1 bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r0 RECORD;
  r1 RECORD;
  savingsBalance float;
  checkingBalance float;
  total float;
BEGIN
  SELECT * INTO r0 FROM accounts WHERE custid = custId0;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', custId0;
  END IF;
  SELECT * INTO r1 FROM accounts WHERE custid = custId1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', custId1;
  END IF;
  SELECT bal INTO savingsBalance FROM savings WHERE custid = custId0;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No savings for customer #%', custId0;
  END IF;
  SELECT bal INTO checkingBalance FROM checking WHERE custid = custId1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No checking for customer #%', custId1;
  END IF;
  total := checkingBalance + savingsBalance;
  UPDATE checking SET bal = 0 WHERE custid = custId0;
  UPDATE savings SET bal = bal - total WHERE custid = custId1;
END
$$;

-- Balance: a customer's savings plus checking, looked up by name.
CREATE OR REPLACE FUNCTION balance(custName varchar) RETURNS float
LANGUAGE plpgsql AS $$
DECLARE
  r0 RECORD;
  v_custId bigint;
  savingsBalance float;
  checkingBalance float;
BEGIN
  SELECT * INTO r0 FROM accounts WHERE name = custName;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', custName;
  END IF;
  v_custId := r0.custid;
  SELECT bal INTO savingsBalance FROM savings WHERE custid = v_custId;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No savings for customer #%', v_custId;
  END IF;
  SELECT bal INTO checkingBalance FROM checking WHERE custid = v_custId;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No checking for customer #%', v_custId;
  END IF;
  RETURN checkingBalance + savingsBalance;
END
$$;

-- DepositChecking: add amount to the named customer's checking.
CREATE OR REPLACE FUNCTION deposit_checking(custName varchar, amount float) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r0 RECORD;
  v_custId bigint;
BEGIN
  SELECT * INTO r0 FROM accounts WHERE name = custName;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', custName;
  END IF;
  v_custId := r0.custid;
  UPDATE checking SET bal = bal + amount WHERE custid = v_custId;
END
$$;

-- SendPayment: move amount from sendAcct's checking to destAcct's checking.
CREATE OR REPLACE FUNCTION send_payment(sendAcct bigint, destAcct bigint, amount float) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r0 RECORD;
  r1 RECORD;
  balance float;
BEGIN
  SELECT * INTO r0 FROM accounts WHERE custid = sendAcct;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', sendAcct;
  END IF;
  SELECT * INTO r1 FROM accounts WHERE custid = destAcct;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', destAcct;
  END IF;
  SELECT bal INTO balance FROM checking WHERE custid = sendAcct;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No checking for customer #%', sendAcct;
  END IF;
  IF balance < amount THEN
    RAISE EXCEPTION 'Insufficient checking funds for customer #%', sendAcct;
  END IF;
  UPDATE checking SET bal = bal + amount * -1 WHERE custid = sendAcct;
  UPDATE checking SET bal = bal + amount WHERE custid = destAcct;
END
$$;

-- TransactSavings: withdraw amount from the named customer's savings, never below zero.
CREATE OR REPLACE FUNCTION transact_savings(custName varchar, amount float) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v_custId bigint;
  balance float;
BEGIN
  SELECT * INTO r FROM accounts WHERE name = custName;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', custName;
  END IF;
  v_custId := r.custid;
  SELECT bal INTO balance FROM savings WHERE custid = v_custId;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No savings for customer #%', v_custId;
  END IF;
  balance := balance - amount;
  IF balance < 0 THEN
    RAISE EXCEPTION 'Negative savings balance for customer #%', v_custId;
  END IF;
  UPDATE savings SET bal = bal - amount WHERE custid = v_custId;
END
$$;

-- WriteCheck: cash a check against checking, judged on savings + checking.
CREATE OR REPLACE FUNCTION write_check(custName varchar, amount float) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r0 RECORD;
  v_custId bigint;
  savingsBalance float;
  checkingBalance float;
  total float;
BEGIN
  SELECT * INTO r0 FROM accounts WHERE name = custName;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid account ''%''', custName;
  END IF;
  v_custId := r0.custid;
  SELECT bal INTO savingsBalance FROM savings WHERE custid = v_custId;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No savings for customer #%', v_custId;
  END IF;
  SELECT bal INTO checkingBalance FROM checking WHERE custid = v_custId;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No checking for customer #%', v_custId;
  END IF;
  total := checkingBalance + savingsBalance;
  IF total < amount THEN
    UPDATE checking SET bal = bal - (amount - 1) WHERE custid = v_custId;
  ELSE
    UPDATE checking SET bal = bal - amount WHERE custid = v_custId;
  END IF;
END
$$;
