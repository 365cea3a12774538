CREATE TABLE account (acc_id INT PRIMARY KEY, balance NUMERIC(10,2) NOT NULL);
TRANSACTION t(id INT)
BEGIN
  UPDATE account SET balance = balance * 1.05 WHERE acc_id = :id;
END;
