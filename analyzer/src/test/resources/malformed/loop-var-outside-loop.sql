CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(id INT, amount INT)
BEGIN
  SELECT acc_id INTO accs FROM account WHERE balance > :amount;
  FOREACH a IN accs LOOP
    SKIP;
  END LOOP;
  UPDATE account SET balance = 0 WHERE acc_id = :a;
END;
