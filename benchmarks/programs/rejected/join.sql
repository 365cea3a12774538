CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);
CREATE TABLE bonus (acc_id INT PRIMARY KEY, amount INT NOT NULL);
TRANSACTION pay_bonus(id INT)
BEGIN
  UPDATE account SET balance = account.balance + bonus.amount FROM bonus WHERE account.acc_id = bonus.acc_id AND account.acc_id = :id;
END;
