CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL CHECK (balance >= :limit));
TRANSACTION t(id INT)
BEGIN
  SKIP;
END;
