CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b INT;
  r RECORD;
BEGIN
  UPDATE account SET balance = 0 WHERE id = p_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'none';
  END IF;
END
$$;
