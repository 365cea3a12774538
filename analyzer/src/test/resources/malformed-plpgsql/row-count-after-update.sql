CREATE TABLE account (id INT PRIMARY KEY, owner INT NOT NULL, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b INT;
  k INT;
BEGIN
  UPDATE account SET balance = 0 WHERE owner = p_id;
  GET DIAGNOSTICS k = ROW_COUNT;
END
$$;
