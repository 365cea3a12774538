CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account (id, balance) VALUES (p_id, NULL);
END
$$;
