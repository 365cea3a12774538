CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET balance = balance - amount WHERE account.id = id;
END
$$;
