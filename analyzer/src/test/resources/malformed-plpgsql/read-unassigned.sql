CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION g(p_id INT) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  c INT;
BEGIN
  UPDATE account SET balance = c WHERE id = p_id;
END
$$;
