CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  balance INT;
BEGIN
  SELECT balance INTO balance FROM account WHERE id = p_id;
  RETURN balance;
END
$$;
