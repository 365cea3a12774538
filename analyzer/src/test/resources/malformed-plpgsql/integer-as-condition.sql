CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF amount THEN
    UPDATE account SET balance = balance - amount WHERE id = p_id;
  END IF;
END
$$;
