CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(id INT, amount INT)
BEGIN
  INSERT INTO account (acc..id, balance) VALUES (1, 2);
END;
