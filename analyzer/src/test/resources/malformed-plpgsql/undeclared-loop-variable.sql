CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b INT;
  r RECORD;
BEGIN
  FOR q IN SELECT balance FROM account LOOP
    NULL;
  END LOOP;
END
$$;
