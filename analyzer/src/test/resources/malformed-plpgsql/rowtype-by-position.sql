CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r account%ROWTYPE;
BEGIN
  SELECT balance INTO r FROM account WHERE id = p_id;
END
$$;
