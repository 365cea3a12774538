CREATE TABLE account (acc_id INT, balance INT);
TRANSACTION t(id INT)
BEGIN
  SKIP;
END;
