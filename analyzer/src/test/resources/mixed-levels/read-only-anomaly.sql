-- read-only-anomaly.sql: the read-only transaction anomaly (Fekete, O'Neil, O'Neil, "A Read-Only
-- Transaction Anomaly Under Snapshot Isolation", SIGMOD Record 2004), SmallBank's shape (Alomari
-- et al., ICDE 2008): Balance -rw checking-> WriteCheck -rw savings-> DepositSavings -wr-> Balance.
--
-- Under SI (PostgreSQL REPEATABLE READ): WriteCheck reads both balances; DepositSavings commits;
-- Balance starts and sees the deposit but not the check; WriteCheck commits a penalty computed
-- without the deposit. PostgreSQL SERIALIZABLE stops it only when all three are serializable (SSI
-- watches serializable transactions only, manual §13.2.3).

CREATE TABLE checking (custid INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE savings (custid INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Balance(c INT)
BEGIN
  SELECT bal INTO chk FROM checking WHERE custid = :c;
  SELECT bal INTO sav FROM savings WHERE custid = :c;
END;

TRANSACTION WriteCheck(c INT)
BEGIN
  SELECT bal INTO sav FROM savings WHERE custid = :c;
  SELECT bal INTO chk FROM checking WHERE custid = :c;
  IF sav IS NOT NULL AND chk IS NOT NULL THEN
    IF sav + chk < 2 THEN
      UPDATE checking SET bal = bal - 2 WHERE custid = :c;
    ELSE
      UPDATE checking SET bal = bal - 1 WHERE custid = :c;
    END IF;
  END IF;
END;

TRANSACTION DepositSavings(c INT)
BEGIN
  UPDATE savings SET bal = bal + 1 WHERE custid = :c;
END;
