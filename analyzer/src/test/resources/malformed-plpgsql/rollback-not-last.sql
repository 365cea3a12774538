CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE PROCEDURE p(p_id INT) LANGUAGE plpgsql AS $$
BEGIN
  IF p_id > 0 THEN
    ROLLBACK;
    UPDATE account SET balance = 0 WHERE id = p_id;
  END IF;
END
$$;
