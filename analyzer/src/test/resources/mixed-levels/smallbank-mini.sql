-- smallbank-mini.sql: benchmarks/programs/smallbank.sql in miniature for the brute-force
-- explorer: the six transactions with custids for names (no account table) and amounts fixed at 1
-- (WriteCheck's penalty 1), so each type has one or two parameters. Statements and their order are
-- SmallBank's.

CREATE TABLE savings (custid INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE checking (custid INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Balance(c INT)
BEGIN
  SELECT bal INTO sav FROM savings WHERE custid = :c;
  SELECT bal INTO chk FROM checking WHERE custid = :c;
END;

TRANSACTION DepositChecking(c INT)
BEGIN
  UPDATE checking SET bal = bal + 1 WHERE custid = :c;
END;

TRANSACTION TransactSavings(c INT)
BEGIN
  SELECT bal INTO sav FROM savings WHERE custid = :c;
  IF sav IS NOT NULL THEN
    IF sav - 1 >= 0 THEN
      UPDATE savings SET bal = bal - 1 WHERE custid = :c;
    END IF;
  END IF;
END;

TRANSACTION Amalgamate(c0 INT, c1 INT)
BEGIN
  SELECT bal INTO sav0 FROM savings WHERE custid = :c0;
  SELECT bal INTO chk0 FROM checking WHERE custid = :c0;
  IF sav0 IS NOT NULL AND chk0 IS NOT NULL THEN
    total := sav0 + chk0;
    UPDATE savings SET bal = 0 WHERE custid = :c0;
    UPDATE checking SET bal = 0 WHERE custid = :c0;
    UPDATE checking SET bal = bal + :total WHERE custid = :c1;
  END IF;
END;

TRANSACTION WriteCheck(c INT)
BEGIN
  SELECT bal INTO sav FROM savings WHERE custid = :c;
  SELECT bal INTO chk FROM checking WHERE custid = :c;
  IF sav IS NOT NULL AND chk IS NOT NULL THEN
    IF sav + chk < 1 THEN
      UPDATE checking SET bal = bal - 2 WHERE custid = :c;
    ELSE
      UPDATE checking SET bal = bal - 1 WHERE custid = :c;
    END IF;
  END IF;
END;

TRANSACTION SendPayment(src INT, dst INT)
BEGIN
  SELECT bal INTO chk FROM checking WHERE custid = :src;
  IF chk IS NOT NULL THEN
    IF chk >= 1 THEN
      UPDATE checking SET bal = bal - 1 WHERE custid = :src;
      UPDATE checking SET bal = bal + 1 WHERE custid = :dst;
    END IF;
  END IF;
END;
