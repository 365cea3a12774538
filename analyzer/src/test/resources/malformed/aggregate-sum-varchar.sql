CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(id INT, amount INT)
BEGIN
  SELECT SUM(owner) INTO s FROM account WHERE acc_id = :id;
END;
