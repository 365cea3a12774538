CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL, owner VARCHAR(20));
TRANSACTION t(items SET OF (acc_id INT, amount INT))
BEGIN
  FOREACH i IN items LOOP
    IF i IS NULL THEN
      SKIP;
    END IF;
  END LOOP;
END;
