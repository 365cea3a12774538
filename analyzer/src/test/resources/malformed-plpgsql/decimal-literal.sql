CREATE TABLE account (id INT PRIMARY KEY, balance NUMERIC(12, 2) NOT NULL);
CREATE FUNCTION f(p_id INT, amount NUMERIC(12, 2)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET balance = balance * 1.01 WHERE id = p_id;
END
$$;
