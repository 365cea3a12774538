CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT id, balance - amount INTO r FROM account WHERE id = p_id;
END
$$;
