CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(id INT, amount INT)
BEGIN
  UPDATE account SET balance = 0 FROM other WHERE acc_id = o_id;
END;
