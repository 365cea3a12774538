/*
 * smallbank.sql: the SmallBank benchmark's six transactions.
 *
 * Sources: Alomari, Cahill, Fekete, Röhm, "The Cost of Serializability on
 * Platforms That Use Snapshot Isolation" (ICDE 2008), which defines the
 * schema and the five transactions Balance, DepositChecking, TransactSavings,
 * Amalgamate, WriteCheck; and the H-Store / OLTPBench implementation
 * (com.oltpbenchmark.benchmarks.smallbank.procedures), which adds SendPayment
 * and fixes the SQL we follow statement by statement.
 *
 * Schema: account(custid, name), savings(custid, bal), checking(custid, bal),
 * one savings and one checking row per account, names unique.
 *
 * Simplifications and choices:
 *   * Money is INT in cents (sources: FLOAT).  WriteCheck's overdraft penalty
 *     of 1 (dollar) is therefore 100.
 *   * Customer lookup follows OLTPBench: Balance, DepositChecking,
 *     TransactSavings and WriteCheck take the customer's name and look the
 *     custid up in account; Amalgamate and SendPayment take custids and only
 *     check that the accounts exist (OLTPBench replaced Alomari's name lookup
 *     in Amalgamate by a custid, for lack of secondary indexes in H-Store).
 *   * Names are assumed unique (the loader makes them so), so the lookup by
 *     name yields at most one custid and is used as a value.
 *   * An aborting transaction (UserAbortException in OLTPBench: unknown
 *     account, missing balance row, insufficient funds) always aborts before
 *     its first write; here it does nothing instead (the language has no
 *     ROLLBACK), i.e. it commits having only read.
 *   * Balances are changed with `SET bal = bal + :x` exactly where OLTPBench
 *     does so; Amalgamate's zeroing writes the constant 0.
 *   * TransactSavings follows OLTPBench: it withdraws `amount` from savings
 *     and refuses if the balance would become negative.  (Alomari et al.
 *     describe it as adding a signed V; with V = -amount the two coincide.)
 *   * WriteCheck: if savings + checking < amount the check bounces with a
 *     penalty, checking -= amount + 100, else checking -= amount (Alomari
 *     et al.).  The OLTPBench code subtracts `amount - 1` in the overdraft
 *     case, a sign slip; we follow the paper.
 *   * Amalgamate follows Alomari et al.: move all funds of customer 0
 *     (savings + checking, both set to 0) into customer 1's checking.  The
 *     OLTPBench code instead zeroes customer 0's checking only and subtracts
 *     the total from customer 1's savings, which contradicts the benchmark's
 *     description.
 *   * Amalgamate and SendPayment with the same custid twice are not excluded
 *     (OLTPBench draws two distinct customers); they then write one checking
 *     row twice.
 *   * Balance computes the total into a local; returning it is not modelled.
 */

CREATE TABLE account (
  custid INT NOT NULL PRIMARY KEY,
  name   VARCHAR(64) NOT NULL
);

CREATE TABLE savings (
  custid INT NOT NULL PRIMARY KEY,
  bal    INT NOT NULL
);

CREATE TABLE checking (
  custid INT NOT NULL PRIMARY KEY,
  bal    INT NOT NULL
);

-- Total balance (savings + checking) of a customer.  Read-only.
TRANSACTION Balance(cust_name VARCHAR(64))
BEGIN
  SELECT custid INTO cust FROM account WHERE name = :cust_name;
  IF cust IS NOT NULL THEN
    SELECT bal INTO sav FROM savings WHERE custid = :cust;
    SELECT bal INTO chk FROM checking WHERE custid = :cust;
    IF sav IS NOT NULL AND chk IS NOT NULL THEN
      total := sav + chk;
    END IF;
  END IF;
END;

-- Deposit amount into the customer's checking account.
TRANSACTION DepositChecking(cust_name VARCHAR(64), amount INT)
BEGIN
  SELECT custid INTO cust FROM account WHERE name = :cust_name;
  IF cust IS NOT NULL THEN
    UPDATE checking SET bal = bal + :amount WHERE custid = :cust;
  END IF;
END;

-- Withdraw amount from the customer's savings unless it would go negative.
TRANSACTION TransactSavings(cust_name VARCHAR(64), amount INT)
BEGIN
  SELECT custid INTO cust FROM account WHERE name = :cust_name;
  IF cust IS NOT NULL THEN
    SELECT bal INTO sav FROM savings WHERE custid = :cust;
    IF sav IS NOT NULL THEN
      IF sav - amount >= 0 THEN
        UPDATE savings SET bal = bal - :amount WHERE custid = :cust;
      END IF;
    END IF;
  END IF;
END;

-- Move all funds of customer custid0 into the checking account of custid1.
TRANSACTION Amalgamate(custid0 INT, custid1 INT)
BEGIN
  SELECT custid INTO acct0 FROM account WHERE custid = :custid0;
  SELECT custid INTO acct1 FROM account WHERE custid = :custid1;
  IF acct0 IS NOT NULL AND acct1 IS NOT NULL THEN
    SELECT bal INTO sav0 FROM savings WHERE custid = :custid0;
    SELECT bal INTO chk0 FROM checking WHERE custid = :custid0;
    IF sav0 IS NOT NULL AND chk0 IS NOT NULL THEN
      total := sav0 + chk0;
      UPDATE savings SET bal = 0 WHERE custid = :custid0;
      UPDATE checking SET bal = 0 WHERE custid = :custid0;
      UPDATE checking SET bal = bal + :total WHERE custid = :custid1;
    END IF;
  END IF;
END;

-- Cash a check of amount against checking; overdraft costs a penalty.
TRANSACTION WriteCheck(cust_name VARCHAR(64), amount INT)
BEGIN
  SELECT custid INTO cust FROM account WHERE name = :cust_name;
  IF cust IS NOT NULL THEN
    SELECT bal INTO sav FROM savings WHERE custid = :cust;
    SELECT bal INTO chk FROM checking WHERE custid = :cust;
    IF sav IS NOT NULL AND chk IS NOT NULL THEN
      IF sav + chk < amount THEN
        UPDATE checking SET bal = bal - (:amount + 100) WHERE custid = :cust;
      ELSE
        UPDATE checking SET bal = bal - :amount WHERE custid = :cust;
      END IF;
    END IF;
  END IF;
END;

-- Pay amount from send_id's checking to dest_id's checking if funds suffice.
TRANSACTION SendPayment(send_id INT, dest_id INT, amount INT)
BEGIN
  SELECT custid INTO acct0 FROM account WHERE custid = :send_id;
  SELECT custid INTO acct1 FROM account WHERE custid = :dest_id;
  IF acct0 IS NOT NULL AND acct1 IS NOT NULL THEN
    SELECT bal INTO chk FROM checking WHERE custid = :send_id;
    IF chk IS NOT NULL THEN
      IF chk >= amount THEN
        UPDATE checking SET bal = bal - :amount WHERE custid = :send_id;
        UPDATE checking SET bal = bal + :amount WHERE custid = :dest_id;
      END IF;
    END IF;
  END IF;
END;
