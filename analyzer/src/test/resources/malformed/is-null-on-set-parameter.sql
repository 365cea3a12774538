CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
CREATE TABLE other (o_id INT PRIMARY KEY, v INT);
TRANSACTION t(items SET OF (acc_id INT, amount INT))
BEGIN
  IF items IS NULL THEN
    SKIP;
  END IF;
END;
