-- plpgsql/bank.sql: a small bank as PostgreSQL stored procedures, loadable unchanged with
-- `psql -f bank.sql`. Each FUNCTION / PROCEDURE is one transaction type for isocheck
-- (README, "PL/pgSQL programs"). Variables are written bare, as PL/pgSQL writes them.
--
-- What isocheck weakest finds: withdraw and transfer read a balance and write it back from
-- the value read, so two concurrent ones lose an update under ec, cc and pc; under psi,
-- total_balance can see a withdraw without the transfer that withdraw saw (a causality
-- violation of 3); si is the weakest anomaly-free level, proved for all executions.

CREATE TABLE customer (cust_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL);
CREATE TABLE account (acc_id INT PRIMARY KEY, cust_id INT NOT NULL, balance INT NOT NULL);
CREATE TABLE audit (acc_id INT, seq INT, amount INT NOT NULL, PRIMARY KEY (acc_id, seq));

-- Take money out; refuse (abort) an overdraft.
CREATE OR REPLACE FUNCTION withdraw(p_acc INT, p_amount INT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  bal INT;
BEGIN
  SELECT balance INTO bal FROM account WHERE acc_id = p_acc;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no account %', p_acc;
  END IF;
  IF bal < p_amount THEN
    RAISE EXCEPTION 'insufficient funds';
  END IF;
  UPDATE account SET balance = bal - p_amount WHERE acc_id = p_acc;
  RETURN bal - p_amount;
END
$$;

-- Move money between two accounts ($1, $2: the positional names of the parameters).
CREATE OR REPLACE PROCEDURE transfer(src INT, dst INT, amount INT)
LANGUAGE plpgsql AS $$
DECLARE
  s RECORD;
  d RECORD;
BEGIN
  IF $1 = $2 THEN
    RETURN;
  END IF;
  SELECT balance INTO STRICT s FROM account WHERE acc_id = $1;
  SELECT balance INTO d FROM account WHERE acc_id = dst;
  IF d IS NULL OR s.balance < amount THEN
    RAISE EXCEPTION 'transfer refused';
  END IF;
  UPDATE account SET balance = s.balance - amount WHERE acc_id = src;
  UPDATE account SET balance = d.balance + amount WHERE acc_id = dst;
END
$$;

-- Pay interest on each listed account, and log it.
CREATE OR REPLACE PROCEDURE pay_interest(accs INT[], seq INT, rate INT)
LANGUAGE plpgsql AS $$
DECLARE
  a INT;
  b INT;
BEGIN
  FOREACH a IN ARRAY accs LOOP
    SELECT balance INTO b FROM account WHERE acc_id = a;
    IF FOUND THEN
      UPDATE account SET balance = b + b * rate / 100 WHERE acc_id = a;
      INSERT INTO audit (acc_id, seq, amount) VALUES (a, seq, b * rate / 100);
    END IF;
  END LOOP;
END
$$;

-- A customer's total, read account by account.
CREATE OR REPLACE FUNCTION total_balance(p_cust INT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  total INT := 0;
  r RECORD;
BEGIN
  PERFORM name FROM customer WHERE cust_id = p_cust;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  FOR r IN SELECT acc_id FROM account WHERE cust_id = p_cust LOOP
    SELECT balance INTO total FROM account WHERE acc_id = r.acc_id;
  END LOOP;
  RETURN total;
END
$$;
