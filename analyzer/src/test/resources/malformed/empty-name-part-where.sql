CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(id INT, amount INT)
BEGIN
  SELECT balance INTO bal FROM account WHERE acc1..0_id > :id ORDER BY balance + 1 LIMIT 1;
END;
