CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET balance = 0 WHERE id = p_id;
END;
$$;
CREATE FUNCTION F(p_id INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  NULL;
END
$$;
