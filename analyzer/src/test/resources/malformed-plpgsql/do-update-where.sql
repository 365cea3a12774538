CREATE TABLE account (id INT PRIMARY KEY, owner INT NOT NULL, balance INT NOT NULL);
CREATE FUNCTION f(p_id INT, amount INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b INT;
  k INT;
BEGIN
  INSERT INTO account (id, owner, balance) VALUES (p_id, 1, amount) ON CONFLICT (id) DO UPDATE SET balance = 0 WHERE account.balance > 0;
END
$$;
