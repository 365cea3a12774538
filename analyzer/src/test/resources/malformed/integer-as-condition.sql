CREATE TABLE account (acc_id INT PRIMARY KEY, balance BIGINT NOT NULL, active BOOLEAN NOT NULL);
TRANSACTION t(id INT)
BEGIN
  DELETE FROM account WHERE balance AND acc_id = :id;
END;
