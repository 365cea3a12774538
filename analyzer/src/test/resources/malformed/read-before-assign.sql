CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(id INT, amount INT)
BEGIN
  IF amount > 0 THEN
    x := 1;
  END IF;
  UPDATE account SET balance = :x WHERE acc_id = :id;
END;
