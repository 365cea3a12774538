CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET balance = 0 WHERE id = $3;
END
$$;
