CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
TRANSACTION t(id INT)
BEGIN
  UPDATE account SET owner = NULL, balance = NULL WHERE acc_id = :id;
END;
