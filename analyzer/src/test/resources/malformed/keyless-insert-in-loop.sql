CREATE TABLE log (acc_id INT NOT NULL, amount INT NOT NULL);
TRANSACTION t(items SET OF (acc_id INT, amount INT))
BEGIN
  FOREACH i IN items LOOP
    INSERT INTO log (acc_id, amount) VALUES (:i.acc_id, :i.amount);
  END LOOP;
END;
