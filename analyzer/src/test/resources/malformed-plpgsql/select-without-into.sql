CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b INT;
  r RECORD;
BEGIN
  SELECT balance FROM account WHERE id = p_id;
END
$$;
